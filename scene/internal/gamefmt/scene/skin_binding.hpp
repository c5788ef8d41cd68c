#pragma once
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// A joint's binding to a mesh, from the joint's global transform at bind time: the inverse bind matrix is its
// inverse with an exact (0, 0, 0, 1) bottom row (glTF validators check the row to the bit, and an inverse in
// float leaves rounding there).
BoneBinding bind_joint(NodeIndex node, const glm::mat4& bind_global, std::vector<VertexWeight> weights);
// Sets the bottom row of an affine matrix to exactly (0, 0, 0, 1).
glm::mat4 with_affine_bottom_row(glm::mat4 m);

}  // namespace gamefmt::scene
