#pragma once
// What a mesh entity needs to be written back byte for byte and its scene meshes do not hold: model_to_scene
// keeps it in the node extras "shinobi.mesh", model_from_scene uses each part of it while the scene still
// holds what the importer made of that part (see model_scene.hpp for the rules).
//
// "shinobi.mesh" is an object:
// - vertices: the file's vertex count; arrays: 15 x [data type, dim, stride] as stored (stride 0: absent);
// - segment_vertices: per scene mesh (the segments with triangles, in order), the file vertex of each of its
//   vertices, as runs [first, count, first, count, ...];
// - stored: {"<slot>": bytes as text (gamefmt/core/bytes_as_text.hpp)}, the arrays glTF cannot give back
//   bit for bit, as stored, in file vertex order: normals, tangents, bitangents, bone indices and weights,
//   and any array whose layout is not the scene's (positions float x 3, texture coordinates float x 2,
//   colours byte x 4);
// - bounds: "center x y z radius min x y z max x y z" as stored (scene_extras::numbers_text);
// - positions, tangent_basis: fingerprints (16 hex digits) of the positions, and of the positions, texture
//   set 0 and indices;
// - bones: the entity's bones by node name, in order;
// - emissive: "r g b" (version 2, when not black); mesh_header: the MESH header's version (version 4).
#include <array>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi {

struct ArrayLayout {
  std::int32_t data_type = 0, dim = 0, stride = 0;
  bool operator==(const ArrayLayout&) const = default;
};

struct MeshRecord {
  std::int32_t vertex_count = 0;
  std::array<ArrayLayout, kVertexArrayCount> layouts{};
  std::vector<std::vector<std::int32_t>> segment_vertices;
  std::map<std::size_t, std::vector<std::byte>> stored;  // by vertex array slot
  MeshBounds bounds;
  std::uint64_t positions = 0, tangent_basis = 0;
  std::vector<std::string> bones;
  Vec3 emissive_color{0, 0, 0};
  std::optional<std::int32_t> header_version;
};

// True when the scene gives the array back bit for bit: positions as float x 3, texture coordinates as
// float x 2, colours as byte x 4, tightly packed.
bool scene_carries_exactly(std::size_t slot, const VertexArray& array);

// The fingerprint of the positions, and that of what the engine's tangent vectors are computed from
// (positions, texture set 0, the indices of the segments).
std::uint64_t positions_fingerprint(const MeshData& mesh);
std::uint64_t tangent_basis_fingerprint(const MeshData& mesh);

// `segment_vertices`: per scene mesh made of the entity, the file vertex of each of its vertices; `bones`:
// the node names of the entity's bones.
MeshRecord make_mesh_record(const MeshEntity& entity, std::vector<std::vector<std::int32_t>> segment_vertices,
                            std::vector<std::string> bones);

nlohmann::json mesh_record_extras(const MeshRecord& record);
// The record, or nothing when the extras hold none or one that does not hold together (an edited or cut
// value): layouts the reader would refuse, stored arrays of the wrong size, vertices outside the count, or
// more file vertices than `scene_vertices`, the vertices of the meshes it would place (which must reach
// every file vertex; so extras cannot make the writer allocate more than the scene holds).
std::optional<MeshRecord> mesh_record_from_extras(const nlohmann::json& value, std::size_t scene_vertices);

}  // namespace gamefmt::shinobi
