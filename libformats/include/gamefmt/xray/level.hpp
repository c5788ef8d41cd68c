#pragma once
// X-Ray `level` (xrLC 13/14, the main file of a compiled level). Chunked:
//   1 header { u16 xrlc_version; u16 xrlc_quality }
//   2 shaders: u32 n; stringZ[n] ("engine_shader/texture[,lightmap1[,lightmap2]]", entry 0 empty)
//   3 visuals: sub-chunks 0..n-1, each an OGF-like chunk list (below)
//   4 portals: 80-byte records { u16 front sector; u16 back sector; vec3 vertices[6]; u32 vertices used }
//   6 dynamic lights: 108-byte records { u32 controller; D3DLIGHT9 }
//   7 glows: 18-byte records { vec3 position; f32 radius; u16 shader index }
//   8 sectors: sub-chunks 0..n-1, each { 1: u16 portal indices; 2: u32 root visual index }
// A visual's chunks that are decoded: 1 OGF header (44 B, shader_id indexes the shader list), 2 texture,
// 10 CHILDREN_L (u32 n; u32 visual index[n]), 12 TREEDEF2 (Fmatrix + two colour scales), 20 SWICONTAINER
// (u32), 21 GCONTAINER (vertex buffer, first vertex, vertex count, index buffer, first index, index count;
// indices are relative to the first vertex), 22 FASTPATH (a chunk list with its own GCONTAINER/SWICONTAINER
// into level.geomx). Every other chunk (LOD billboards 11, ...) and the level's other chunks are kept raw,
// with the chunk order, so the file is rewritten byte for byte.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint8_t kOgfLod = 6;
inline constexpr std::uint8_t kOgfTreeStatic = 7;
inline constexpr std::uint8_t kOgfTreeProgressive = 11;

struct GeometryRef {  // OGF_GCONTAINER
  std::uint32_t vertex_buffer = 0, first_vertex = 0, vertex_count = 0;
  std::uint32_t index_buffer = 0, first_index = 0, index_count = 0;
};

struct LevelFastPath {  // OGF_FASTPATH: the depth-only copy in level.geomx
  std::optional<GeometryRef> geometry;
  std::optional<std::uint32_t> slide_windows;
  LevelChunkLayout layout;
};

struct TreeDefinition {                              // OGF_TREEDEF2
  std::array<float, 16> transform{};                 // engine Fmatrix, rows as stored
  std::array<float, 5> color_scale{}, color_bias{};  // r, g, b, hemi, sun
};

struct LevelVisual {
  std::uint32_t chunk_id = 0;  // as stored in the visuals chunk (normally the visual's index)
  std::optional<OgfHeader> header;
  std::optional<std::array<std::string, 2>> texture;  // texture, shader (cp1251)
  std::optional<GeometryRef> geometry;
  std::optional<std::uint32_t> slide_windows;  // index into level.geom's sliding-window chunk
  std::optional<LevelFastPath> fast_path;
  std::optional<std::vector<std::uint32_t>> children;  // visual indices
  std::optional<TreeDefinition> tree;
  LevelChunkLayout layout;
};

// A portal between two sectors: a convex polygon of `vertex_count` (at most 6) of its vertices, in engine
// space, through which the engine looks from one sector into the other.
struct LevelPortal {
  std::uint16_t front_sector = 0, back_sector = 0;
  std::array<std::array<float, 3>, 6> vertices{};
  std::uint32_t vertex_count = 0;
};

// A dynamic light: the engine's controller (0 hemi, 1 sun, 2 static: which of the engine's light lists it
// belongs to) and a Direct3D 9 light, whose type is 1 point, 2 spot, 3 directional.
struct LevelLight {
  std::uint32_t controller = 0;
  std::uint32_t type = 0;
  std::array<float, 4> diffuse{}, specular{}, ambient{};  // RGBA
  std::array<float, 3> position{}, direction{};
  float range = 0, falloff = 0;
  std::array<float, 3> attenuation{};  // constant, linear, quadratic
  float theta = 0, phi = 0;            // spot: inner and outer cone angles, radians
};

// A glow sprite: a camera-facing flare of `radius` metres drawn with level shader `shader_id`.
struct LevelGlow {
  std::array<float, 3> position{};
  float radius = 0;
  std::uint16_t shader_id = 0;
};

// A sector: the portals on its boundary and the visual that holds its geometry (the root of its subtree).
struct LevelSector {
  std::uint32_t chunk_id = 0;  // as stored in the sectors chunk (normally the sector's index)
  std::vector<std::uint16_t> portals;
  std::optional<std::uint32_t> root_visual;
  LevelChunkLayout layout;
};

struct Level {
  std::uint16_t xrlc_version = 14, xrlc_quality = 0;
  std::vector<std::string> shaders;  // cp1251, as stored
  std::vector<LevelVisual> visuals;
  std::vector<LevelPortal> portals;
  std::vector<LevelLight> lights;
  std::vector<LevelGlow> glows;
  std::vector<LevelSector> sectors;
  LevelChunkLayout layout;
  Warnings warnings;  // problems the reader tolerated; not written to the file
};

// One shader-list entry split at its '/' and ','s: "engine/texture,lmap1,lmap2".
struct LevelShaderName {
  std::string engine_shader, texture;
  std::vector<std::string> lightmaps;
};
LevelShaderName split_level_shader(std::string_view entry);

// Throws FormatError on a missing header chunk, a decoded chunk too short for its records, or strings that
// run out. Bytes after a chunk's records or after a list's last chunk are tolerated with a warning; the chunk
// that holds them is kept as stored.
Level read_level(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_level(const Level& level, std::string_view file_name = {});
// The start of a level file: header chunk { xrlc 13 or 14 } followed by a level chunk (2..8).
bool looks_like_level(std::span<const std::byte> head);

}  // namespace gamefmt::xray
