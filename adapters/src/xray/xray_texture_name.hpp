#pragma once
// X-Ray names a texture by its path under gamedata\textures without the extension (the engine adds ".dds").
#include <string>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

// The material's base colour texture with its extension cut off: the game's own name when the material keeps
// one (texture_names "base_color"), else the path of its base colour image; empty when it has neither.
std::string xray_texture_name(const scene::Scene& scene, const scene::Material& material);

}  // namespace gamefmt::xray
