#include "ai_scene_conversion.hpp"

#include <assimp/material.h>
#include <assimp/texture.h>

#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <unordered_map>

#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/image_sniffing.hpp"
#include "gamefmt/image/png.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "metadata_json.hpp"

namespace gamefmt::assimp {
namespace {

constexpr std::string_view kReservedPrefix = "gltf.";
constexpr const char* kExtensionsKey = "gltf.extensions";
// A material property: the game's names of its textures by slot, as JSON ({"base_color":
// "act\\act_rat.dds"}).
constexpr const char* kTextureNamesKey = "$gamefmt.texture_names";
constexpr const char* kInstancingKey = "gltf.instancing";

aiMatrix4x4 ai_matrix(const glm::mat4& m) {
  return aiMatrix4x4(m[0][0], m[1][0], m[2][0], m[3][0], m[0][1], m[1][1], m[2][1], m[3][1], m[0][2], m[1][2],
                     m[2][2], m[3][2], m[0][3], m[1][3], m[2][3], m[3][3]);
}

glm::mat4 glm_matrix(const aiMatrix4x4& m) {
  glm::mat4 out;
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) out[c][r] = m[r][c];
  return out;
}

std::string animation_interpolation_key(const std::string& animation) {
  return "gltf.animation." + animation + ".interpolation";
}

// ---- scene -> aiScene
// ---------------------------------------------------------------------------------------

class AiSceneBuilder {
 public:
  explicit AiSceneBuilder(const scene::Scene& scene) : scene_(scene) {}

  std::unique_ptr<aiScene> build(MetadataLayout layout) {
    auto out = std::make_unique<aiScene>();
    out_ = out.get();
    for (const auto& node : scene_.nodes) node_names_.push_back(unique_name(node.name));
    write_textures();
    write_materials();
    write_meshes();
    std::unique_ptr<aiNode> root(make_node(unique_name(scene_.name)));
    std::vector<std::unique_ptr<aiNode>> owned;
    for (scene::NodeIndex r : scene_.roots) owned.push_back(write_node(r));
    attach(*root, owned);
    out->mRootNode = root.release();
    for (const auto& [key, value] : object_items(scene_.extras))
      add_metadata_json(out->mMetaData, key, value);
    if (!scene_.warnings.empty()) add_metadata_json(out->mMetaData, kWarningsKey, scene_.warnings);
    if (scene_.gltf_extensions.is_object())
      add_metadata_json(out->mMetaData, kExtensionsKey, scene_.gltf_extensions);
    write_animations();
    if (out->mNumMeshes == 0) out->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    if (layout == MetadataLayout::flat) flatten_nested_metadata(*out);
    return out;
  }

 private:
  static std::vector<std::pair<std::string, nlohmann::json>> object_items(const nlohmann::json& extras) {
    std::vector<std::pair<std::string, nlohmann::json>> out;
    if (extras.is_object())
      for (const auto& [key, value] : extras.items()) out.emplace_back(key, value);
    return out;
  }

  std::string unique_name(const std::string& wanted) {
    std::string name = wanted;
    for (int n = 1; !used_names_.insert(name).second; ++n) name = wanted + "." + std::to_string(n);
    return name;
  }

  static void attach(aiNode& parent, std::vector<std::unique_ptr<aiNode>>& owned) {
    std::vector<aiNode*> children;
    for (auto& child : owned) children.push_back(child.release());
    set_children(parent, children);
  }

  std::unique_ptr<aiNode> write_node(scene::NodeIndex index) {
    const scene::Node& node = scene_.nodes[index];
    std::unique_ptr<aiNode> out(make_node(node_names_[index]));
    out->mTransformation = ai_matrix(scene::matrix_of(node));
    for (const auto& [key, value] : object_items(node.extras)) add_metadata_json(out->mMetaData, key, value);
    if (node.gltf_extensions.is_object())
      add_metadata_json(out->mMetaData, kExtensionsKey, node.gltf_extensions);
    if (node.children_are_instances) add_metadata(out->mMetaData, kInstancingKey, true);
    std::vector<unsigned int> meshes(node.meshes.begin(), node.meshes.end());
    set_meshes(*out, meshes);
    std::vector<std::unique_ptr<aiNode>> owned;
    for (scene::NodeIndex child : node.children) owned.push_back(write_node(child));
    attach(*out, owned);
    return out;
  }

  // Images with data become embedded textures (PNG or JPEG bytes, Assimp's "compressed" form), which
  // materials name "*<index>" as Assimp's own importers do.
  void write_textures() {
    std::vector<std::unique_ptr<aiTexture>> textures;
    for (std::size_t i = 0; i < scene_.images.size(); ++i) {
      const scene::Image& image = scene_.images[i];
      if (image.data.empty()) continue;
      auto texture = std::make_unique<aiTexture>();
      texture->mWidth = static_cast<unsigned int>(image.data.size());
      texture->mHeight = 0;
      texture->pcData = new aiTexel[(image.data.size() + sizeof(aiTexel) - 1) / sizeof(aiTexel)];
      std::memcpy(texture->pcData, image.data.data(), image.data.size());
      const char* hint = image.mime_type == "image/jpeg" ? "jpg" : "png";
      std::memcpy(texture->achFormatHint, hint, std::strlen(hint) + 1);
      texture->mFilename = aiString(image.name);
      embedded_texture_[i] = static_cast<unsigned int>(textures.size());
      textures.push_back(std::move(texture));
    }
    if (!textures.empty()) out_->mTextures = release_to_array(textures, out_->mNumTextures);
  }

  // The path a material gives for an image: "*<index>" for an embedded one, else the image's file.
  std::string texture_path_of(scene::ImageIndex image) const {
    if (auto it = embedded_texture_.find(image); it != embedded_texture_.end())
      return "*" + std::to_string(it->second);
    return scene_.images.at(image).path;
  }

  void write_materials() {
    std::vector<std::unique_ptr<aiMaterial>> materials;
    for (const scene::Material& m : scene_.materials) {
      const glm::vec4& c = m.base_color;
      auto material = make_material(m.name, aiColor4D(c.r, c.g, c.b, c.a));
      const int two_sided = m.double_sided ? 1 : 0;
      material->AddProperty(&two_sided, 1, AI_MATKEY_TWOSIDED);
      // The texture path is the embedded image, else the game's name for the texture; the game's names travel
      // in a property of their own (kTextureNamesKey) so that an embedded image does not hide them.
      std::string texture_path;
      if (auto it = m.texture_names.find("base_color"); it != m.texture_names.end())
        texture_path = it->second;
      if (m.base_color_texture) {
        const std::string image_path = texture_path_of(m.base_color_texture->image);
        if (!image_path.empty()) texture_path = image_path;
      }
      if (!texture_path.empty()) {
        const aiString path(texture_path);
        material->AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
        material->AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_BASE_COLOR, 0));
      }
      if (m.normal_texture) {
        const aiString path(texture_path_of(m.normal_texture->image));
        if (path.length > 0) material->AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_NORMALS, 0));
      }
      if (!m.texture_names.empty()) {
        const aiString names(nlohmann::json(m.texture_names).dump());
        material->AddProperty(&names, kTextureNamesKey, 0, 0);
      }
      materials.push_back(std::move(material));
    }
    for (const scene::Mesh& mesh : scene_.meshes)
      if (!mesh.material) {
        default_material_ = static_cast<unsigned int>(materials.size());
        materials.push_back(make_material(AI_DEFAULT_MATERIAL_NAME, aiColor4D(0.8f, 0.8f, 0.8f, 1)));
        break;
      }
    out_->mMaterials = release_to_array(materials, out_->mNumMaterials);
  }

  static aiVector3D to_ai(const glm::vec3& v) { return {v.x, v.y, v.z}; }

  void write_meshes() {
    std::vector<std::unique_ptr<aiMesh>> meshes;
    for (const scene::Mesh& mesh : scene_.meshes) {
      auto out = std::make_unique<aiMesh>();
      const std::size_t n = mesh.positions.size();
      out->mName = aiString(mesh.name);
      out->mNumVertices = static_cast<unsigned int>(n);
      out->mVertices = new aiVector3D[n];
      for (std::size_t v = 0; v < n; ++v) out->mVertices[v] = to_ai(mesh.positions[v]);
      if (!mesh.normals.empty()) {
        out->mNormals = new aiVector3D[n];
        for (std::size_t v = 0; v < n; ++v) out->mNormals[v] = to_ai(mesh.normals[v]);
      }
      for (std::size_t set = 0; set < mesh.texcoords.size() && set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
        out->mTextureCoords[set] = new aiVector3D[n];
        out->mNumUVComponents[set] = 2;
        for (std::size_t v = 0; v < n; ++v) {
          const glm::vec2& uv = mesh.texcoords[set][v];
          out->mTextureCoords[set][v] = aiVector3D(uv.x, static_cast<float>(1.0 - double(uv.y)), 0);
        }
      }
      for (std::size_t set = 0; set < mesh.colors.size() && set < AI_MAX_NUMBER_OF_COLOR_SETS; ++set) {
        out->mColors[set] = new aiColor4D[n];
        for (std::size_t v = 0; v < n; ++v) {
          const glm::vec4& c = mesh.colors[set][v];
          out->mColors[set][v] = aiColor4D(c.r, c.g, c.b, c.a);
        }
      }
      write_faces(mesh, *out);
      out->mMaterialIndex = mesh.material ? static_cast<unsigned int>(*mesh.material) : default_material_;
      write_bones(mesh, *out);
      write_targets(mesh, *out);
      meshes.push_back(std::move(out));
    }
    out_->mMeshes = release_to_array(meshes, out_->mNumMeshes);
  }

  static void write_faces(const scene::Mesh& mesh, aiMesh& out) {
    const std::size_t count = mesh.points.size() + mesh.lines.size() / 2 + mesh.triangles.size() / 3;
    out.mNumFaces = static_cast<unsigned int>(count);
    out.mFaces = count == 0 ? nullptr : new aiFace[count];
    std::size_t f = 0;
    auto add = [&](const std::vector<std::uint32_t>& indices, unsigned int per_face) {
      for (std::size_t i = 0; i + per_face <= indices.size(); i += per_face, ++f) {
        out.mFaces[f].mNumIndices = per_face;
        out.mFaces[f].mIndices = new unsigned int[per_face];
        std::copy_n(indices.begin() + i, per_face, out.mFaces[f].mIndices);
      }
    };
    add(mesh.points, 1);
    add(mesh.lines, 2);
    add(mesh.triangles, 3);
    if (!mesh.points.empty()) out.mPrimitiveTypes |= aiPrimitiveType_POINT;
    if (!mesh.lines.empty()) out.mPrimitiveTypes |= aiPrimitiveType_LINE;
    if (!mesh.triangles.empty()) out.mPrimitiveTypes |= aiPrimitiveType_TRIANGLE;
  }

  void write_bones(const scene::Mesh& mesh, aiMesh& out) const {
    std::vector<std::unique_ptr<aiBone>> bones;
    for (const scene::BoneBinding& binding : mesh.bones) {
      auto bone = std::make_unique<aiBone>();
      bone->mName = aiString(node_names_.at(binding.node));
      bone->mOffsetMatrix = ai_matrix(binding.inverse_bind);
      std::vector<aiVertexWeight> weights;
      for (const auto& w : binding.weights) weights.emplace_back(w.vertex, w.weight);
      bone->mNumWeights = static_cast<unsigned int>(weights.size());
      bone->mWeights = copy_to_array(weights);
      bones.push_back(std::move(bone));
    }
    out.mBones = release_to_array(bones, out.mNumBones);
  }

  static void write_targets(const scene::Mesh& mesh, aiMesh& out) {
    if (mesh.morph_targets.empty()) return;
    const std::size_t n = mesh.positions.size();
    out.mNumAnimMeshes = static_cast<unsigned int>(mesh.morph_targets.size());
    out.mAnimMeshes = new aiAnimMesh*[mesh.morph_targets.size()]();
    out.mMethod = aiMorphingMethod_MORPH_RELATIVE;
    for (std::size_t t = 0; t < mesh.morph_targets.size(); ++t) {
      auto* anim = new aiAnimMesh();
      out.mAnimMeshes[t] = anim;
      anim->mNumVertices = static_cast<unsigned int>(n);
      anim->mName = aiString(mesh.morph_targets[t].name);
      anim->mWeight = mesh.morph_targets[t].default_weight;
      anim->mVertices = new aiVector3D[n];
      for (std::size_t v = 0; v < n; ++v)
        anim->mVertices[v] = out.mVertices[v] + to_ai(mesh.morph_targets[t].position_deltas[v]);
    }
  }

  void write_animations() {
    std::vector<std::unique_ptr<aiAnimation>> animations;
    for (const scene::Animation& animation : scene_.animations) {
      auto out = std::make_unique<aiAnimation>();
      out->mName = aiString(animation.name);
      out->mTicksPerSecond = 1000.0;
      out->mDuration = animation.duration * 1000.0;
      std::vector<std::unique_ptr<aiNodeAnim>> channels;
      for (const scene::NodeAnimation& channel : animation.channels) {
        auto c = std::make_unique<aiNodeAnim>();
        c->mNodeName = aiString(node_names_.at(channel.node));
        c->mNumPositionKeys = static_cast<unsigned int>(channel.translation.size());
        c->mPositionKeys =
            channel.translation.empty() ? nullptr : new aiVectorKey[channel.translation.size()];
        for (std::size_t k = 0; k < channel.translation.size(); ++k)
          c->mPositionKeys[k] =
              aiVectorKey(channel.translation[k].time * 1000.0, to_ai(channel.translation[k].value));
        c->mNumRotationKeys = static_cast<unsigned int>(channel.rotation.size());
        c->mRotationKeys = channel.rotation.empty() ? nullptr : new aiQuatKey[channel.rotation.size()];
        for (std::size_t k = 0; k < channel.rotation.size(); ++k) {
          const glm::quat& q = channel.rotation[k].value;
          c->mRotationKeys[k] =
              aiQuatKey(channel.rotation[k].time * 1000.0, aiQuaternion(q.w, q.x, q.y, q.z));
        }
        c->mNumScalingKeys = static_cast<unsigned int>(channel.scale.size());
        c->mScalingKeys = channel.scale.empty() ? nullptr : new aiVectorKey[channel.scale.size()];
        for (std::size_t k = 0; k < channel.scale.size(); ++k)
          c->mScalingKeys[k] = aiVectorKey(channel.scale[k].time * 1000.0, to_ai(channel.scale[k].value));
        channels.push_back(std::move(c));
      }
      out->mChannels = release_to_array(channels, out->mNumChannels);
      std::vector<std::unique_ptr<aiMeshMorphAnim>> morphs;
      for (const scene::MorphWeightAnimation& channel : animation.morph_channels) {
        auto m = std::make_unique<aiMeshMorphAnim>();
        m->mName = aiString(node_names_.at(channel.node));
        m->mNumKeys = static_cast<unsigned int>(channel.keys.size());
        m->mKeys = channel.keys.empty() ? nullptr : new aiMeshMorphKey[channel.keys.size()];
        for (std::size_t k = 0; k < channel.keys.size(); ++k) {
          auto& key = m->mKeys[k];
          const auto& weights = channel.keys[k].value;
          key.mTime = channel.keys[k].time * 1000.0;
          key.mNumValuesAndWeights = static_cast<unsigned int>(weights.size());
          key.mValues = new unsigned int[weights.size()];
          key.mWeights = new double[weights.size()];
          for (std::size_t i = 0; i < weights.size(); ++i) {
            key.mValues[i] = static_cast<unsigned int>(i);
            key.mWeights[i] = weights[i];
          }
        }
        morphs.push_back(std::move(m));
      }
      out->mMorphMeshChannels = release_to_array(morphs, out->mNumMorphMeshChannels);
      if (animation.interpolation == scene::Interpolation::step)
        add_metadata(out_->mMetaData, animation_interpolation_key(animation.name),
                     aiString(std::string("STEP")));
      animations.push_back(std::move(out));
    }
    out_->mAnimations = release_to_array(animations, out_->mNumAnimations);
  }

  const scene::Scene& scene_;
  aiScene* out_ = nullptr;
  std::set<std::string> used_names_;
  std::vector<std::string> node_names_;
  unsigned int default_material_ = 0;
  std::map<std::size_t, unsigned int> embedded_texture_;  // scene image -> aiScene texture
};

// ---- aiScene -> scene
// ---------------------------------------------------------------------------------------

class SceneFromAi {
 public:
  SceneFromAi(const aiScene& scene, std::string_view file) : ai_(scene), file_(file) {}

  scene::Scene build() {
    if (ai_.mRootNode == nullptr) fail("scene", "has no root node");
    collect_names(*ai_.mRootNode);
    const aiNode& root = *ai_.mRootNode;
    out_.name = root.mName.C_Str();
    read_materials();
    read_meshes_without_bones();
    if (root_is_container()) {
      for (unsigned int i = 0; i < root.mNumChildren; ++i)
        out_.roots.push_back(read_node(*root.mChildren[i]));
    } else {
      out_.roots.push_back(read_node(root));
    }
    read_bones();
    read_scene_metadata();
    read_animations();
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(std::string(file_), std::nullopt, field, problem);
  }

  void collect_names(const aiNode& node) {
    node_by_name_.emplace(node.mName.C_Str(), &node);
    for (unsigned int i = 0; i < node.mNumChildren; ++i) collect_names(*node.mChildren[i]);
  }

  bool named_by_bone_or_channel(const aiNode& node) const {
    const std::string name = node.mName.C_Str();
    for (unsigned int m = 0; m < ai_.mNumMeshes; ++m)
      for (unsigned int b = 0; b < ai_.mMeshes[m]->mNumBones; ++b)
        if (name == ai_.mMeshes[m]->mBones[b]->mName.C_Str()) return true;
    for (unsigned int a = 0; a < ai_.mNumAnimations; ++a)
      for (unsigned int c = 0; c < ai_.mAnimations[a]->mNumChannels; ++c)
        if (name == ai_.mAnimations[a]->mChannels[c]->mNodeName.C_Str()) return true;
    return false;
  }

  // An identity root without meshes or data is Assimp's container, not part of the model.
  bool root_is_container() const {
    const aiNode& root = *ai_.mRootNode;
    return root.mTransformation == aiMatrix4x4() && root.mNumMeshes == 0 && root.mNumChildren > 0 &&
           !named_by_bone_or_channel(root) &&
           (root.mMetaData == nullptr || root.mMetaData->mNumProperties == 0);
  }

  static bool metadata_flag(const aiMetadata* metadata, std::string_view key) {
    if (metadata == nullptr) return false;
    for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
      if (std::string_view(metadata->mKeys[i].C_Str()) != key) continue;
      const aiMetadataEntry& e = metadata->mValues[i];
      if (e.mType == AI_BOOL) return *static_cast<const bool*>(e.mData);
      if (e.mType == AI_INT32) return *static_cast<const std::int32_t*>(e.mData) != 0;
    }
    return false;
  }

  // Extras from metadata: every key but the writer's instructions ("gltf.*"), flattened values put back
  // together.
  static nlohmann::json extras_of(const aiMetadata* metadata) {
    if (metadata == nullptr) return nullptr;
    auto extras = nlohmann::json::object();
    for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
      const std::string key(unflattened_key(metadata->mKeys[i].C_Str()));
      if (key.rfind(kReservedPrefix, 0) == 0 || extras.contains(key)) continue;
      auto value = find_metadata_json(metadata, key);
      if (!value.is_null()) extras[key] = std::move(value);
    }
    return extras.empty() ? nlohmann::json() : extras;
  }

  nlohmann::json extensions_of(const aiMetadata* metadata, const std::string& where) const {
    if (metadata == nullptr) return nullptr;
    for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
      if (unflattened_key(metadata->mKeys[i].C_Str()) != kExtensionsKey) continue;
      const aiMetadataEntry& entry = metadata->mValues[i];
      nlohmann::json object;
      if (entry.mType == AI_AISTRING) {
        object = nlohmann::json::parse(static_cast<const aiString*>(entry.mData)->C_Str(), nullptr, false);
      } else {
        object = find_metadata_json(metadata, kExtensionsKey);
      }
      if (!object.is_object()) fail(where + ".gltf.extensions", "must be a JSON object");
      return object;
    }
    return nullptr;
  }

  scene::NodeIndex read_node(const aiNode& node) {
    const scene::NodeIndex index = out_.nodes.size();
    out_.nodes.emplace_back();
    node_index_[&node] = index;
    {
      scene::Node& created = out_.nodes[index];
      created.name = node.mName.C_Str();
      created.transform = glm_matrix(node.mTransformation);
      created.extras = extras_of(node.mMetaData);
      created.gltf_extensions = extensions_of(node.mMetaData, "node '" + created.name + "'");
      created.children_are_instances = metadata_flag(node.mMetaData, kInstancingKey);
      for (unsigned int m = 0; m < node.mNumMeshes; ++m) {
        if (node.mMeshes[m] >= ai_.mNumMeshes)
          fail("nodes['" + created.name + "'].meshes", "mesh index out of range");
        created.meshes.push_back(node.mMeshes[m]);
      }
    }
    std::vector<scene::NodeIndex> children;
    for (unsigned int i = 0; i < node.mNumChildren; ++i) children.push_back(read_node(*node.mChildren[i]));
    out_.nodes[index].children = std::move(children);
    return index;
  }

  scene::NodeIndex node_named(const std::string& name, const std::string& field) const {
    const auto it = node_by_name_.find(name);
    if (it == node_by_name_.end()) fail(field, "'" + name + "' names no node");
    const auto index = node_index_.find(it->second);
    if (index == node_index_.end()) fail(field, "'" + name + "' names the container root");
    return index->second;
  }

  void read_materials() {
    for (unsigned int m = 0; m < ai_.mNumMaterials; ++m) {
      const aiMaterial& material = *ai_.mMaterials[m];
      scene::Material out;
      aiString name;
      if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS) out.name = name.C_Str();
      aiColor4D color(1, 1, 1, 1);
      if (material.Get(AI_MATKEY_BASE_COLOR, color) != AI_SUCCESS)
        material.Get(AI_MATKEY_COLOR_DIFFUSE, color);
      float opacity = 1;
      if (material.Get(AI_MATKEY_OPACITY, opacity) == AI_SUCCESS && opacity < 1) color.a *= opacity;
      out.base_color = {color.r, color.g, color.b, color.a};
      if (color.a < 1) out.alpha_mode = scene::AlphaMode::blend;
      int two_sided = 0;
      if (material.Get(AI_MATKEY_TWOSIDED, two_sided) == AI_SUCCESS) out.double_sided = two_sided != 0;
      aiString texture;
      if (material.GetTexture(aiTextureType_BASE_COLOR, 0, &texture) == AI_SUCCESS ||
          material.GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS) {
        if (const auto image = embedded_image(texture.C_Str()))
          out.base_color_texture = scene::TextureReference{*image, 0};
        else
          out.texture_names["base_color"] = texture.C_Str();
      }
      if (material.GetTexture(aiTextureType_NORMALS, 0, &texture) == AI_SUCCESS)
        if (const auto image = embedded_image(texture.C_Str()))
          out.normal_texture = scene::TextureReference{*image, 0};
      aiString names;
      if (material.Get(kTextureNamesKey, 0, 0, names) == AI_SUCCESS) {
        const auto json = nlohmann::json::parse(names.C_Str(), nullptr, false);
        if (json.is_object())
          for (const auto& [slot, name] : json.items())
            if (name.is_string()) out.texture_names[slot] = name.get<std::string>();
      }
      out_.materials.push_back(std::move(out));
    }
  }

  static glm::vec3 from_ai(const aiVector3D& v) { return {v.x, v.y, v.z}; }

  void read_meshes_without_bones() {
    for (unsigned int m = 0; m < ai_.mNumMeshes; ++m) {
      const aiMesh& mesh = *ai_.mMeshes[m];
      scene::Mesh out;
      out.name = mesh.mName.C_Str();
      if (mesh.mMaterialIndex < ai_.mNumMaterials) out.material = mesh.mMaterialIndex;
      const unsigned int n = mesh.mNumVertices;
      out.positions.reserve(n);
      for (unsigned int v = 0; v < n; ++v) out.positions.push_back(from_ai(mesh.mVertices[v]));
      if (mesh.mNormals != nullptr)
        for (unsigned int v = 0; v < n; ++v) out.normals.push_back(from_ai(mesh.mNormals[v]));
      for (unsigned int set = 0; set < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++set) {
        if (!mesh.HasTextureCoords(set)) continue;
        std::vector<glm::vec2> uvs(n);
        for (unsigned int v = 0; v < n; ++v)
          uvs[v] = {mesh.mTextureCoords[set][v].x, 1.0f - mesh.mTextureCoords[set][v].y};
        out.texcoords.push_back(std::move(uvs));
      }
      for (unsigned int set = 0; set < AI_MAX_NUMBER_OF_COLOR_SETS; ++set) {
        if (!mesh.HasVertexColors(set)) continue;
        std::vector<glm::vec4> colors(n);
        for (unsigned int v = 0; v < n; ++v) {
          const aiColor4D& c = mesh.mColors[set][v];
          colors[v] = {c.r, c.g, c.b, c.a};
        }
        out.colors.push_back(std::move(colors));
      }
      for (unsigned int f = 0; f < mesh.mNumFaces; ++f) {
        const aiFace& face = mesh.mFaces[f];
        if (face.mNumIndices == 1) out.points.push_back(face.mIndices[0]);
        if (face.mNumIndices == 2) out.lines.insert(out.lines.end(), face.mIndices, face.mIndices + 2);
        for (unsigned int k = 2; k < face.mNumIndices; ++k)  // polygons are fanned
          out.triangles.insert(out.triangles.end(),
                               {face.mIndices[0], face.mIndices[k - 1], face.mIndices[k]});
      }
      for (unsigned int t = 0; t < mesh.mNumAnimMeshes; ++t) {
        const aiAnimMesh& anim = *mesh.mAnimMeshes[t];
        scene::MorphTarget target;
        target.name = anim.mName.C_Str();
        target.default_weight = anim.mWeight;
        target.position_deltas.assign(n, glm::vec3(0.0f));
        if (anim.mVertices != nullptr)
          for (unsigned int v = 0; v < n && v < anim.mNumVertices; ++v)
            target.position_deltas[v] = from_ai(anim.mVertices[v] - mesh.mVertices[v]);
        out.morph_targets.push_back(std::move(target));
      }
      out_.meshes.push_back(std::move(out));
    }
  }

  void read_bones() {
    for (unsigned int m = 0; m < ai_.mNumMeshes; ++m) {
      const aiMesh& mesh = *ai_.mMeshes[m];
      for (unsigned int b = 0; b < mesh.mNumBones; ++b) {
        const aiBone& bone = *mesh.mBones[b];
        scene::BoneBinding binding;
        binding.node = node_named(bone.mName.C_Str(),
                                  "meshes[" + std::to_string(m) + "].bones[" + std::to_string(b) + "]");
        binding.inverse_bind = glm_matrix(bone.mOffsetMatrix);
        for (unsigned int w = 0; w < bone.mNumWeights; ++w)
          binding.weights.push_back({bone.mWeights[w].mVertexId, bone.mWeights[w].mWeight});
        out_.meshes[m].bones.push_back(std::move(binding));
      }
    }
  }

  void read_scene_metadata() {
    out_.extras = extras_of(ai_.mMetaData);
    out_.gltf_extensions = extensions_of(ai_.mMetaData, "scene");
    if (out_.extras.is_object() && out_.extras.contains(kWarningsKey)) {
      for (const auto& line : out_.extras[kWarningsKey])
        if (line.is_string()) out_.warnings.push_back(line.get<std::string>());
      if (out_.extras[kWarningsKey].is_string())
        out_.warnings.push_back(out_.extras[kWarningsKey].get<std::string>());
      out_.extras.erase(kWarningsKey);
      if (out_.extras.empty()) out_.extras = nullptr;
    }
  }

  // Assimp names a morph channel after the mesh (or, from glTF, the node) it drives.
  scene::NodeIndex morph_node(const std::string& name, const std::string& field) const {
    if (auto it = node_by_name_.find(name); it != node_by_name_.end() && it->second->mNumMeshes > 0)
      if (auto index = node_index_.find(it->second); index != node_index_.end()) return index->second;
    for (scene::NodeIndex n = 0; n < out_.nodes.size(); ++n)
      for (scene::MeshIndex m : out_.nodes[n].meshes)
        if (out_.meshes[m].name == name) return n;
    fail(field, "'" + name + "' names no mesh or node");
  }

  void read_animations() {
    for (unsigned int a = 0; a < ai_.mNumAnimations; ++a) {
      const aiAnimation& source = *ai_.mAnimations[a];
      const double tps = source.mTicksPerSecond > 0 ? source.mTicksPerSecond : 25.0;
      scene::Animation out;
      out.name = source.mName.C_Str();
      out.duration = source.mDuration / tps;
      std::string interpolation;
      if (find_metadata_string(ai_.mMetaData, animation_interpolation_key(out.name), interpolation) &&
          interpolation == "STEP")
        out.interpolation = scene::Interpolation::step;
      const std::string field = "animations[" + std::to_string(a) + "]";
      for (unsigned int c = 0; c < source.mNumChannels; ++c) {
        const aiNodeAnim& channel = *source.mChannels[c];
        scene::NodeAnimation node_animation;
        node_animation.node =
            node_named(channel.mNodeName.C_Str(), field + ".channels[" + std::to_string(c) + "]");
        for (unsigned int k = 0; k < channel.mNumPositionKeys; ++k)
          node_animation.translation.push_back(
              {channel.mPositionKeys[k].mTime / tps, from_ai(channel.mPositionKeys[k].mValue)});
        for (unsigned int k = 0; k < channel.mNumRotationKeys; ++k) {
          const aiQuaternion& q = channel.mRotationKeys[k].mValue;
          node_animation.rotation.push_back(
              {channel.mRotationKeys[k].mTime / tps, glm::quat(q.w, q.x, q.y, q.z)});
        }
        for (unsigned int k = 0; k < channel.mNumScalingKeys; ++k)
          node_animation.scale.push_back(
              {channel.mScalingKeys[k].mTime / tps, from_ai(channel.mScalingKeys[k].mValue)});
        out.channels.push_back(std::move(node_animation));
      }
      for (unsigned int c = 0; c < source.mNumMorphMeshChannels; ++c) {
        const aiMeshMorphAnim& channel = *source.mMorphMeshChannels[c];
        scene::MorphWeightAnimation morph;
        morph.node = morph_node(channel.mName.C_Str(), field + ".morph_channels[" + std::to_string(c) + "]");
        for (unsigned int k = 0; k < channel.mNumKeys; ++k) {
          const aiMeshMorphKey& key = channel.mKeys[k];
          scene::Key<std::vector<float>> weights;
          weights.time = key.mTime / tps;
          for (unsigned int i = 0; i < key.mNumValuesAndWeights; ++i) {
            if (key.mValues[i] >= (1u << 16)) continue;  // no mesh has that many targets
            if (weights.value.size() <= key.mValues[i]) weights.value.resize(key.mValues[i] + 1, 0.0f);
            weights.value[key.mValues[i]] = static_cast<float>(key.mWeights[i]);
          }
          morph.keys.push_back(std::move(weights));
        }
        out.morph_channels.push_back(std::move(morph));
      }
      out_.animations.push_back(std::move(out));
    }
  }

  // The scene image for a material's "*<index>" texture path (made once per embedded texture), or nothing for
  // a path to a file or a texture that is neither PNG/JPEG bytes nor texels (then its name stays a name).
  std::optional<scene::ImageIndex> embedded_image(std::string_view path) {
    if (path.size() < 2 || path[0] != '*') return std::nullopt;
    std::size_t index = 0;
    for (char c : path.substr(1)) {
      if (c < '0' || c > '9' || index > ai_.mNumTextures) return std::nullopt;
      index = index * 10 + static_cast<std::size_t>(c - '0');
    }
    if (index >= ai_.mNumTextures || ai_.mTextures[index] == nullptr) return std::nullopt;
    if (auto it = embedded_images_.find(index); it != embedded_images_.end()) return it->second;
    const aiTexture& texture = *ai_.mTextures[index];
    scene::Image image;
    image.name =
        texture.mFilename.length > 0 ? texture.mFilename.C_Str() : "texture_" + std::to_string(index);
    const auto* texels = reinterpret_cast<const std::byte*>(texture.pcData);
    if (texture.pcData == nullptr || texture.mWidth == 0) return std::nullopt;
    if (texture.mHeight == 0) {  // encoded bytes; glTF takes PNG and JPEG
      const std::span<const std::byte> bytes(texels, texture.mWidth);
      std::optional<image::EncodedImageInfo> kind;
      try {
        kind = image::sniff_encoded_image(bytes, file_);
      } catch (const FormatError&) {
        return std::nullopt;  // a damaged picture: the material keeps the name only
      }
      if (!kind) return std::nullopt;
      image.mime_type = kind->format == image::EncodedImageFormat::png ? "image/png" : "image/jpeg";
      image.data.assign(bytes.begin(), bytes.end());
    } else {  // BGRA texels, top row first
      if (std::uint64_t{texture.mWidth} * texture.mHeight > (std::uint64_t{1} << 28)) return std::nullopt;
      image::Rgba8Image rgba{texture.mWidth, texture.mHeight, {}};
      rgba.pixels.reserve(std::size_t{texture.mWidth} * texture.mHeight * 4);
      for (std::size_t i = 0; i < std::size_t{texture.mWidth} * texture.mHeight; ++i) {
        const aiTexel& t = texture.pcData[i];
        rgba.pixels.insert(rgba.pixels.end(), {t.r, t.g, t.b, t.a});
      }
      image.mime_type = "image/png";
      image.data = image::encode_png(rgba);
    }
    out_.images.push_back(std::move(image));
    return embedded_images_[index] = out_.images.size() - 1;
  }

  const aiScene& ai_;
  std::string_view file_;
  scene::Scene out_;
  std::map<std::size_t, scene::ImageIndex> embedded_images_;
  std::unordered_map<std::string, const aiNode*> node_by_name_;
  std::unordered_map<const aiNode*, scene::NodeIndex> node_index_;
};

}  // namespace

std::unique_ptr<aiScene> to_ai_scene(const scene::Scene& scene, MetadataLayout layout) {
  return AiSceneBuilder(scene).build(layout);
}

scene::Scene from_ai_scene(const aiScene& scene, std::string_view file) {
  return SceneFromAi(scene, file).build();
}

}  // namespace gamefmt::assimp
