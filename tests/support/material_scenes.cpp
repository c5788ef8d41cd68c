#include "material_scenes.hpp"

#include <cstdint>

#include "gamefmt/image/png.hpp"

namespace gamefmt::test {

namespace {

// A 4x4 PNG of one colour.
scene::Image solid_image(const std::string& name, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  image::Rgba8Image pixels;
  pixels.width = pixels.height = 4;
  for (int i = 0; i < 16; ++i) pixels.pixels.insert(pixels.pixels.end(), {r, g, b, 255});
  scene::Image png;
  png.name = name;
  png.mime_type = "image/png";
  png.data = image::encode_png(pixels);
  return png;
}

scene::Mesh quad(const std::string& name, float x, scene::MaterialIndex material) {
  scene::Mesh mesh;
  mesh.name = name;
  mesh.positions = {{x, 0, 0}, {x + 1, 0, 0}, {x + 1, 1, 0}, {x, 1, 0}};
  mesh.normals.assign(4, {0, 0, 1});
  mesh.texcoords.resize(1);
  mesh.texcoords[0] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  mesh.triangles = {0, 1, 2, 0, 2, 3};
  mesh.material = material;
  return mesh;
}

}  // namespace

scene::Scene make_material_slots_scene() {
  scene::Scene scene;
  const auto base = scene.images.size();
  scene.images.push_back(solid_image("base", 200, 120, 40));
  scene.images.push_back(solid_image("metal_roughness", 0, 128, 0));
  scene.images.push_back(solid_image("normal", 128, 128, 255));
  scene.images.push_back(solid_image("occlusion", 220, 220, 220));
  scene.images.push_back(solid_image("emissive", 255, 0, 0));

  scene::Material lit;
  lit.name = "every_slot";
  lit.base_color_texture =
      scene::TextureReference{base, 0, scene::TextureTransform{{0.25f, 0.5f}, 0.0f, {2, 3}}};
  lit.metallic_roughness_texture = scene::TextureReference{base + 1};
  lit.normal_texture = scene::TextureReference{base + 2};
  lit.normal_scale = 0.5f;
  lit.occlusion_texture = scene::TextureReference{base + 3};
  lit.occlusion_strength = 0.75f;
  lit.emissive_texture = scene::TextureReference{base + 4};
  lit.emissive = {1, 0.5f, 0};
  scene::Material unlit;
  unlit.name = "unlit";
  unlit.unlit = true;
  unlit.base_color_texture = scene::TextureReference{base};
  scene::Material masked;
  masked.name = "masked_two_sided";
  masked.alpha_mode = scene::AlphaMode::mask;
  masked.alpha_cutoff = 0.25f;
  masked.double_sided = true;
  masked.base_color_texture = scene::TextureReference{base};
  scene::Material blended;
  blended.name = "blended";
  blended.alpha_mode = scene::AlphaMode::blend;
  blended.base_color = {1, 1, 1, 0.5f};

  const scene::NodeIndex root = scene.add_node("materials");
  float x = 0;
  for (auto& material : {lit, unlit, masked, blended}) {
    const auto index = scene.add_material(material);
    const auto node = scene.add_node(material.name, root);
    scene.nodes[node].meshes.push_back(scene.add_mesh(quad(material.name, x, index)));
    x += 1.5f;
  }
  return scene;
}

}  // namespace gamefmt::test
