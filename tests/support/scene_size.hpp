#pragma once
// How big a scene is where it stands: the axis-aligned box around every mesh vertex taken through its node's
// global transform (skins left at their bind pose), for the tests that check sizes in metres.
#include <array>
#include <glm/vec3.hpp>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::test {

struct WorldBox {
  glm::vec3 min{0.0f}, max{0.0f};
  glm::vec3 size() const { return max - min; }
  // The three sides, shortest first: what a quarter or half turn of the model does not change.
  std::array<float, 3> sorted_sides() const;
};

// Throws std::runtime_error when the scene has no vertex.
WorldBox world_box(const scene::Scene& scene);

}  // namespace gamefmt::test
