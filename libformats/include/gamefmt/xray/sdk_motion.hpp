#pragma once
// X-Ray SDK skeletal motions (CSMotion): per bone six envelopes (position X, Y, Z, then rotation H, P, B in
// the parent bone's space, key times in seconds). `.skl` is one motion in chunk 0x1200, `.skls` is `u32 n`
// plus n motions with no chunk, and the same list is the `.object` SMOTIONS chunk. Versions 4..7 are read;
// every field is kept as stored so files rewrite byte for byte.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kChunkSklMotion = 0x1200;
inline constexpr std::size_t kSdkMotionChannels = 6;  // X, Y, Z, H (about Y), P (about X), B (about Z)
inline constexpr std::uint8_t kSdkBoneWorldOrient = 1 << 0;

struct SdkBoneMotion {
  std::string name;         // cp1251; v4 files have none (bones are "0", "1", ... by index)
  std::uint32_t flags = 0;  // u8 in v6+, u32 in v4/v5
  std::array<Envelope, kSdkMotionChannels> channels;
};

struct SdkMotion {
  std::string name;
  std::int32_t frame_start = 0, frame_end = 0;  // frame_end is inclusive
  float fps = 30.0f;
  std::uint16_t version = 6;            // 4, 5, 6, 7 (7 adds marks)
  std::uint32_t flags = 0;              // motion flags (kMotionFx...); u8 in v6+, u32 in v5; v4 see v4_bools
  std::uint32_t bone_or_part = 0xFFFF;  // u16 in v6+, u32 in v4/v5
  std::array<std::uint8_t, 2> v4_bools{};  // v4: fx, stop_at_end as stored
  float speed = 1.0f, accrue = 2.0f, falloff = 2.0f, power = 1.0f;
  std::vector<SdkBoneMotion> bones;
  std::vector<MotionMark> marks;  // v7
};

SdkMotion read_sdk_motion(ByteReader& reader);
void write_sdk_motion(ByteWriter& out, const SdkMotion& motion);
// `u32 n; n × motion`, the `.skls` body and the `.object` SMOTIONS payload.
std::vector<SdkMotion> read_sdk_motion_list(ByteReader& reader);
void write_sdk_motion_list(ByteWriter& out, const std::vector<SdkMotion>& motions);

struct SklFile {
  std::uint32_t raw_id = kChunkSklMotion;
  SdkMotion motion;
  std::vector<std::byte> after_motion;    // in the chunk after the motion, written back with it
  std::vector<std::byte> trailing_bytes;  // after the chunk
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};
SklFile read_skl(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_skl(const SklFile& skl, std::string_view file_name = {});

struct SklsFile {
  std::vector<SdkMotion> motions;
  std::vector<std::byte> trailing_bytes;  // after the last motion
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};
SklsFile read_skls(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_skls(const SklsFile& skls, std::string_view file_name = {});

}  // namespace gamefmt::xray
