// Materials as the engines draw them: each family's blend, alpha test, culling and lighting rules reach the
// glTF material (alphaMode, alphaCutoff, doubleSided, KHR_materials_unlit, emissive), through the CLI with
// its default options; the ordinary surfaces stay opaque and single-sided; and the way back is unchanged.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "asobo/bigfile_scene.hpp"
#include "dds_samples.hpp"
#include "gamefmt/asobo/names.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "glb_images.hpp"
#include "shinobi_samples.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;
using test::put;
using test::put_text;

namespace {

// A 4 x 4 BC1 picture of one colour.
std::vector<std::byte> plain_picture() {
  const auto block = test::bc1_block(0xF800, 0x001F, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  return test::dds_file(test::DdsSampleHeader{}, block);
}

const nlohmann::json& material_named(const test::Glb& glb, const std::string& name) {
  for (const auto& material : glb.json.at("materials"))
    if (material.value("name", std::string{}) == name) return material;
  FAIL("no material " << name << " in " << glb.json.at("materials").dump());
  static const nlohmann::json none;
  return none;
}

bool unlit(const nlohmann::json& material) {
  return material.contains("extensions") && material["extensions"].contains("KHR_materials_unlit");
}

struct Expected {
  const char* shader;
  const char* alpha_mode;
  double cutoff;  // MASK only
  bool unlit;
  bool self_lit;
};

}  // namespace

TEST_CASE("X-Ray surfaces are drawn by their engine shader's rules; ordinary ones stay opaque and culled",
          "[materials][xray]") {
  test::TempDir temp;
  const auto gamedata = temp / "gamedata";
  put(gamedata / "textures" / "wood.dds", plain_picture());
  put(gamedata / "textures" / "metal.dds", plain_picture());
  const auto sample = xray::read_ogf(test::xray_sample_static_ogf_bytes(), "crate.ogf");
  const Expected cases[] = {
      {"models\\model", "OPAQUE", 0, false, false},
      {"default", "OPAQUE", 0, false, false},
      {"models\\window", "BLEND", 0, false, false},
      {"models\\transparent", "BLEND", 0, false, false},
      {"Models\\LightPlanes", "BLEND", 0, true, false},
      {"models\\model_aref", "MASK", 200.0 / 255, false, false},
      {"def_shaders\\def_aref_v", "MASK", 200.0 / 255, false, false},
      {"models\\selflight", "OPAQUE", 0, false, true},
  };
  for (const auto& expected : cases) {
    INFO(expected.shader);
    auto model = sample;
    for (auto& mesh : model.meshes) mesh.shader = expected.shader;
    const auto file = gamedata / "meshes" / "crate.ogf";
    const auto bytes = xray::write_ogf(model, "crate.ogf");
    put(file, bytes);
    const auto converted = test::convert_to_glb({file});
    const auto& wood = material_named(converted.glb, "wood");
    CHECK(wood.value("alphaMode", std::string("OPAQUE")) == expected.alpha_mode);
    if (std::string(expected.alpha_mode) == "MASK")
      CHECK(wood.value("alphaCutoff", 0.5) == Approx(expected.cutoff));
    CHECK_FALSE(wood.value("doubleSided", false));  // the engine culls back faces for every model shader
    CHECK(unlit(wood) == expected.unlit);
    CHECK(wood.contains("emissiveTexture") == expected.self_lit);
    if (expected.self_lit)
      CHECK(wood["emissiveTexture"]["index"] == wood["pbrMetallicRoughness"]["baseColorTexture"]["index"]);

    // The way back: the unedited model comes back byte for byte.
    const auto glb = temp / "crate.glb";
    const auto back = temp / "back.ogf";
    REQUIRE(test::run_gamefmt({"-q", "convert", file.string(), "-o", glb.string()}).exit_code == 0);
    REQUIRE(test::run_gamefmt({"-q", "convert", glb.string(), "-o", back.string()}).exit_code == 0);
    CHECK(test::read_bytes(back) == bytes);
  }
}

TEST_CASE("Lugaru's bushes and leaves are alpha-tested at 0.5, two-sided and unlit; other models are not",
          "[materials][lugaru]") {
  const auto samples = test::samples_dir() / "lugaru";
  for (const char* name : {"Bush", "Leaves"}) {
    INFO(name);
    const auto converted = test::convert_to_glb({samples / (std::string(name) + ".solid")});
    const auto& material = converted.glb.json.at("materials").at(0);
    CHECK(material.value("alphaMode", std::string()) == "MASK");
    CHECK(material.value("alphaCutoff", 0.5) == 0.5);
    CHECK(material.value("doubleSided", false));
    CHECK(unlit(material));
  }
  for (const char* name : {"Rabbit", "Rock", "TreeTrunk", "Sword"}) {
    INFO(name);
    const auto converted = test::convert_to_glb({samples / (std::string(name) + ".solid")});
    const auto& material = converted.glb.json.at("materials").at(0);
    CHECK(material.value("alphaMode", std::string("OPAQUE")) == "OPAQUE");
    CHECK_FALSE(material.value("doubleSided", false));
    CHECK_FALSE(unlit(material));
  }
}

TEST_CASE("Grimrock materials: blendMode, alphaTest, doubleSided and lighting as the script defines them",
          "[materials][shinobi]") {
  test::TempDir temp;
  const auto mod = temp / "dungeon";
  put(mod / "mod_assets" / "models" / "quads.model",
      shinobi::write_model(test::grimrock_quads({"plain", "web", "grate", "glow"})));
  put_text(mod / "mod_assets" / "scripts" / "init.lua", "import \"mod_assets/scripts/materials.lua\"\n");
  put_text(
      mod / "mod_assets" / "scripts" / "materials.lua",
      "defineMaterial{ name = \"plain\", blendMode = \"Opaque\", lighting = true }\n"
      "defineMaterial{ name = \"web\", doubleSided = true, lighting = false, alphaTest = false,"
      " blendMode = \"Translucent\" }\n"
      "defineMaterial{ name = \"grate\", alphaTest = true, blendMode = \"Opaque\", doubleSided = true }\n"
      "defineMaterial{ name = \"glow\", blendMode = \"Additive\", lighting = false }\n");
  const auto converted = test::convert_to_glb({mod / "mod_assets" / "models" / "quads.model"});
  INFO(converted.glb.json.at("materials").dump());
  const auto& plain = material_named(converted.glb, "plain");
  CHECK(plain.value("alphaMode", std::string("OPAQUE")) == "OPAQUE");
  CHECK_FALSE(plain.value("doubleSided", false));
  CHECK_FALSE(unlit(plain));
  const auto& web = material_named(converted.glb, "web");
  CHECK(web.value("alphaMode", std::string()) == "BLEND");
  CHECK(web.value("doubleSided", false));
  CHECK(unlit(web));
  const auto& grate = material_named(converted.glb, "grate");
  CHECK(grate.value("alphaMode", std::string()) == "MASK");
  CHECK(grate.value("doubleSided", false));
  CHECK_FALSE(unlit(grate));
  const auto& glow = material_named(converted.glb, "glow");
  CHECK(glow.value("alphaMode", std::string()) == "BLEND");
  CHECK(unlit(glow));
  CHECK(glow["extras"]["shinobi.material"]["blendMode"] == "Additive");
}

TEST_CASE("A Grimrock normal map that stores no z (blue 255 everywhere) gets z rebuilt from x and y",
          "[materials][shinobi][texture]") {
  test::TempDir temp;
  const auto mod = temp / "dungeon";
  put(mod / "mod_assets" / "models" / "wall.model",
      shinobi::write_model(test::grimrock_quads({"flat_z", "with_z"})));
  put_text(mod / "mod_assets" / "scripts" / "init.lua",
           "defineMaterial{ name = \"flat_z\", normalMap = \"mod_assets/textures/flat_z.tga\" }\n"
           "defineMaterial{ name = \"with_z\", normalMap = \"mod_assets/textures/with_z.tga\" }\n");
  // Blue 31 of 31 in both colours: every texel's blue decodes to 255. Red and green tilt the normals.
  const auto flat = test::dds_file(
      test::DdsSampleHeader{},
      test::bc1_block(std::uint16_t((20 << 11) | (40 << 5) | 31), std::uint16_t((8 << 11) | (20 << 5) | 31),
                      {0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3}));
  const auto with_z = test::dds_file(
      test::DdsSampleHeader{},
      test::bc1_block(std::uint16_t((16 << 11) | (32 << 5) | 28), std::uint16_t((12 << 11) | (28 << 5) | 20),
                      {0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3}));
  put(mod / "mod_assets" / "textures" / "flat_z.dds", flat);
  put(mod / "mod_assets" / "textures" / "with_z.dds", with_z);
  const auto converted = test::convert_to_glb({mod / "mod_assets" / "models" / "wall.model"});
  const auto normal_pixels = [&](const std::string& name) {
    const auto& materials = converted.glb.json.at("materials");
    for (std::size_t m = 0; m < materials.size(); ++m)
      if (materials[m].value("name", std::string()) == name) {
        const auto image = test::material_image_bytes(converted.glb, m, "normalTexture");
        REQUIRE(image.has_value());
        return *test::decode_picture(*image);
      }
    FAIL("no material " << name);
    return test::Pixels{};
  };
  const auto flat_in = *test::decode_dds_with_libsquish(flat);
  const auto flat_out = normal_pixels("flat_z");
  REQUIRE(flat_out.rgba.size() == flat_in.rgba.size());
  for (std::size_t i = 0; i < flat_in.rgba.size(); i += 4) {
    CHECK(flat_in.rgba[i + 2] == 255);
    CHECK(flat_out.rgba[i] == flat_in.rgba[i]);
    CHECK(flat_out.rgba[i + 1] == flat_in.rgba[i + 1]);
    const double x = flat_in.rgba[i] / 127.5 - 1, y = flat_in.rgba[i + 1] / 127.5 - 1;
    const double z = std::sqrt(std::max(0.0, 1 - x * x - y * y));
    CHECK(int(flat_out.rgba[i + 2]) == int(std::lround(127.5 * (z + 1))));
  }
  CHECK(normal_pixels("with_z") == *test::decode_dds_with_libsquish(with_z));  // a map with z: as stored
}

TEST_CASE("FUEL materials blend where their render flags say transparency, and are opaque otherwise",
          "[materials][asobo]") {
  for (const bool transparent : {false, true}) {
    INFO("transparent " << transparent);
    asobo::SampleMeshArchiveOptions options;
    options.transparent_material = transparent;
    const auto names_text = asobo::sample_mesh_archive_names();
    const auto names = asobo::parse_name_list(
        std::span(reinterpret_cast<const std::byte*>(names_text.data()), names_text.size()), "sample.NPC");
    const auto scene =
        asobo::bigfile_meshes_to_scene(asobo::make_sample_mesh_archive(options), &names, "FUEL.DPC");
    const auto material = std::find_if(scene.materials.begin(), scene.materials.end(),
                                       [](const scene::Material& m) { return m.name == "crate_wood"; });
    REQUIRE(material != scene.materials.end());
    CHECK(material->alpha_mode == (transparent ? scene::AlphaMode::blend : scene::AlphaMode::opaque));
    CHECK_FALSE(material->double_sided);
    CHECK_FALSE(material->unlit);
  }
}
