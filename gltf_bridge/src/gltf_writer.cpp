#include "gamefmt/gltf/gltf_writer.hpp"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/scene_building.hpp"
#include "gamefmt/assimp/scene_validation.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gltf_buffer_builder.hpp"
#include "metadata_values.hpp"

namespace gamefmt::gltf {
namespace {

constexpr const char* kExtensionsKey = "gltf.extensions";
constexpr const char* kTextureExtrasKey = "gamefmt_textures";
// Node metadata (bool true): the node's children are instances of one mesh; see gltf_writer.hpp.
constexpr const char* kInstancingKey = "gltf.instancing";
constexpr const char* kInstancingExtension = "EXT_mesh_gpu_instancing";

// Exact: Assimp's IsIdentity() allows 0.01 per element, which drops millimetre offsets and small rotations.
bool is_identity(const aiMatrix4x4& m) { return m == aiMatrix4x4(); }

std::vector<double> column_major(const aiMatrix4x4& m) {
  return {m.a1, m.b1, m.c1, m.d1, m.a2, m.b2, m.c2, m.d2, m.a3, m.b3, m.c3, m.d3, m.a4, m.b4, m.c4, m.d4};
}

// A bool (or non-zero integer) metadata entry.
bool metadata_flag(const aiMetadata* metadata, std::string_view key) {
  if (metadata == nullptr) return false;
  for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
    if (std::string_view(metadata->mKeys[i].C_Str()) != key) continue;
    const aiMetadataEntry& e = metadata->mValues[i];
    if (e.mType == AI_BOOL) return *static_cast<const bool*>(e.mData);
    if (e.mType == AI_INT32) return *static_cast<const std::int32_t*>(e.mData) != 0;
  }
  return false;
}

aiQuaternion normalized_or_identity(aiQuaternion q) {
  const float length = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (!(length > 1e-12f) || !std::isfinite(length)) return {};
  return {q.w / length, q.x / length, q.y / length, q.z / length};
}

class SceneWriter {
 public:
  SceneWriter(const aiScene& scene, const WriteOptions& options, std::string_view output_name)
      : scene_(scene), options_(options), file_(output_name), buffers_(model_) {}

  tinygltf::Model build() {
    assimp::validate_scene(scene_, file_);
    model_.asset.version = "2.0";
    model_.asset.generator = options_.generator;
    collect_names(*scene_.mRootNode);
    collect_joints_and_animated();
    write_materials();
    tinygltf::Scene gltf_scene;
    gltf_scene.name = scene_.mRootNode->mName.C_Str();
    if (flatten_root()) {
      for (unsigned int i = 0; i < scene_.mRootNode->mNumChildren; ++i)
        gltf_scene.nodes.push_back(write_node(*scene_.mRootNode->mChildren[i]));
    } else {
      gltf_scene.nodes.push_back(write_node(*scene_.mRootNode));
    }
    extra_roots_ = &gltf_scene.nodes;
    write_all_meshes();
    write_animations();
    if (scene_.mMetaData != nullptr) gltf_scene.extras = metadata_to_value(*scene_.mMetaData);
    merge_extensions(scene_.mMetaData, model_.extensions, "scene");
    model_.scenes.push_back(std::move(gltf_scene));
    model_.defaultScene = 0;
    for (const auto& name : extensions_used_) model_.extensionsUsed.push_back(name);
    if (model_.buffers[0].data.empty()) model_.buffers.clear();
    return std::move(model_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }

  void collect_names(const aiNode& node) {
    node_by_name_.emplace(node.mName.C_Str(), &node);
    for (unsigned int i = 0; i < node.mNumChildren; ++i) collect_names(*node.mChildren[i]);
  }

  void collect_joints_and_animated() {
    for (unsigned int m = 0; m < scene_.mNumMeshes; ++m)
      for (unsigned int b = 0; b < scene_.mMeshes[m]->mNumBones; ++b)
        joint_nodes_.insert(node_by_name_.at(scene_.mMeshes[m]->mBones[b]->mName.C_Str()));
    for (unsigned int a = 0; a < scene_.mNumAnimations; ++a)
      for (unsigned int c = 0; c < scene_.mAnimations[a]->mNumChannels; ++c)
        animated_nodes_.insert(node_by_name_.at(scene_.mAnimations[a]->mChannels[c]->mNodeName.C_Str()));
  }

  // An identity root without meshes or data is Assimp's container, not part of the model.
  bool flatten_root() const {
    const aiNode& root = *scene_.mRootNode;
    return is_identity(root.mTransformation) && root.mNumMeshes == 0 && root.mNumChildren > 0 &&
           joint_nodes_.count(&root) == 0 && animated_nodes_.count(&root) == 0 &&
           (root.mMetaData == nullptr || root.mMetaData->mNumProperties == 0);
  }

  void set_transform(tinygltf::Node& out, const aiNode& node) {
    if (is_identity(node.mTransformation)) return;
    aiVector3D scaling, position;
    aiQuaternion rotation;
    node.mTransformation.Decompose(scaling, rotation, position);
    rotation = normalized_or_identity(rotation);
    const aiMatrix4x4 rebuilt(scaling, rotation, position);
    bool matches = true;
    for (unsigned r = 0; r < 4; ++r)
      for (unsigned c = 0; c < 4; ++c)
        matches = matches && std::fabs(rebuilt[r][c] - node.mTransformation[r][c]) <=
                                 1e-5f * std::max(1.0f, std::fabs(node.mTransformation[r][c]));
    if (!matches && animated_nodes_.count(&node) == 0) {  // shear: only a matrix can say it
      out.matrix = column_major(node.mTransformation);
      return;
    }
    if (position != aiVector3D(0, 0, 0)) out.translation = {position.x, position.y, position.z};
    // Not `w != 1`: below about 3e-4 rad, w rounds to 1 in float while x, y, z still hold the rotation.
    if (rotation.x != 0.0f || rotation.y != 0.0f || rotation.z != 0.0f || rotation.w != 1.0f)
      out.rotation = {rotation.x, rotation.y, rotation.z, rotation.w};
    if (scaling != aiVector3D(1, 1, 1)) out.scale = {scaling.x, scaling.y, scaling.z};
  }

  // True when the node asks for instancing and its children are plain instances: no children of their own, no
  // skin, joint or animation, and all holding the same non-skinned meshes (the node itself has none).
  bool instancing_group(const aiNode& node) const {
    if (!metadata_flag(node.mMetaData, kInstancingKey)) return false;
    if (node.mNumMeshes != 0 || node.mNumChildren == 0 || node.mChildren[0]->mNumMeshes == 0) return false;
    const aiNode& first = *node.mChildren[0];
    for (unsigned int i = 0; i < node.mNumChildren; ++i) {
      const aiNode& child = *node.mChildren[i];
      if (child.mNumChildren != 0 || child.mNumMeshes != first.mNumMeshes || joint_nodes_.count(&child) != 0 ||
          animated_nodes_.count(&child) != 0)
        return false;
      for (unsigned int m = 0; m < child.mNumMeshes; ++m)
        if (child.mMeshes[m] != first.mMeshes[m] || scene_.mMeshes[child.mMeshes[m]]->HasBones()) return false;
    }
    return true;
  }

  // EXT_mesh_gpu_instancing: the children's TRS become per-instance accessors on the node itself.
  void write_instances(const aiNode& node, int index) {
    std::vector<float> translations, rotations, scales;
    for (unsigned int i = 0; i < node.mNumChildren; ++i) {
      aiVector3D scaling, position;
      aiQuaternion rotation;
      node.mChildren[i]->mTransformation.Decompose(scaling, rotation, position);
      rotation = normalized_or_identity(rotation);
      translations.insert(translations.end(), {finite_or_zero(position.x), finite_or_zero(position.y), finite_or_zero(position.z)});
      rotations.insert(rotations.end(), {rotation.x, rotation.y, rotation.z, rotation.w});
      scales.insert(scales.end(), {finite_or_zero(scaling.x), finite_or_zero(scaling.y), finite_or_zero(scaling.z)});
    }
    tinygltf::Value::Object attributes{
        {"TRANSLATION", tinygltf::Value(buffers_.add_floats(translations, 3, 0, false))},
        {"ROTATION", tinygltf::Value(buffers_.add_floats(rotations, 4, 0, false))},
        {"SCALE", tinygltf::Value(buffers_.add_floats(scales, 3, 0, false))}};
    model_.nodes[index].extensions[kInstancingExtension] =
        tinygltf::Value(tinygltf::Value::Object{{"attributes", tinygltf::Value(std::move(attributes))}});
    extensions_used_.insert(kInstancingExtension);
    instanced_nodes_.push_back({index, node.mChildren[0]});
  }

  int write_node(const aiNode& node) {
    const int index = static_cast<int>(model_.nodes.size());
    model_.nodes.emplace_back();
    node_index_[&node] = index;
    {
      tinygltf::Node& out = model_.nodes[index];
      out.name = node.mName.C_Str();
      set_transform(out, node);
      if (node.mMetaData != nullptr) out.extras = metadata_to_value(*node.mMetaData);
      merge_extensions(node.mMetaData, out.extensions, "node '" + out.name + "'");
    }
    if (instancing_group(node)) {
      write_instances(node, index);
      return index;
    }
    std::vector<int> children;
    for (unsigned int i = 0; i < node.mNumChildren; ++i) children.push_back(write_node(*node.mChildren[i]));
    model_.nodes[index].children = std::move(children);
    if (node.mNumMeshes > 0) mesh_nodes_.push_back(&node);
    return index;
  }

  // "gltf.extensions" holds either a JSON object as a string (up to Assimp's 1024-character string limit) or,
  // for anything longer, the same object as nested aiMetadata (arrays as keys "0", "1", ...), or flattened.
  void merge_extensions(const aiMetadata* metadata, tinygltf::ExtensionMap& into, const std::string& where) {
    if (metadata == nullptr) return;
    for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
      const std::string_view key(metadata->mKeys[i].C_Str());
      if (assimp::unflattened_key(key) != kExtensionsKey) continue;
      const aiMetadataEntry& entry = metadata->mValues[i];
      const tinygltf::Value object = entry.mType == AI_AISTRING
                                         ? parse_json_object(static_cast<const aiString*>(entry.mData)->C_Str(), where)
                                         : metadata_value(metadata, kExtensionsKey);
      if (!object.IsObject()) fail(where + ".gltf.extensions", "must be a JSON object");
      for (const auto& name : object.Keys()) {
        into[name] = object.Get(name);
        extensions_used_.insert(name);
      }
      if (key != kExtensionsKey) return;  // the flattened leaves are one value, taken whole
    }
  }

  tinygltf::Value parse_json_object(const std::string& json_text, const std::string& where) const {
    tinygltf::Model probe;
    tinygltf::TinyGLTF loader;
    std::string error, warning;
    // tinygltf's own JSON reader, through a minimal document that carries the object as its extensions.
    const std::string document = R"({"asset":{"version":"2.0"},"extensions":)" + json_text + "}";
    if (!loader.LoadASCIIFromString(&probe, &error, &warning, document.c_str(),
                                    static_cast<unsigned int>(document.size()), ""))
      fail(where + ".gltf.extensions", "not a JSON object: " + error);
    tinygltf::Value::Object object;
    for (auto& [name, value] : probe.extensions) object[name] = value;
    return tinygltf::Value(std::move(object));
  }

  void write_materials() {
    for (unsigned int m = 0; m < scene_.mNumMaterials; ++m) {
      const aiMaterial& material = *scene_.mMaterials[m];
      tinygltf::Material out;
      aiString name;
      if (material.Get(AI_MATKEY_NAME, name) == AI_SUCCESS) out.name = name.C_Str();
      aiColor4D color(1, 1, 1, 1);
      if (material.Get(AI_MATKEY_BASE_COLOR, color) != AI_SUCCESS) material.Get(AI_MATKEY_COLOR_DIFFUSE, color);
      float opacity = 1;
      if (material.Get(AI_MATKEY_OPACITY, opacity) == AI_SUCCESS && opacity < 1) color.a *= opacity;
      auto clamp01 = [](float v) { return std::isfinite(v) ? std::clamp(double(v), 0.0, 1.0) : 1.0; };
      out.pbrMetallicRoughness.baseColorFactor = {clamp01(color.r), clamp01(color.g), clamp01(color.b),
                                                  clamp01(color.a)};
      out.pbrMetallicRoughness.metallicFactor = 0;
      out.pbrMetallicRoughness.roughnessFactor = 1;
      if (color.a < 1) out.alphaMode = "BLEND";
      int two_sided = 0;
      if (material.Get(AI_MATKEY_TWOSIDED, two_sided) == AI_SUCCESS) out.doubleSided = two_sided != 0;
      aiString texture;
      if (material.GetTexture(aiTextureType_BASE_COLOR, 0, &texture) == AI_SUCCESS ||
          material.GetTexture(aiTextureType_DIFFUSE, 0, &texture) == AI_SUCCESS) {
        // The game's texture name always travels in extras; a glTF image only when the file can be found.
        out.extras = tinygltf::Value(tinygltf::Value::Object{
            {kTextureExtrasKey, tinygltf::Value(tinygltf::Value::Object{{"base_color", tinygltf::Value(std::string(texture.C_Str()))}})}});
        const int image = image_for(texture.C_Str());
        if (image >= 0) {
          tinygltf::Texture t;
          t.source = image;
          t.sampler = sampler();
          model_.textures.push_back(t);
          out.pbrMetallicRoughness.baseColorTexture.index = static_cast<int>(model_.textures.size() - 1);
        }
      }
      model_.materials.push_back(std::move(out));
    }
  }

  int sampler() {
    if (model_.samplers.empty()) {
      tinygltf::Sampler s;
      s.magFilter = TINYGLTF_TEXTURE_FILTER_LINEAR;
      s.minFilter = TINYGLTF_TEXTURE_FILTER_LINEAR_MIPMAP_LINEAR;
      s.wrapS = s.wrapT = TINYGLTF_TEXTURE_WRAP_REPEAT;
      model_.samplers.push_back(s);
    }
    return 0;
  }

  // An image for a texture file that exists beside the output (relative paths) or at its absolute path, in a
  // format glTF allows (PNG, JPEG); otherwise none: a reference to a missing or .dds file is an error in glTF.
  int image_for(const std::string& path) {
    if (path.empty() || path[0] == '*') return -1;  // embedded textures are not carried over
    if (auto it = images_.find(path); it != images_.end()) return it->second;
    std::string portable = path;
    std::replace(portable.begin(), portable.end(), '\\', '/');
    std::string extension = std::filesystem::path(portable).extension().string();
    std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return std::tolower(c); });
    const std::filesystem::path folder = std::filesystem::path(file_).parent_path();
    std::error_code error;
    const bool usable = (extension == ".png" || extension == ".jpg" || extension == ".jpeg") &&
                        std::filesystem::is_regular_file(folder / portable, error);
    if (!usable) return images_[path] = -1;
    std::string uri;
    for (char c : portable) {
      const auto u = static_cast<unsigned char>(c);
      if (u <= 0x20 || u >= 0x7F || c == '%' || c == '#' || c == '?' || c == '"') {
        char hex[4];
        std::snprintf(hex, sizeof hex, "%%%02X", u);
        uri += hex;
      } else {
        uri += c;
      }
    }
    tinygltf::Image image;
    image.uri = uri;
    image.name = path;
    model_.images.push_back(std::move(image));
    return images_[path] = static_cast<int>(model_.images.size() - 1);
  }

  // ---- meshes and skins ------------------------------------------------------------------------------------

  void write_all_meshes() {
    for (const auto& [index, first_instance] : instanced_nodes_) {
      const std::vector<unsigned int> meshes(first_instance->mMeshes, first_instance->mMeshes + first_instance->mNumMeshes);
      model_.nodes[index].mesh = mesh_for(meshes, nullptr);
    }
    for (const aiNode* node : mesh_nodes_) {
      std::vector<unsigned int> plain, skinned;
      for (unsigned int i = 0; i < node->mNumMeshes; ++i)
        (scene_.mMeshes[node->mMeshes[i]]->HasBones() ? skinned : plain).push_back(node->mMeshes[i]);
      const int node_index = node_index_.at(node);
      if (!plain.empty()) model_.nodes[node_index].mesh = mesh_for(plain, nullptr);
      if (!skinned.empty()) attach_skinned(*node, node_index, skinned, plain.empty());
    }
  }

  // glTF ignores the transform of a node with a skinned mesh and wants it at the scene root: the node itself
  // moves there when nothing else depends on its place, otherwise a new root node carries the mesh.
  void attach_skinned(const aiNode& node, int node_index, const std::vector<unsigned int>& meshes, bool only_skinned) {
    std::vector<int> joints;
    const int skin = skin_for(meshes, joints);
    const int mesh = mesh_for(meshes, &joints);
    const bool movable = only_skinned && node.mNumChildren == 0 && joint_nodes_.count(&node) == 0 &&
                         animated_nodes_.count(&node) == 0;
    int target = node_index;
    if (movable) {
      for (auto& n : model_.nodes) n.children.erase(std::remove(n.children.begin(), n.children.end(), node_index), n.children.end());
      if (std::find(extra_roots_->begin(), extra_roots_->end(), node_index) == extra_roots_->end())
        extra_roots_->push_back(node_index);
      auto& moved = model_.nodes[node_index];
      moved.translation.clear();
      moved.rotation.clear();
      moved.scale.clear();
      moved.matrix.clear();
    } else {
      tinygltf::Node carrier;
      carrier.name = std::string(node.mName.C_Str()) + "_skinned";
      model_.nodes.push_back(std::move(carrier));
      target = static_cast<int>(model_.nodes.size() - 1);
      extra_roots_->push_back(target);
    }
    model_.nodes[target].mesh = mesh;
    model_.nodes[target].skin = skin;
    morph_target_node_[&node] = target;
  }

  int skin_for(const std::vector<unsigned int>& meshes, std::vector<int>& joints) {
    std::map<std::string, aiMatrix4x4> inverse_bind;
    std::vector<std::string> names;
    for (unsigned int m : meshes)
      for (unsigned int b = 0; b < scene_.mMeshes[m]->mNumBones; ++b) {
        const aiBone& bone = *scene_.mMeshes[m]->mBones[b];
        if (inverse_bind.emplace(bone.mName.C_Str(), bone.mOffsetMatrix).second) names.emplace_back(bone.mName.C_Str());
      }
    tinygltf::Skin skin;
    std::vector<float> matrices;
    for (const auto& name : names) {
      const int node = node_index_.at(node_by_name_.at(name));
      skin.joints.push_back(node);
      for (double v : column_major(inverse_bind[name])) matrices.push_back(static_cast<float>(v));
    }
    skin.inverseBindMatrices = buffers_.add_floats(matrices, 16, 0, false);
    joints = skin.joints;
    model_.skins.push_back(std::move(skin));
    return static_cast<int>(model_.skins.size() - 1);
  }

  int mesh_for(const std::vector<unsigned int>& meshes, const std::vector<int>* skin_joints) {
    if (skin_joints == nullptr)
      if (auto it = plain_meshes_.find(meshes); it != plain_meshes_.end()) return it->second;
    tinygltf::Mesh out;
    out.name = scene_.mMeshes[meshes.front()]->mName.C_Str();
    std::size_t targets = 0;
    for (unsigned int m : meshes) targets = std::max<std::size_t>(targets, scene_.mMeshes[m]->mNumAnimMeshes);
    for (unsigned int m : meshes) write_primitives(*scene_.mMeshes[m], skin_joints, targets, out);
    if (targets > 0) {
      const aiMesh& first = *scene_.mMeshes[meshes.front()];
      tinygltf::Value::Array names;
      for (std::size_t t = 0; t < targets; ++t) {
        const bool has = t < first.mNumAnimMeshes;
        out.weights.push_back(has ? first.mAnimMeshes[t]->mWeight : 0.0);
        const std::string name = has ? first.mAnimMeshes[t]->mName.C_Str() : "";
        names.emplace_back(name.empty() ? "target_" + std::to_string(t) : name);
      }
      out.extras = tinygltf::Value(tinygltf::Value::Object{{"targetNames", tinygltf::Value(names)}});
    }
    model_.meshes.push_back(std::move(out));
    const int index = static_cast<int>(model_.meshes.size() - 1);
    if (skin_joints == nullptr) plain_meshes_[meshes] = index;
    return index;
  }

  void write_primitives(const aiMesh& mesh, const std::vector<int>* skin_joints, std::size_t targets, tinygltf::Mesh& out) {
    // Points, lines and triangles become separate primitives; polygons are fanned into triangles.
    std::vector<std::uint32_t> by_mode[3];
    for (unsigned int f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& face = mesh.mFaces[f];
      if (face.mNumIndices == 1) by_mode[0].push_back(face.mIndices[0]);
      if (face.mNumIndices == 2) by_mode[1].insert(by_mode[1].end(), face.mIndices, face.mIndices + 2);
      for (unsigned int k = 2; k < face.mNumIndices; ++k)
        by_mode[2].insert(by_mode[2].end(), {face.mIndices[0], face.mIndices[k - 1], face.mIndices[k]});
    }
    const std::map<std::string, int> attributes = write_attributes(mesh, skin_joints);
    std::vector<std::map<std::string, int>> target_attributes;
    for (std::size_t t = 0; t < targets; ++t) target_attributes.push_back(write_target(mesh, t));
    static constexpr int kModes[3] = {TINYGLTF_MODE_POINTS, TINYGLTF_MODE_LINE, TINYGLTF_MODE_TRIANGLES};
    for (int mode = 0; mode < 3; ++mode) {
      if (by_mode[mode].empty()) continue;
      tinygltf::Primitive primitive;
      primitive.mode = kModes[mode];
      primitive.attributes = attributes;
      if (mode != 2) primitive.attributes.erase("NORMAL");
      primitive.indices = buffers_.add_indices(by_mode[mode], mesh.mNumVertices);
      if (mesh.mMaterialIndex < scene_.mNumMaterials) primitive.material = static_cast<int>(mesh.mMaterialIndex);
      primitive.targets = target_attributes;
      out.primitives.push_back(std::move(primitive));
    }
  }

  std::map<std::string, int> write_attributes(const aiMesh& mesh, const std::vector<int>* skin_joints) {
    std::map<std::string, int> attributes;
    const unsigned int n = mesh.mNumVertices;
    std::vector<float> values;
    values.reserve(std::size_t(n) * 4);
    for (unsigned int v = 0; v < n; ++v) {
      const aiVector3D& p = mesh.mVertices[v];
      if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
        fail("meshes['" + std::string(mesh.mName.C_Str()) + "'].vertices[" + std::to_string(v) + "]",
             "position is not finite");
      values.insert(values.end(), {p.x, p.y, p.z});
    }
    attributes["POSITION"] = buffers_.add_floats(values, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    if (mesh.HasNormals()) {
      values.clear();
      for (unsigned int v = 0; v < n; ++v) {
        aiVector3D normal = mesh.mNormals[v];
        const float length = normal.Length();
        normal = (length > 1e-12f && std::isfinite(length)) ? normal / length : aiVector3D(0, 0, 1);
        values.insert(values.end(), {normal.x, normal.y, normal.z});
      }
      attributes["NORMAL"] = buffers_.add_floats(values, 3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    for (unsigned int channel = 0, out_channel = 0; channel < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++channel) {
      if (!mesh.HasTextureCoords(channel)) continue;
      values.clear();
      for (unsigned int v = 0; v < n; ++v) {
        const aiVector3D& uv = mesh.mTextureCoords[channel][v];
        values.insert(values.end(), {finite_or_zero(uv.x), finite_or_zero(1.0f - uv.y)});  // glTF's V points down
      }
      attributes["TEXCOORD_" + std::to_string(out_channel++)] =
          buffers_.add_floats(values, 2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    for (unsigned int channel = 0, out_channel = 0; channel < AI_MAX_NUMBER_OF_COLOR_SETS; ++channel) {
      if (!mesh.HasVertexColors(channel)) continue;
      values.clear();
      for (unsigned int v = 0; v < n; ++v) {
        const aiColor4D& c = mesh.mColors[channel][v];
        values.insert(values.end(), {unit(c.r), unit(c.g), unit(c.b), unit(c.a)});
      }
      attributes["COLOR_" + std::to_string(out_channel++)] = buffers_.add_floats(values, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
    }
    if (skin_joints != nullptr) write_skin_attributes(mesh, *skin_joints, attributes);
    return attributes;
  }

  static float finite_or_zero(float v) { return std::isfinite(v) ? v : 0.0f; }
  static float unit(float v) { return std::isfinite(v) ? std::clamp(v, 0.0f, 1.0f) : 0.0f; }

  // Up to four strongest influences per vertex, renormalized; a vertex no bone weights follows the first joint.
  void write_skin_attributes(const aiMesh& mesh, const std::vector<int>& skin_joints, std::map<std::string, int>& attributes) {
    std::unordered_map<int, std::uint16_t> joint_slot;
    for (std::size_t i = 0; i < skin_joints.size(); ++i) joint_slot[skin_joints[i]] = static_cast<std::uint16_t>(i);
    std::vector<std::vector<std::pair<float, std::uint16_t>>> influences(mesh.mNumVertices);
    for (unsigned int b = 0; b < mesh.mNumBones; ++b) {
      const aiBone& bone = *mesh.mBones[b];
      const auto slot = joint_slot.at(node_index_.at(node_by_name_.at(bone.mName.C_Str())));
      for (unsigned int w = 0; w < bone.mNumWeights; ++w)
        if (bone.mWeights[w].mWeight > 0) influences[bone.mWeights[w].mVertexId].emplace_back(bone.mWeights[w].mWeight, slot);
    }
    std::vector<std::uint16_t> joints(std::size_t(mesh.mNumVertices) * 4, 0);
    std::vector<float> weights(std::size_t(mesh.mNumVertices) * 4, 0.0f);
    for (unsigned int v = 0; v < mesh.mNumVertices; ++v) {
      auto& list = influences[v];
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
      if (list.size() > 4) list.resize(4);
      float sum = 0;
      for (const auto& [w, j] : list) sum += w;
      if (list.empty() || !(sum > 0)) {
        weights[v * 4] = 1.0f;
        continue;
      }
      for (std::size_t k = 0; k < list.size(); ++k) {
        joints[v * 4 + k] = list[k].second;
        weights[v * 4 + k] = list[k].first / sum;
      }
    }
    attributes["JOINTS_0"] = buffers_.add_joints(joints, skin_joints.size() <= 256);
    attributes["WEIGHTS_0"] = buffers_.add_floats(weights, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
  }

  std::map<std::string, int> write_target(const aiMesh& mesh, std::size_t t) {
    std::vector<float> deltas(std::size_t(mesh.mNumVertices) * 3, 0.0f);
    const aiAnimMesh* anim = t < mesh.mNumAnimMeshes ? mesh.mAnimMeshes[t] : nullptr;
    if (anim != nullptr && anim->mVertices != nullptr)
      for (unsigned int v = 0; v < mesh.mNumVertices; ++v) {
        const aiVector3D d = anim->mVertices[v] - mesh.mVertices[v];
        deltas[v * 3] = finite_or_zero(d.x);
        deltas[v * 3 + 1] = finite_or_zero(d.y);
        deltas[v * 3 + 2] = finite_or_zero(d.z);
      }
    std::map<std::string, int> out;
    out["POSITION"] = buffers_.add_floats(deltas, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
    return out;
  }

  // ---- animations ------------------------------------------------------------------------------------------

  int time_accessor(const std::vector<float>& times) {
    if (auto it = time_accessors_.find(times); it != time_accessors_.end()) return it->second;
    return time_accessors_[times] = buffers_.add_floats(times, 1, 0, true);
  }

  // Seconds from ticks; keys at equal times after rounding keep the last one (glTF needs increasing times).
  template <class Key, class Emit>
  void keyed_track(const Key* keys, unsigned int count, double tps, double shift, std::vector<float>& times, Emit emit) {
    for (unsigned int k = 0; k < count; ++k) {
      const float t = static_cast<float>(keys[k].mTime / tps - shift);
      if (!times.empty() && !(t > times.back())) {
        times.back() = std::max(times.back(), t);
        emit(keys[k], true);
        continue;
      }
      times.push_back(t);
      emit(keys[k], false);
    }
  }

  void add_channel(tinygltf::Animation& anim, int node, const char* path, const std::vector<float>& times,
                   const std::vector<float>& values, int components, const std::string& interpolation) {
    if (times.empty()) return;
    tinygltf::AnimationSampler sampler;
    sampler.input = time_accessor(times);
    sampler.output = buffers_.add_floats(values, components, 0, false);
    sampler.interpolation = interpolation;
    anim.samplers.push_back(sampler);
    tinygltf::AnimationChannel channel;
    channel.sampler = static_cast<int>(anim.samplers.size() - 1);
    channel.target_node = node;
    channel.target_path = path;
    anim.channels.push_back(channel);
  }

  void write_animations() {
    for (unsigned int a = 0; a < scene_.mNumAnimations; ++a) {
      const aiAnimation& source = *scene_.mAnimations[a];
      const double tps = source.mTicksPerSecond;
      tinygltf::Animation anim;
      anim.name = source.mName.C_Str();
      std::string interpolation = "LINEAR";
      std::string step;
      if (assimp::find_metadata_string(scene_.mMetaData, "gltf.animation." + anim.name + ".interpolation", step) &&
          step == "STEP")
        interpolation = "STEP";
      // glTF times cannot be negative: an animation that starts before 0 is shifted to start at 0.
      double earliest = 0;
      auto note = [&](const auto* keys, unsigned int n) {
        if (n > 0) earliest = std::min(earliest, keys[0].mTime / tps);
      };
      for (unsigned int c = 0; c < source.mNumChannels; ++c) {
        note(source.mChannels[c]->mPositionKeys, source.mChannels[c]->mNumPositionKeys);
        note(source.mChannels[c]->mRotationKeys, source.mChannels[c]->mNumRotationKeys);
        note(source.mChannels[c]->mScalingKeys, source.mChannels[c]->mNumScalingKeys);
      }
      std::set<std::pair<int, std::string>> targeted;
      for (unsigned int c = 0; c < source.mNumChannels; ++c) {
        const aiNodeAnim& channel = *source.mChannels[c];
        const int node = node_index_.at(node_by_name_.at(channel.mNodeName.C_Str()));
        std::vector<float> times, values;
        auto vector_emit = [&](const aiVectorKey& key, bool replace) {
          if (replace) values.resize(values.size() - 3);
          values.insert(values.end(), {finite_or_zero(key.mValue.x), finite_or_zero(key.mValue.y), finite_or_zero(key.mValue.z)});
        };
        if (targeted.emplace(node, "translation").second) {
          keyed_track(channel.mPositionKeys, channel.mNumPositionKeys, tps, earliest, times, vector_emit);
          add_channel(anim, node, "translation", times, values, 3, interpolation);
        }
        times.clear();
        values.clear();
        if (targeted.emplace(node, "rotation").second) {
          aiQuaternion previous;
          keyed_track(channel.mRotationKeys, channel.mNumRotationKeys, tps, earliest, times,
                      [&](const aiQuatKey& key, bool replace) {
                        if (replace) values.resize(values.size() - 4);
                        aiQuaternion q = normalized_or_identity(key.mValue);
                        // Keep neighbouring keys in the same hemisphere so LINEAR blends take the short way.
                        if (!values.empty() && q.w * previous.w + q.x * previous.x + q.y * previous.y + q.z * previous.z < 0)
                          q = aiQuaternion(-q.w, -q.x, -q.y, -q.z);
                        previous = q;
                        values.insert(values.end(), {q.x, q.y, q.z, q.w});
                      });
          add_channel(anim, node, "rotation", times, values, 4, interpolation);
        }
        times.clear();
        values.clear();
        if (targeted.emplace(node, "scale").second) {
          keyed_track(channel.mScalingKeys, channel.mNumScalingKeys, tps, earliest, times, vector_emit);
          add_channel(anim, node, "scale", times, values, 3, interpolation);
        }
      }
      for (unsigned int c = 0; c < source.mNumMorphMeshChannels; ++c) write_morph_channel(anim, *source.mMorphMeshChannels[c], tps, earliest, interpolation, targeted);
      if (!anim.channels.empty()) model_.animations.push_back(std::move(anim));
    }
  }

  // Assimp names a morph channel after the mesh (or, from glTF, the node) it drives.
  void write_morph_channel(tinygltf::Animation& anim, const aiMeshMorphAnim& channel, double tps, double shift,
                           const std::string& interpolation, std::set<std::pair<int, std::string>>& targeted) {
    const std::string name = channel.mName.C_Str();
    const aiNode* node = nullptr;
    if (auto it = node_by_name_.find(name); it != node_by_name_.end() && it->second->mNumMeshes > 0) node = it->second;
    if (node == nullptr)
      for (const aiNode* candidate : mesh_nodes_)
        for (unsigned int i = 0; i < candidate->mNumMeshes && node == nullptr; ++i)
          if (name == scene_.mMeshes[candidate->mMeshes[i]]->mName.C_Str()) node = candidate;
    if (node == nullptr) fail("animations['" + anim.name + "'].morph_channels['" + name + "']", "names no mesh or node");
    int target = node_index_.at(node);
    if (auto it = morph_target_node_.find(node); it != morph_target_node_.end()) target = it->second;
    const int mesh = model_.nodes[target].mesh;
    if (mesh < 0) fail("animations['" + anim.name + "'].morph_channels['" + name + "']", "node has no glTF mesh");
    const std::size_t count = model_.meshes[mesh].weights.size();
    if (count == 0 || !targeted.emplace(target, "weights").second) return;
    std::vector<float> times, values;
    keyed_track(channel.mKeys, channel.mNumKeys, tps, shift, times, [&](const aiMeshMorphKey& key, bool replace) {
      if (replace) values.resize(values.size() - count);
      const std::size_t start = values.size();
      values.resize(start + count, 0.0f);
      for (unsigned int i = 0; i < key.mNumValuesAndWeights; ++i)
        if (key.mValues[i] < count) values[start + key.mValues[i]] = static_cast<float>(finite_or_zero(float(key.mWeights[i])));
    });
    add_channel(anim, target, "weights", times, values, 1, interpolation);
  }

  const aiScene& scene_;
  const WriteOptions& options_;
  std::string file_;
  tinygltf::Model model_;
  BufferBuilder buffers_;
  std::unordered_map<std::string, const aiNode*> node_by_name_;
  std::unordered_map<const aiNode*, int> node_index_;
  std::set<const aiNode*> joint_nodes_, animated_nodes_;
  std::vector<const aiNode*> mesh_nodes_;
  std::vector<std::pair<int, const aiNode*>> instanced_nodes_;  // glTF node, its first instance
  std::map<std::vector<unsigned int>, int> plain_meshes_;
  std::map<std::vector<float>, int> time_accessors_;
  std::unordered_map<const aiNode*, int> morph_target_node_;
  std::map<std::string, int> images_;
  std::set<std::string> extensions_used_;
  std::vector<int>* extra_roots_ = nullptr;
};

// Game files name things in whatever bytes they like; JSON wants UTF-8. Invalid sequences become U+FFFD.
std::string valid_utf8(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = length != 0 && i + length <= text.size() && !(length == 2 && c < 0xC2) && c <= 0xF4;
    for (std::size_t k = 1; ok && k < length; ++k) ok = (static_cast<unsigned char>(text[i + k]) >> 6) == 0x2;
    if (ok && length > 2) {  // no overlong forms, surrogates or code points past U+10FFFF
      const auto second = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xE0 && second < 0xA0) && !(c == 0xED && second >= 0xA0) && !(c == 0xF0 && second < 0x90) &&
           !(c == 0xF4 && second >= 0x90);
    }
    if (ok) {
      out.append(text, i, length);
      i += length;
    } else {
      out += "\xEF\xBF\xBD";
      ++i;
    }
  }
  return out;
}

void make_names_utf8(tinygltf::Model& model) {
  for (auto& n : model.nodes) n.name = valid_utf8(n.name);
  for (auto& m : model.meshes) m.name = valid_utf8(m.name);
  for (auto& m : model.materials) m.name = valid_utf8(m.name);
  for (auto& a : model.animations) a.name = valid_utf8(a.name);
  for (auto& s : model.skins) s.name = valid_utf8(s.name);
  for (auto& s : model.scenes) s.name = valid_utf8(s.name);
}

}  // namespace

std::vector<std::byte> write_gltf(const aiScene& scene, const WriteOptions& options, std::string_view output_name) {
  tinygltf::Model model = SceneWriter(scene, options, output_name).build();
  make_names_utf8(model);
  std::ostringstream stream;
  tinygltf::TinyGLTF writer;
  bool written = false;
  try {
    written = writer.WriteGltfSceneToStream(&model, stream, false, options.binary);
  } catch (const std::exception& e) {  // tinygltf's JSON library throws on text that is not UTF-8
    throw FormatError(std::string(output_name), std::nullopt, "extras",
                      std::string("a value cannot be written as JSON (") + e.what() + ")");
  }
  if (!written) throw FormatError(std::string(output_name), std::nullopt, "", "tinygltf could not serialise the model");
  const std::string text = std::move(stream).str();
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

}  // namespace gamefmt::gltf
