#include "xray/xray_texture_name.hpp"

namespace gamefmt::assimp {

std::string xray_texture_name(const aiMaterial& material) {
  aiString path;
  if (material.GetTexture(aiTextureType_DIFFUSE, 0, &path) != AI_SUCCESS &&
      material.GetTexture(aiTextureType_BASE_COLOR, 0, &path) != AI_SUCCESS)
    return {};
  std::string texture = path.C_Str();
  const auto dot = texture.find_last_of('.');
  if (dot != std::string::npos && texture.find_first_of("/\\", dot) == std::string::npos) texture.resize(dot);
  return texture;
}

}  // namespace gamefmt::assimp
