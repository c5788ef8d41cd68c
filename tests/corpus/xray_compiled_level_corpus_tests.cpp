// The blender-xray compiled level fixture (bx_level, bx_level.geom, bx_level.geomx): byte-identical rewrites
// and the static-geometry scene.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/level.hpp"
#include "gamefmt/xray/level_geom.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {
std::filesystem::path fixture(const char* name) {
  return *test::corpus_dir() / "xray" / name;
}
}  // namespace

TEST_CASE("bx_level.geom and bx_level.geomx: rewrite is byte-identical",
          "[corpus][xray][level][xray-level-geom]") {
  for (const char* name : {"bx_level.geom", "bx_level.geomx"}) {
    INFO(name);
    const auto bytes = test::read_bytes(fixture(name));
    const auto geom = xray::read_level_geom(bytes, name);
    CHECK(geom.xrlc_version == 14);
    CHECK(geom.index_buffers.size() == 1);
    CHECK(geom.vertex_buffers.size() == (std::string(name) == "bx_level.geom" ? 3u : 1u));
    CHECK(xray::write_level_geom(geom, name) == bytes);
    CHECK(gamefmt::find_handler(fixture(name), bytes)->rewrite(bytes, name) == bytes);
  }
}

TEST_CASE("bx_level: visuals decoded, rewrite is byte-identical", "[corpus][xray][level]") {
  const auto bytes = test::read_bytes(fixture("bx_level"));
  const auto level = xray::read_level(bytes, "bx_level");
  CHECK(level.xrlc_version == 14);
  CHECK(level.shaders.size() == 8);
  REQUIRE(level.visuals.size() == 16);
  CHECK(level.visuals[1].geometry->first_vertex == 44);
  CHECK(level.visuals[1].fast_path->geometry->first_index == 108);
  CHECK(level.visuals[4].tree.has_value());
  CHECK(*level.visuals[15].children == std::vector<std::uint32_t>{1, 14, 9, 11, 7});
  CHECK(level.layout.others.empty());  // portals, lights, glows and sectors are decoded too
  // The values below were read from the file's bytes with Python's struct module.
  REQUIRE(level.portals.size() == 1);
  CHECK(level.portals[0].front_sector == 0);
  CHECK(level.portals[0].back_sector == 1);
  CHECK(level.portals[0].vertex_count == 4);
  CHECK(level.portals[0].vertices[2] ==
        std::array<float, 3>{0.8122914433479309f, 0.8122914433479309f, -1.0f});
  REQUIRE(level.lights.size() == 1);
  CHECK(level.lights[0].controller == 1);  // sun
  CHECK(level.lights[0].type == 3);        // directional
  CHECK(level.lights[0].direction ==
        std::array<float, 3>{0.8403138518333435f, -0.4226182699203491f, 0.3395090401172638f});
  REQUIRE(level.glows.size() == 1);
  CHECK(level.glows[0].position ==
        std::array<float, 3>{2.749826431274414f, 0.24468421936035156f, -3.137526750564575f});
  CHECK(level.glows[0].radius == 0.5f);
  CHECK(level.glows[0].shader_id == 1);
  REQUIRE(level.sectors.size() == 2);
  CHECK(level.sectors[0].root_visual == 2u);
  CHECK(level.sectors[1].root_visual == 15u);
  CHECK(level.sectors[0].portals == std::vector<std::uint16_t>{0});
  CHECK(level.sectors[1].portals == std::vector<std::uint16_t>{0});
  CHECK(xray::write_level(level) == bytes);
  CHECK(gamefmt::find_handler(fixture("bx_level"), bytes)->description().id == "xray-level");
}

TEST_CASE("bx_level: converts with bx_level.geom found beside it", "[corpus][xray][level][xray-level-geom]") {
  const auto scene = gamefmt::load_scene({fixture("bx_level")}, {{"parts", "none"}});
  // Four brushes and five tree instances of one shared tree mesh; the five trees' LOD billboards (one
  // material), the portal and the glow.
  CHECK(scene.meshes.size() == 5 + 5 + 1 + 1);
  CHECK(scene.materials.size() == 5 + 1 + 1 + 1);
  // Visual 2 is in no hierarchy (sector 0 lists it); visual 15 is the hierarchy over everything else (sector
  // 1).
  REQUIRE(scene.roots.size() == 1);
  const auto& level = scene.nodes[scene.roots[0]];
  REQUIRE(level.children.size() == 5);  // two sectors, the portals, the lights, the glows
  const auto& sector0 = scene.nodes[level.children[0]];
  const auto& sector1 = scene.nodes[level.children[1]];
  CHECK(sector0.name == "sector_0");
  REQUIRE(sector0.children.size() == 1);
  CHECK(scene.nodes[sector0.children[0]].name == "visual_2");
  REQUIRE(sector1.children.size() == 1);
  CHECK(scene.nodes[sector1.children[0]].name == "visual_15");
  std::set<std::size_t> visual_meshes;  // the trees share one
  for (const auto& node : scene.nodes)
    if (node.name.starts_with("visual_")) visual_meshes.insert(node.meshes.begin(), node.meshes.end());
  std::size_t faces = 0;
  for (const auto m : visual_meshes) faces += scene.meshes[m].triangles.size() / 3;
  CHECK(faces == (30 + 24 + 30 + 48 + 36) / 3);
  CHECK_FALSE(gltf::write_gltf(scene, {}, "bx_level.glb").empty());
}

TEST_CASE("bx_level without its level.geom: a clear error", "[corpus][xray][level][xray-level-geom]") {
  const auto folder = std::filesystem::temp_directory_path() / "gamefmt_level_without_geom";
  std::filesystem::create_directories(folder);
  std::filesystem::copy_file(fixture("bx_level"), folder / "level",
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::permissions(folder / "level", std::filesystem::perms::owner_write,
                               std::filesystem::perm_options::add);
  CHECK_THROWS_WITH(load_scene({folder / "level"}, {}),
                    Catch::Contains("level.geom") && Catch::Contains("not found"));
  std::filesystem::remove_all(folder);
}
