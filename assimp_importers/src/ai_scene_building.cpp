#include "ai_scene_building.hpp"

#include <assimp/material.h>

#include <algorithm>

namespace gamefmt::assimp {

aiNode* make_node(std::string_view name) {
  return new aiNode(std::string(name));
}

void set_children(aiNode& parent, std::vector<aiNode*> children) {
  delete[] parent.mChildren;
  parent.mNumChildren = static_cast<unsigned int>(children.size());
  parent.mChildren = children.empty() ? nullptr : new aiNode*[children.size()];
  for (std::size_t i = 0; i < children.size(); ++i) {
    children[i]->mParent = &parent;
    parent.mChildren[i] = children[i];
  }
}

void set_mesh_bones(aiMesh& mesh, const std::vector<std::string>& joint_names,
                    const std::vector<aiMatrix4x4>& bind_globals,
                    std::vector<std::vector<aiVertexWeight>> weights) {
  std::vector<std::unique_ptr<aiBone>> bones;
  for (std::size_t j = 0; j < joint_names.size(); ++j) {
    auto bone = std::make_unique<aiBone>();
    bone->mName = aiString(joint_names[j]);
    bone->mOffsetMatrix = aiMatrix4x4(bind_globals[j]).Inverse();
    bone->mOffsetMatrix.d1 = bone->mOffsetMatrix.d2 = bone->mOffsetMatrix.d3 = 0.0f;
    bone->mOffsetMatrix.d4 = 1.0f;
    bone->mNumWeights = static_cast<unsigned>(weights[j].size());
    bone->mWeights = copy_to_array(weights[j]);
    bones.push_back(std::move(bone));
  }
  mesh.mBones = release_to_array(bones, mesh.mNumBones);
}

void set_meshes(aiNode& node, const std::vector<unsigned int>& mesh_indices) {
  delete[] node.mMeshes;
  node.mNumMeshes = static_cast<unsigned int>(mesh_indices.size());
  node.mMeshes = copy_to_array(mesh_indices);
}

namespace {
template <class T>
void add_entry(aiMetadata*& metadata, std::string_view key, const T& value) {
  if (metadata == nullptr) metadata = new aiMetadata();
  metadata->Add(std::string(key), value);
}
}  // namespace

void add_metadata(aiMetadata*& metadata, std::string_view key, const aiString& value) {
  add_entry(metadata, key, value);
}
void add_metadata(aiMetadata*& metadata, std::string_view key, double value) {
  add_entry(metadata, key, value);
}
void add_metadata(aiMetadata*& metadata, std::string_view key, bool value) {
  add_entry(metadata, key, value);
}
void add_metadata(aiMetadata*& metadata, std::string_view key, int value) {
  add_entry(metadata, key, static_cast<std::int32_t>(value));
}

bool find_metadata_string(const aiMetadata* metadata, std::string_view key, std::string& out) {
  if (metadata == nullptr) return false;
  for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
    if (std::string_view(metadata->mKeys[i].C_Str()) == key && metadata->mValues[i].mType == AI_AISTRING) {
      out = static_cast<const aiString*>(metadata->mValues[i].mData)->C_Str();
      return true;
    }
  }
  return false;
}

aiMatrix4x4 global_transform(const aiNode& node) {
  aiMatrix4x4 m = node.mTransformation;
  for (const aiNode* p = node.mParent; p != nullptr; p = p->mParent) m = p->mTransformation * m;
  return m;
}

aiNode* find_node(aiNode& root, std::string_view name) {
  if (std::string_view(root.mName.C_Str()) == name) return &root;
  for (unsigned int i = 0; i < root.mNumChildren; ++i)
    if (aiNode* found = find_node(*root.mChildren[i], name)) return found;
  return nullptr;
}

void move_scene_into(aiScene& into, aiScene& from) {
  auto take = [](auto& dst, auto& src) {
    dst = src;
    src = {};
  };
  take(into.mRootNode, from.mRootNode);
  take(into.mMeshes, from.mMeshes);
  take(into.mNumMeshes, from.mNumMeshes);
  take(into.mMaterials, from.mMaterials);
  take(into.mNumMaterials, from.mNumMaterials);
  take(into.mAnimations, from.mAnimations);
  take(into.mNumAnimations, from.mNumAnimations);
  take(into.mTextures, from.mTextures);
  take(into.mNumTextures, from.mNumTextures);
  take(into.mLights, from.mLights);
  take(into.mNumLights, from.mNumLights);
  take(into.mCameras, from.mCameras);
  take(into.mNumCameras, from.mNumCameras);
  delete into.mMetaData;
  take(into.mMetaData, from.mMetaData);
  into.mFlags = from.mFlags;
}

std::unique_ptr<aiMaterial> make_material(std::string_view name, aiColor4D base_color) {
  auto material = std::make_unique<aiMaterial>();
  const aiString material_name{std::string(name)};
  material->AddProperty(&material_name, AI_MATKEY_NAME);
  material->AddProperty(&base_color, 1, AI_MATKEY_COLOR_DIFFUSE);
  material->AddProperty(&base_color, 1, AI_MATKEY_BASE_COLOR);
  return material;
}

}  // namespace gamefmt::assimp
