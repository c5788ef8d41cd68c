// Westwood voxel models arrive at the size the games draw them, in metres
// (adapters/src/westwood/westwood_space.hpp): a voxel unit is a screen pixel, a cell side (256 leptons) is
// 60/√2 pixels in Red Alert 2 and 48/√2 in Tiberian Sun, and a cell is taken as 6.5 m. Expected sizes are
// worked out here from those numbers.
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "scene_size.hpp"
#include "westwood/vox_conversion.hpp"

using namespace gamefmt;

namespace {

const double kRedAlert2MetresPerVoxel = 6.5 / (60 / std::sqrt(2.0));    // 0.1532
const double kTiberianSunMetresPerVoxel = 6.5 / (48 / std::sqrt(2.0));  // 0.1915

// One limb of 10 x 4 x 2 voxels, all filled, its bounds spanning its size (one voxel = one unit).
westwood::VxlFile slab(std::uint8_t normals_type) {
  westwood::VxlFile vxl;
  std::copy(westwood::kVxlMagic.begin(), westwood::kVxlMagic.end(), vxl.magic.begin());
  westwood::VxlLimb limb;
  limb.header.name = westwood::make_name_field("body");
  auto& t = limb.tailer;
  t.size_x = 10;
  t.size_y = 4;
  t.size_z = 2;
  t.min_bounds = {-5, -2, 0};
  t.max_bounds = {5, 2, 2};
  t.normals_type = normals_type;
  westwood::VoxelGrid grid(t.size_x, t.size_y, t.size_z);
  for (std::size_t z = 0; z < grid.size_z; ++z)
    for (std::size_t y = 0; y < grid.size_y; ++y)
      for (std::size_t x = 0; x < grid.size_x; ++x) grid.at(x, y, z) = {1, 0, true};
  limb.body = westwood::encode_limb_voxels(grid);
  vxl.limbs.push_back(std::move(limb));
  return vxl;
}

scene::Scene import(const char* format, const std::string& name, std::vector<std::byte> bytes,
                    const Options& options = {}) {
  const auto* handler = find_handler_by_id(format);
  REQUIRE(handler != nullptr);
  ImportRequest request;
  request.primary = {name, std::move(bytes)};
  request.options = options;
  const auto scene = handler->import_scene(request);
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
}

}  // namespace

TEST_CASE("Westwood sizes: a voxel is 6.5 m / 42.43 in Red Alert 2 and 6.5 m / 33.94 in Tiberian Sun",
          "[westwood][size]") {
  const struct {
    std::uint8_t normals_type;
    double metres_per_voxel;
  } games[] = {{4, kRedAlert2MetresPerVoxel}, {2, kTiberianSunMetresPerVoxel}};
  for (const auto& game : games) {
    INFO("normals type " << int(game.normals_type));
    const auto scene = import("westwood-vxl", "slab.vxl", westwood::write_vxl(slab(game.normals_type)));
    // VXL is Z-up with the front along +X: its 10 x 4 x 2 voxels are 10 long (front to back, glTF's z), 4
    // wide and 2 high in the Y-up scene.
    const glm::vec3 size = test::world_box(scene).size();
    CHECK(size.x == Approx(4 * game.metres_per_voxel));
    CHECK(size.y == Approx(2 * game.metres_per_voxel));
    CHECK(size.z == Approx(10 * game.metres_per_voxel));
    const auto root = scene::find_node(scene, "slab");
    REQUIRE(root.has_value());
    CHECK(scene::get<double>(scene.nodes[*root].extras, "westwood.scale") == Approx(game.metres_per_voxel));
  }
  // A cell side in voxels is a cell in metres.
  CHECK(60 / std::sqrt(2.0) * kRedAlert2MetresPerVoxel == Approx(6.5));
}

TEST_CASE("Westwood option scale: metres per voxel, for .vxl and .vox alike", "[westwood][size]") {
  const auto vxl = slab(4);
  const auto vxl_bytes = westwood::write_vxl(vxl);
  const auto vox_bytes = westwood::write_vox(westwood::vxl_to_vox(vxl, vxl_bytes, std::nullopt));
  for (const double scale : {1.0, 0.25}) {
    INFO(scale);
    const Options options{{"scale", std::to_string(scale)}};
    for (const auto& scene : {import("westwood-vxl", "slab.vxl", vxl_bytes, options),
                              import("magicavoxel-vox", "slab.vox", vox_bytes, options)}) {
      const glm::vec3 size = test::world_box(scene).size();
      CHECK(size.x == Approx(4 * scale));
      CHECK(size.y == Approx(2 * scale));
      CHECK(size.z == Approx(10 * scale));
    }
  }
  // Without the option, the .vox made from a Red Alert 2 model is drawn as one.
  CHECK(test::world_box(import("magicavoxel-vox", "slab.vox", vox_bytes)).size().z ==
        Approx(10 * kRedAlert2MetresPerVoxel));
}
