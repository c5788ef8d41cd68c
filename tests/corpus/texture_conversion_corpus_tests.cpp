// Converted models arrive textured: every corpus model whose game files name a texture that the corpus holds
// (X-Ray gamedata/textures, the Grimrock mod's scripts and maps, Lugaru's Textures folder) converts to a .glb
// whose material images decode, by stb_image, to exactly the pixels libsquish decodes from the game's DDS (or
// to the picture given, byte for byte). A texture the corpus lacks leaves the material untextured with a
// warning.
#include <catch2/catch.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

scene::Scene load_scene_from_glb(const std::vector<std::byte>& glb) {
  return gltf::read_gltf(glb, "model.glb");
}

// The material's texture slot decodes to the pixels of the DDS file.
void check_slot_matches_dds(const test::Glb& glb, std::size_t material, const std::string& slot,
                            const std::filesystem::path& dds) {
  INFO(slot << " of material " << material << " from " << dds.string());
  const auto image = test::material_image_bytes(glb, material, slot);
  REQUIRE(image.has_value());
  const auto embedded = test::decode_picture(*image);
  REQUIRE(embedded.has_value());
  const auto expected = test::decode_dds_with_libsquish(test::read_bytes(dds));
  REQUIRE(expected.has_value());
  CHECK(embedded->width == expected->width);
  CHECK(embedded->height == expected->height);
  CHECK(embedded->rgba == expected->rgba);
}

// The game's name for a material's texture map, as the conversion keeps it in the material extras.
std::string game_texture_name(const nlohmann::json& material, const std::string& map) {
  if (!material.contains("extras") || !material["extras"].contains("gamefmt_textures")) return {};
  return material["extras"]["gamefmt_textures"].value(map, std::string{});
}

std::string replace_extension(std::string name, const std::string& extension) {
  const auto dot = name.find_last_of('.');
  const auto slash = name.find_last_of("/\\");
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) name.resize(dot);
  return name + extension;
}

}  // namespace

TEST_CASE("X-Ray models embed their gamedata textures with the DDS's exact pixels",
          "[corpus][texture][xray]") {
  const auto corpus = *test::corpus_dir();
  const auto gamedata = corpus / "xray" / "gamedata";
  std::vector<std::filesystem::path> models;
  for (const auto* extension : {"ogf", "object", "dm"}) {
    const auto found = test::files_with_extension(corpus / "xray", extension);
    for (const auto& file : found)
      if (file.parent_path() == corpus / "xray") models.push_back(file);
  }
  std::size_t textured = 0, missing = 0;
  for (const auto& model : models) {
    INFO(model.string());
    const auto converted = test::convert_to_glb({model}, {{"gamedata", gamedata.string()}});
    const auto& materials = converted.glb.json.value("materials", nlohmann::json::array());
    for (std::size_t m = 0; m < materials.size(); ++m) {
      const std::string name = game_texture_name(materials[m], "base_color");
      if (name.empty()) continue;
      INFO("texture " << name);
      if (name.front() == '$') {  // the engine's placeholders ($shadertest, $user$...) name no file
        CHECK_FALSE(test::material_image_bytes(converted.glb, m, "baseColorTexture").has_value());
        CHECK_FALSE(test::any_warning_contains(converted.warnings, name));
        continue;
      }
      const auto dds = test::find_ignoring_case(gamedata / "textures", replace_extension(name, ".dds"));
      if (dds) {
        check_slot_matches_dds(converted.glb, m, "baseColorTexture", *dds);
        ++textured;
      } else {
        CHECK_FALSE(test::material_image_bytes(converted.glb, m, "baseColorTexture").has_value());
        CHECK(test::any_warning_contains(converted.warnings, replace_extension(name, "")));
        ++missing;
      }
    }
  }
  // The corpus ships the textures of most rad_* models (act_Rat.dds differs in letter case from act\act_rat).
  CHECK(textured >= 11);
  CHECK(missing >= 1);
}

TEST_CASE("Grimrock models embed the maps their mod's defineMaterial names, with the DDS's exact pixels",
          "[corpus][texture][shinobi]") {
  const auto corpus = *test::corpus_dir();
  const auto mod = corpus / "grimrock" / "mod";
  std::size_t diffuse = 0, normal = 0;
  for (const auto* name :
       {"rusted_great_axe", "stone_dagger", "eob_sewers_door", "snail_red", "slug", "eob_lockpicks"}) {
    INFO(name);
    const auto converted = test::convert_to_glb({corpus / "grimrock" / (std::string(name) + ".model")},
                                                {{"gamedata", mod.string()}});
    const auto& materials = converted.glb.json.at("materials");
    bool base_colour = false;
    for (std::size_t m = 0; m < materials.size(); ++m) {
      using MapSlot = std::pair<std::string, std::string>;
      for (const auto& [map, slot] :
           std::initializer_list<MapSlot>{{"base_color", "baseColorTexture"}, {"normal", "normalTexture"}}) {
        const std::string texture = game_texture_name(materials[m], map);
        if (texture.empty()) continue;
        INFO(map << " " << texture);
        // Written as .tga in the scripts, shipped as .dds beside that path.
        if (const auto dds = test::find_ignoring_case(mod, replace_extension(texture, ".dds"))) {
          check_slot_matches_dds(converted.glb, m, slot, *dds);
          (map == "normal" ? normal : diffuse)++;
          base_colour = base_colour || map == "base_color";
        } else {
          CHECK_FALSE(test::material_image_bytes(converted.glb, m, slot).has_value());
          CHECK(test::any_warning_contains(converted.warnings, texture));
        }
      }
    }
    CHECK(base_colour);
  }
  CHECK(diffuse >= 6);
  CHECK(normal >= 1);
}

TEST_CASE("Lugaru models take a picture beside them or given as a companion, embedded byte for byte",
          "[corpus][texture][lugaru]") {
  const auto lugaru = *test::corpus_dir() / "lugaru";
  // Bush.png in the Textures folder beside the model carries the model's base name.
  const auto bush = test::convert_to_glb({lugaru / "Bush.solid"}, {});
  CHECK(test::material_image_bytes(bush.glb, 0, "baseColorTexture") ==
        test::read_bytes(lugaru / "Textures" / "Bush.png"));
  // Rabbit's fur has another name: given as a companion.
  const auto rabbit = test::convert_to_glb({lugaru / "Rabbit.solid", lugaru / "Textures" / "Fur.jpg"}, {});
  CHECK(test::material_image_bytes(rabbit.glb, 0, "baseColorTexture") ==
        test::read_bytes(lugaru / "Textures" / "Fur.jpg"));
  CHECK(rabbit.glb.json["images"][0]["mimeType"] == "image/jpeg");
  // Without a picture, nothing is attached and nothing is said.
  const auto rock = test::convert_to_glb({lugaru / "Rock.solid"}, {});
  CHECK_FALSE(rock.glb.json.contains("images"));
  CHECK(rock.warnings.empty());
}

TEST_CASE(
    "The way back keeps texture and material names: a textured .glb gives the game file an untextured one "
    "gives",
    "[corpus][texture]") {
  const auto corpus = *test::corpus_dir();
  const auto back = [](const std::filesystem::path& input, const Options& options,
                       const std::string& output) {
    const auto glb = save_scene(load_scene({input}, options), "model.glb", {}).front().bytes;
    const auto scene = load_scene_from_glb(glb);
    return save_scene(scene, output, {}).front().bytes;
  };
  struct Case {
    std::filesystem::path file;
    Options options;
    std::string output;
  };
  const std::vector<Case> cases{{corpus / "xray" / "rad_rat_strong1.ogf",
                                 {{"gamedata", (corpus / "xray" / "gamedata").string()}},
                                 "x.ogf"},
                                {corpus / "xray" / "rad_stalker_neutral2c_mas3.ogf",
                                 {{"gamedata", (corpus / "xray" / "gamedata").string()}},
                                 "x.ogf"},
                                {corpus / "grimrock" / "snail_red.model",
                                 {{"gamedata", (corpus / "grimrock" / "mod").string()}},
                                 "x.model"},
                                {corpus / "grimrock" / "eob_lockpicks.model",
                                 {{"gamedata", (corpus / "grimrock" / "mod").string()}},
                                 "x.model"}};
  for (const auto& c : cases) {
    INFO(c.file.string());
    auto untextured = c.options;
    untextured["textures"] = "0";
    CHECK(back(c.file, c.options, c.output) == back(c.file, untextured, c.output));
  }
}
