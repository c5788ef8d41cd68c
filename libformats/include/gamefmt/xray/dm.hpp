#pragma once
// X-Ray `.dm` detail model (grass, bushes, small debris), also the body of each model in `level.details`:
// stringZ shader; stringZ texture; u32 flags (bit 0 = no waving); f32 min_scale, max_scale;
// u32 vertex_count; u32 index_count (a multiple of 3); { f32 p[3]; f32 u, v }[vertex_count]; u16 indices[].
// Strings are cp1251, kept as stored. Left-handed, Y up (plant up), model space around the origin.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt {
class ByteReader;
class ByteWriter;
}  // namespace gamefmt

namespace gamefmt::xray {

inline constexpr std::uint32_t kDmNoWaving = 1u;
inline constexpr std::size_t kDmVertexSize = 20;

struct DmVertex {
  std::array<float, 3> position{};
  float u = 0, v = 0;
};

struct DetailModel {
  std::string shader;   // cp1251, e.g. "details\\blend"
  std::string texture;  // cp1251, e.g. "detail\\detail_grass_1"
  std::uint32_t flags = 0;
  float min_scale = 1, max_scale = 1;
  std::vector<DmVertex> vertices;
  std::vector<std::uint16_t> indices;  // triangles, three per face
  // Bytes after the indices, which CDetail::Load does not read: written back after them.
  std::vector<std::byte> trailing_bytes;
  Warnings warnings;  // of a .dm file: problems the reader tolerated (not written to the file)
};

// Reads one model body from the reader's position (the reader's field path names errors).
DetailModel read_dm_body(ByteReader& reader);
void write_dm_body(const DetailModel& model, ByteWriter& writer);
// The bytes the reader has left after a body: kept in model.trailing_bytes, with a warning.
void read_dm_trailing_bytes(ByteReader& reader, DetailModel& model);

// A whole `.dm` file. Throws FormatError on truncation, an index count that is not a multiple of 3, or an
// index outside the vertices; bytes after the last index are kept, with a warning.
DetailModel read_dm(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when an index is outside the vertices or the index count is not a multiple of 3.
std::vector<std::byte> write_dm(const DetailModel& model, std::string_view file_name = {});
// The same checks as write_dm, for callers that write bodies themselves: failures name `writer`'s file and
// field path.
void check_dm(const DetailModel& model, const ByteWriter& writer);

}  // namespace gamefmt::xray
