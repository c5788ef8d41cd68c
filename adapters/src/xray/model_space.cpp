#include "xray/model_space.hpp"

#include <glm/geometric.hpp>
#include <limits>
#include <set>

#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::xray {

std::vector<std::string> unique_node_names(const scene::Scene& scene) {
  std::vector<std::string> names;
  std::set<std::string> used;
  for (const auto& node : scene.nodes) {
    std::string name = node.name;
    for (int n = 1; !used.insert(name).second; ++n) name = node.name + "." + std::to_string(n);
    names.push_back(std::move(name));
  }
  return names;
}

std::vector<glm::mat4> model_transforms(const scene::Scene& scene) {
  auto transforms = scene::global_transforms(scene);
  for (auto& transform : transforms) transform = glm::mat4(1.0f) * transform;
  return transforms;
}

glm::mat4 normal_matrix(const glm::mat4& transform) {
  using scene::at;
  const float a1 = at(transform, 0, 0), a2 = at(transform, 0, 1), a3 = at(transform, 0, 2);
  const float b1 = at(transform, 1, 0), b2 = at(transform, 1, 1), b3 = at(transform, 1, 2);
  const float c1 = at(transform, 2, 0), c2 = at(transform, 2, 1), c3 = at(transform, 2, 2);
  glm::mat4 out(1.0f);
  const float det = a1 * b2 * c3 - a1 * b3 * c2 + a2 * b3 * c1 - a2 * b1 * c3 + a3 * b1 * c2 - a3 * b2 * c1;
  if (det == 0.0f) {
    for (int row = 0; row < 3; ++row)
      for (int column = 0; column < 3; ++column)
        at(out, row, column) = std::numeric_limits<float>::quiet_NaN();
    return out;
  }
  const float invdet = 1.0f / det;
  // Element (row, column) of the inverse, stored at (column, row): the transpose.
  at(out, 0, 0) = invdet * (b2 * c3 - b3 * c2);
  at(out, 1, 0) = -invdet * (a2 * c3 - a3 * c2);
  at(out, 2, 0) = invdet * (a2 * b3 - a3 * b2);
  at(out, 0, 1) = -invdet * (b1 * c3 - b3 * c1);
  at(out, 1, 1) = invdet * (a1 * c3 - a3 * c1);
  at(out, 2, 1) = -invdet * (a1 * b3 - a3 * b1);
  at(out, 0, 2) = invdet * (b1 * c2 - b2 * c1);
  at(out, 1, 2) = -invdet * (a1 * c2 - a2 * c1);
  at(out, 2, 2) = invdet * (a1 * b2 - a2 * b1);
  return out;
}

glm::vec3 normalize_safe(const glm::vec3& v) {
  const float length = glm::length(v);
  return length > 0.0f ? scene::divide(v, length) : v;
}

}  // namespace gamefmt::xray
