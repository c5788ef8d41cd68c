#pragma once
// X-Ray SDK `.anm`: an object or camera path (COMotion) in chunk 0x1100:
//   stringZ name; s32 frame_start; s32 frame_end; f32 fps; u16 version (3, 4 or 5);
//   6 envelopes (Load_1 layout for version 3, Load_2 for 4 and 5), stored in the order
//   v3/v5: X, Y, Z, H, P, B;  v4: X, Y, Z, P, H, B (the SDK's order; blender-xray writes v4 in the v5 order).
// The pose at time t is T(X, Y, Z) * Ry(H) * Rx(P) * Rz(B) in X-Ray axes (engine setXYZi, "rotation order
// YXZ"). Chunks other than the first uncompressed 0x1100 are kept raw with the chunk order (byte-identical
// rewrites).
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kObjectMotionChunk = 0x1100;

enum AnmChannel : std::size_t { kAnmX = 0, kAnmY = 1, kAnmZ = 2, kAnmH = 3, kAnmP = 4, kAnmB = 5 };

struct ObjectMotion {
  std::string name;  // cp1251
  std::int32_t frame_start = 0, frame_end = 0;
  float fps = 30.0f;
  std::uint16_t version = 5;
  std::array<Envelope, 6> stored;  // in the file's order for this version
  // The envelope of a channel (X, Y, Z, H, P, B) whatever the version's stored order.
  const Envelope& channel(AnmChannel c) const { return stored[stored_index(c)]; }
  Envelope& channel(AnmChannel c) { return stored[stored_index(c)]; }
  std::size_t stored_index(AnmChannel c) const {
    if (version == 4 && (c == kAnmH || c == kAnmP)) return c == kAnmH ? kAnmP : kAnmH;
    return c;
  }
};

struct AnmFile {
  ObjectMotion motion;
  LevelChunkLayout layout;
  Warnings warnings;  // problems the reader tolerated; not written to the file
};

struct AnmPose {
  std::array<float, 3> position{};  // X, Y, Z
  std::array<float, 3> rotation{};  // H, P, B (radians)
};
AnmPose evaluate_anm(const ObjectMotion& motion, float time);

// Throws FormatError on a missing 0x1100 chunk or an unknown version. Bytes after the six envelopes and after
// the last chunk are tolerated with a warning and kept.
AnmFile read_anm(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_anm(const AnmFile& anm, std::string_view file_name);
// Chunk 0x1100 sized to the file (or running past a 64 KiB head), a plausible header and version 3..5.
bool looks_like_xray_anm(std::span<const std::byte> head);

}  // namespace gamefmt::xray
