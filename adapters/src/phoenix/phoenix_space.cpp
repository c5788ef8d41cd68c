#include "phoenix_space.hpp"

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::phoenix {

glm::mat4 to_glm(const Mat4& m) {
  glm::mat4 out;
  for (int column = 0; column < 4; ++column)
    for (int row = 0; row < 4; ++row) out[column][row] = m[4 * column + row];
  return out;
}

Mat4 to_engine(const glm::mat4& m) {
  Mat4 out{};
  for (int column = 0; column < 4; ++column)
    for (int row = 0; row < 4; ++row) out[4 * column + row] = m[column][row];
  return out;
}

glm::mat4 trs_matrix(const glm::vec3& translation, const glm::quat& rotation, const glm::vec3& scale) {
  const glm::mat3 r = scene::rotation_matrix(rotation);
  glm::mat4 out(1.0f);
  for (int column = 0; column < 3; ++column)
    for (int row = 0; row < 3; ++row) out[column][row] = r[column][row] * scale[row];
  out[3] = glm::vec4(translation, 1.0f);
  return out;
}

glm::mat4 world_transform(const scene::Scene& scene,
                          const std::vector<std::optional<scene::NodeIndex>>& parents,
                          scene::NodeIndex node) {
  glm::mat4 m = scene::matrix_of(scene.nodes.at(node));
  // At most one step per node: a malformed tree cannot make this loop.
  std::size_t steps = 0;
  for (auto p = parents[node]; p && steps < scene.nodes.size(); p = parents[*p], ++steps)
    m = scene::matrix_of(scene.nodes[*p]) * m;
  return glm::mat4(1.0f) * m;
}

}  // namespace gamefmt::phoenix
