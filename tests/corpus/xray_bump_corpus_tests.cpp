// X-Ray bump maps on the corpus: every model (.ogf, .object, .dm) whose texture has a `_bump` beside it in
// gamedata/textures converts with a normal texture and a metal/roughness texture whose pixels are the
// documented formula (xray_bump_samples.hpp, written apart from the conversion) applied to the `_bump` and
// `_bump#` files as libsquish decodes them; textures without one get neither. Skinned meshes with a normal
// texture carry tangents.
#include <catch2/catch.hpp>
#include <set>

#include "glb_images.hpp"
#include "test_support.hpp"
#include "xray_bump_samples.hpp"

using namespace gamefmt;

namespace {

std::string without_extension(std::string name) {
  const auto dot = name.find_last_of('.');
  const auto slash = name.find_last_of("/\\");
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) name.resize(dot);
  return name;
}

test::Pixels embedded(const test::Glb& glb, std::size_t material, const std::string& slot) {
  const auto image = test::material_image_bytes(glb, material, slot);
  REQUIRE(image.has_value());
  const auto pixels = test::decode_picture(*image);
  REQUIRE(pixels.has_value());
  return *pixels;
}

std::optional<test::Pixels> squished(const std::optional<std::filesystem::path>& dds) {
  if (!dds) return std::nullopt;
  auto pixels = test::decode_dds_with_libsquish(test::read_bytes(*dds));
  REQUIRE(pixels.has_value());
  return pixels;
}

// Whether every primitive that uses `material` has a TANGENT attribute.
bool tangents_for(const nlohmann::json& json, std::size_t material) {
  bool any = false;
  for (const auto& mesh : json.value("meshes", nlohmann::json::array()))
    for (const auto& primitive : mesh.at("primitives"))
      if (primitive.value("material", -1) == int(material)) {
        any = true;
        if (!primitive.at("attributes").contains("TANGENT")) return false;
      }
  return any;
}

}  // namespace

TEST_CASE("X-Ray models whose texture has a bump pair get the normal texture of the documented formula",
          "[corpus][texture][xray][xray-bump]") {
  const auto corpus = *test::corpus_dir();
  const auto gamedata = corpus / "xray" / "gamedata";
  std::size_t with_bump = 0, without = 0;
  std::set<std::string> bumped_models;
  for (const auto* extension : {"ogf", "object", "dm"})
    for (const auto& model : test::files_with_extension(corpus / "xray", extension)) {
      if (model.parent_path() != corpus / "xray") continue;
      INFO(model.string());
      const auto converted = test::convert_to_glb({model}, {{"gamedata", gamedata.string()}});
      const auto& materials = converted.glb.json.value("materials", nlohmann::json::array());
      for (std::size_t m = 0; m < materials.size(); ++m) {
        const auto& extras = materials[m].value("extras", nlohmann::json::object());
        const std::string texture =
            extras.value("gamefmt_textures", nlohmann::json::object()).value("base_color", std::string{});
        if (texture.empty() || texture.front() == '$') continue;
        INFO("texture " << texture);
        const std::string stem = without_extension(texture.substr(0, texture.find(',')));
        const auto bump = test::find_ignoring_case(gamedata / "textures", stem + "_bump.dds");
        if (!bump) {
          CHECK_FALSE(test::material_image_bytes(converted.glb, m, "normalTexture").has_value());
          ++without;
          continue;
        }
        const auto error = squished(test::find_ignoring_case(gamedata / "textures", stem + "_bump#.dds"));
        const auto pixels = *squished(bump);
        CHECK(embedded(converted.glb, m, "normalTexture") == test::expected_normal_pixels(pixels, error));
        CHECK(embedded(converted.glb, m, "metallicRoughnessTexture") ==
              test::expected_metal_roughness_pixels(pixels, error));
        CHECK(extras.at("xray.texture_maps").at("error_map") == error.has_value());
        if (model.extension() == ".ogf") CHECK(tangents_for(converted.glb.json, m));
        bumped_models.insert(model.filename().string());
        ++with_bump;
      }
    }
  // act_zombie_1 (rad_item_zombie_hand.ogf) and food_raw_boar (rad_raw_boar.ogf) ship their pairs.
  CHECK(bumped_models.size() >= 2);
  CHECK(with_bump >= 2);
  CHECK(without >= 10);
}
