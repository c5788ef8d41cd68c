#pragma once
// Overgrowth `.fzx` ragdoll volumes in a rig's aiScene, and back.
// Each object whose label names a body part becomes a node under that part's joint (label -> part -> bone
// through the skeleton's IK chains, as Skeleton::ShapesFromFZX does), placed where the engine puts it (see
// phoenix::ragdoll_volume). A label with the "m" flag adds a second node on the symmetric bone, mirrored
// across X. Each node carries:
// - glTF extensions: "OMI_physics_shape" {"shape": i} (the node reference) and "OMI_physics_body"
//   {"collider": {"shape": i}}; the scene carries the document-level "OMI_physics_shape" {"shapes": [...]}
//   (capsule: radius and the full height tip to tip, the convention of docs/godot.md, plus
//   radiusTop/radiusBottom; box: size; sphere: the engine's mean radius). Shape nodes are not scaled;
// - extras "phoenix.ragdoll": {index, label, mirror, bone, shape, rotation_wxyz, location, scale (the file's
//   Blender values; mirrored values on mirror copies), omi_shape (the shape record again), ellipsoid_scale
//   (spheres: the engine's axis factors)};
// - optionally (`proxies`) a visible capsule/box/sphere mesh, so Blender shows the volumes.
// Scene extras "phoenix.ragdoll": {version, model_centre, object_count, unmatched: [{index, label, reason,
// rotation_wxyz, location, scale}]} and kWarningsKey ("gamefmt.warnings", metadata_json.hpp): one line per
// object placed nowhere (never dropped silently; the CLI prints them).
#include <assimp/scene.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::assimp {

struct PhoenixRagdollInput {
  const phoenix::Ragdoll* ragdoll = nullptr;
  phoenix::Vec3 model_centre{};  // the rig model's centre (0 without a model)
  bool proxies = false;
  std::string file_name;  // for messages
};

inline constexpr std::size_t kNoBone = static_cast<std::size_t>(-1);

struct PhoenixRagdollNodes {
  std::vector<std::pair<std::size_t, std::unique_ptr<aiNode>>> volumes;  // (bone or kNoBone, node)
  std::vector<std::unique_ptr<aiMesh>> proxy_meshes;  // referenced by the nodes from `first_mesh` on
  std::vector<std::string> warnings;
};

// `joint_names` and `binds` (each bone's bind matrix, its world transform) come from the rig scene. Adds
// "gltf.extensions" and "phoenix.ragdoll" (and warnings) to `scene_metadata`. Without a skeleton (an .fzx on
// its own) every volume whose label the engine reads is placed at the model's origin (bone kNoBone, node
// transform = its place), mirror copies too.
PhoenixRagdollNodes phoenix_ragdoll_nodes(const PhoenixRagdollInput& input, const phoenix::Skeleton* skeleton,
                                          const std::vector<std::string>& joint_names,
                                          const std::vector<aiMatrix4x4>& binds, unsigned first_mesh,
                                          unsigned proxy_material, aiMetadata*& scene_metadata);

// The way back: the .fzx of a scene made by phoenix_ragdoll_nodes (read back from glTF, or edited): objects
// in file order, each placed by its node's world transform (moved volumes move), labels and scales from the
// extras, unmatched objects from the scene extras. Mirror copies are skipped (the "m" flag brings them back).
// Throws FormatError when the scene has no ragdoll record or an object index is missing.
phoenix::Ragdoll phoenix_ragdoll_from_scene(const aiScene& scene, std::string_view file_name);

// The see-through orange material of the proxy meshes, named `<rig>_ragdoll`.
std::unique_ptr<aiMaterial> ragdoll_proxy_material(std::string_view rig_name);

// An .fzx on its own: a root node named `root_name` holding every volume (placed as without a skeleton above;
// the model centre taken as 0), with proxy meshes when `proxies`. The way back is phoenix_ragdoll_from_scene.
std::unique_ptr<aiScene> phoenix_ragdoll_to_scene(const phoenix::Ragdoll& ragdoll, std::string_view root_name,
                                                  bool proxies, std::string_view file_name);

}  // namespace gamefmt::assimp
