// Which way glTF's green channel points, decided by rendering (docs/formats/xray.md, Bump maps): a flat X-Ray
// quad whose `_bump` tilts every normal 30 degrees toward its binormal (the direction V grows, where the game
// lights it: n.y of the shaders is along the binormal) or toward its tangent, converted by the command line
// with default options, imported by Blender's glTF importer and rendered with Cycles lit 45 degrees off the
// quad's normal from that side and from the opposite side. The side the game lights must come out brighter.
// The directions go through xray_space like the conversion's, so the test follows the axis mapping.
#include <catch2/catch.hpp>

#include "gamefmt/core/file_io.hpp"
#include "test_support.hpp"
#include "xray/xray_space.hpp"
#include "xray_bump_samples.hpp"

using namespace gamefmt;
using test::put;
using test::put_text;

namespace {

nlohmann::json gltf_direction(const std::array<float, 3>& xray) {
  const glm::vec3 v = xray::xray_space::vector(glm::vec3(xray[0], xray[1], xray[2]));
  return {v.x, v.y, v.z};
}

}  // namespace

TEST_CASE("A converted X-Ray bump map is lit in Blender on the side the game lights it",
          "[texture][xray][xray-bump][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir temp;
  // n = (0, 0.5, 0.866) toward the binormal, (0.5, 0, 0.866) toward the tangent; _bump holds gloss 0 (fully
  // rough: diffuse light only), z in G, y in B, x in A, each (n + 1) / 2.
  struct Case {
    const char* name;
    std::vector<std::byte> bump;
    std::array<float, 3> toward;
  };
  const std::vector<Case> cases = {
      {"binormal", test::uniform_dxt5(0, 238, 191, 128), test::kBumpQuadBinormal},
      {"tangent", test::uniform_dxt5(0, 238, 128, 191), test::kBumpQuadTangent}};
  nlohmann::json json_cases = nlohmann::json::array();
  for (const auto& c : cases) {
    const auto gamedata = temp / c.name / "gamedata";
    put(gamedata / "meshes" / "quad.ogf", test::xray_bump_quad_ogf_bytes());
    put(gamedata / "textures" / "act" / "body_bump.dds", c.bump);
    const auto glb = temp / (std::string(c.name) + ".glb");
    const auto converted =
        test::run_gamefmt({"convert", (gamedata / "meshes" / "quad.ogf").string(), "-o", glb.string()});
    INFO(converted.output);
    REQUIRE(converted.exit_code == 0);
    json_cases.push_back({{"name", c.name}, {"glb", glb.string()}, {"toward", gltf_direction(c.toward)}});
  }
  const auto blender = test::run_blender_script(
      "normal_map_light_check.py",
      {temp.path().string(), gltf_direction(test::kBumpQuadNormal).dump(), json_cases.dump()});
  INFO(blender.output);
  REQUIRE(blender.exit_code == 0);
  const auto result = test::marked_json(blender.output, "NORMAL_LIGHT_CHECK");
  REQUIRE(result.is_object());
  for (const auto& c : cases) {
    INFO(c.name << ": " << result[c.name].dump());
    const double toward = result[c.name]["toward"], away = result[c.name]["away"];
    CHECK(toward > 1.5 * away);
  }
}
