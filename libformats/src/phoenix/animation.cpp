#include "gamefmt/phoenix/animation.hpp"

#include <string>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::phoenix {
namespace {

std::string read_string(ByteReader& r, const char* field) {
  return r.string_prefixed<std::int32_t>(field);
}

void read_named_weights(ByteReader& r, std::vector<AnimationNamedWeight>& out, const char* field) {
  out.resize(r.count(r.i32(field), 8, field));
  for (std::size_t i = 0; i < out.size(); ++i) {
    auto f = r.enter(field, i);
    out[i].weight = r.f32("weight");
    out[i].label = read_string(r, "label");
  }
}

void read_keyframe(ByteReader& r, const Animation& a, AnimationKeyframe& k) {
  const std::int32_t v = a.version;
  k.time = r.i32("time");
  if (v >= 4) {
    k.weights.resize(r.count(r.i32("weight_count"), 4, "weights"));
    for (auto& w : k.weights) w = r.f32("weights");
  }
  k.bone_matrices.resize(r.count(r.i32("bone_count"), 64, "bone_matrices"));
  for (std::size_t i = 0; i < k.bone_matrices.size(); ++i) {
    auto f = r.enter("bone_matrices", i);
    r.read_array(k.bone_matrices[i], "");
  }
  if (v >= 7) {
    k.weapons.resize(r.count(r.i32("weapon_count"), v >= 8 ? 72 : 64, "weapons"));
    for (std::size_t i = 0; i < k.weapons.size(); ++i) {
      auto f = r.enter("weapons", i);
      r.read_array(k.weapons[i].matrix, "matrix");
      if (v >= 8) {
        k.weapons[i].relative_id = r.i32("relative_id");
        k.weapons[i].relative_weight = r.f32("relative_weight");
      }
    }
  }
  if (v >= 9) {
    k.use_mobility = r.u8("use_mobility");
    if (k.use_mobility != 0) r.read_array(k.mobility, "mobility");
  }
  if (v >= 2) {
    k.events.resize(r.count(r.i32("event_count"), 8, "events"));
    for (std::size_t i = 0; i < k.events.size(); ++i) {
      auto f = r.enter("events", i);
      k.events[i].bone = r.i32("bone");
      k.events[i].name = read_string(r, "name");
    }
  }
  if (v >= 3) {
    k.ik_bones.resize(r.count(r.i32("ik_bone_count"), 32, "ik_bones"));
    for (std::size_t i = 0; i < k.ik_bones.size(); ++i) {
      auto f = r.enter("ik_bones", i);
      auto& ik = k.ik_bones[i];
      r.read_array(ik.start, "start");
      r.read_array(ik.end, "end");
      ik.bone_path.resize(r.count(r.i32("path_length"), 4, "bone_path"));
      for (auto& b : ik.bone_path) b = r.i32("bone_path");
      ik.label = read_string(r, "label");
    }
  }
  if (v >= 5) read_named_weights(r, k.shape_keys, "shape_keys");
  if (v >= 6) read_named_weights(r, k.status_keys, "status_keys");
  if (a.is_centred()) {
    k.centre_rotation = r.f32("centre_rotation");
    r.read_array(k.centre_offset, "centre_offset");
  }
}

}  // namespace

Animation read_animation(std::span<const std::byte> data, std::string_view file_name) {
  Warnings warnings;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&warnings);
  Animation a;
  a.version = r.i32("version");
  if (a.version < 0 || a.version > kAnimationMaxVersion)
    r.fail_at(0, "version",
              "version " + std::to_string(a.version) + " is outside the 0 to 11 the engine reads");
  a.centred = a.version >= 10 ? r.u8("centred") : 0;
  a.looping = a.version >= 1 ? r.u8("looping") : 1;
  a.start = a.version >= 1 && a.version <= 10 ? r.i32("start") : 0;
  a.end = r.i32("end");
  const auto count_at = r.absolute_offset();
  const std::int32_t keyframe_count = r.i32("keyframe_count");
  if (keyframe_count <= 0)
    r.fail_at(count_at, "keyframe_count",
              "an animation needs at least one keyframe, the file has " + std::to_string(keyframe_count));
  a.keyframes.resize(r.count(keyframe_count, 8, "keyframes"));
  for (std::size_t i = 0; i < a.keyframes.size(); ++i) {
    auto f = r.enter("keyframes", i);
    read_keyframe(r, a, a.keyframes[i]);
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last keyframe are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    a.trailing_bytes.assign(rest.begin(), rest.end());
  }
  a.warnings = std::move(warnings);
  return a;
}

std::vector<std::byte> write_animation(const Animation& a, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  const std::int32_t v = a.version;
  if (v < 0 || v > kAnimationMaxVersion)
    w.fail("version", "version " + std::to_string(v) + " is not one of 0 to 11");
  if (a.keyframes.empty()) w.fail("keyframes", "an animation needs at least one keyframe");
  if (v < 10 && a.centred != 0) w.fail("centred", "centred data needs version 10 or later");
  if (v < 1 && a.looping != 1) w.fail("looping", "a version 0 animation always loops");
  if ((v < 1 || v > 10) && a.start != 0) w.fail("start", "only versions 1 to 10 store a start time");
  for (std::size_t i = 0; i < a.keyframes.size(); ++i) {
    const auto& k = a.keyframes[i];
    auto keyframe = w.enter("keyframes", i);
    auto need = [&](bool present, std::int32_t version, const char* field) {
      if (present && v < version)
        w.fail(field, std::string("needs version ") + std::to_string(version) +
                          " or later, the animation is version " + std::to_string(v));
    };
    need(!k.weights.empty(), 4, "weights");
    need(!k.weapons.empty(), 7, "weapons");
    for (const auto& weapon : k.weapons)
      need(weapon.relative_id != -1 || weapon.relative_weight != 0, 8, "weapons.relative_id");
    need(k.use_mobility != 0, 9, "use_mobility");
    need(!k.events.empty(), 2, "events");
    need(!k.ik_bones.empty(), 3, "ik_bones");
    need(!k.shape_keys.empty(), 5, "shape_keys");
    need(!k.status_keys.empty(), 6, "status_keys");
    if (!a.is_centred() && (k.centre_rotation != 0 || k.centre_offset != Vec3{}))
      w.fail("centre_offset", "centring data is only stored in a centred animation");
  }

  w.i32(v);
  if (v >= 10) w.u8(a.centred);
  if (v >= 1) w.u8(a.looping);
  if (v >= 1 && v <= 10) w.i32(a.start);
  w.i32(a.end);
  w.i32(static_cast<std::int32_t>(a.keyframes.size()));
  auto write_string = [&](const std::string& text) { w.string_prefixed<std::int32_t>(text); };
  for (const auto& k : a.keyframes) {
    w.i32(k.time);
    if (v >= 4) {
      w.i32(static_cast<std::int32_t>(k.weights.size()));
      w.write_array(k.weights);
    }
    w.i32(static_cast<std::int32_t>(k.bone_matrices.size()));
    for (const auto& m : k.bone_matrices) w.write_array(m);
    if (v >= 7) {
      w.i32(static_cast<std::int32_t>(k.weapons.size()));
      for (const auto& weapon : k.weapons) {
        w.write_array(weapon.matrix);
        if (v >= 8) {
          w.i32(weapon.relative_id);
          w.f32(weapon.relative_weight);
        }
      }
    }
    if (v >= 9) {
      w.u8(k.use_mobility);
      if (k.use_mobility != 0) w.write_array(k.mobility);
    }
    if (v >= 2) {
      w.i32(static_cast<std::int32_t>(k.events.size()));
      for (const auto& e : k.events) {
        w.i32(e.bone);
        write_string(e.name);
      }
    }
    if (v >= 3) {
      w.i32(static_cast<std::int32_t>(k.ik_bones.size()));
      for (const auto& ik : k.ik_bones) {
        w.write_array(ik.start);
        w.write_array(ik.end);
        w.i32(static_cast<std::int32_t>(ik.bone_path.size()));
        w.write_array(ik.bone_path);
        write_string(ik.label);
      }
    }
    auto write_named = [&](const std::vector<AnimationNamedWeight>& list) {
      w.i32(static_cast<std::int32_t>(list.size()));
      for (const auto& n : list) {
        w.f32(n.weight);
        write_string(n.label);
      }
    };
    if (v >= 5) write_named(k.shape_keys);
    if (v >= 6) write_named(k.status_keys);
    if (a.is_centred()) {
      w.f32(k.centre_rotation);
      w.write_array(k.centre_offset);
    }
  }
  w.bytes(a.trailing_bytes);
  return w.take();
}

bool looks_like_animation(std::span<const std::byte> head) {
  if (head.size() < 16) return false;
  const auto at = [&](std::size_t offset) {
    return load_value<std::int32_t>(head.data() + offset, ByteOrder::little);
  };
  const std::int32_t v = at(0);
  if (v < 0 || v > kAnimationMaxVersion) return false;
  std::size_t pos = 4;
  if (v >= 10) {
    if (std::to_integer<unsigned>(head[pos]) > 1) return false;
    ++pos;
  }
  if (v >= 1) {
    if (std::to_integer<unsigned>(head[pos]) > 1) return false;
    ++pos;
  }
  std::int32_t start = 0;
  if (v >= 1 && v <= 10) {
    start = at(pos);
    pos += 4;
  }
  if (head.size() < pos + 16) return false;
  const std::int32_t end = at(pos), keyframes = at(pos + 4), first_time = at(pos + 8);
  // Times are milliseconds of a clip: non-negative, at most a few minutes; a handful to thousands of keys.
  constexpr std::int32_t kLongestPlausibleMs = 10 * 60 * 1000;
  if (start < 0 || end < start || end - start > kLongestPlausibleMs) return false;
  if (keyframes <= 0 || keyframes > 100000) return false;
  if (first_time < start - kLongestPlausibleMs || first_time > end + kLongestPlausibleMs) return false;
  if (v < 4) {
    const std::int32_t bones = at(pos + 12);
    return bones >= 0 && bones <= 4096;
  }
  const std::int32_t weights = at(pos + 12);
  return weights >= 0 && weights <= 4096;
}

}  // namespace gamefmt::phoenix
