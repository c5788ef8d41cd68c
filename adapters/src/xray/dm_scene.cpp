#include <algorithm>
#include <cctype>
#include <map>
#include <string>

#include "ai_scene_building.hpp"
#include "xray/dm_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kShaderKey = "xray.dm.shader";
constexpr const char* kTextureKey = "xray.dm.texture";
constexpr const char* kFlagsKey = "xray.dm.flags";
constexpr const char* kMinScaleKey = "xray.dm.min_scale";
constexpr const char* kMaxScaleKey = "xray.dm.max_scale";
constexpr std::string_view kTextureSuffix = ".dds";

std::string texture_file_to_name(std::string path) {
  std::replace(path.begin(), path.end(), '/', '\\');
  if (path.size() > kTextureSuffix.size()) {
    std::string tail = path.substr(path.size() - kTextureSuffix.size());
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (tail == kTextureSuffix) path.resize(path.size() - kTextureSuffix.size());
  }
  return path;
}

std::string to_cp1251(const std::string& utf8, std::string_view file, const char* field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text) throw FormatError(std::string(file), std::nullopt, field, "'" + utf8 + "' has characters Windows-1251 cannot hold");
  return *text;
}

}  // namespace

DmSceneParts dm_scene_parts(const xray::DetailModel& model, std::string_view name) {
  DmSceneParts parts;
  std::vector<XrayPoint> positions;
  std::vector<std::array<float, 2>> uvs;
  for (const auto& v : model.vertices) {
    positions.push_back(v.position);
    uvs.push_back({v.u, v.v});
  }
  std::vector<std::uint32_t> faces(model.indices.begin(), model.indices.end());
  parts.mesh = make_level_mesh({.name = name, .positions = &positions, .faces = &faces, .corners_per_face = 3,
                                .uvs = &uvs});
  const std::string shader = cp1251_to_utf8(model.shader);
  const std::string texture = cp1251_to_utf8(model.texture);
  parts.material = make_material(shader, aiColor4D(1, 1, 1, 1));
  const aiString texture_file(texture + std::string(kTextureSuffix));
  parts.material->AddProperty(&texture_file, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
  parts.node = make_node(name);
  add_metadata(parts.node->mMetaData, kShaderKey, aiString(shader));
  add_metadata(parts.node->mMetaData, kTextureKey, aiString(texture));
  add_metadata(parts.node->mMetaData, kFlagsKey, int(model.flags));
  add_metadata(parts.node->mMetaData, kMinScaleKey, double(model.min_scale));
  add_metadata(parts.node->mMetaData, kMaxScaleKey, double(model.max_scale));
  return parts;
}

std::unique_ptr<aiScene> dm_to_scene(const xray::DetailModel& model, std::string_view name) {
  auto parts = dm_scene_parts(model, name);
  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node(std::string(name) + "_root");
  add_metadata(root->mMetaData, "xray.format", aiString(std::string(".dm")));
  set_children(*root, {parts.node});
  scene->mRootNode = root;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(std::move(parts.material));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  if (parts.mesh->mNumFaces > 0) {
    set_meshes(*parts.node, {0});
    std::vector<std::unique_ptr<aiMesh>> meshes;
    meshes.push_back(std::move(parts.mesh));
    scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  } else {
    scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  }
  return scene;
}

xray::DetailModel scene_to_dm(const aiScene& scene, std::string_view output_name) {
  xray::DetailModel model;
  std::string shader, texture;
  bool have_material = false;
  const aiNode* first_mesh_node = nullptr;
  if (scene.mRootNode != nullptr)
    for_each_node(*scene.mRootNode, [&](const aiNode& node) {
      if (node.mNumMeshes == 0) return;
      if (first_mesh_node == nullptr) first_mesh_node = &node;
      for (unsigned m = 0; m < node.mNumMeshes; ++m) {
        if (node.mMeshes[m] >= scene.mNumMeshes) continue;
        const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
        if (!have_material && mesh.mMaterialIndex < scene.mNumMaterials) {
          const aiMaterial& material = *scene.mMaterials[mesh.mMaterialIndex];
          aiString value;
          if (material.Get(AI_MATKEY_NAME, value) == AI_SUCCESS) shader = value.C_Str();
          if (material.GetTexture(aiTextureType_DIFFUSE, 0, &value) == AI_SUCCESS ||
              material.GetTexture(aiTextureType_BASE_COLOR, 0, &value) == AI_SUCCESS)
            texture = texture_file_to_name(value.C_Str());
          have_material = true;
        }
        const std::size_t base = model.vertices.size();
        const auto positions = xray_positions(node, mesh);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
          xray::DmVertex vertex;
          vertex.position = positions[v];
          if (mesh.mTextureCoords[0] != nullptr) {
            vertex.u = mesh.mTextureCoords[0][v].x;
            vertex.v = 1.0f - mesh.mTextureCoords[0][v].y;
          }
          model.vertices.push_back(vertex);
        }
        if (model.vertices.size() > 65536)
          throw FormatError(std::string(output_name), std::nullopt, "vertices",
                            "the scene has more than 65536 vertices; a .dm indexes them with 16 bits");
        for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
          const aiFace& face = mesh.mFaces[f];
          for (unsigned k = 2; k < face.mNumIndices; ++k)  // fanned, winding flipped back
            for (unsigned index : {face.mIndices[0], face.mIndices[k], face.mIndices[k - 1]})
              model.indices.push_back(std::uint16_t(base + index));
        }
      }
    });
  std::string value;
  const aiMetadata* metadata = first_mesh_node != nullptr ? first_mesh_node->mMetaData : nullptr;
  if (shader.empty() && find_metadata_string(metadata, kShaderKey, value)) shader = value;
  if (texture.empty() && find_metadata_string(metadata, kTextureKey, value)) texture = value;
  model.shader = to_cp1251(shader, output_name, "shader");
  model.texture = to_cp1251(texture, output_name, "texture");
  const double flags = inherited_metadata_number(first_mesh_node, kFlagsKey, 0);
  model.flags = flags >= 0 && flags <= 4294967295.0 ? std::uint32_t(flags) : 0;
  model.min_scale = float(inherited_metadata_number(first_mesh_node, kMinScaleKey, 1));
  model.max_scale = float(inherited_metadata_number(first_mesh_node, kMaxScaleKey, 1));
  return model;
}

}  // namespace gamefmt::assimp
