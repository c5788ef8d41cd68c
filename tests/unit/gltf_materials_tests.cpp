// Materials through glTF: every slot of the scene's material is written in glTF's own field (with
// KHR_texture_transform and KHR_materials_unlit declared) and read back to the same values.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <string>

#include "gamefmt/gltf/gltf.hpp"
#include "material_scenes.hpp"

using namespace gamefmt;

TEST_CASE("glTF materials: every slot, the unlit flag and a texture transform come back as written",
          "[gltf][materials]") {
  const scene::Scene original = test::make_material_slots_scene();
  const auto bytes = gltf::write_gltf(original, {false, "test"}, "materials.gltf");
  const auto json =
      nlohmann::json::parse(std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  const auto used = json.at("extensionsUsed");
  CHECK(std::find(used.begin(), used.end(), "KHR_materials_unlit") != used.end());
  CHECK(std::find(used.begin(), used.end(), "KHR_texture_transform") != used.end());
  const auto& every = json.at("materials").at(0);
  CHECK(every.at("pbrMetallicRoughness").contains("metallicRoughnessTexture"));
  CHECK(every.at("normalTexture").at("scale") == 0.5);
  CHECK(every.at("occlusionTexture").at("strength") == 0.75);
  CHECK(every.contains("emissiveTexture"));
  const auto& transform =
      every.at("pbrMetallicRoughness").at("baseColorTexture").at("extensions").at("KHR_texture_transform");
  CHECK(transform.at("offset") == nlohmann::json::array({0.25, 0.5}));
  CHECK(transform.at("scale") == nlohmann::json::array({2.0, 3.0}));
  CHECK(json.at("materials").at(1).at("extensions").contains("KHR_materials_unlit"));
  CHECK_FALSE(every.contains("extensions"));

  const scene::Scene back = gltf::read_gltf(bytes, "materials.gltf");
  REQUIRE(back.materials.size() == original.materials.size());
  for (std::size_t m = 0; m < back.materials.size(); ++m) {
    const scene::Material& a = original.materials[m];
    const scene::Material& b = back.materials[m];
    INFO(a.name);
    CHECK(b.name == a.name);
    CHECK(b.unlit == a.unlit);
    CHECK(b.alpha_mode == a.alpha_mode);
    CHECK(b.alpha_cutoff == Approx(a.alpha_cutoff));
    CHECK(b.double_sided == a.double_sided);
    CHECK(b.base_color == a.base_color);
    CHECK(b.emissive == a.emissive);
    CHECK(b.normal_scale == a.normal_scale);
    CHECK(b.occlusion_strength == a.occlusion_strength);
    CHECK(b.metallic_roughness_texture.has_value() == a.metallic_roughness_texture.has_value());
    CHECK(b.normal_texture.has_value() == a.normal_texture.has_value());
    CHECK(b.occlusion_texture.has_value() == a.occlusion_texture.has_value());
    CHECK(b.emissive_texture.has_value() == a.emissive_texture.has_value());
    REQUIRE(b.base_color_texture.has_value() == a.base_color_texture.has_value());
    if (!a.base_color_texture) continue;
    CHECK(back.images[b.base_color_texture->image].name == original.images[a.base_color_texture->image].name);
    REQUIRE(b.base_color_texture->transform.has_value() == a.base_color_texture->transform.has_value());
    if (a.base_color_texture->transform) {
      CHECK(b.base_color_texture->transform->offset == a.base_color_texture->transform->offset);
      CHECK(b.base_color_texture->transform->scale == a.base_color_texture->transform->scale);
      CHECK(b.base_color_texture->transform->rotation == a.base_color_texture->transform->rotation);
    }
  }
  CHECK(back.images[back.materials[0].normal_texture->image].name == "normal");
}
