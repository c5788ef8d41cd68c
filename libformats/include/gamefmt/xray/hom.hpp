#pragma once
// X-Ray `level.hom`: hierarchical occlusion-map occluders. Chunked: chunk 0 = u32 version (0),
// chunk 1 = 40-byte polygons { f32 v[3][3]; u32 flags } (flags bit 0 = two-sided). Left-handed, Y up.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {

inline constexpr std::size_t kHomPolygonSize = 40;
inline constexpr std::uint32_t kHomTwoSided = 1u;

struct HomPolygon {
  std::array<std::array<float, 3>, 3> corners{};
  std::uint32_t flags = 0;  // bit 0: two-sided; other bits kept as stored
  bool two_sided() const { return (flags & kHomTwoSided) != 0; }
};

struct Hom {
  std::uint32_t version = 0;
  std::vector<HomPolygon> polygons;
  LevelChunkLayout layout;  // chunk order and undecoded chunks, for byte-identical rewrites
};

// Throws FormatError on a missing chunk 0 or 1, a chunk 0 that is not 4 bytes, or a polygon chunk whose size
// is not a multiple of 40.
Hom read_hom(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_hom(const Hom& hom);

}  // namespace gamefmt::xray
