#pragma once
// The way back to a mesh entity's stored arrays (mesh_record.hpp): where each vertex of the scene meshes goes
// in the file, and whether the scene still holds, for every vertex, what the importer made of a stored
// array, so that the stored bytes (which glTF cannot carry bit for bit) belong with it.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "shinobi/mesh_record.hpp"

namespace gamefmt::shinobi {

// Per scene mesh, the file vertex of each of its vertices.
using VertexPlacement = std::vector<std::vector<std::int32_t>>;

// The recorded placement, when the meshes are the recorded segments: as many, each with its recorded vertex
// count, and together reaching every file vertex. Nothing otherwise (the vertices are then written mesh after
// mesh).
std::optional<VertexPlacement> recorded_placement(const std::vector<const scene::Mesh*>& meshes,
                                                  const MeshRecord& record);

// The recorded array of `slot` with its stored bytes (an empty array when none is stored).
VertexArray stored_array(const MeshRecord& record, std::size_t slot);

// Tolerance of the comparisons below: a vector written to glTF is normalised, and a DCC tool may round it
// again; differences below this are that, not an edit.
inline constexpr float kUnchangedTolerance = 1e-5f;

// Every scene normal is the stored normal's direction (the scene's are unit length, the file's need not be).
// A stored normal without a direction (zero, not finite) has no glTF counterpart and matches any.
bool normals_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                  const VertexArray& normals);

// Every scene tangent is what shinobi_space::scene_tangent made of the stored normal, tangent and bitangent:
// the same direction and handedness (a stored tangent without a direction matches any).
bool tangents_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                   const VertexArray& normals, const VertexArray& tangents, const VertexArray& bitangents);

// Every vertex has the stored influences: the same bones (stored bone indices are slots of the entity's bone
// list `bone_names`; `node_names` names each scene node) with the same weights once each side is divided by
// its sum.
bool weights_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                  const VertexArray& bone_indices, const VertexArray& bone_weights,
                  const std::vector<std::string>& bone_names, const std::vector<std::string>& node_names);

}  // namespace gamefmt::shinobi
