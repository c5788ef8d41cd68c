#include "scene_size.hpp"

#include <algorithm>
#include <glm/common.hpp>
#include <stdexcept>

#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::test {

std::array<float, 3> WorldBox::sorted_sides() const {
  const glm::vec3 s = size();
  std::array<float, 3> sides{s.x, s.y, s.z};
  std::sort(sides.begin(), sides.end());
  return sides;
}

WorldBox world_box(const scene::Scene& scene) {
  const auto globals = scene::global_transforms(scene);
  WorldBox box;
  bool any = false;
  for (std::size_t n = 0; n < scene.nodes.size(); ++n)
    for (const scene::MeshIndex m : scene.nodes[n].meshes)
      for (const glm::vec3& p : scene.meshes[m].positions) {
        const glm::vec3 q = scene::transform_point(globals[n], p);
        box.min = any ? glm::min(box.min, q) : q;
        box.max = any ? glm::max(box.max, q) : q;
        any = true;
      }
  if (!any) throw std::runtime_error("the scene has no vertex");
  return box;
}

}  // namespace gamefmt::test
