// Textures found by the games' rules in folder layouts no corpus has: a gamedata folder found by walking up
// with texture paths in other letter case (X-Ray), a mod whose init.lua imports the script that defines the
// materials and whose maps sit in other folders (Grimrock), uncompressed and BC1/BC3 DDS, missing files, -O
// textures=0. Embedded pixels are decoded by stb_image and compared with libsquish or with the texels written
// here.
#include <atomic>
#include <catch2/catch.hpp>
#include <thread>

#include "core/texture_images.hpp"
#include "dds_samples.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "glb_images.hpp"
#include "shinobi_samples.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;
using test::put;
using test::put_text;

namespace {

test::ConvertedGlb convert_to_glb(const std::filesystem::path& input, const Options& options = {}) {
  return test::convert_to_glb({input}, options);
}

// 8 x 4 BC1 (two blocks: four-colour and three-colour with transparent black) and its libsquish decoding.
std::vector<std::byte> bc1_picture() {
  const auto left = test::bc1_block(0xF800, 0x001F, {0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3});
  const auto right = test::bc1_block(0x07E0, 0xFFFF, {0, 1, 2, 3, 0, 1, 2, 3, 3, 3, 3, 3, 0, 0, 0, 0});
  test::DdsSampleHeader header;
  header.width = 8;
  return test::dds_file(header, test::concatenate({left, right}));
}

// 4 x 4 BC3 with an alpha ramp.
std::vector<std::byte> bc3_picture() {
  const auto alpha = test::bc3_alpha_block(255, 0, {0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7});
  const auto colour = test::bc1_block(0xFFE0, 0x0010, {0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3});
  test::DdsSampleHeader header;
  header.fourcc = "DXT5";
  return test::dds_file(header, test::concatenate({alpha, colour}));
}

// 2 x 2 uncompressed 32-bit BGRA and the RGBA it stands for.
const std::vector<std::uint8_t> kBgraTexels{10, 20,  30,  40,  50,  60,  70,  80,
                                            90, 100, 110, 120, 130, 140, 150, 160};
std::vector<std::byte> bgra_picture() {
  const auto header =
      test::uncompressed_dds_header(2, 2, 32, {0x00FF0000u, 0x0000FF00u, 0x000000FFu, 0xFF000000u});
  std::vector<std::byte> data;
  for (auto b : kBgraTexels) data.push_back(std::byte(b));
  return test::dds_file(header, data);
}
std::vector<std::uint8_t> bgra_as_rgba() {
  std::vector<std::uint8_t> rgba;
  for (std::size_t i = 0; i < kBgraTexels.size(); i += 4)
    rgba.insert(rgba.end(), {kBgraTexels[i + 2], kBgraTexels[i + 1], kBgraTexels[i], kBgraTexels[i + 3]});
  return rgba;
}

test::Pixels embedded_pixels(const test::Glb& glb, std::size_t material, const std::string& slot) {
  const auto image = test::material_image_bytes(glb, material, slot);
  REQUIRE(image.has_value());
  const auto pixels = test::decode_picture(*image);
  REQUIRE(pixels.has_value());
  return *pixels;
}

std::size_t material_named(const test::Glb& glb, const std::string& name) {
  const auto& materials = glb.json.at("materials");
  for (std::size_t i = 0; i < materials.size(); ++i)
    if (materials[i].value("name", std::string{}) == name) return i;
  FAIL("no material " << name << " in " << materials.dump());
  return 0;
}

}  // namespace

TEST_CASE("An X-Ray model finds gamedata by walking up and its textures with letter case ignored",
          "[texture][xray]") {
  test::TempDir temp;
  const auto gamedata = temp / "Game" / "gamedata";
  // The skinned sample names "act\body"; the static one "wood" and "metal".
  put(gamedata / "meshes" / "monsters" / "beast.ogf", test::xray_sample_skinned_ogf_bytes());
  put(gamedata / "meshes" / "props" / "crate.ogf", test::xray_sample_static_ogf_bytes());
  const auto bc1 = bc1_picture();
  put(gamedata / "Textures" / "ACT" / "Body.DDS", bc1);
  put(gamedata / "textures" / "WOOD.dds", bgra_picture());

  const auto beast = convert_to_glb(gamedata / "meshes" / "monsters" / "beast.ogf");
  CHECK(embedded_pixels(beast.glb, 0, "baseColorTexture") == *test::decode_dds_with_libsquish(bc1));
  CHECK(beast.glb.json["images"][0]["mimeType"] == "image/png");

  const auto crate = convert_to_glb(gamedata / "meshes" / "props" / "crate.ogf");
  const auto wood = embedded_pixels(crate.glb, material_named(crate.glb, "wood"), "baseColorTexture");
  CHECK(wood.width == 2);
  CHECK(wood.rgba == bgra_as_rgba());
  // "metal" is not there: the material stays untextured, and the warning says what was looked for where.
  CHECK_FALSE(test::material_image_bytes(crate.glb, material_named(crate.glb, "metal"), "baseColorTexture"));
  CHECK(test::any_warning_contains(crate.warnings, "'metal' not found"));
  CHECK(test::any_warning_contains(crate.warnings, "metal.dds"));

  SECTION("info lists each texture, where it was found and where it was looked for") {
    const auto info =
        test::run_gamefmt({"info", "--json", (gamedata / "meshes" / "props" / "crate.ogf").string()});
    INFO(info.output);
    REQUIRE(info.exit_code == 0);
    const auto textures = nlohmann::json::parse(info.output).at("textures");
    REQUIRE(textures.size() == 2);
    CHECK(textures[0]["name"] == "wood");
    CHECK(std::filesystem::equivalent(textures[0]["found"].get<std::string>(),
                                      gamedata / "textures" / "WOOD.dds"));
    CHECK(textures[1]["name"] == "metal");
    CHECK(textures[1]["found"].is_null());
    CHECK(textures[1]["looked_for"][0].get<std::string>().ends_with("textures/metal.dds"));
  }
  SECTION("--gamedata names another folder") {
    const auto other = temp / "elsewhere";
    put(other / "textures" / "act" / "body.dds", bgra_picture());
    const auto converted =
        convert_to_glb(gamedata / "meshes" / "monsters" / "beast.ogf", {{"gamedata", other.string()}});
    CHECK(embedded_pixels(converted.glb, 0, "baseColorTexture").rgba == bgra_as_rgba());
  }
  SECTION("models sharing a texture, converted at the same time, decode it once") {
    const auto pack = temp / "pack" / "gamedata";  // files no conversion has read yet
    put(pack / "meshes" / "a.ogf", test::xray_sample_skinned_ogf_bytes());
    put(pack / "meshes" / "b.ogf", test::xray_sample_skinned_ogf_bytes());
    put(pack / "textures" / "act" / "body.dds", bc1);
    const auto before = texture_cache_statistics();
    std::vector<std::thread> threads;
    std::atomic<int> textured{0};
    for (int i = 0; i < 4; ++i)
      threads.emplace_back([&, i] {
        const auto scene = load_scene({pack / "meshes" / (i % 2 ? "a.ogf" : "b.ogf")}, {});
        if (scene.images.size() == 1) ++textured;
      });
    for (auto& thread : threads) thread.join();
    const auto after = texture_cache_statistics();
    CHECK(textured == 4);
    CHECK(after.lookups - before.lookups == 4);
    CHECK(after.loads - before.loads == 1);
  }
  SECTION("-O textures=0 embeds nothing and says nothing about textures") {
    const auto converted =
        convert_to_glb(gamedata / "meshes" / "monsters" / "beast.ogf", {{"textures", "0"}});
    CHECK_FALSE(converted.glb.json.contains("images"));
    CHECK_FALSE(test::any_warning_contains(converted.warnings, "texture"));
  }
  SECTION("a texture file that is not a picture warns and the conversion goes on") {
    put_text(gamedata / "textures" / "act" / "body.dds", "not a texture");
    std::filesystem::remove(gamedata / "Textures" / "ACT" / "Body.DDS");
    const auto converted = convert_to_glb(gamedata / "meshes" / "monsters" / "beast.ogf");
    CHECK_FALSE(converted.glb.json.contains("images"));
    CHECK(test::any_warning_contains(converted.warnings, "act\\body"));
  }
}

TEST_CASE("A Grimrock model takes the maps its mod's imported script defines, wherever they are",
          "[texture][shinobi]") {
  test::TempDir temp;
  const auto mod = temp / "my_dungeon";
  put(mod / "mod_assets" / "models" / "walls" / "wall.model",
      shinobi::write_model(test::grimrock_quads({"mossy_wall", "glass", "undefined_here"})));
  put_text(mod / "mod_assets" / "scripts" / "init.lua",
           "import \"mod_assets/scripts/standard_assets.lua\"\nimport \"mod_assets/scripts/walls.lua\"\n");
  put_text(
      mod / "mod_assets" / "scripts" / "walls.lua",
      "local base = \"mod_assets/textures/dungeon/\"\n"
      "defineMaterial{\n  name = \"mossy_wall\",\n  diffuseMap = base .. \"mossy_wall_dif.tga\",\n"
      "  normalMap = base .. \"mossy_wall_normal.tga\",\n  specularMap = base .. \"mossy_wall_spec.tga\",\n"
      "  doubleSided = true,\n  lighting = true,\n  glossiness = 20,\n}\n"
      "for _, n in ipairs({\"glass\"}) do\n  defineMaterial{ name = n, diffuseMap = base .. n .. \".tga\","
      " blendMode = \"Translucent\", alphaTest = false }\nend\n");
  const auto bc1 = bc1_picture(), bc3 = bc3_picture();
  put(mod / "mod_assets" / "textures" / "Dungeon" / "mossy_wall_dif.dds", bc1);
  put(mod / "mod_assets" / "textures" / "Dungeon" / "mossy_wall_normal.dds", bc3);
  put(mod / "mod_assets" / "textures" / "Dungeon" / "glass.dds", bgra_picture());

  const auto converted = convert_to_glb(mod / "mod_assets" / "models" / "walls" / "wall.model");
  INFO(converted.glb.json.dump());
  const auto wall = material_named(converted.glb, "mossy_wall");
  CHECK(embedded_pixels(converted.glb, wall, "baseColorTexture") == *test::decode_dds_with_libsquish(bc1));
  CHECK(embedded_pixels(converted.glb, wall, "normalTexture") == *test::decode_dds_with_libsquish(bc3));
  const auto& wall_json = converted.glb.json["materials"][wall];
  CHECK(wall_json["doubleSided"] == true);
  CHECK(wall_json["extras"]["shinobi.material"]["glossiness"] == 20);
  CHECK(wall_json["extras"]["gamefmt_textures"]["specular"] ==
        "mod_assets/textures/dungeon/mossy_wall_spec.tga");
  // The specular map is not there (it is not embedded, so nothing is said about it).
  CHECK_FALSE(test::any_warning_contains(converted.warnings, "mossy_wall_spec"));

  const auto glass = material_named(converted.glb, "glass");
  CHECK(embedded_pixels(converted.glb, glass, "baseColorTexture").rgba == bgra_as_rgba());
  CHECK(converted.glb.json["materials"][glass]["alphaMode"] == "BLEND");

  // A material no script defines, and a missing imported script: warnings, no failure.
  CHECK(test::any_warning_contains(converted.warnings, "'undefined_here' is not defined"));
  CHECK(test::any_warning_contains(converted.warnings, "standard_assets.lua"));
}

TEST_CASE("Blender's glTF importer and the add-on link the embedded texture to the base colour",
          "[texture][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir temp;
  // The model is outside the game data folder: the CLI and the add-on are told where it is.
  const auto gamedata = temp / "gamedata";
  const auto model = temp / "loose" / "crate.ogf";
  put(model, test::xray_sample_static_ogf_bytes());
  put(gamedata / "textures" / "wood.dds", bgra_picture());
  const auto glb = temp / "crate.glb";
  const auto converted =
      test::run_gamefmt({"convert", model.string(), "--gamedata", gamedata.string(), "-o", glb.string()});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  const auto rgba = bgra_as_rgba();
  const nlohmann::json expected = {{"wood", {2, 2, {rgba[0], rgba[1], rgba[2], rgba[3]}}}};
  const auto blender = test::run_blender_script(
      "texture_check.py",
      {GAMEFMT_CLI_PATH, glb.string(), model.string(), "xray-ogf", expected.dump(), gamedata.string()});
  INFO(blender.output);
  CHECK(blender.exit_code == 0);
  CHECK(test::marked_json(blender.output, "TEXTURE_CHECK").is_object());
}
