// Real files at the size their game draws them, in metres (README, "Sizes in metres"). Lugaru's 22 files are
// the bundled samples: tests/unit/lugaru_size_tests.cpp checks them; Overgrowth and Asobo have no public
// files.
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "scene_size.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

test::WorldBox converted_box(const std::filesystem::path& file, const Options& options = {}) {
  Options with_options = options;
  with_options["textures"] = "0";
  const auto scene = load_scene({file}, with_options);
  return test::world_box(gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb"));
}

}  // namespace

TEST_CASE(
    "Corpus voxels: a cell (256 leptons, 6.5 m) is 60/sqrt(2) voxels in Red Alert 2, 48/sqrt(2) in "
    "Tiberian Sun",
    "[corpus][westwood][size]") {
  const auto files = test::files_with_extension(*test::corpus_dir() / "westwood", "vxl");
  REQUIRE(files.size() == 17);
  for (const auto& file : files) {
    INFO(file.string());
    const auto vxl = westwood::read_vxl(test::read_bytes(file), file.string());
    // Normals table 4 exists only in Red Alert 2.
    bool red_alert_2 = false;
    for (const auto& limb : vxl.limbs) red_alert_2 = red_alert_2 || limb.tailer.normals_type == 4;
    const double cell_voxels = (red_alert_2 ? 60 : 48) / std::sqrt(2.0);
    const double metres_per_voxel = 6.5 / cell_voxels;
    const auto in_voxels = converted_box(file, {{"scale", "1"}}).sorted_sides();
    const auto in_metres = converted_box(file).sorted_sides();
    for (int i = 0; i < 3; ++i) CHECK(in_metres[i] == Approx(in_voxels[i] * metres_per_voxel).epsilon(1e-5));
  }
  // The Hind (Tiberian Sun normals), 90 voxels long with its rotors, was "90 m" long; a Mi-24 is 17.5 m.
  const auto hind = converted_box(*test::corpus_dir() / "westwood" / "rv_hind.vxl").sorted_sides();
  CHECK(hind[2] > 15.0f);
  CHECK(hind[2] < 20.0f);
}

TEST_CASE("Corpus Grimrock models are in metres as stored: a dungeon cell is 3 m",
          "[corpus][shinobi][size]") {
  const auto dir = *test::corpus_dir() / "grimrock";
  const auto wall = converted_box(dir / "eob_sewers_wall_cube.model").size();
  CHECK(wall.x == Approx(3));
  CHECK(wall.y == Approx(3));
  CHECK(wall.z == Approx(3));
  const auto floor = converted_box(dir / "eob_sewers_floor.model").size();
  CHECK(floor.x == Approx(3));
  CHECK(floor.z == Approx(3));
  const auto skeleton = converted_box(dir / "skeleton_warrior_axe.model").size();
  CHECK(skeleton.y > 1.6f);
  CHECK(skeleton.y < 2.2f);
}

TEST_CASE("Corpus X-Ray models are in metres as stored: a stalker stands about 1.9 m",
          "[corpus][xray][size]") {
  const auto stalker = converted_box(*test::corpus_dir() / "xray" / "rad_stalker_hero_1.ogf").size();
  CHECK(stalker.y > 1.7f);
  CHECK(stalker.y < 2.0f);
}
