#pragma once
// Lugaru `.solid` model: big-endian vertex positions and textured triangles with per-corner UVs.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::lugaru {

struct SolidTriangle {
  // Six shorts as stored. The game reads slots 0, 2 and 4 as the corners; every shipped file holds the
  // pattern (a, b, b, c, c, 0), a leftover of the original Mac writer. Kept verbatim for lossless rewrites.
  std::array<std::int16_t, 6> index_shorts{};
  std::array<float, 3> u{};  // "gx": U of corners 0, 1, 2
  std::array<float, 3> v{};  // "gy": V of corners 0, 1, 2

  std::int16_t corner(std::size_t k) const { return index_shorts[2 * k]; }
  // A triangle with the shorts laid out as the game's own files have them.
  static SolidTriangle from_corners(std::array<std::int16_t, 3> corners, std::array<float, 3> u,
                                    std::array<float, 3> v);
};

struct SolidModel {
  std::vector<std::array<float, 3>> positions;
  std::vector<SolidTriangle> triangles;
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

inline constexpr std::size_t kSolidMaxCount = 32767;  // counts are signed 16-bit
inline constexpr std::size_t kSolidHeaderSize = 4;
inline constexpr std::size_t kSolidVertexSize = 12;
inline constexpr std::size_t kSolidTriangleSize = 36;

// Throws FormatError (file, offset, field) on truncated data, negative counts or corner indices outside the
// vertex list. Bytes after the last triangle are kept (trailing_bytes), with a warning.
SolidModel read_solid(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when a count exceeds 32767 or a corner index is outside the vertex list.
std::vector<std::byte> write_solid(const SolidModel& model, std::string_view file_name = {});

}  // namespace gamefmt::lugaru
