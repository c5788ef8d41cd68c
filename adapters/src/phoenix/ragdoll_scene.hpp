#pragma once
// Overgrowth `.fzx` ragdoll volumes in a rig's scene, and back.
// Each object whose label names a body part becomes a node under that part's joint (label -> part -> bone
// through the skeleton's IK chains, as Skeleton::ShapesFromFZX does), placed where the engine puts it (see
// ragdoll_volume in gamefmt/phoenix/ragdoll.hpp). A label with the "m" flag adds a second node on the
// symmetric bone, mirrored across X. Each node carries:
// - glTF extensions: "OMI_physics_shape" {"shape": i} (the node reference) and "OMI_physics_body"
//   {"collider": {"shape": i}}; the scene carries the document-level "OMI_physics_shape" {"shapes": [...]}
//   (capsule: radius and the full height tip to tip, the convention of docs/godot.md, plus
//   radiusTop/radiusBottom; box: size; sphere: the engine's mean radius). Shape nodes are not scaled;
// - extras "phoenix.ragdoll": {index, label, mirror, bone, shape, rotation_wxyz, location, scale (the file's
//   Blender values; mirrored values on mirror copies), omi_shape (the shape record again), ellipsoid_scale
//   (spheres: the engine's axis factors)};
// - optionally (`proxies`) a visible capsule/box/sphere mesh, so Blender shows the volumes.
// Scene extras "phoenix.ragdoll": {version, model_centre, object_count, unmatched: [{index, label, reason,
// rotation_wxyz, location, scale}], file (the kept bytes, way_back.hpp)}, and one scene warning per object
// placed nowhere (never dropped silently; the CLI prints them).
#include <cstddef>
#include <glm/mat4x4.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::phoenix {

struct RagdollInput {
  const Ragdoll* ragdoll = nullptr;
  Vec3 model_centre{};  // the rig model's centre (0 without a model)
  bool proxies = false;
  std::string file_name;              // for messages
  std::span<const std::byte> file{};  // the .fzx bytes, kept for the way back (way_back.hpp); may be empty
};

inline constexpr std::size_t kNoBone = static_cast<std::size_t>(-1);

// A volume's node, not yet in the scene: it belongs under the node of joint `bone` (kNoBone: a root).
struct RagdollVolumeNode {
  std::size_t bone = kNoBone;
  scene::Node node;
};

// Adds to `scene` what the volumes need besides their nodes: the proxy meshes (when `input.proxies`, with
// material `proxy_material`; the nodes list them), the document-level extension, the scene extras
// "phoenix.ragdoll" and the warnings. Returns the volume nodes in file order, mirror copies after their
// originals. `joint_names` and `binds` (each bone's bind matrix, its world transform) come from the rig.
// Without a skeleton (an .fzx on its own) every volume whose label the engine reads is placed at the model's
// origin (bone kNoBone, node transform = its place), mirror copies too. Throws FormatError for an asymmetric
// skeleton.
std::vector<RagdollVolumeNode> add_ragdoll(scene::Scene& scene, const RagdollInput& input,
                                           const Skeleton* skeleton,
                                           const std::vector<std::string>& joint_names,
                                           const std::vector<glm::mat4>& binds,
                                           scene::MaterialIndex proxy_material);

// "capsule", "box" or "sphere".
const char* ragdoll_shape_name(RagdollShape shape);

// The see-through orange material of the proxy meshes, named `<rig>_ragdoll`.
scene::Material ragdoll_proxy_material(std::string_view rig_name);

// An .fzx on its own: the volumes as root nodes of a scene named `scene_name` (placed as without a skeleton
// above, the model centre taken as 0; a scene without placed volumes is one empty root node of that name),
// with proxy meshes when `proxies`; `file` (the .fzx bytes) is kept for the way back.
scene::Scene ragdoll_to_scene(const Ragdoll& ragdoll, std::string_view scene_name, bool proxies,
                              std::string_view file_name, std::span<const std::byte> file = {});

// The way back: the .fzx of a scene made by add_ragdoll (read back from glTF, or edited): objects in file
// order, each placed by its node's world transform (moved volumes move; a scaled node stretches its volume),
// labels and scales from the extras, unmatched objects from the scene extras. Mirror copies are skipped (the
// "m" flag brings them back). Throws FormatError (kind cannot_write) when the scene has no ragdoll record or
// an object is missing, and names the field of extras that hold the wrong kind of value.
Ragdoll ragdoll_from_scene(const scene::Scene& scene, std::string_view file_name);

}  // namespace gamefmt::phoenix
