#pragma once
// X-Ray `.err`: geometry of the level compiler's error report. Chunked; each chunk is { u32 n; records[n] }:
// the compiler (xrLC) writes chunk 0 = t-junction points (12 B), chunk 1 = multi/long edges (24 B),
// chunk 2 = invalid faces (36 B); the Level Editor (SDK) writes chunks 0xA/0xB/0xC with 44-byte faces whose
// tail is { u32 color; u16 draw; u16 flags } (meaning as read by blender-xray; kept verbatim).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

enum class ErrLayout { compiler, level_editor };

using ErrPoint = std::array<float, 3>;

struct ErrFace {
  std::array<ErrPoint, 3> corners{};
  // Level-Editor layout only.
  std::uint32_t color = 0;
  std::uint16_t draw = 0;
  std::uint16_t flags = 0;
};

struct Err {
  ErrLayout layout = ErrLayout::compiler;
  std::vector<ErrPoint> points;                // t-junctions
  std::vector<std::array<ErrPoint, 2>> edges;  // multiple / long edges
  std::vector<ErrFace> faces;                  // invalid faces
  LevelChunkLayout chunks;                     // chunk order and undecoded chunks
  Warnings warnings;                           // problems the reader tolerated; not written to the file
};

// The chunk ids of a layout: points, edges, faces.
std::array<std::uint32_t, 3> err_chunk_ids(ErrLayout layout);
std::size_t err_face_size(ErrLayout layout);

// Throws FormatError when one of the three chunks is missing, or a count needs more bytes than its chunk has.
// Bytes after a chunk's records and after the last chunk are tolerated with a warning and kept.
Err read_err(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_err(const Err& err, std::string_view file_name = {});

}  // namespace gamefmt::xray
