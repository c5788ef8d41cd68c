#include "gamefmt/xray/sdk_motion.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::size_t kMinEnvelopeSize = 4;  // Load_2: two behaviour bytes and a u16 key count

}  // namespace

SdkMotion read_sdk_motion(ByteReader& r) {
  SdkMotion m;
  m.name = r.string_zero_terminated("name");
  m.frame_start = r.i32("frame_start");
  m.frame_end = r.i32("frame_end");
  m.fps = r.f32("fps");
  m.version = r.u16("version");
  if (m.version < 4 || m.version > 7)
    r.fail("version", "motion version " + std::to_string(m.version) + " is not 4..7");
  const bool legacy = m.version < 6;
  std::size_t bone_count = 0;
  if (m.version >= 6) {
    m.flags = r.u8("flags");
    m.bone_or_part = r.u16("bone_or_part");
  } else if (m.version == 5) {
    m.flags = r.u32("flags");
    m.bone_or_part = r.u32("bone_or_part");
  } else {
    m.bone_or_part = r.u32("bone_or_part");
    m.v4_bools[0] = r.u8("fx");
    m.v4_bools[1] = r.u8("stop_at_end");
    m.flags = (m.v4_bools[0] ? kMotionFx : 0u) | (m.v4_bools[1] ? kMotionStopAtEnd : 0u);
  }
  m.speed = r.f32("speed");
  m.accrue = r.f32("accrue");
  m.falloff = r.f32("falloff");
  m.power = r.f32("power");
  const std::size_t min_bone =
      (m.version == 4 ? 4 : 2) + kSdkMotionChannels * (legacy ? 12 : kMinEnvelopeSize);
  bone_count = r.count(m.version >= 6 ? std::uint32_t{r.u16("bone_count")} : r.u32("bone_count"), min_bone,
                       "bone_count");
  m.bones.resize(bone_count);
  for (std::size_t b = 0; b < bone_count; ++b) {
    auto scope = r.enter("bones", b);
    auto& bone = m.bones[b];
    if (m.version >= 5)
      bone.name = r.string_zero_terminated("name");
    else
      bone.name = std::to_string(b);
    bone.flags = m.version >= 6 ? r.u8("flags") : r.u32("flags");
    for (std::size_t c = 0; c < kSdkMotionChannels; ++c) {
      auto channel = r.enter("channels", c);
      bone.channels[c] = read_envelope(r, legacy);
    }
  }
  if (m.version >= 7) m.marks = read_motion_marks(r);
  return m;
}

void write_sdk_motion(ByteWriter& w, const SdkMotion& m) {
  w.string_zero_terminated(m.name);
  w.i32(m.frame_start);
  w.i32(m.frame_end);
  w.f32(m.fps);
  w.u16(m.version);
  if (m.version >= 6) {
    w.u8(static_cast<std::uint8_t>(m.flags));
    w.u16(static_cast<std::uint16_t>(m.bone_or_part));
  } else if (m.version == 5) {
    w.u32(m.flags);
    w.u32(m.bone_or_part);
  } else {
    w.u32(m.bone_or_part);
    w.u8(m.v4_bools[0]);
    w.u8(m.v4_bools[1]);
  }
  w.f32(m.speed);
  w.f32(m.accrue);
  w.f32(m.falloff);
  w.f32(m.power);
  if (m.version >= 6)
    w.u16(static_cast<std::uint16_t>(m.bones.size()));
  else
    w.u32(static_cast<std::uint32_t>(m.bones.size()));
  for (const auto& bone : m.bones) {
    if (m.version >= 5) w.string_zero_terminated(bone.name);
    if (m.version >= 6)
      w.u8(static_cast<std::uint8_t>(bone.flags));
    else
      w.u32(bone.flags);
    for (const auto& channel : bone.channels) write_envelope(w, channel);
  }
  if (m.version >= 7) write_motion_marks(w, m.marks);
}

std::vector<SdkMotion> read_sdk_motion_list(ByteReader& r) {
  // name NUL + start, end, fps, version at least
  std::vector<SdkMotion> motions(r.count(r.u32("motion_count"), 1 + 14, "motion_count"));
  for (std::size_t i = 0; i < motions.size(); ++i) {
    auto scope = r.enter("motions", i);
    motions[i] = read_sdk_motion(r);
  }
  return motions;
}

void write_sdk_motion_list(ByteWriter& w, const std::vector<SdkMotion>& motions) {
  w.u32(static_cast<std::uint32_t>(motions.size()));
  for (const auto& motion : motions) write_sdk_motion(w, motion);
}

SklFile read_skl(std::span<const std::byte> data, std::string_view file_name) {
  SklFile skl;
  ByteReader reader(data, file_name, ByteOrder::little);
  reader.collect_warnings(&skl.warnings);
  const auto chunks = read_chunks(reader, "chunks", [](std::uint32_t id) { return id == kChunkSklMotion; });
  if (chunks.size() != 1 || chunks[0].id != kChunkSklMotion || chunks[0].compressed)
    throw FormatError(std::string(file_name), 0, "chunks",
                      "a .skl file is exactly one uncompressed motion chunk 0x1200");
  const auto rest = reader.bytes(reader.remaining(), "trailing_bytes");
  skl.trailing_bytes.assign(rest.begin(), rest.end());
  skl.raw_id = chunks[0].raw_id();
  ByteReader r = chunks[0].reader(file_name);
  auto scope = r.enter("motion");
  skl.motion = read_sdk_motion(r);
  if (!r.at_end()) {  // COMotion::Load reads the motion and no more
    r.warn("motion", std::to_string(r.remaining()) + " bytes after the motion are not read; they are kept");
    const auto after = r.bytes(r.remaining(), "motion");
    skl.after_motion.assign(after.begin(), after.end());
  }
  return skl;
}

std::vector<std::byte> write_skl(const SklFile& skl, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  ChunkWriter chunks(w);
  const auto at = chunks.begin(skl.raw_id);
  write_sdk_motion(w, skl.motion);
  w.bytes(skl.after_motion);
  chunks.end(at);
  w.bytes(skl.trailing_bytes);
  return w.take();
}

SklsFile read_skls(std::span<const std::byte> data, std::string_view file_name) {
  SklsFile skls;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&skls.warnings);
  skls.motions = read_sdk_motion_list(r);
  if (!r.at_end()) {  // the SDK reads the counted motions and no more
    r.warn("motions",
           std::to_string(r.remaining()) + " bytes after the last motion are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    skls.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return skls;
}

std::vector<std::byte> write_skls(const SklsFile& skls, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 0, file_name);
  write_sdk_motion_list(w, skls.motions);
  w.bytes(skls.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::xray
