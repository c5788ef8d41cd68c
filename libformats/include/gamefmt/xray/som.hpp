#pragma once
// X-Ray `level.som`: sound occluders. Chunked: chunk 0 = u32 version (0), chunk 1 = 44-byte polygons
// { f32 v[3][3]; u32 two_sided; f32 occlusion } (the engine adds the reversed triangle when two_sided != 0).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::size_t kSomPolygonSize = 44;

struct SomPolygon {
  std::array<std::array<float, 3>, 3> corners{};
  std::uint32_t two_sided = 0;  // kept as stored (the engine tests != 0)
  float occlusion = 0;          // sound-occlusion factor
};

struct Som {
  std::uint32_t version = 0;
  std::vector<SomPolygon> polygons;
  LevelChunkLayout layout;  // chunk order and undecoded chunks, for byte-identical rewrites
  Warnings warnings;        // problems the reader tolerated; not written to the file
};

// Throws FormatError on a missing chunk 0 or 1 (set_geometry_som asserts both). Tolerates, with warnings,
// bytes after the version or after the last whole polygon (the engine reads polygons to the end of chunk 1)
// and bytes after the last chunk; such chunks are kept as stored.
Som read_som(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_som(const Som& som, std::string_view file_name = {});

}  // namespace gamefmt::xray
