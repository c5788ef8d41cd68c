#pragma once
// What the OGF reader and writer share: chunk ids per version, header sizes and the vertex layouts.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/shared_records.hpp"

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

// The header chunk (kHeader), described once for the OGF reader and writer and for the level's visuals
// (level.cpp): format version, model type, shader; then, from version 4 on, the bounds (kHeaderSize bytes in
// all; version 3 has only the first kHeaderSizeV3 and keeps its bounds in chunks of their own).
template <class IO, RecordOf<OgfHeader> T>
void header_fields(IO& io, T& h, bool with_bounds = true) {
  io(h.format_version, "format_version");
  io(h.type, "type");
  io(h.shader_id, "shader_id");
  if (!with_bounds) return;
  io(h.bbox_min, "bbox_min");
  io(h.bbox_max, "bbox_max");
  io(h.sphere_center, "sphere_center");
  io(h.sphere_radius, "sphere_radius");
}

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

// A skinned vertex with `links` links (1..4), for reading and writing (record_fields.hpp). `tangents` is
// false for the short vertices of early builds.
template <class IO, RecordOf<OgfVertex> T>
void skinned_vertex_fields(IO& io, T& vertex, int links, bool tangents) {
  if (links >= 2)
    for (int k = 0; k < links; ++k) io(vertex.bones[k], "bones");
  io(vertex.position, "position");
  io(vertex.normal, "normal");
  if (tangents) {
    io(vertex.tangent, "tangent");
    io(vertex.binormal, "binormal");
  }
  for (int k = 0; k < links - 1; ++k) io(vertex.weights[k], "weights");
  io(vertex.uv[0], "u");
  io(vertex.uv[1], "v");
  if (links == 1) io.template stored_as<std::uint32_t>(vertex.bones[0], "bone");
}

// A static vertex in the flexible vertex format `fvf`; `extra_uvs` are its values of UV sets 2.. (2 per set).
template <class IO, RecordOf<OgfVertex> T, class Float>
void static_vertex_fields(IO& io, T& vertex, std::uint32_t fvf, std::span<Float> extra_uvs) {
  io(vertex.position, "position");
  if (fvf & kFvfNormal) io(vertex.normal, "normal");
  if (fvf & kFvfDiffuse) io(vertex.diffuse, "diffuse");
  if (fvf & kFvfSpecular) io(vertex.specular, "specular");
  if (fvf_uv_sets(fvf) == 0) return;
  io(vertex.uv[0], "u");
  io(vertex.uv[1], "v");
  for (auto& value : extra_uvs) io(value, "extra_uvs");
}

// A bone of the bone-names chunk.
template <class IO, RecordOf<OgfBone> T>
void bone_name_fields(IO& io, T& bone) {
  io.string_z(bone.name, "name");
  io.string_z(bone.parent_name, "parent");
  io(bone.box, "box");
}

// A bone of the IK-data chunk; `versioned`: it starts with its IK version (v4, and v3's last IK chunk), else
// the version is 0.
template <class IO, RecordOf<OgfBone> T>
void ik_bone_fields(IO& io, T& bone, bool versioned) {
  if (versioned) io(bone.ik_version, "version");
  io.string_z(bone.game_material, "game_material");
  io(bone.shape, "shape");
  io(bone.joint_type, "joint_type");
  io(bone.limits, "limits");
  io(bone.spring, "spring");
  io(bone.damping, "damping");
  io(bone.ik_flags, "ik_flags");
  io(bone.break_force, "break_force");
  io(bone.break_torque, "break_torque");
  if (bone.ik_version > 0) io(bone.friction, "friction");
  io(bone.bind_rotation, "bind_rotation");
  io(bone.bind_translation, "bind_translation");
  io(bone.mass, "mass");
  io(bone.center_of_mass, "center_of_mass");
}

inline constexpr std::size_t kBoneBoxSize = 60;  // Fobb: rotation rows, translation, half size
inline constexpr std::size_t kSlidingWindowSize = 8;

}  // namespace gamefmt::xray::ogf_layout

namespace gamefmt::xray {

// The payload the writer gives a chunk of a version 4 model (top level) or of one of its children; nothing
// when the model has no such chunk.
std::optional<std::vector<std::byte>> encode_ogf_model_chunk(const OgfModel& model, std::uint32_t id);
std::optional<std::vector<std::byte>> encode_ogf_mesh_chunk(const OgfMesh& mesh, std::uint32_t id);
// The fingerprint of the model's fields that a chunk encodes (FieldHasher, and the vertex and index arrays
// as they are held), nothing when the model has no such chunk (as the encoders above): the reader records it
// for each chunk it takes as stored, the writer writes the stored bytes while it is unchanged. `mesh_fields`
// (for the children chunk) gives a mesh's fingerprints; by default ogf_mesh_chunk_fields (the reader passes
// the ones it already has).
using OgfMeshFields = std::function<std::optional<std::uint64_t>(const OgfMesh&, std::uint32_t)>;
std::optional<std::uint64_t> ogf_model_chunk_fields(const OgfModel& model, std::uint32_t id,
                                                    const OgfMeshFields& mesh_fields = {});
std::optional<std::uint64_t> ogf_mesh_chunk_fields(const OgfMesh& mesh, std::uint32_t id);
// The SDK's chunk order (ExportSkeleton.cpp, ExportObjectOGF.cpp): of a model, and of a child.
std::vector<std::uint32_t> ogf_sdk_chunk_order(const OgfModel& model);
extern const std::vector<std::uint32_t> kOgfMeshChunkOrder;

}  // namespace gamefmt::xray
