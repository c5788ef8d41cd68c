#include "gamefmt/scene/skin_binding.hpp"

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::scene {

glm::mat4 with_affine_bottom_row(glm::mat4 m) {
  m[0][3] = m[1][3] = m[2][3] = 0.0f;
  m[3][3] = 1.0f;
  return m;
}

BoneBinding bind_joint(NodeIndex node, const glm::mat4& bind_global, std::vector<VertexWeight> weights) {
  return {node, with_affine_bottom_row(inverse(bind_global)), std::move(weights)};
}

}  // namespace gamefmt::scene
