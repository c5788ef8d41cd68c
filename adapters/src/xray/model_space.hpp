#pragma once
// What the X-Ray exporters need to bake a scene into one model space (.ogf and .object keep a whole model in
// one space, and find bones by name). The arithmetic is the one gamefmt used on Assimp's types before its
// scene model, so that exported files keep their bits.
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

// The names the exporters give the scene's nodes: a name that an earlier node (in node order) already has
// gets a suffix ".1", ".2"... The glTF reader names nodes the same way, so names that are unique stay as they
// are.
std::vector<std::string> unique_node_names(const scene::Scene& scene);

// Each node's transform relative to the scene, in node order. It is the global transform multiplied once more
// by an identity matrix, as it was under Assimp's root node (the product turns some -0 into +0).
std::vector<glm::mat4> model_transforms(const scene::Scene& scene);

// The inverse transpose of the transform's 3x3 part (all NaN when it is singular), in the upper 3x3 of a mat4
// for scene::transform_direction: how normals follow a transform.
glm::mat4 normal_matrix(const glm::mat4& transform);
// Unit length; a vector whose length is not above zero (zero or NaN) is returned unchanged.
glm::vec3 normalize_safe(const glm::vec3& v);

}  // namespace gamefmt::xray
