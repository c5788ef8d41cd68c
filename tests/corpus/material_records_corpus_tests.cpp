#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gamefmt/conversion.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"

using namespace gamefmt;

namespace {

const xray::ObjectSurface* surface_where(const xray::ObjectFile& object, auto matches) {
  for (const auto& surface : object.surfaces)
    if (matches(surface)) return &surface;
  return nullptr;
}

}  // namespace

TEST_CASE(
    "X-Ray models whose materials share names, assembled in Blender and exported one by one, keep every "
    "shader, compiler shader and game material",
    "[corpus][xray][blender][materials]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto corpus = *test::corpus_dir() / "xray";
  // Imported in this order, Blender names the second copy's material "1 - Defaultsa.001" and the last two
  // "Material.001" and "Material.002"; the scene's custom properties are then bx_test_level_3's, whose
  // "Material" has other shaders than bx_test_fmt_sg_maya's.
  const std::vector<std::string> models = {"bx_test_fmt_old", "bx_test_fmt_old", "bx_test_fmt_sg_maya",
                                           "bx_test_fmt_omf", "bx_test_level_3"};
  test::TempDir out;
  std::vector<std::string> arguments = {GAMEFMT_CLI_PATH, out.path().string(), "xray-object",
                                        "xray-object:object,xray-ogf:ogf"};
  for (const auto& model : models) arguments.push_back((corpus / (model + ".object")).string());
  const auto blender = test::run_blender_script("material_clash.py", arguments);
  INFO(blender.output.substr(blender.output.size() > 4000 ? blender.output.size() - 4000 : 0));
  REQUIRE(blender.exit_code == 0);
  const auto summary = test::marked_json(blender.output, "MATERIAL_CLASH");
  REQUIRE(summary.is_array());
  REQUIRE(summary.size() == models.size());
  // The names clashed as in a user's scene.
  CHECK(summary[1]["materials"] == nlohmann::json::array({"1 - Defaultsa.001"}));
  CHECK(summary[3]["materials"] == nlohmann::json::array({"Material.001"}));
  CHECK(summary[4]["materials"] == nlohmann::json::array({"Material.002"}));

  for (std::size_t i = 0; i < models.size(); ++i) {
    INFO(models[i] << " (model " << i << ")");
    const auto original = xray::read_object(test::read_bytes(corpus / (models[i] + ".object")), models[i]);
    const auto object_file = out / (std::to_string(i) + ".object");
    const auto back = xray::read_object(test::read_bytes(object_file), object_file.string());
    REQUIRE(back.surfaces.size() == original.surfaces.size());
    for (const auto& surface : back.surfaces) {
      INFO("surface " << surface.name);
      const auto* from = surface_where(original, [&](const auto& s) { return s.name == surface.name; });
      REQUIRE(from != nullptr);
      CHECK(surface.engine_shader == from->engine_shader);
      CHECK(surface.compiler_shader == from->compiler_shader);
      CHECK(surface.game_material == from->game_material);
      CHECK(surface.texture == from->texture);
    }
    const auto ogf_file = out / (std::to_string(i) + ".ogf");
    const auto ogf = xray::read_ogf(test::read_bytes(ogf_file), ogf_file.string());
    REQUIRE_FALSE(ogf.meshes.empty());
    for (const auto& mesh : ogf.meshes) {
      INFO("OGF mesh with texture " << mesh.texture);
      const auto* from = surface_where(original, [&](const auto& s) { return s.texture == mesh.texture; });
      REQUIRE(from != nullptr);
      CHECK(mesh.shader == from->engine_shader);
    }
  }

  // A material made in Blender has no record: the SDK's defaults, and the add-on reports gamefmt's warning.
  const auto fresh = xray::read_object(test::read_bytes(out / "fresh.object"), "fresh.object");
  REQUIRE(fresh.surfaces.size() == 1);
  CHECK(fresh.surfaces[0].name == "fresh");
  CHECK(fresh.surfaces[0].engine_shader == "default");
  CHECK(fresh.surfaces[0].compiler_shader == "default");
  CHECK(fresh.surfaces[0].game_material == "default");
  CHECK_THAT(blender.output, Catch::Contains("Warning: material 'fresh' has no X-Ray surface record"));
}

namespace {

// The bytes `write` gives for the scene, or the error it throws.
template <class Write>
std::string written(Write write, const scene::Scene& scene) {
  try {
    const auto bytes = write(scene);
    return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
}

scene::Scene without_material_extras(scene::Scene scene) {
  for (auto& material : scene.materials) material.extras = nullptr;
  return scene;
}

// The scene without the file its import keeps for the way back (written back while the scene is unchanged,
// which the scene without material records is not): what remains is written from the scene.
scene::Scene without_kept_object_file(scene::Scene scene) {
  scene.extras.erase("xray.object.file");
  return scene;
}

}  // namespace

TEST_CASE("Material records change no byte of the corpus models written back", "[corpus][materials]") {
  std::size_t checked = 0;
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "xray", "object")) {
    INFO(file.string());
    const auto scene = without_kept_object_file(load_scene({file}, {{"textures", "0"}}));
    const auto write_object = [](const scene::Scene& s) {
      return save_scene(s, "x.object", {}).front().bytes;
    };
    const auto write_ogf = [](const scene::Scene& s) { return save_scene(s, "x.ogf", {}).front().bytes; };
    CHECK(written(write_object, scene) == written(write_object, without_material_extras(scene)));
    CHECK(written(write_ogf, scene) == written(write_ogf, without_material_extras(scene)));
    ++checked;
  }
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "grimrock", "model")) {
    INFO(file.string());
    const auto scene = load_scene({file}, {});
    const auto write_model = [](const scene::Scene& s) { return save_scene(s, "x.model", {}).front().bytes; };
    CHECK(written(write_model, scene) == written(write_model, without_material_extras(scene)));
    ++checked;
  }
  CHECK(checked >= 30);
}
