#include "gamefmt/phoenix/ragdoll.hpp"

#include <cstring>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::phoenix {
namespace {
constexpr std::string_view kFooterTag = "FZX";
constexpr std::size_t kFooterSize = 4 + 3;
}  // namespace

Ragdoll read_ragdoll(std::span<const std::byte> data, std::string_view file_name) {
  Warnings warnings;
  ByteReader r(data, file_name, ByteOrder::little);
  const auto magic = r.bytes(kFzxMagic.size(), "magic");
  if (std::memcmp(magic.data(), kFzxMagic.data(), kFzxMagic.size()) != 0)
    r.fail_at(0, "magic", "not an FZX file");
  Ragdoll out;
  out.version = r.i32("version");
  if (out.version != 1)
    r.fail_at(8, "version", "version " + std::to_string(out.version) + "; the engine reads version 1");
  // The engine checks the footer before the objects: its int must be its own offset (file size - 7).
  if (data.size() < 16 + kFooterSize) r.fail("footer", "the file is too short for the FZX footer");
  ByteReader footer(data.subspan(data.size() - kFooterSize), file_name, ByteOrder::little,
                    data.size() - kFooterSize);
  const std::int32_t size = footer.i32("footer.size");
  if (static_cast<std::int64_t>(size) != static_cast<std::int64_t>(data.size() - kFooterSize))
    footer.fail_at(data.size() - kFooterSize, "footer.size",
                   "the footer says " + std::to_string(size) + ", its offset is " +
                       std::to_string(data.size() - kFooterSize));
  if (footer.string_of_size(3, "footer.tag") != kFooterTag)
    footer.fail_at(data.size() - 3, "footer.tag", "the footer does not end in \"FZX\"");
  ByteReader body(data.subspan(0, data.size() - kFooterSize), file_name, ByteOrder::little);
  body.collect_warnings(&warnings);
  body.skip(12, "header");
  out.objects.resize(body.count(body.i32("object_count"), 44, "objects"));
  for (std::size_t i = 0; i < out.objects.size(); ++i) {
    auto f = body.enter("objects", i);
    auto& o = out.objects[i];
    const auto at = body.absolute_offset();
    const std::int32_t length = body.i32("label_length");
    if (length < 0 || static_cast<std::size_t>(length) > kFzxMaxLabelLength)
      body.fail_at(at, "label_length", "label length " + std::to_string(length) + " is outside 0 to 255");
    o.label = body.string_of_size(static_cast<std::size_t>(length), "label");
    body.read_array(o.rotation_wxyz, "rotation");
    body.read_array(o.location, "location");
    body.read_array(o.scale, "scale");
  }
  if (!body.at_end()) {  // the engine reads the objects by count and no further
    body.warn("", std::to_string(body.remaining()) + " bytes before the footer are not read; they are kept");
    const auto rest = body.bytes(body.remaining(), "bytes_before_footer");
    out.bytes_before_footer.assign(rest.begin(), rest.end());
  }
  out.warnings = std::move(warnings);
  return out;
}

std::vector<std::byte> write_ragdoll(const Ragdoll& ragdoll, std::string_view file_name) {
  if (ragdoll.version != 1)
    throw FormatError(std::string(file_name), std::nullopt, "version", "the engine reads version 1 only");
  ByteWriter w(ByteOrder::little);
  w.bytes(std::span(reinterpret_cast<const std::byte*>(kFzxMagic.data()), kFzxMagic.size()));
  w.i32(ragdoll.version);
  w.i32(static_cast<std::int32_t>(ragdoll.objects.size()));
  for (std::size_t i = 0; i < ragdoll.objects.size(); ++i) {
    const auto& o = ragdoll.objects[i];
    if (o.label.size() > kFzxMaxLabelLength)
      throw FormatError(std::string(file_name), std::nullopt, "objects[" + std::to_string(i) + "].label",
                        "labels are at most 255 bytes");
    w.string_prefixed<std::int32_t>(o.label);
    w.write_array(o.rotation_wxyz);
    w.write_array(o.location);
    w.write_array(o.scale);
  }
  w.bytes(ragdoll.bytes_before_footer);
  w.i32(static_cast<std::int32_t>(w.size()));
  w.bytes(kFooterTag);
  return w.take();
}

std::optional<RagdollLabel> parse_ragdoll_label(std::string_view label) {
  RagdollLabel out;
  bool has_shape = false;
  std::size_t start = 0;
  while (start <= label.size()) {
    const auto space = std::min(label.find(' ', start), label.size());
    std::string token(label.substr(start, space - start));
    for (auto& c : token)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    start = space + 1;
    if (token == "l" || token == "r")
      out.side = token[0];
    else if (token == "m")
      out.mirrored = true;
    else if (token == "capsule") {
      out.shape = RagdollShape::capsule;
      has_shape = true;
    } else if (token == "box") {
      out.shape = RagdollShape::box;
      has_shape = true;
    } else if (token == "sphere") {
      out.shape = RagdollShape::sphere;
      has_shape = true;
    } else if (token == "eartip" || token == "earbase" || token == "head" || token == "chest" ||
               token == "upperarm" || token == "forearm" || token == "abdomen" || token == "hip" ||
               token == "thigh" || token == "shin" || token == "foot" ||
               (token.size() == 5 && token.rfind("tail", 0) == 0 && token[4] >= '1' && token[4] <= '6'))
      out.part = token;
  }
  if (!has_shape || out.part.empty()) return std::nullopt;
  const bool paired = out.part == "eartip" || out.part == "earbase" || out.part == "upperarm" ||
                      out.part == "forearm" || out.part == "thigh" || out.part == "shin" ||
                      out.part == "foot";
  if (paired && out.side == 0) return std::nullopt;
  if (!paired) out.side = 0;
  return out;
}

std::size_t ragdoll_bone(const Skeleton& s, const RagdollLabel& label, std::string_view file_name) {
  auto chain = [&](const std::string& name) -> const SkeletonIkBone& {
    const auto* ik = s.find_ik_bone(name);
    if (ik == nullptr)
      throw FormatError(
          std::string(file_name), std::nullopt, "ik_bones",
          "the skeleton has no IK chain '" + name + "', needed for the ragdoll part '" + label.part + "'");
    return *ik;
  };
  const bool left = label.side == 'l';
  const std::string& p = label.part;
  auto up = [&](const std::string& name, int steps) {
    return chain_member(s, chain(name).bone_id, steps, file_name);
  };
  if (p == "eartip") return up(left ? "leftear" : "rightear", 0);
  if (p == "earbase") return up(left ? "leftear" : "rightear", 1);
  if (p == "head") return up("head", 0);
  if (p == "chest") return up("torso", 0);
  if (p == "abdomen") return up("torso", 1);
  if (p == "hip") return up("torso", 2);
  if (p == "upperarm") return up(left ? "leftarm" : "rightarm", 5);
  if (p == "forearm") return up(left ? "leftarm" : "rightarm", 3);
  if (p == "thigh") return up(left ? "left_leg" : "right_leg", 5);
  if (p == "shin") return up(left ? "left_leg" : "right_leg", 3);
  if (p == "foot") return up(left ? "left_leg" : "right_leg", 1);
  const int n = p[4] - '0';  // tailN
  const auto& tail = chain("tail");
  if (tail.chain_length < n)
    throw FormatError(
        std::string(file_name), std::nullopt, "ik_bones",
        "the tail chain has " + std::to_string(tail.chain_length) + " bones, the ragdoll names " + p);
  return chain_member(s, tail.bone_id, tail.chain_length - n, file_name);
}

RagdollVolume ragdoll_volume(const RagdollObject& o, RagdollShape shape, const Vec3& c) {
  RagdollVolume v;
  v.shape = shape;
  v.position = {o.location[0] - c[0], o.location[2] - c[1], -o.location[1] - c[2]};
  const auto& q = o.rotation_wxyz;
  v.rotation_xyzw = {q[1], q[3], -q[2], q[0]};
  const Vec3& s = o.scale;
  switch (shape) {
    case RagdollShape::capsule:
      v.radius = s[0];
      v.mid_height = 2 * s[2];
      break;
    case RagdollShape::box:
      v.box_size = {2 * s[0], 2 * s[2], 2 * s[1]};
      break;
    case RagdollShape::sphere:
      v.radius = (s[0] + s[1] + s[2]) / 3;
      if (v.radius != 0) v.ellipsoid_scale = {s[0] / v.radius, s[2] / v.radius, s[1] / v.radius};
      break;
  }
  return v;
}

RagdollObject ragdoll_mirrored(const RagdollObject& o) {
  RagdollObject m = o;
  m.location[0] = -m.location[0];
  m.rotation_wxyz[2] = -m.rotation_wxyz[2];
  m.rotation_wxyz[3] = -m.rotation_wxyz[3];
  return m;
}

void scale_ragdoll_object(RagdollObject& o, const Vec3& node_scale) {
  o.scale[0] *= node_scale[0];
  o.scale[1] *= node_scale[2];
  o.scale[2] *= node_scale[1];
}

void set_ragdoll_placement(RagdollObject& o, const Vec3& p, const std::array<float, 4>& q, const Vec3& c) {
  o.location = {p[0] + c[0], -(p[2] + c[2]), p[1] + c[1]};
  o.rotation_wxyz = {q[3], q[0], -q[2], q[1]};
}

}  // namespace gamefmt::phoenix
