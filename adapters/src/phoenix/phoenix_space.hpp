#pragma once
// Overgrowth's engine space as the adapters meet it. Its axes, handedness and units are the scene's (Y up,
// metres, right-handed: rig_scene.hpp), so what is left is the matrix layout: the engine's column-major
// arrays as glm matrices and back, and the two computations of the way back (rig_from_scene.cpp,
// ragdoll_from_scene.cpp) whose floating-point order matters for the files they write. Both evaluate what
// gamefmt evaluated before its scene model, when the rig passed through an Assimp scene under an identity
// root node, so that written files keep their bits.
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <vector>

#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::phoenix {

// The engine's Mat4 (column-major, translation in [12..14]) and back.
glm::mat4 to_glm(const Mat4& m);
Mat4 to_engine(const glm::mat4& m);

// The matrix of a translation, rotation and scale as Assimp's aiMatrix4x4(scaling, rotation, position) builds
// it: the rotation's rows times the scale factors (scene::compose scales its columns; the two agree for the
// uniform scales of rigs, and to the bit for scale 1).
glm::mat4 trs_matrix(const glm::vec3& translation, const glm::quat& rotation, const glm::vec3& scale);

// A node's world transform: its own transform with each parent's applied from the left, up to its root (the
// order of scene::global_transform), then the identity from the left, which was the old scene's root node:
// that product turns some -0 elements into +0, and the bits of the written files follow. `parents` is
// scene::parents_of(scene).
glm::mat4 world_transform(const scene::Scene& scene,
                          const std::vector<std::optional<scene::NodeIndex>>& parents, scene::NodeIndex node);

}  // namespace gamefmt::phoenix
