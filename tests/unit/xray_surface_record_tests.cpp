#include <catch2/catch.hpp>
#include <fstream>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/xray_surface_record.hpp"
#include "xray_character_samples.hpp"
#include "xray_sdk_samples.hpp"

using namespace gamefmt;
using nlohmann::json;

namespace {

// The sample object with shaders that no exporter would choose by default.
xray::ObjectFile object_with_own_shaders() {
  auto object = test::sample_object();
  object.surfaces = {{"body", "models\\weapons", "def_shaders\\def_trans", "materials\\flesh", "act\\body",
                      "Texture", 1, 0x112, 1}};
  return object;
}

// The scene after a trip through glTF, as gamefmt reads back what a user exported.
scene::Scene through_gltf(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
}

void erase_material_records(scene::Scene& scene) {
  for (auto& material : scene.materials)
    if (material.extras.is_object()) material.extras.erase(xray::kXraySurfaceKey);
}

const xray::ObjectSurface& surface_named(const xray::ObjectFile& object, const std::string& name) {
  for (const auto& surface : object.surfaces)
    if (surface.name == name) return surface;
  FAIL("no surface " << name);
  throw;
}

}  // namespace

TEST_CASE("A material's SDK surface record: its own first, then the scene's list by name",
          "[materials][xray]") {
  const json list = json::array({{{"name", "wood"}, {"engine_shader", "first_wood"}},
                                 {{"name", "wood"}, {"engine_shader", "last_wood"}},
                                 {{"name", "stone"}, {"engine_shader", "stone"}},
                                 {{"name", "tile.001"}, {"engine_shader", "tile_001"}},
                                 {{"name", "tile"}, {"engine_shader", "tile"}}});
  const json own = {{xray::kXraySurfaceKey, {{"name", "wood"}, {"engine_shader", "own"}}}};
  const auto shader = [&](const json& extras, std::string_view name) {
    const auto record = xray::sdk_surface_record(list, extras, name);
    return record.is_null() ? std::string("none") : record.value("engine_shader", "?");
  };
  // The material's own record, whatever its name and whatever the list says.
  CHECK(shader(own, "wood") == "own");
  CHECK(shader(own, "wood.001") == "own");
  CHECK(shader(own, "renamed") == "own");
  // No own record: the last of the name; then the last whose Blender copy the name is.
  CHECK(shader(nullptr, "wood") == "last_wood");
  CHECK(shader(nullptr, "wood.001") == "last_wood");
  CHECK(shader(nullptr, "stone.003") == "stone");
  CHECK(shader(nullptr, "tile.001") == "tile_001");  // the exact name before the copy rule
  CHECK(shader(nullptr, "tile.002") == "tile");      // the last record of the stem "tile"
  CHECK(shader(nullptr, "metal") == "none");
  CHECK(shader(nullptr, "wood.1") == "none");
  CHECK(shader(nullptr, "woodwork.001") == "none");
  // An own record that is not an object (a DCC tool's string) is not one.
  CHECK(shader({{xray::kXraySurfaceKey, "models\\model"}}, "stone") == "stone");
  CHECK(xray::sdk_surface_record(nullptr, nullptr, "wood").is_null());
}

TEST_CASE("Each material carries its surface record; the scene keeps the list", "[materials][xray]") {
  const auto object = object_with_own_shaders();
  const auto scene = through_gltf(xray::object_to_scene(object, "thing"));
  REQUIRE_FALSE(scene.materials.empty());
  const auto& record = scene.materials[0].extras.at(xray::kXraySurfaceKey);
  CHECK(record == xray::sdk_surface_json(object.surfaces[0]));
  CHECK(record["engine_shader"] == "models\\weapons");
  CHECK(record["compiler_shader"] == "def_shaders\\def_trans");
  CHECK(record["game_material"] == "materials\\flesh");
  CHECK(record["flags"] == 1);
  CHECK(scene.extras.at(xray::kXraySurfacesKey) == json::array({record}));
}

TEST_CASE("A material renamed by Blender, in a scene whose list is another model's, keeps its shaders",
          "[materials][xray]") {
  const auto object = object_with_own_shaders();
  auto scene = through_gltf(xray::object_to_scene(object, "thing"));
  // What Blender does to the second model of a scene: its material renamed, the scene's custom properties
  // those of the model imported last.
  scene.materials[0].name = "body.001";
  scene.extras[xray::kXraySurfacesKey] = json::array({{{"name", "body"},
                                                       {"engine_shader", "other"},
                                                       {"compiler_shader", "other"},
                                                       {"game_material", "other"}}});
  std::vector<std::string> warnings;
  const auto back =
      xray::read_object(xray::write_object(xray::scene_to_object(scene, "back.object", {}, &warnings)), "b");
  REQUIRE(back.surfaces.size() == 1);
  CHECK(back.surfaces[0] == object.surfaces[0]);  // "body", every shader, flags, fvf
  const auto ogf = xray::scene_to_ogf(scene, {}, "back.ogf", &warnings);
  REQUIRE(ogf.meshes.size() == 1);
  CHECK(ogf.meshes[0].shader == "models\\weapons");
  CHECK(ogf.meshes[0].texture == "act\\body");
  CHECK(warnings.empty());

  SECTION("without its own record, the list's record of the name without Blender's suffix") {
    erase_material_records(scene);
    scene.extras[xray::kXraySurfacesKey] = json::array({xray::sdk_surface_json(object.surfaces[0])});
    const auto by_name = xray::scene_to_object(scene, "back.object", {}, &warnings);
    REQUIRE(by_name.surfaces.size() == 1);
    CHECK(by_name.surfaces[0] == object.surfaces[0]);
    CHECK(xray::scene_to_ogf(scene, {}, "back.ogf", &warnings).meshes[0].shader == "models\\weapons");
    CHECK(warnings.empty());
  }
}

TEST_CASE("No surface record: the SDK's defaults, and a warning naming the material and them",
          "[materials][xray]") {
  auto scene = through_gltf(xray::object_to_scene(object_with_own_shaders(), "thing"));
  scene.materials[0].name = "body.001";
  erase_material_records(scene);
  scene.extras.erase(xray::kXraySurfacesKey);
  std::vector<std::string> warnings;
  const auto object = xray::scene_to_object(scene, "back.object", {}, &warnings);
  REQUIRE(object.surfaces.size() == 1);
  CHECK(object.surfaces[0].name == "body.001");
  CHECK(object.surfaces[0].engine_shader == "models\\model");  // skinned
  CHECK(object.surfaces[0].compiler_shader == "default");
  CHECK(object.surfaces[0].game_material == "default");
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("material 'body.001' has no X-Ray surface record"));
  CHECK_THAT(warnings[0],
             Catch::Contains("shader 'models\\model', compiler shader 'default', game material 'default'"));

  warnings.clear();
  const auto ogf = xray::scene_to_ogf(scene, {}, "back.ogf", &warnings);
  CHECK(ogf.meshes[0].shader == "models\\model");
  REQUIRE(warnings.size() == 1);  // once per material, however many meshes use it
  CHECK_THAT(warnings[0], Catch::Contains("material 'body.001' has no X-Ray surface record"));
  CHECK_THAT(warnings[0], Catch::EndsWith("written with shader 'models\\model'"));

  SECTION("gamefmt convert prints it") {
    test::TempDir dir;
    const auto glb = gltf::write_gltf(scene, {}, "renamed.glb");
    std::ofstream(dir / "renamed.glb", std::ios::binary)
        .write(reinterpret_cast<const char*>(glb.data()), std::streamsize(glb.size()));
    for (const char* output : {"back.object", "back.ogf"}) {
      const auto run =
          test::run_gamefmt({"convert", (dir / "renamed.glb").string(), "-o", (dir / output).string()});
      INFO(run.output);
      CHECK(run.exit_code == 0);
      CHECK_THAT(run.output, Catch::Contains("warning: " + (dir / "renamed.glb").string() +
                                             ": material 'body.001' has no X-Ray surface record"));
    }
  }
}

TEST_CASE("A scene from an OGF needs no surface record: its mesh nodes carry the shader",
          "[materials][xray]") {
  const auto* handler = find_handler_by_name("crate.ogf");
  REQUIRE(handler != nullptr);
  ImportRequest request;
  request.primary = {"crate.ogf", test::xray_sample_static_ogf_bytes()};
  const auto scene = through_gltf(handler->import_scene(request));
  std::vector<std::string> warnings;
  const auto object = xray::scene_to_object(scene, "crate.object", {}, &warnings);
  const auto ogf = xray::scene_to_ogf(scene, {}, "crate.ogf", &warnings);
  const auto original = xray::read_ogf(request.primary.bytes, "crate.ogf");
  REQUIRE(ogf.meshes.size() == original.meshes.size());
  for (std::size_t m = 0; m < ogf.meshes.size(); ++m)
    CHECK(ogf.meshes[m].shader == original.meshes[m].shader);
  CHECK(object.surfaces.front().engine_shader == original.meshes.front().shader);
  // (The sample's progressive mesh, written from the scene without the kept file, is warned about.)
  CHECK_THAT(Catch::Detail::stringify(warnings), !Catch::Contains("surface record"));
}

TEST_CASE("Two materials whose records share a name stay two surfaces when their fields differ",
          "[materials][xray]") {
  // Two models' surfaces named "body" in one scene: Blender calls the second material "body.001".
  auto object = object_with_own_shaders();
  auto& mesh = object.meshes->at(0);
  object.surfaces.push_back(object.surfaces[0]);
  object.surfaces[1].engine_shader = "models\\other";
  object.surfaces[1].game_material = "materials\\metal";
  auto second = mesh;
  second.name = "second";
  object.meshes->push_back(second);
  auto scene = through_gltf(xray::object_to_scene(object, "thing"));
  // Materials in surface order; both meshes name "body", which the importer finds first.
  REQUIRE(scene.materials.size() == 2);
  CHECK(scene.materials[1].extras[xray::kXraySurfaceKey]["engine_shader"] == "models\\other");
  const std::size_t second_material = 1;
  for (auto& m : scene.meshes) m.material = m.name.rfind("second", 0) == 0 ? 1 : 0;
  scene.materials[second_material].name = "body.001";
  const auto back = xray::scene_to_object(scene, "back.object");
  REQUIRE(back.surfaces.size() == 2);
  CHECK(surface_named(back, "body") == object.surfaces[0]);
  auto expected = object.surfaces[1];
  expected.name = "body.001";
  CHECK(surface_named(back, "body.001") == expected);

  SECTION("the same fields make one surface") {
    scene.materials[second_material].extras[xray::kXraySurfaceKey] =
        xray::sdk_surface_json(object.surfaces[0]);
    const auto merged = xray::scene_to_object(scene, "back.object");
    REQUIRE(merged.surfaces.size() == 1);
    CHECK(merged.surfaces[0] == object.surfaces[0]);
  }
}

TEST_CASE("Material records change no byte of the .object and .ogf written back", "[materials][xray]") {
  const auto scene = through_gltf(xray::object_to_scene(object_with_own_shaders(), "thing"));
  auto without = scene;
  erase_material_records(without);
  CHECK(xray::write_object(xray::scene_to_object(scene, "a.object")) ==
        xray::write_object(xray::scene_to_object(without, "a.object")));
  CHECK(xray::write_ogf(xray::scene_to_ogf(scene, {}, "a.ogf"), "a.ogf") ==
        xray::write_ogf(xray::scene_to_ogf(without, {}, "a.ogf"), "a.ogf"));
}
