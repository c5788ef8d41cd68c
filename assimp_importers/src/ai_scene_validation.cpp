#include "ai_scene_validation.hpp"

#include <cmath>
#include <string>
#include <unordered_map>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

class SceneChecker {
 public:
  SceneChecker(const aiScene& scene, std::string_view file) : scene_(scene), file_(file) {}

  void run() {
    if (scene_.mRootNode == nullptr) fail("scene", "has no root node");
    visit(*scene_.mRootNode, nullptr, "nodes");
    for (unsigned int m = 0; m < scene_.mNumMeshes; ++m) check_mesh(m);
    for (unsigned int a = 0; a < scene_.mNumAnimations; ++a) check_animation(a);
    if (scene_.mNumMeshes == 0 && (scene_.mFlags & AI_SCENE_FLAGS_INCOMPLETE) == 0)
      fail("scene", "has no meshes and is not flagged incomplete");
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(std::string(file_), std::nullopt, field, problem);
  }

  void visit(const aiNode& node, const aiNode* parent, const std::string& path) {
    const std::string name = node.mName.C_Str();
    const std::string here = path + "[" + name + "]";
    if (node.mParent != parent) fail(here, "parent link does not match the tree");
    if (++depth_ > 1000) fail(here, "node tree is deeper than 1000 levels");
    auto [it, inserted] = nodes_.emplace(name, &node);
    if (!inserted) duplicate_names_.emplace(name, &node);
    for (unsigned int i = 0; i < node.mNumMeshes; ++i)
      if (node.mMeshes[i] >= scene_.mNumMeshes)
        fail(here + ".meshes[" + std::to_string(i) + "]", "mesh index " + std::to_string(node.mMeshes[i]) +
                                                              " is outside the " +
                                                              std::to_string(scene_.mNumMeshes) + " meshes");
    for (unsigned int i = 0; i < node.mNumChildren; ++i) {
      if (node.mChildren[i] == nullptr) fail(here, "has a null child");
      visit(*node.mChildren[i], &node, here + ".children");
    }
    --depth_;
  }

  const aiNode* named_node(const std::string& name, const std::string& field, const char* what) const {
    const auto it = nodes_.find(name);
    if (it == nodes_.end()) fail(field, std::string(what) + " '" + name + "' names no node");
    if (duplicate_names_.count(name) != 0)
      fail(field, std::string(what) + " '" + name + "' names more than one node");
    return it->second;
  }

  void check_mesh(unsigned int index) const {
    const aiMesh* mesh = scene_.mMeshes[index];
    const std::string field = "meshes[" + std::to_string(index) + "]";
    if (mesh == nullptr) fail(field, "is null");
    if (mesh->mNumVertices == 0 || mesh->mVertices == nullptr) fail(field, "has no vertices");
    if (mesh->mMaterialIndex >= scene_.mNumMaterials && scene_.mNumMaterials != 0)
      fail(field + ".material", "material index " + std::to_string(mesh->mMaterialIndex) +
                                    " is outside the " + std::to_string(scene_.mNumMaterials) + " materials");
    for (unsigned int f = 0; f < mesh->mNumFaces; ++f) {
      const aiFace& face = mesh->mFaces[f];
      if (face.mNumIndices == 0) fail(field + ".faces[" + std::to_string(f) + "]", "has no indices");
      for (unsigned int k = 0; k < face.mNumIndices; ++k)
        if (face.mIndices[k] >= mesh->mNumVertices)
          fail(field + ".faces[" + std::to_string(f) + "]",
               "vertex index " + std::to_string(face.mIndices[k]) + " is outside the " +
                   std::to_string(mesh->mNumVertices) + " vertices");
    }
    std::unordered_map<std::string, int> bone_names;
    for (unsigned int b = 0; b < mesh->mNumBones; ++b) {
      const aiBone* bone = mesh->mBones[b];
      const std::string bone_field = field + ".bones[" + std::to_string(b) + "]";
      if (bone == nullptr) fail(bone_field, "is null");
      named_node(bone->mName.C_Str(), bone_field, "bone");
      if (++bone_names[bone->mName.C_Str()] > 1) fail(bone_field, "bone name is used twice in one mesh");
      for (unsigned int w = 0; w < bone->mNumWeights; ++w) {
        const auto& weight = bone->mWeights[w];
        if (weight.mVertexId >= mesh->mNumVertices)
          fail(bone_field + ".weights[" + std::to_string(w) + "]",
               "vertex id " + std::to_string(weight.mVertexId) + " is outside the mesh");
        if (!std::isfinite(weight.mWeight) || weight.mWeight < 0)
          fail(bone_field + ".weights[" + std::to_string(w) + "]", "weight is negative or not finite");
      }
    }
    for (unsigned int a = 0; a < mesh->mNumAnimMeshes; ++a) {
      const aiAnimMesh* anim = mesh->mAnimMeshes[a];
      if (anim == nullptr || anim->mNumVertices != mesh->mNumVertices)
        fail(field + ".morph_targets[" + std::to_string(a) + "]", "vertex count differs from its mesh");
    }
  }

  template <class Key>
  void check_keys(const Key* keys, unsigned int count, const std::string& field) const {
    for (unsigned int k = 0; k < count; ++k) {
      if (!std::isfinite(keys[k].mTime))
        fail(field + "[" + std::to_string(k) + "]", "key time is not finite");
      if (k > 0 && keys[k].mTime < keys[k - 1].mTime)
        fail(field + "[" + std::to_string(k) + "]", "key times go backwards");
    }
  }

  void check_animation(unsigned int index) const {
    const aiAnimation* anim = scene_.mAnimations[index];
    const std::string field = "animations[" + std::to_string(index) + "]";
    if (anim == nullptr) fail(field, "is null");
    if (!(anim->mTicksPerSecond > 0)) fail(field + ".ticks_per_second", "must be set (it is 0)");
    for (unsigned int c = 0; c < anim->mNumChannels; ++c) {
      const aiNodeAnim* channel = anim->mChannels[c];
      const std::string channel_field = field + ".channels[" + std::to_string(c) + "]";
      if (channel == nullptr) fail(channel_field, "is null");
      named_node(channel->mNodeName.C_Str(), channel_field, "channel");
      check_keys(channel->mPositionKeys, channel->mNumPositionKeys, channel_field + ".position_keys");
      check_keys(channel->mRotationKeys, channel->mNumRotationKeys, channel_field + ".rotation_keys");
      check_keys(channel->mScalingKeys, channel->mNumScalingKeys, channel_field + ".scaling_keys");
    }
    for (unsigned int c = 0; c < anim->mNumMorphMeshChannels; ++c) {
      const aiMeshMorphAnim* channel = anim->mMorphMeshChannels[c];
      const std::string channel_field = field + ".morph_channels[" + std::to_string(c) + "]";
      if (channel == nullptr) fail(channel_field, "is null");
      check_keys(channel->mKeys, channel->mNumKeys, channel_field + ".keys");
    }
  }

  const aiScene& scene_;
  std::string_view file_;
  int depth_ = 0;
  std::unordered_map<std::string, const aiNode*> nodes_;
  std::unordered_multimap<std::string, const aiNode*> duplicate_names_;
};

}  // namespace

void validate_scene(const aiScene& scene, std::string_view file) {
  SceneChecker(scene, file).run();
}

}  // namespace gamefmt::assimp
