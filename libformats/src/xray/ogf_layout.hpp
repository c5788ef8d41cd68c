#pragma once
// What the OGF reader and writer share: chunk ids per version, header sizes and the vertex layouts.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "gamefmt/xray/motions.hpp"
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray::ogf_layout {

// Chunk ids differ between the versions (blender-xray `Chunks_v4` / `Chunks_v3`); 0 = the version has none.
struct ChunkIds {
  std::uint32_t texture, vertices, indices, sliding_windows, children, bone_names, ik_data,
      ik_data_unversioned, user_data, description, motion_refs, motion_refs2, lods, motion_keys,
      motion_params, bbox, bsphere;
};
inline constexpr std::uint32_t kHeader = 1;
// clang-format off
inline constexpr ChunkIds kChunksV4{2, 3, 4, 6, 9, 13, 16, 0, 17, 18, kOgfMotionRefsCommaList, kOgfMotionRefsList,
                                    23, kChunkMotionKeys, kChunkMotionParams, 0, 0};
// clang-format on
// v3 (builds ~1472-1865): the header is 4 bytes, with the bounds in chunks of their own; motions:
// ogf_v3_motions.hpp.
inline constexpr ChunkIds kChunksV3{2, 7, 8, 0, 17, 13, 28, 25, 24, 27, 29, 0, 0, 0, 0, 6, 11};
inline constexpr std::size_t kHeaderSize = 44, kHeaderSizeV3 = 4;

// D3D flexible vertex format bits of static meshes.
inline constexpr std::uint32_t kFvfPositionMask = 0x400E, kFvfXyz = 0x002, kFvfNormal = 0x010,
                               kFvfDiffuse = 0x040, kFvfSpecular = 0x080;
inline std::size_t fvf_uv_sets(std::uint32_t fvf) {
  return (fvf >> 8) & 0xF;
}
inline std::size_t static_vertex_size(std::uint32_t fvf) {
  return 12 + ((fvf & kFvfNormal) ? 12 : 0) + ((fvf & kFvfDiffuse) ? 4 : 0) + ((fvf & kFvfSpecular) ? 4 : 0) +
         8 * fvf_uv_sets(fvf);
}
// Skinned vertices (pack 2): bones, position, normal, tangent, binormal, weights, UV (1 link: UV, then a u32
// bone).
inline std::size_t skinned_vertex_size(int links) {
  return links == 1 ? 60 : links == 2 ? 64 : links == 3 ? 70 : 76;
}
inline constexpr std::size_t kShortOneLinkVertexSize = 36;  // early builds: no tangent and binormal

inline constexpr std::size_t kBoneBoxSize = 60;  // Fobb: rotation rows, translation, half size
inline constexpr std::size_t kSlidingWindowSize = 8;

}  // namespace gamefmt::xray::ogf_layout

namespace gamefmt::xray {

// The payload the writer gives a chunk of a version 4 model (top level) or of one of its children; nothing
// when the model has no such chunk. The reader compares them with the file's bytes to decide what to keep as
// stored.
std::optional<std::vector<std::byte>> encode_ogf_model_chunk(const OgfModel& model, std::uint32_t id);
std::optional<std::vector<std::byte>> encode_ogf_mesh_chunk(const OgfMesh& mesh, std::uint32_t id);
// The SDK's chunk order (ExportSkeleton.cpp, ExportObjectOGF.cpp): of a model, and of a child.
std::vector<std::uint32_t> ogf_sdk_chunk_order(const OgfModel& model);
extern const std::vector<std::uint32_t> kOgfMeshChunkOrder;

}  // namespace gamefmt::xray
