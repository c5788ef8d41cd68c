#pragma once
// X-Ray `level.cform` (version 4): the level's collision mesh. A flat file, not chunked:
// header { u32 version; u32 vertex_count; u32 triangle_count; f32 aabb_min[3]; f32 aabb_max[3] },
// f32 vertices[vertex_count][3], then 16-byte triangles { u32 v[3]; u32 packed }. Left-handed, Y up, metres.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kCformVersion = 4;
inline constexpr std::size_t kCformHeaderSize = 36;
inline constexpr std::size_t kCformVertexSize = 12;
inline constexpr std::size_t kCformTriangleSize = 16;

struct CformTriangle {
  std::array<std::uint32_t, 3> vertices{};
  // bits 0..13 game material id, bit 14 suppress shadows, bit 15 suppress wallmarks, bits 16..31 sector.
  std::uint32_t packed = 0;

  std::uint32_t material() const { return packed & 0x3FFFu; }
  bool suppress_shadows() const { return (packed >> 14) & 1u; }
  bool suppress_wallmarks() const { return (packed >> 15) & 1u; }
  std::uint32_t sector() const { return packed >> 16; }
  // Throws nothing: values are masked to their bit widths (material 14 bits, sector 16 bits).
  static std::uint32_t pack(std::uint32_t material, bool suppress_shadows, bool suppress_wallmarks,
                            std::uint32_t sector);
};

struct Cform {
  std::uint32_t version = kCformVersion;
  std::array<float, 3> bounds_min{};  // as stored (the compiler's box; not recomputed on rewrite)
  std::array<float, 3> bounds_max{};
  std::vector<std::array<float, 3>> vertices;
  std::vector<CformTriangle> triangles;
  std::vector<std::byte> trailing_bytes;  // after the last triangle (CObjectSpace::Load reads no further)
  Warnings warnings;                      // problems the reader tolerated; not written to the file

  // Sets bounds_min/bounds_max to the box of the vertices (zero when there are none).
  void update_bounds();
};

// Throws FormatError on a version other than 4, truncation or a corner outside the vertices; bytes after the
// last triangle are kept, with a warning.
Cform read_cform(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when a corner is outside the vertices.
std::vector<std::byte> write_cform(const Cform& cform, std::string_view file_name = {});

}  // namespace gamefmt::xray
