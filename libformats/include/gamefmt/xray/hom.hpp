#pragma once
// X-Ray `level.hom`: hierarchical occlusion-map occluders. Chunked: chunk 0 = u32 version (0),
// chunk 1 = 40-byte polygons { f32 v[3][3]; u32 flags } (flags bit 0 = two-sided). Left-handed, Y up.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

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
  Warnings warnings;        // problems the reader tolerated; not written to the file
};

// Throws FormatError on a missing chunk 1. Tolerates, with warnings, a missing chunk 0 (CHOM::Load reads only
// chunk 1; the version is then 0 and no chunk 0 is written back), bytes after the version or after the last
// whole polygon (the engine reads polygons to the end of chunk 1) and bytes after the last chunk; such chunks
// are kept as stored.
Hom read_hom(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_hom(const Hom& hom, std::string_view file_name = {});

}  // namespace gamefmt::xray
