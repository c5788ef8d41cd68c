// X-Ray bump pairs in conversions, on hand-built DDS files (no corpus): the `_bump` / `_bump#` beside a
// texture, or the pair its .thm names, become the glTF normal texture and metal/roughness texture whose
// pixels are the documented formula (xray_bump_samples.hpp, written apart from the conversion) applied to the
// files as libsquish decodes them; the skinned mesh carries the OGF's tangents; `gamefmt info` lists the
// files; the way back stays byte for byte.
#include <catch2/catch.hpp>
#include <glm/geometric.hpp>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/thm.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "xray/xray_bump_maps.hpp"
#include "xray/xray_space.hpp"
#include "xray_bump_samples.hpp"

using namespace gamefmt;
using test::put;
using test::put_text;

namespace {

test::Pixels embedded(const test::Glb& glb, const std::string& slot) {
  const auto image = test::material_image_bytes(glb, 0, slot);
  REQUIRE(image.has_value());
  const auto pixels = test::decode_picture(*image);
  REQUIRE(pixels.has_value());
  return *pixels;
}

test::Pixels squished(std::span<const std::byte> dds) {
  const auto pixels = test::decode_dds_with_libsquish(dds);
  REQUIRE(pixels.has_value());
  return *pixels;
}

glm::vec3 vec(const std::array<float, 3>& v) {
  return {v[0], v[1], v[2]};
}

std::vector<std::byte> thm_naming(const std::string& bump, std::uint32_t mode) {
  xray::Thm thm;
  thm.version = 18;
  thm.type = xray::kThmTypeTexture;
  thm.params = xray::ThmTextureParams{};
  thm.params->flags = xray::kThmFlagDiffuseDetail;
  thm.detail = xray::ThmDetail{"detail\\detail_grnd_grass", 4.5f};
  thm.bump = xray::ThmBump{0.05f, mode, bump};
  return xray::write_thm(thm);
}

}  // namespace

TEST_CASE("An X-Ray bump pair becomes the normal and metal/roughness textures by the documented formula",
          "[texture][xray][xray-bump]") {
  test::TempDir temp;
  const auto gamedata = temp / "gamedata";
  const auto model = gamedata / "meshes" / "quad.ogf";
  put(model, test::xray_bump_quad_ogf_bytes());
  put(gamedata / "textures" / "act" / "body.dds", test::uniform_dxt5(200, 100, 50, 255));
  const auto bump = test::varied_dxt5(1), bump_error = test::varied_dxt5(2);
  put(gamedata / "textures" / "act" / "Body_Bump.dds", bump);
  put(gamedata / "textures" / "act" / "body_bump#.dds", bump_error);

  SECTION("the pair beside the texture, with its error map") {
    const auto converted = test::convert_to_glb({model});
    const auto& material = converted.glb.json.at("materials").at(0);
    CHECK(embedded(converted.glb, "normalTexture") ==
          test::expected_normal_pixels(squished(bump), squished(bump_error)));
    CHECK(embedded(converted.glb, "metallicRoughnessTexture") ==
          test::expected_metal_roughness_pixels(squished(bump), squished(bump_error)));
    CHECK(material["pbrMetallicRoughness"].value("metallicFactor", 1.0) == 0.0);
    CHECK(material["pbrMetallicRoughness"].value("roughnessFactor", 1.0) == 1.0);
    const auto& maps = material.at("extras").at("xray.texture_maps");
    CHECK(maps["bump"] == "act\\body_bump");
    CHECK(maps["bump_from"] == "name");
    CHECK(maps["error_map"] == true);
    CHECK_FALSE(maps.contains("thm"));
  }

  SECTION("without an error map, the error term is zero") {
    std::filesystem::remove(gamedata / "textures" / "act" / "body_bump#.dds");
    const auto converted = test::convert_to_glb({model});
    CHECK(embedded(converted.glb, "normalTexture") ==
          test::expected_normal_pixels(squished(bump), std::nullopt));
    CHECK(embedded(converted.glb, "metallicRoughnessTexture") ==
          test::expected_metal_roughness_pixels(squished(bump), std::nullopt));
    CHECK(converted.glb.json["materials"][0]["extras"]["xray.texture_maps"]["error_map"] == false);
  }

  SECTION("the pair the texture's .thm names, and its detail texture") {
    const auto other = test::varied_dxt5(3), other_error = test::varied_dxt5(4);
    put(gamedata / "textures" / "act" / "other_bump.dds", other);
    put(gamedata / "textures" / "act" / "other_bump#.dds", other_error);
    put(gamedata / "textures" / "act" / "body.thm", thm_naming("act\\other_bump", 2));
    const auto converted = test::convert_to_glb({model});
    CHECK(embedded(converted.glb, "normalTexture") ==
          test::expected_normal_pixels(squished(other), squished(other_error)));
    const auto& maps = converted.glb.json["materials"][0]["extras"]["xray.texture_maps"];
    CHECK(maps["bump"] == "act\\other_bump");
    CHECK(maps["bump_from"] == "thm");
    CHECK(maps["thm"] == "textures/act/body.thm");
    CHECK(maps["bump_mode"] == 2);
    CHECK(maps["detail"]["name"] == "detail\\detail_grnd_grass");
    CHECK(maps["detail"]["scale"] == 4.5);

    const auto info = test::run_gamefmt({"info", "--json", model.string()});
    INFO(info.output);
    REQUIRE(info.exit_code == 0);
    const auto textures = nlohmann::json::parse(info.output).at("textures");
    REQUIRE(textures.size() == 1);
    CHECK(textures[0]["thm"] == "textures/act/body.thm");
    CHECK(textures[0]["bump"]["name"] == "act\\other_bump");
    CHECK(textures[0]["bump"]["from"] == "thm");
    CHECK(textures[0]["bump"]["bump"] == "textures/act/other_bump.dds");
    CHECK(textures[0]["bump"]["bump_error"] == "textures/act/other_bump#.dds");
  }

  SECTION("a .thm whose bump mode uses none, or names a bump that is not there, leaves the default pair") {
    const bool missing = GENERATE(false, true);
    put(gamedata / "textures" / "act" / "body.thm",
        missing ? thm_naming("act\\gone_bump", 3) : thm_naming("act\\other_bump", 1));
    const auto converted = test::convert_to_glb({model});
    CHECK(embedded(converted.glb, "normalTexture") ==
          test::expected_normal_pixels(squished(bump), squished(bump_error)));
    CHECK(test::any_warning_contains(converted.warnings, "gone_bump") == missing);
  }

  SECTION("a bump a .thm names outside the game-data folder is not read") {
    put(temp / "outside_bump.dds", test::varied_dxt5(5));
    put(gamedata / "textures" / "act" / "body.thm", thm_naming("..\\..\\outside_bump", 2));
    const auto converted = test::convert_to_glb({model});
    CHECK(embedded(converted.glb, "normalTexture") ==
          test::expected_normal_pixels(squished(bump), squished(bump_error)));
    CHECK(test::any_warning_contains(converted.warnings, "outside_bump"));
  }

  SECTION("info lists the bump files beside the texture") {
    const auto info = test::run_gamefmt({"info", "--json", model.string()});
    INFO(info.output);
    REQUIRE(info.exit_code == 0);
    const auto textures = nlohmann::json::parse(info.output).at("textures");
    REQUIRE(textures.size() == 1);
    CHECK(textures[0]["thm"].is_null());
    CHECK(textures[0]["bump"]["from"] == "name");
    CHECK(textures[0]["bump"]["bump"] == "textures/act/Body_Bump.dds");
    CHECK(textures[0]["bump"]["bump_error"] == "textures/act/body_bump#.dds");
  }

  SECTION("the tangents are the OGF's, and the way back is byte for byte") {
    const auto glb = temp / "quad.glb", back = temp / "back.ogf";
    REQUIRE(test::run_gamefmt({"convert", model.string(), "-o", glb.string()}).exit_code == 0);
    const auto scene = gltf::read_gltf(test::read_bytes(glb), "quad.glb");
    REQUIRE(scene.meshes.size() == 1);
    const auto& mesh = scene.meshes[0];
    REQUIRE(mesh.tangents.size() == mesh.positions.size());
    const glm::vec3 tangent = xray::xray_space::vector(vec(test::kBumpQuadTangent));
    const glm::vec3 binormal = xray::xray_space::vector(vec(test::kBumpQuadBinormal));
    for (std::size_t i = 0; i < mesh.tangents.size(); ++i) {
      const glm::vec4 t = mesh.tangents[i];
      CHECK(glm::vec3(t) == tangent);
      const glm::vec3 bitangent = glm::cross(mesh.normals[i], glm::vec3(t)) * t.w;
      CHECK(glm::dot(bitangent, -binormal) == Approx(1.0f));
    }
    REQUIRE(test::run_gamefmt({"convert", glb.string(), "-o", back.string()}).exit_code == 0);
    CHECK(test::read_bytes(back) == test::read_bytes(model));
  }
}

TEST_CASE("An error map of another size than its bump is sampled at the same UV, nearest texel",
          "[xray][xray-bump]") {
  // A 4 x 1 bump over a 2 x 1 error map: bump texels 0 and 1 take error texel 0, texels 2 and 3 texel 1.
  const image::Rgba8Image bump{4, 1, {10, 20, 30, 40, 11, 21, 31, 41, 12, 22, 32, 42, 13, 23, 33, 43}};
  const image::Rgba8Image error{2, 1, {100, 110, 120, 5, 200, 210, 220, 6}};
  const auto images = xray::rebuild_xray_bump(bump, &error);
  const std::vector<std::uint8_t> normal{40 + 100 - 127, 255 - (30 + 110 - 127), 20 + 120 - 127, 255,  //
                                         41 + 100 - 127, 255 - (31 + 110 - 127), 21 + 120 - 127, 255,  //
                                         42 + 200 - 127, 255 - (32 + 210 - 127), 22 + 220 - 127, 255,  //
                                         43 + 200 - 127, 255 - (33 + 210 - 127), 23 + 220 - 127, 255};
  CHECK(images.normal.pixels == normal);
  const std::vector<std::uint8_t> metal_roughness{10, 245, 5, 255, 11, 244, 5, 255,
                                                  12, 243, 6, 255, 13, 242, 6, 255};
  CHECK(images.metal_roughness.pixels == metal_roughness);
  // Sums past either end clamp.
  const image::Rgba8Image extreme{1, 1, {0, 250, 2, 250}};
  const image::Rgba8Image extreme_error{1, 1, {250, 1, 250, 0}};
  CHECK(xray::rebuild_xray_bump(extreme, &extreme_error).normal.pixels ==
        std::vector<std::uint8_t>{255, 255, 255, 255});
}

TEST_CASE("glTF tangents from OGF vectors are unit length with a handedness of one", "[xray][xray-bump]") {
  const glm::vec3 normal(0, 1, 0);
  // Bitangent cross(n, t) * w points against the binormal: +Z binormal with +X tangent gives w = 1, since
  // cross(+Y, +X) = -Z.
  CHECK(xray::gltf_tangent(normal, {2, 0, 0}, {0, 0, 1}) == glm::vec4(1, 0, 0, 1));
  CHECK(xray::gltf_tangent(normal, {2, 0, 0}, {0, 0, -1}) == glm::vec4(1, 0, 0, -1));
  // No tangent (or not a number): a unit vector perpendicular to the normal; no binormal: w = 1.
  for (const glm::vec3 bad : {glm::vec3(0), glm::vec3(std::nanf(""), 0, 0)}) {
    const glm::vec4 t = xray::gltf_tangent(normal, bad, glm::vec3(0));
    CHECK(glm::length(glm::vec3(t)) == Approx(1.0f));
    CHECK(glm::dot(glm::vec3(t), normal) == Approx(0.0f).margin(1e-6));
    CHECK(t.w == 1.0f);
  }
}
