// Which way converted characters face. glTF's convention is that an asset's front faces +Z; every family's
// axis conversion is chosen so that the games' characters do. The front is told by the feet: toes reach
// further forward from the legs than heels reach back, so the lowest vertices of a standing character lie,
// on average, in front of its legs.
#include <catch2/catch.hpp>
#include <filesystem>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

#include "gamefmt/conversion.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// Every vertex of the scene's meshes in scene space (bind pose).
std::vector<glm::vec3> scene_points(const scene::Scene& scene) {
  const auto globals = scene::global_transforms(scene);
  std::vector<glm::vec3> points;
  for (std::size_t n = 0; n < scene.nodes.size(); ++n)
    for (const auto m : scene.nodes[n].meshes)
      for (const auto& p : scene.meshes[m].positions) points.push_back(scene::transform_point(globals[n], p));
  return points;
}

struct Facing {
  double feet_ahead = 0;  // mean z of the feet minus mean z of the lower legs, over the character's height
  glm::vec3 size{0.0f};
};

// The feet: the lowest 4 % of the height; the lower legs: 10 % to 30 %.
Facing facing_of(const std::vector<glm::vec3>& points) {
  glm::vec3 low(1e30f), high(-1e30f);
  for (const auto& p : points) {
    low = glm::min(low, p);
    high = glm::max(high, p);
  }
  const double height = high.y - low.y;
  double feet = 0, legs = 0;
  std::size_t feet_count = 0, leg_count = 0;
  for (const auto& p : points) {
    const double h = (p.y - low.y) / height;
    if (h < 0.04) {
      feet += p.z;
      ++feet_count;
    } else if (h > 0.10 && h < 0.30) {
      legs += p.z;
      ++leg_count;
    }
  }
  Facing out;
  out.size = high - low;
  if (feet_count > 0 && leg_count > 0) out.feet_ahead = (feet / feet_count - legs / leg_count) / height;
  return out;
}

}  // namespace

TEST_CASE("Characters of every family with real files face glTF's front (+Z) after conversion",
          "[corpus][front]") {
  const auto corpus = *test::corpus_dir();
  const std::vector<std::filesystem::path> characters = {corpus / "xray" / "rad_stalker_hero_1.ogf",
                                                         corpus / "xray" / "rad_stalker_neutral2c_mas3.ogf",
                                                         corpus / "xray" / "rad_stalker_zombied4c_face1.ogf",
                                                         corpus / "xray" / "rad_stalker_monolith3a.ogf",
                                                         corpus / "lugaru" / "Body.solid",
                                                         corpus / "lugaru" / "Wolf.solid",
                                                         corpus / "grimrock" / "skeleton_warrior_axe.model"};
  for (const auto& file : characters) {
    INFO(file.filename().string());
    const auto facing = facing_of(scene_points(load_scene({file}, {})));
    WARN(file.filename().string() << ": feet ahead of the legs by " << facing.feet_ahead << " of the height "
                                  << facing.size.y);
    CHECK(facing.feet_ahead > 0.01);
  }
}
