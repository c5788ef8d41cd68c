#pragma once
// X-Ray `level.geom` and `level.geomx` (xrLC 13/14): the level's shared vertex and index buffers. Chunked:
//   1  header { u16 xrlc_version; u16 xrlc_quality }
//   9  vertex buffers: u32 n; n x { D3DVERTEXELEMENT9 declaration[] up to D3DDECL_END; u32 count; vertices }
//  10  index buffers: u32 n; n x { u32 count; u16 indices[count] }
//  11  progressive-mesh sliding windows: u32 n; n x { u32 reserved[4]; u32 count; { u32 offset; u16 tris,
//  verts } }
// level.geomx is the same layout with position-only vertices (the renderer's depth "fast path").
// Vertices are kept as the file's bytes (the declaration says how to read them); decode_level_vertices turns
// a range into positions, normals and UVs. Chunk order and undecoded chunks are kept for byte-identical
// rewrites.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

// D3DVERTEXELEMENT9 (8 bytes). A declaration ends with the element whose stream is 0xFF (D3DDECL_END).
struct VertexElement {
  std::uint16_t stream = 0, offset = 0;
  std::uint8_t type = 0, method = 0, usage = 0, usage_index = 0;
  bool is_end() const { return stream == 0xFF; }
};
inline constexpr std::size_t kVertexElementSize = 8;
inline constexpr VertexElement kVertexDeclarationEnd{0xFF, 0, 17, 0, 0, 0};

// D3DDECLTYPE values the levels use, and D3DDECLUSAGE values.
enum VertexElementType : std::uint8_t {
  kDeclFloat1 = 0,
  kDeclFloat2 = 1,
  kDeclFloat3 = 2,
  kDeclFloat4 = 3,
  kDeclColor = 4,
  kDeclUbyte4 = 5,
  kDeclShort2 = 6,
  kDeclShort4 = 7,
  kDeclUnused = 17,
};
enum VertexElementUsage : std::uint8_t {
  kUsagePosition = 0,
  kUsageNormal = 3,
  kUsageTexcoord = 5,
  kUsageTangent = 6,
  kUsageBinormal = 7,
  kUsageColor = 10,
};
// Bytes of one element of this D3DDECLTYPE (0..16); 0 for an unknown type.
std::size_t vertex_element_type_size(std::uint8_t type);

struct LevelVertexBuffer {
  std::vector<VertexElement> declaration;  // without the end marker
  std::uint32_t vertex_count = 0;
  std::vector<std::byte> vertices;  // vertex_count x stride bytes, as stored
  // Bytes per vertex: the end of the furthest stream-0 element (D3DXGetDeclVertexSize).
  std::size_t stride() const;
  const VertexElement* find(std::uint8_t usage, std::uint8_t usage_index = 0) const;
};

struct SlideWindow {
  std::uint32_t offset = 0;  // first index, relative to the visual's first index
  std::uint16_t triangle_count = 0, vertex_count = 0;
};
inline constexpr std::size_t kSlideWindowSize = 8;

struct SlideWindows {  // window 0 is the full-detail mesh
  std::array<std::uint32_t, 4> reserved{};
  std::vector<SlideWindow> windows;
};

struct LevelGeom {
  std::uint16_t xrlc_version = 14, xrlc_quality = 0;
  std::vector<LevelVertexBuffer> vertex_buffers;
  std::vector<std::vector<std::uint16_t>> index_buffers;
  std::vector<SlideWindows> slide_windows;
  LevelChunkLayout layout;  // chunk order and undecoded chunks, for byte-identical rewrites
  Warnings warnings;        // problems the reader tolerated; not written to the file
};

// Throws FormatError on a missing header, vertex or index chunk, a declaration with an unknown element type,
// or counts that run past their chunk. Bytes left over in a decoded chunk and after the last chunk are
// tolerated with a warning (the engine reads the records and no more) and kept.
LevelGeom read_level_geom(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when a buffer's byte count does not match its declaration and vertex count.
std::vector<std::byte> write_level_geom(const LevelGeom& geom, std::string_view file_name);
// The start of a level.geom(x): header chunk { xrlc 13 or 14 } followed by a vertex-buffer chunk.
bool looks_like_level_geom(std::span<const std::byte> head);

// Vertices decoded from a buffer, in X-Ray axes.
struct DecodedLevelVertices {
  std::vector<std::array<float, 3>> positions;
  std::vector<std::array<float, 3>> normals;       // empty when the declaration has none
  std::vector<std::array<float, 2>> uvs;           // base texture; empty when none
  std::vector<std::array<float, 2>> lightmap_uvs;  // second texture set; empty when none
  // The tangent frame of the bump shaders (D3DCOLOR tangent and binormal, decoded as the normals); both empty
  // when the declaration lacks either.
  std::vector<std::array<float, 3>> tangents, binormals;
};
// Decodes vertices [first, first + count) of the buffer. Quantized forms follow the engine's shaders:
// D3DCOLOR normals (bytes B,G,R -> z,y,x scaled to -1..1); SHORT2 base UVs x 32/32768 plus the tangent's and
// binormal's alpha bytes as sub-texel corrections; SHORT2 lightmap UVs / 32768; SHORT4 (tree) UVs / 2048.
// Throws FormatError (naming `file_name`) when the range runs past the buffer or there is no FLOAT3 position.
DecodedLevelVertices decode_level_vertices(const LevelVertexBuffer& buffer, std::uint64_t first,
                                           std::uint64_t count, std::string_view file_name);

}  // namespace gamefmt::xray
