#include "gamefmt/xray/anm.hpp"

#include <cstring>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {
namespace {
// Version 3 stores its envelopes in the old Load_1 layout, 4 and 5 in Load_2.
bool legacy_layout_of(std::uint16_t version) {
  return version == 3;
}

void write_anm_motion(ByteWriter& out, const ObjectMotion& m, std::string_view file_name) {
  out.string_zero_terminated(m.name);
  out.i32(m.frame_start);
  out.i32(m.frame_end);
  out.f32(m.fps);
  out.u16(m.version);
  for (const auto& e : m.stored) write_envelope(out, e, file_name);
}
}  // namespace

AnmPose evaluate_anm(const ObjectMotion& motion, float time) {
  AnmPose pose;
  for (std::size_t c = 0; c < 3; ++c)
    pose.position[c] = evaluate_envelope(motion.channel(AnmChannel(c)), time);
  for (std::size_t c = 0; c < 3; ++c)
    pose.rotation[c] = evaluate_envelope(motion.channel(AnmChannel(c + 3)), time);
  return pose;
}

AnmFile read_anm(std::span<const std::byte> data, std::string_view file_name) {
  AnmFile anm;
  ByteReader file(data, file_name, ByteOrder::little);
  file.collect_warnings(&anm.warnings);
  const auto level_chunks = read_level_chunks(file, {kObjectMotionChunk}, anm.layout);
  const auto& known = level_chunks.known;
  ByteReader r = require_level_chunk(known, kObjectMotionChunk, file, "motion").reader(file_name);
  auto scope = r.enter("motion");
  auto& m = anm.motion;
  m.name = r.string_zero_terminated("name");
  m.frame_start = r.i32("frame_start");
  m.frame_end = r.i32("frame_end");
  m.fps = r.f32("fps");
  m.version = r.u16("version");
  if (m.version < 3 || m.version > 5)
    r.fail_at(r.absolute_offset() - 2, "version",
              "version " + std::to_string(m.version) + " (3, 4 and 5 are read)");
  for (std::size_t c = 0; c < 6; ++c) {
    auto field = r.enter("envelopes", c);
    m.stored[c] = read_envelope(r, legacy_layout_of(m.version));
  }
  if (!r.at_end())  // COMotion::Load reads the six envelopes and no more
    r.warn("motion", std::to_string(r.remaining()) +
                         " bytes after the six envelopes are not read; the chunk is kept as stored");
  if (!anm.warnings.empty())
    keep_stored_level_chunks(anm.layout, known, [&](std::uint32_t, ByteWriter& out) {
      write_anm_motion(out, anm.motion, file_name);
    });
  return anm;
}

std::vector<std::byte> write_anm(const AnmFile& anm, std::string_view file_name) {
  const auto& m = anm.motion;
  if (m.version < 3 || m.version > 5)
    throw FormatError(std::string(file_name), std::nullopt, "motion.version",
                      "version " + std::to_string(m.version) + " cannot be written (3..5)");
  if (m.name.find('\0') != std::string::npos)
    throw FormatError(std::string(file_name), std::nullopt, "motion.name", "the name holds a NUL byte");
  for (std::size_t c = 0; c < m.stored.size(); ++c)
    if (m.stored[c].legacy_layout != legacy_layout_of(m.version))
      throw FormatError(
          std::string(file_name), std::nullopt, "motion.envelopes[" + std::to_string(c) + "]",
          "the envelope's layout is not the one version " + std::to_string(m.version) + " stores");
  ByteWriter w(ByteOrder::little);
  write_level_chunks(w, anm.layout, {kObjectMotionChunk}, {kObjectMotionChunk},
                     [&](std::uint32_t, ByteWriter& out) { write_anm_motion(out, m, file_name); });
  return w.take();
}

bool looks_like_xray_anm(std::span<const std::byte> head) {
  if (head.size() < 8 + 1 + 14) return false;
  auto u32_at = [&](std::size_t at) {
    return load_value<std::uint32_t>(head.data() + at, ByteOrder::little);
  };
  if (u32_at(0) != kObjectMotionChunk) return false;
  const std::uint64_t size = u32_at(4);
  if (size + 8 > head.size() && head.size() < 65536) return false;
  // name: a NUL within the first 256 bytes, then the header with version 3..5.
  std::size_t at = 8;
  while (at < head.size() && at < 8 + 256 && head[at] != std::byte{0}) ++at;
  if (at + 1 + 14 > head.size() || head[at] != std::byte{0}) return false;
  const std::uint16_t version = load_value<std::uint16_t>(head.data() + at + 1 + 12, ByteOrder::little);
  return version >= 3 && version <= 5;
}

}  // namespace gamefmt::xray
