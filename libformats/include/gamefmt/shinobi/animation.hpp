#pragma once
// Shinobi engine `ANIM` animation (.animation): Legend of Grimrock's version 1 and Druidstone's version 3,
// little-endian. One key per frame per animated node; tracks name their nodes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::shinobi {

struct AnimationKey {
  std::array<float, 3> position{0, 0, 0};
  std::array<float, 4> rotation{0, 0, 0, 1};  // x, y, z, w
  std::array<float, 3> scale{1, 1, 1};
  bool operator==(const AnimationKey&) const = default;
};

struct AnimationTrack {
  std::string node_name;
  std::vector<AnimationKey> keys;  // keys[i] is frame i
  bool operator==(const AnimationTrack&) const = default;
};

struct Animation {
  std::int32_t version = 1;  // 1 (Grimrock) or 3 (Druidstone)
  // Version 1 stores a name after the version. The Druidstone layout shows none; a version-3 file that has
  // one (a small length where the frame rate would be) keeps it. Absent = not stored.
  std::optional<std::string> name;
  float frame_rate = 30;
  std::int32_t frame_count = 0;
  std::vector<AnimationTrack> tracks;
  std::vector<std::byte> trailing;  // bytes after the last track
  Warnings warnings;                // problems the reader tolerated; not written to the file
  bool operator==(const Animation&) const = default;
};

inline constexpr std::size_t kAnimationKeySize = 40;

// Throws FormatError (file, offset, field path) on a wrong magic or version, truncated data or counts larger
// than the bytes left.
Animation read_animation(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when a version-1 animation has no name or the version is unknown.
std::vector<std::byte> write_animation(const Animation& animation, std::string_view file_name = {});

}  // namespace gamefmt::shinobi
