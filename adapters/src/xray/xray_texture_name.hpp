#pragma once
// X-Ray names a texture by its path under gamedata\textures without the extension (the engine adds ".dds").
#include <assimp/material.h>

#include <string>

namespace gamefmt::assimp {

// The material's diffuse (else base colour) texture path with its extension cut off; empty when it has
// neither.
std::string xray_texture_name(const aiMaterial& material);

}  // namespace gamefmt::assimp
