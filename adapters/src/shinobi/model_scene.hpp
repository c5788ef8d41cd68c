#pragma once
// Shinobi MDL1 model <-> aiScene. The engine's left-handed Y-up space becomes Assimp's right-handed Y-up space
// by mirroring Z (positions, normals, matrices) and reversing the triangle winding.
//
// Node metadata written by model_to_scene and read back by scene_to_model:
//   shinobi.cast_shadow        (int)    the mesh entity's trailing byte (castShadow / _unused)
//   shinobi.bone_count         (int)    the skinned entity's own bone count (the skin may hold more joints)
//   shinobi.light.type, .r, .g, .b, .range, .spot_angle, .spot_sharpness, .cast_shadow   a version-2 light entity
//   shinobi.parent             (string) on skinned mesh nodes: the parent in the file, since glTF moves skinned
//   shinobi.transform          (string) mesh nodes to the scene root; and the 12 numbers of the file's transform
//   shinobi.synthetic_root     (bool)   the node holds several file roots and is not part of the file
//   shinobi.skeleton_root      (bool)   on the file's root node of a skinned model (so glTF keeps it as the joints' root)
// Scene metadata: shinobi.model_version (int), shinobi.root_name (string: the file's one root node, if it has one).
#include <assimp/scene.h>

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>

#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::assimp {

// One aiMesh per mesh segment (the vertices that segment uses, its material named after the segment's
// material), placed on the node that owns the mesh entity. Bones become aiBones on every segment of their
// entity, in the entity's order, with the model-to-bone matrices as offset matrices. Throws FormatError
// (naming `file`) for what cannot become a scene: indices outside the vertices, segments outside the indices,
// parent loops, bones naming no node. Nodes named in `animated_nodes` (the tracks of the animations that come
// with the model) that are not bones of a skinned entity join its skin as weightless joints at their rest pose
// (metadata shinobi.bone_count keeps the entity's own count, so the way back drops them again).
std::unique_ptr<aiScene> model_to_scene(const shinobi::Model& model, std::string_view scene_name, std::string_view file,
                                        const std::set<std::string>& animated_nodes = {});

// Every node of the scene becomes a model node (depth-first); the meshes of a node become one mesh entity with a
// segment per mesh, bounds recomputed. `version` is 2 or 4. Throws FormatError naming `output_name`.
shinobi::Model scene_to_model(const aiScene& scene, std::int32_t version, std::string_view output_name);

// The model version recorded by model_to_scene, or 0.
std::int32_t model_version_of_scene(const aiScene& scene);

}  // namespace gamefmt::assimp
