// A level built by gamefmt's writer with sectors, portals, each kind of light, glows and LOD billboards: one
// scene with all of them, the way back through glTF byte for byte, edits of lights, glows and portals
// written back, and Blender importing the lights as lights of the right type, colour and place.
#include <catch2/catch.hpp>
#include <functional>
#include <glm/geometric.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/level.hpp"
#include "gamefmt/xray/level_geom.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "xray_compiled_level_samples.hpp"
#include "xray_level_contents_samples.hpp"
#include "xray_level_samples.hpp"

using namespace gamefmt;

namespace {

struct LevelFiles {
  std::vector<std::byte> level, geom;
};

LevelFiles level_files() {
  return {xray::write_level(test::xray_sample_level_with_contents(), "level"),
          xray::write_level_geom(test::xray_sample_level_geom(), "level.geom")};
}

scene::Scene import_level(const LevelFiles& files) {
  ImportRequest request;
  request.primary = {"level", files.level};
  request.companions.push_back({"level.geom", files.geom});
  return find_handler_by_id("xray-level")->import_scene(request);
}

scene::Scene through_glb(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "level.glb"), "level.glb");
}

std::vector<std::byte> export_level(const scene::Scene& scene, std::vector<std::string>* warnings = nullptr) {
  ExportRequest request;
  request.output_name = "level";
  request.warnings = warnings;
  return find_handler_by_id("xray-level")->export_scene(scene, request);
}

std::optional<scene::NodeIndex> named(const scene::Scene& scene, const std::string& name) {
  return scene::find_node(scene, name);
}

}  // namespace

TEST_CASE("A level with sectors, portals, lights, glows and LODs converts to one scene",
          "[xray][level][level-contents]") {
  const auto files = level_files();
  const auto scene = import_level(files);
  std::map<std::string, int> roles;
  for (const auto& node : scene.nodes)
    if (const auto role = scene::get<std::string>(node.extras, "gamefmt.role")) ++roles[*role];
  CHECK(roles["sector"] == 2);
  CHECK(roles["portals"] == 1);
  CHECK(roles["lights"] == 1);
  CHECK(roles["glows"] == 1);
  CHECK(roles["lod_billboards"] == 1);
  // The sector holds its root visual's subtree.
  const auto sector = named(scene, "sector_0");
  REQUIRE(sector);
  REQUIRE(scene.nodes[*sector].children.size() == 1);
  CHECK(scene.nodes[scene.nodes[*sector].children[0]].name == "visual_3");
  // Lights: one glTF light each, of the Direct3D type.
  const auto& lights = scene.gltf_extensions.at("KHR_lights_punctual").at("lights");
  REQUIRE(lights.size() == 3);
  CHECK(lights[0]["type"] == "point");
  CHECK(lights[1]["type"] == "spot");
  CHECK(lights[2]["type"] == "directional");
  CHECK(lights[0]["intensity"] ==
        2.0);  // diffuse (2, 1, 0.5): the colour scaled to 1, the scale as intensity
  CHECK(lights[0]["color"] == nlohmann::json::array({1.0, 0.5, 0.25}));
  CHECK(lights[1]["spot"]["outerConeAngle"] == Approx(0.5));  // phi / 2
  const auto globals = scene::global_transforms(scene);
  const auto point = named(scene, "light_0");
  REQUIRE(point);
  const glm::vec3 at = scene::transform_point(globals[*point], glm::vec3(0.0f));
  CHECK(at == glm::vec3(-1, 2, 3));  // X mirrored
  const auto spot = named(scene, "light_1");
  REQUIRE(spot);
  const glm::vec3 shines = scene::transform_direction(globals[*spot], glm::vec3(0, 0, -1));
  CHECK(glm::dot(shines, glm::vec3(0, -1, 0)) == Approx(1.0f));
  // The brushes carry the tangent frame stored with their vertices (D3DCOLOR tangent (0, 0, 1) and binormal
  // (1, 0, 0) in engine axes): glTF's tangent is the tangent, X mirrored, and w turns glTF's bitangent,
  // cross(normal, tangent) * w, against the binormal, as the normal texture's green is turned over
  // (docs/formats/xray.md).
  const auto brush = named(scene, "visual_0");
  REQUIRE(brush);
  const auto& brush_mesh = scene.meshes.at(scene.nodes[*brush].meshes.at(0));
  REQUIRE(brush_mesh.tangents.size() == brush_mesh.positions.size());
  for (const auto& t : brush_mesh.tangents) {
    CHECK(glm::length(glm::vec3(t) - glm::vec3(0, 0, 1)) < 0.01f);
    const glm::vec3 bitangent = glm::cross(brush_mesh.normals[0], glm::vec3(t)) * t.w;
    CHECK(glm::dot(bitangent, glm::vec3(-1, 0, 0)) < -0.99f);  // the scene's binormal is (-1, 0, 0)
  }
  // The LOD billboards: 8 quads with the baked light as colours.
  const auto lod = named(scene, "lod_billboards");
  REQUIRE(lod);
  const auto& billboards = scene.meshes.at(scene.nodes[*lod].meshes.at(0));
  CHECK(billboards.triangles.size() == 8 * 2 * 3);
  REQUIRE(billboards.colors.size() == 1);
  CHECK(billboards.colors[0][0] == glm::vec4(1.0f, 128 / 255.0f, 64 / 255.0f, 128 / 255.0f));
}

TEST_CASE("A level comes back from glTF byte for byte, with moved lights, glows and portals written as moved",
          "[xray][level][level-contents][way-back]") {
  const auto files = level_files();
  const auto scene = through_glb(import_level(files));
  CHECK(export_level(scene) == files.level);

  auto edited = scene;
  const auto light = named(edited, "light_0");
  const auto glow = named(edited, "glow_1");
  const auto portal = named(edited, "portal_1");
  REQUIRE((light && glow && portal));
  auto trs = scene::decompose(scene::matrix_of(edited.nodes[*light]));
  trs.translation += glm::vec3(1, 0, 0);
  edited.nodes[*light].transform = trs;
  auto glow_trs = scene::decompose(scene::matrix_of(edited.nodes[*glow]));
  glow_trs.translation.y += 2;
  edited.nodes[*glow].transform = glow_trs;
  edited.meshes.at(edited.nodes[*portal].meshes.at(0)).positions[2].y += 0.5f;
  std::vector<std::string> warnings;
  const auto back = xray::read_level(export_level(edited, &warnings), "level");
  const auto original = test::xray_sample_level_with_contents();
  CHECK(warnings.empty());
  REQUIRE(back.lights.size() == 3);
  CHECK(back.lights[0].position == std::array<float, 3>{0, 2, 3});  // scene +x is engine -x
  CHECK(back.lights[0].diffuse == original.lights[0].diffuse);
  CHECK(back.lights[1].position == original.lights[1].position);
  REQUIRE(back.glows.size() == 2);
  CHECK(back.glows[1].position == std::array<float, 3>{3, 3, -2});
  CHECK(back.glows[1].radius == 1.5f);
  REQUIRE(back.portals.size() == 2);
  CHECK(back.portals[1].vertices[2] == std::array<float, 3>{2, 1.5f, 0});
  CHECK(back.portals[0].vertices == original.portals[0].vertices);  // the unused corners kept
  CHECK(back.visuals.size() == original.visuals.size());

  SECTION("without the stored level, the way back says why") {
    auto bare = scene;
    bare.nodes[0].extras.erase("xray.level.stored");
    CHECK_THROWS_WITH(export_level(bare), Catch::Contains("a level it converted"));
  }
}

TEST_CASE("Blender imports a converted level's lights as lights of their type, colour and place",
          "[xray][level][level-contents][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const test::TempDir dir;
  const auto files = level_files();
  write_file_atomically(dir / "level", files.level);
  write_file_atomically(dir / "level.geom", files.geom);
  const auto glb = dir / "level.glb";
  const auto converted = test::run_gamefmt({"-q", "convert", (dir / "level").string(), "-o", glb.string()});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  const auto blender = test::run_blender_script("level_lights_check.py", {glb.string()});
  INFO(blender.output);
  REQUIRE(blender.exit_code == 0);
  const auto lights = test::marked_json(blender.output, "LEVEL_LIGHTS");
  REQUIRE(lights.is_object());
  const auto level = test::xray_sample_level_with_contents();
  const char* types[] = {"POINT", "SPOT", "SUN"};
  for (std::size_t l = 0; l < level.lights.size(); ++l) {
    const std::string name = "light_" + std::to_string(l);
    INFO(name);
    REQUIRE(lights.contains(name));
    const auto& light = lights[name];
    CHECK(light["type"] == types[l]);
    // Engine (x, y, z) -> glTF (-x, y, z) -> Blender's Z-up (-x, -z, y).
    const auto& p = level.lights[l].position;
    CHECK(light["location"][0].get<double>() == Approx(-p[0]).margin(1e-5));
    CHECK(light["location"][1].get<double>() == Approx(-p[2]).margin(1e-5));
    CHECK(light["location"][2].get<double>() == Approx(p[1]).margin(1e-5));
    const auto& d = level.lights[l].diffuse;
    const double brightest = std::max({d[0], d[1], d[2]});
    for (int c = 0; c < 3; ++c)
      CHECK(light["color"][c].get<double>() == Approx(d[c] / brightest).margin(1e-4));
  }
}

TEST_CASE("A level gathers the collision, details and occluders beside it; -O parts chooses them",
          "[xray][level][level-contents]") {
  const test::TempDir dir;
  const auto files = level_files();
  write_file_atomically(dir / "level", files.level);
  write_file_atomically(dir / "level.geom", files.geom);
  for (const auto& sample : test::xray_level_samples())
    if (sample.name == "level.cform" || sample.name == "level.details" || sample.name == "level.hom" ||
        sample.name == "level.som")
      write_file_atomically(dir / sample.name, sample.bytes);
  const auto roles_in = [](const test::Glb& glb) {
    std::map<std::string, std::size_t> meshes_under;  // role -> meshes below its group node
    const auto& nodes = glb.json.at("nodes");
    std::function<std::size_t(std::size_t)> count = [&](std::size_t n) {
      std::size_t found = nodes[n].contains("mesh") ? 1 : 0;
      for (const auto& child : nodes[n].value("children", nlohmann::json::array())) found += count(child);
      return found;
    };
    for (std::size_t n = 0; n < nodes.size(); ++n)
      if (nodes[n].contains("extras") && nodes[n]["extras"].contains("gamefmt.role"))
        meshes_under[nodes[n]["extras"]["gamefmt.role"]] += count(n);
    return meshes_under;
  };
  const auto all = test::convert_to_glb({dir / "level"});
  auto roles = roles_in(all.glb);
  CHECK(roles["collision"] > 0);
  CHECK(roles["details"] > 0);
  CHECK(roles["occluders"] > 0);
  CHECK(roles["sound_occluders"] > 0);
  CHECK(roles["lights"] == 0);  // lights are not meshes
  // The way back writes the level alone, as it was.
  const auto glb = dir / "level.glb";
  REQUIRE(test::run_gamefmt({"-q", "convert", (dir / "level").string(), "-o", glb.string()}).exit_code == 0);
  REQUIRE(
      test::run_gamefmt({"-q", "convert", glb.string(), "-o", (dir / "back" / "level").string()}).exit_code ==
      0);
  CHECK(test::read_bytes(dir / "back" / "level") == files.level);

  const auto collision_only = test::convert_to_glb({dir / "level"}, {{"parts", "cform"}});
  roles = roles_in(collision_only.glb);
  CHECK(roles["collision"] > 0);
  CHECK(roles.count("details") == 0);
  CHECK(roles.count("occluders") == 0);

  std::filesystem::remove(dir / "level.som");
  const auto without_som = test::convert_to_glb({dir / "level"});
  CHECK(test::any_warning_contains(without_som.warnings, "level.som"));
  CHECK(roles_in(without_som.glb).count("sound_occluders") == 0);
}

TEST_CASE("A level with contents, any one byte changed, converts and comes back or gives a FormatError",
          "[xray][level][level-contents][sweep]") {
  const auto files = level_files();
  std::size_t converted = 0;
  for (std::size_t at = 0; at < files.level.size(); ++at) {
    for (const std::byte flip : {std::byte{0x01}, std::byte{0x80}, std::byte{0xFF}}) {
      auto changed = files;
      changed.level[at] ^= flip;
      try {
        const auto scene = import_level(changed);
        const auto glb = gltf::write_gltf(scene, {}, "level.glb");
        (void)export_level(gltf::read_gltf(glb, "level.glb"));
        ++converted;
      } catch (const FormatError&) {
      }
    }
  }
  CHECK(converted > files.level.size());  // most changes still convert
}
