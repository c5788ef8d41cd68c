#pragma once
// The body of a Mesh_Z object of FUEL PC (BigFile v1.381.67.09): the parts that draw the mesh. The body also
// holds the strip and collision data and the morpher; the reader checks that their counts fit the data and
// steps over them, and keeps only what a renderer needs.
//
//   DynArray<Vec3f> strip_vertices; DynArray<16 bytes>; DynArray<Vec2f>; DynArray<Vec3f>;
//   DynArray<Strip{DynArray<u16>, Name, u32}>; DynArray<DynArray<8 bytes>>;
//   DynArray<Name> material_names;
//   DynArray<CollisionAABB, 32 bytes>; DynArray<CollisionFace, 8 bytes>; DynArray<32 bytes>;
//   DynArray<VertexBuffer{u32 count, u32 vertex_size, u32 d3d_flags, vertices}>;
//   DynArray<IndexBuffer{u32 index_count, u32 d3d_flags, u16 indices[]}>;
//   DynArray<Quad, 60 bytes>;
//   DynArray<VertexGroup{u32 vb, u32 ib, u32 quad_begin, u32 quad_count, u32 flags, u16 vb_first, u16
//   vb_last,
//                        u32 vertex_count, u32 index_begin, u32 face_count, u32 0, u32 vb_begin_or_zero,
//                        u16 vertex_size, i16 material_index, DynArray<28 bytes>}>;
//   Morpher, DynArray<i16[3]> (not read)
// DynArray<T> is a u32 count followed by the items. Vertex sizes: 12 position; 24 position, f32, uv;
// 36 position, tangent u8x4, normal u8x4, uv, lightmap uv; 48 position, tangent, normal, uv, f32 blend index,
// 3 x i32 (-1), f32 weight; 60 position, tangent, normal, uv, f32 blend index[4], f32 weight[4].
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"

namespace gamefmt::asobo {

inline constexpr std::uint32_t kVertexSizePosition = 12;
inline constexpr std::uint32_t kVertexSizePositionUv = 24;
inline constexpr std::uint32_t kVertexSizeStatic = 36;
inline constexpr std::uint32_t kVertexSizeOneBlend = 48;
inline constexpr std::uint32_t kVertexSizeFourBlends = 60;

struct MeshVertex {
  std::array<float, 3> position{};
  bool has_normal = false;        // sizes 36, 48, 60
  std::array<float, 3> normal{};  // decoded from u8: b / 255 * 2 - 1 (not renormalised)
  bool has_uv = false;
  std::array<float, 2> uv{};
  bool has_lightmap_uv = false;
  std::array<float, 2> lightmap_uv{};
  unsigned blend_count = 0;            // 0, 1 or 4
  std::array<float, 4> blend_index{};  // float register index; the skin's bone slot is index / 6
  std::array<float, 4> blend_weight{};
};

struct MeshVertexBuffer {
  std::uint32_t vertex_size = 0;
  std::uint32_t d3d_flags = 0;
  std::vector<MeshVertex> vertices;
};

struct MeshIndexBuffer {
  std::uint32_t d3d_flags = 0;
  std::vector<std::uint16_t> indices;
};

// One draw call: face_count triangles from index_begin of an index buffer, over a vertex buffer.
struct MeshVertexGroup {
  std::uint32_t vertex_buffer = 0;
  std::uint32_t index_buffer = 0;
  std::uint32_t flags = 0;  // bit 2 visible, bit 19 morph
  std::uint32_t index_begin = 0;
  std::uint32_t face_count = 0;
  std::int16_t material_index = -1;  // into material_names; -1 = none
};

struct MeshObject {
  std::vector<std::uint32_t> material_names;  // name hashes
  std::vector<MeshVertexBuffer> vertex_buffers;
  std::vector<MeshIndexBuffer> index_buffers;
  std::vector<MeshVertexGroup> vertex_groups;
};

// Reads a decompressed Mesh_Z body. Throws FormatError (file, offset, field) on counts past the data, an
// unknown vertex size, or a vertex group whose buffers, indices or material do not exist.
MeshObject read_mesh_object(std::span<const std::byte> body, std::string_view file_name, ByteOrder order);

}  // namespace gamefmt::asobo
