#include "xray/xray_texture_name.hpp"

namespace gamefmt::xray {

std::string xray_texture_name(const scene::Scene& scene, const scene::Material& material) {
  std::string texture;
  if (const auto name = material.texture_names.find("base_color"); name != material.texture_names.end())
    texture = name->second;
  else if (material.base_color_texture && material.base_color_texture->image < scene.images.size())
    texture = scene.images[material.base_color_texture->image].path;
  const auto dot = texture.find_last_of('.');
  if (dot != std::string::npos && texture.find_first_of("/\\", dot) == std::string::npos) texture.resize(dot);
  return texture;
}

}  // namespace gamefmt::xray
