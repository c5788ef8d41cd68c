#pragma once
// Overgrowth rig (.phxbn + model OBJ + .anm animations) <-> scene model. The engine's space is already the
// scene's (Y up, metres, right-handed, characters facing +Z), so no axis change happens here; the work is in
// the conventions:
// - joints: each bone's node has the engine's bind matrix as its world transform (origin at the bone
//   midpoint, Z along the bone); the inverse bind matrices are their inverses; the hierarchy comes from the
//   parent arrays;
// - the mesh: the OBJ moved into the engine's centred space (minus the centre of its face corners' box), one
//   vertex per distinct v/vt/vn triple, V flipped to the scene's convention, and each vertex taking the
//   weights of its first triangle corner in the engine's unrolled order;
// - morph targets (<model>_<label>.obj): one per label, each vertex moved by its first corner's morph delta
//   (Model::LoadObjMorph: morph corner - base corner; UV deltas are not carried), weights from the shape
//   keys;
// - animations: the .anm's model-space matrices (relative to the hip point, see `animation_origin`) turned
//   into parent-relative rotation + translation keys; key times in seconds from the clip's start.
// Extras:
// - joints: "phoenix.bone_index", "phoenix.mass", "phoenix.centre_of_mass", "phoenix.joint" {index (in the
//   file's joint list), type, type_id, stop_angles, axis, parent_bone};
// - scene: "phoenix.skeleton" {version, rigging_stage, animation_origin, ik_chains {name: {bone,
//   chain_length}}, ik_chain_order, points, bone_ends, point_parents, bone_parents, hier_parents},
//   "phoenix.animations" {clip name: {version, looping, start, end, centred, keyframes: [...]}} holding every
//   .anm field that has no glTF slot (events, IK bones, shape and status keys, physics weights, weapons,
//   mobility, centring), and in both the kept files (way_back.hpp);
// - ragdoll volumes (.fzx): see ragdoll_scene.hpp.
#include <cstddef>
#include <glm/mat4x4.hpp>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/model_obj.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::phoenix {

struct RigClip {
  std::string name;  // the file's base name
  const Animation* animation = nullptr;
  std::span<const std::byte> file{};  // its bytes, kept for the way back (way_back.hpp); may be empty
};

struct Rig {
  std::string name;       // the .phxbn base name
  std::string file_name;  // for errors
  const Skeleton* skeleton = nullptr;
  const ObjModel* model = nullptr;  // may be null: joints only
  std::vector<RigClip> clips;
  const Ragdoll* ragdoll = nullptr;  // may be null; see ragdoll_scene.hpp for its nodes
  bool ragdoll_proxies = false;      // visible meshes for the ragdoll volumes
  // Morph targets (label, OBJ with the model's faces): mesh morph targets named by label, whose weights the
  // clips' shape keys animate.
  std::vector<std::pair<std::string, const ObjModel*>> morphs{};
  // The bytes of the skeleton and of the ragdoll, kept for the way back (way_back.hpp); may be empty.
  std::span<const std::byte> skeleton_file{};
  std::span<const std::byte> ragdoll_file{};
};

// The joint names: "<chain>_<n>" for bones of the IK chains (n = 0 at the chain's base), "bone_<i>"
// otherwise.
std::vector<std::string> rig_joint_names(const Skeleton& skeleton);

// The point animations are relative to: the first point of the hip bone (2 up from the torso chain's tip), or
// the origin when the skeleton has no torso chain.
Vec3 animation_origin(const Skeleton& skeleton);

// The model-space matrices of one key as the engine plays them: centred files are uncentred, translations
// moved by `origin`, scale dropped.
std::vector<glm::mat4> key_world_matrices(const Animation& animation, std::size_t key, const Vec3& origin);

// The scene: its roots are the skeleton's root joints and the mesh node "<name>_mesh" (the scene is named
// after the rig; a rig without either is one empty root node of that name), the mesh's material
// "<name>_material". Throws FormatError: an animation whose bone count differs from the skeleton's, keys out
// of time order, a model whose corner count differs from the weights', a corner without weight, a ragdoll on
// an asymmetric skeleton, a morph OBJ whose triangles differ from the model's, bone parents that form a
// cycle.
scene::Scene rig_to_scene(const Rig& rig);

// Whether the scene has Overgrowth joints (nodes with the extras "phoenix.bone_index" rig_to_scene writes).
bool scene_has_joints(const scene::Scene& scene);

// The way back, from a scene made by rig_to_scene (read back from glTF, or re-exported by Blender with its
// extras): a v11 skeleton whose bone midpoints sit at their joints' world origins, each bone keeping its
// recorded length and taking its joint's Z axis as direction when the scene kept the rig's joint frames
// (Blender re-orients bones: then the recorded directions), masses, joints and IK chains from the extras,
// and, for rigging stages 1 and 2, the weights of each triangle corner of the skinned mesh (faces in order;
// at most 4 influences, heaviest first, ties by the higher bone index, padded with bone 0 weight 0), or of
// the kept file (way_back.hpp) when the scene has no skinned mesh (a rig imported without its model OBJ).
// Throws FormatError (kind cannot_write) when the scene is not such a rig, and names the field of extras that
// hold the wrong kind of value.
Skeleton skeleton_from_scene(const scene::Scene& scene, std::string_view file_name);

// One animation of such a scene as a v10 (uncentred) .anm: at each recorded key time (the extras'; else the
// keys of the channel with the most rotation keys) every joint's animated world transform, re-based from the
// joint's rest frame onto the bone's bind matrix and moved back by the animation origin; start, end, looping
// and every per-key field without a glTF slot from the scene extras "phoenix.animations" (when present).
Animation animation_from_scene(const scene::Scene& scene, const scene::Animation& animation,
                               std::string_view file_name);

}  // namespace gamefmt::phoenix
