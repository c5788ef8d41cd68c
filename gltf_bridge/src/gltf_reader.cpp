#include "gamefmt/gltf/gltf_reader.hpp"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

#include "gamefmt/assimp/scene_building.hpp"
#include "gamefmt/assimp/scene_validation.hpp"
#include "gamefmt/core/format_error.hpp"
#include "metadata_values.hpp"

namespace gamefmt::gltf {
namespace {

// An accessor value used as an index: in [0, limit) (indices and joints are unsigned integers, but a damaged
// file may hold anything, and converting a negative or NaN double to an unsigned type is undefined).
bool index_below(double value, std::size_t limit) {
  return value >= 0 && value < static_cast<double>(limit);
}
std::string shown(double value) {
  return std::abs(value) < 1e15 ? std::to_string(static_cast<long long>(value)) : std::to_string(value);
}

using assimp::copy_to_array;

bool skip_image_loading(tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int, void*) {
  return true;  // texture files are referenced by name, never decoded
}

std::string decode_uri(const std::string& uri) {
  std::string out;
  for (std::size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uri[i + 1]) && std::isxdigit(uri[i + 2])) {
      out += static_cast<char>(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += uri[i];
    }
  }
  return out;
}

class SceneReader {
 public:
  SceneReader(const tinygltf::Model& model, std::string file) : model_(model), file_(std::move(file)) {}

  std::unique_ptr<aiScene> build() {
    scene_ = std::make_unique<aiScene>();
    name_nodes();
    read_materials();
    const int scene_index = model_.defaultScene >= 0 ? model_.defaultScene : 0;
    std::vector<int> roots;
    if (scene_index < static_cast<int>(model_.scenes.size())) {
      roots = model_.scenes[scene_index].nodes;
    } else {
      for (std::size_t i = 0; i < model_.nodes.size(); ++i) roots.push_back(static_cast<int>(i));
      for (const auto& n : model_.nodes)
        for (int c : n.children) roots.erase(std::remove(roots.begin(), roots.end(), c), roots.end());
    }
    const std::string scene_name = scene_index < static_cast<int>(model_.scenes.size()) && !model_.scenes[scene_index].name.empty()
                                       ? model_.scenes[scene_index].name
                                       : std::filesystem::path(file_).stem().string();
    std::unique_ptr<aiNode> root(assimp::make_node(unique_name(scene_name)));
    attach_children(*root, roots, 0);
    scene_->mRootNode = root.release();
    if (scene_index < static_cast<int>(model_.scenes.size()))
      scene_->mMetaData = value_to_metadata(model_.scenes[scene_index].extras);
    read_animations();
    std::vector<std::unique_ptr<aiMesh>>& meshes = meshes_;
    scene_->mMeshes = assimp::release_to_array(meshes, scene_->mNumMeshes);
    if (scene_->mNumMeshes == 0) scene_->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    assimp::validate_scene(*scene_, file_);
    return std::move(scene_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }

  std::string unique_name(const std::string& wanted) {
    std::string name = wanted;
    for (int n = 1; !used_names_.insert(name).second; ++n) name = wanted + "." + std::to_string(n);
    return name;
  }

  void name_nodes() {
    for (std::size_t i = 0; i < model_.nodes.size(); ++i)
      node_names_.push_back(unique_name(model_.nodes[i].name.empty() ? "node_" + std::to_string(i) : model_.nodes[i].name));
  }

  aiMatrix4x4 local_transform(const tinygltf::Node& node) const {
    if (node.matrix.size() == 16) {
      const auto& m = node.matrix;
      return aiMatrix4x4(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]);
    }
    aiVector3D t(0, 0, 0), s(1, 1, 1);
    aiQuaternion r;
    if (node.translation.size() == 3) t = aiVector3D(node.translation[0], node.translation[1], node.translation[2]);
    if (node.rotation.size() == 4) r = aiQuaternion(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
    if (node.scale.size() == 3) s = aiVector3D(node.scale[0], node.scale[1], node.scale[2]);
    return aiMatrix4x4(s, r, t);
  }

  // Nodes are owned until they are attached, so an error half-way through a tree leaks nothing.
  std::unique_ptr<aiNode> read_node(int index, int depth) {
    if (index < 0 || index >= static_cast<int>(model_.nodes.size())) fail("nodes", "node index " + std::to_string(index) + " does not exist");
    if (depth > 1000 || !visiting_.insert(index).second) fail("nodes[" + std::to_string(index) + "]", "the node tree has a cycle");
    const tinygltf::Node& node = model_.nodes[index];
    std::unique_ptr<aiNode> out(assimp::make_node(node_names_[index]));
    out->mTransformation = local_transform(node);
    out->mMetaData = value_to_metadata(node.extras);
    if (node.mesh >= 0) assimp::set_meshes(*out, meshes_for(node.mesh, node.skin));
    attach_children(*out, node.children, depth + 1);
    node_by_index_[index] = out.get();
    return out;
  }

  void attach_children(aiNode& parent, const std::vector<int>& indices, int depth) {
    std::vector<std::unique_ptr<aiNode>> owned;
    for (int c : indices) owned.push_back(read_node(c, depth));
    std::vector<aiNode*> children;
    for (auto& child : owned) children.push_back(child.release());
    assimp::set_children(parent, children);
  }

  // ---- accessors -------------------------------------------------------------------------------------------

  const tinygltf::Accessor& accessor(int index, const std::string& field) const {
    if (index < 0 || index >= static_cast<int>(model_.accessors.size())) fail(field, "accessor " + std::to_string(index) + " does not exist");
    return model_.accessors[index];
  }

  static double component(const unsigned char* p, int type, bool normalized) {
    switch (type) {
      case TINYGLTF_COMPONENT_TYPE_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return normalized ? *p / 255.0 : *p;
      case TINYGLTF_COMPONENT_TYPE_BYTE: { auto v = static_cast<std::int8_t>(*p); return normalized ? std::max(v / 127.0, -1.0) : v; }
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: { std::uint16_t v; std::memcpy(&v, p, 2); return normalized ? v / 65535.0 : v; }
      case TINYGLTF_COMPONENT_TYPE_SHORT: { std::int16_t v; std::memcpy(&v, p, 2); return normalized ? std::max(v / 32767.0, -1.0) : v; }
      case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
      default: return 0;
    }
  }

  // All elements of an accessor as doubles, `components` per element, sparse substitution applied.
  std::vector<double> read_accessor(int index, int components, const std::string& field) const {
    const auto& a = accessor(index, field);
    const int have = tinygltf::GetNumComponentsInType(a.type);
    const int size = tinygltf::GetComponentSizeInBytes(a.componentType);
    if (have != components || size <= 0) fail(field, "accessor " + std::to_string(index) + " has the wrong type");
    std::vector<double> out;
    if (a.count > (std::size_t(1) << 28)) fail(field, "accessor " + std::to_string(index) + " claims too many elements");
    out.resize(a.count * components, 0.0);
    if (a.bufferView >= 0) read_view(a.bufferView, a.byteOffset, a.count, components, a.componentType, a.normalized, out, field);
    if (a.sparse.isSparse) {
      const auto count = static_cast<std::size_t>(a.sparse.count);
      std::vector<double> indices(count), values(count * components);
      read_view(a.sparse.indices.bufferView, a.sparse.indices.byteOffset, count, 1, a.sparse.indices.componentType, false, indices, field + ".sparse.indices");
      read_view(a.sparse.values.bufferView, a.sparse.values.byteOffset, count, components, a.componentType, a.normalized, values, field + ".sparse.values");
      for (std::size_t i = 0; i < count; ++i) {
        const auto target = static_cast<std::size_t>(indices[i]);
        if (target >= a.count) fail(field, "sparse index outside the accessor");
        std::copy_n(values.begin() + i * components, components, out.begin() + target * components);
      }
    }
    return out;
  }

  void read_view(int view_index, std::size_t offset, std::size_t count, int components, int component_type, bool normalized,
                 std::vector<double>& out, const std::string& field) const {
    if (view_index < 0 || view_index >= static_cast<int>(model_.bufferViews.size())) fail(field, "buffer view does not exist");
    const auto& view = model_.bufferViews[view_index];
    if (view.buffer < 0 || view.buffer >= static_cast<int>(model_.buffers.size())) fail(field, "buffer does not exist");
    const auto& data = model_.buffers[view.buffer].data;
    const std::size_t size = static_cast<std::size_t>(tinygltf::GetComponentSizeInBytes(component_type));
    const std::size_t element = size * components;
    const std::size_t stride = view.byteStride ? view.byteStride : element;
    const std::size_t start = view.byteOffset + offset;
    if (count > 0) {
      const std::size_t needed = (count - 1) * stride + element;
      if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset || offset > view.byteLength ||
          needed > view.byteLength - offset)
        fail(field, "accessor data runs past its buffer view");
    }
    for (std::size_t i = 0; i < count; ++i)
      for (int c = 0; c < components; ++c)
        out[i * components + c] = component(data.data() + start + i * stride + c * size, component_type, normalized);
  }

  // ---- meshes ---------------------------------------------------------------------------------------------

  std::vector<unsigned int> meshes_for(int mesh_index, int skin_index) {
    const auto key = std::make_pair(mesh_index, skin_index);
    if (auto it = mesh_cache_.find(key); it != mesh_cache_.end()) return it->second;
    if (mesh_index >= static_cast<int>(model_.meshes.size())) fail("meshes", "mesh " + std::to_string(mesh_index) + " does not exist");
    const auto& mesh = model_.meshes[mesh_index];
    std::vector<std::string> target_names;
    if (mesh.extras.Has("targetNames")) {
      const auto& names = mesh.extras.Get("targetNames");
      for (std::size_t i = 0; i < names.ArrayLen(); ++i)
        target_names.push_back(names.Get(int(i)).IsString() ? names.Get(int(i)).Get<std::string>() : "");
    }
    std::vector<unsigned int> indices;
    for (std::size_t p = 0; p < mesh.primitives.size(); ++p) {
      auto out = read_primitive(mesh, mesh.primitives[p], "meshes[" + std::to_string(mesh_index) + "].primitives[" + std::to_string(p) + "]", target_names);
      if (!out) continue;
      if (skin_index >= 0) add_bones(*out, skin_index, mesh.primitives[p], "meshes[" + std::to_string(mesh_index) + "]");
      indices.push_back(static_cast<unsigned int>(meshes_.size()));
      meshes_.push_back(std::move(out));
    }
    return mesh_cache_[key] = indices;
  }

  std::unique_ptr<aiMesh> read_primitive(const tinygltf::Mesh& mesh, const tinygltf::Primitive& primitive, const std::string& field,
                                         const std::vector<std::string>& target_names) {
    const auto position = primitive.attributes.find("POSITION");
    if (position == primitive.attributes.end()) return nullptr;
    const auto positions = read_accessor(position->second, 3, field + ".POSITION");
    const std::size_t n = positions.size() / 3;
    if (n == 0) return nullptr;
    auto out = std::make_unique<aiMesh>();
    out->mName = aiString(mesh.name);
    out->mNumVertices = static_cast<unsigned int>(n);
    out->mVertices = new aiVector3D[n];
    for (std::size_t v = 0; v < n; ++v) out->mVertices[v] = aiVector3D(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    if (auto it = primitive.attributes.find("NORMAL"); it != primitive.attributes.end()) {
      const auto normals = read_accessor(it->second, 3, field + ".NORMAL");
      if (normals.size() != n * 3) fail(field + ".NORMAL", "count differs from POSITION");
      out->mNormals = new aiVector3D[n];
      for (std::size_t v = 0; v < n; ++v) out->mNormals[v] = aiVector3D(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]);
    }
    for (unsigned int channel = 0; channel < AI_MAX_NUMBER_OF_TEXTURECOORDS; ++channel) {
      auto it = primitive.attributes.find("TEXCOORD_" + std::to_string(channel));
      if (it == primitive.attributes.end()) break;
      const auto uv = read_accessor(it->second, 2, field + "." + it->first);
      if (uv.size() != n * 2) fail(field + "." + it->first, "count differs from POSITION");
      out->mTextureCoords[channel] = new aiVector3D[n];
      out->mNumUVComponents[channel] = 2;
      for (std::size_t v = 0; v < n; ++v) out->mTextureCoords[channel][v] = aiVector3D(uv[v * 2], 1.0 - uv[v * 2 + 1], 0);
    }
    for (unsigned int channel = 0; channel < AI_MAX_NUMBER_OF_COLOR_SETS; ++channel) {
      auto it = primitive.attributes.find("COLOR_" + std::to_string(channel));
      if (it == primitive.attributes.end()) break;
      const int components = tinygltf::GetNumComponentsInType(accessor(it->second, field).type);
      if (components != 3 && components != 4) fail(field + "." + it->first, "must be VEC3 or VEC4");
      const auto c = read_accessor(it->second, components, field + "." + it->first);
      if (c.size() != n * components) fail(field + "." + it->first, "count differs from POSITION");
      out->mColors[channel] = new aiColor4D[n];
      for (std::size_t v = 0; v < n; ++v)
        out->mColors[channel][v] = aiColor4D(c[v * components], c[v * components + 1], c[v * components + 2], components == 4 ? c[v * components + 3] : 1.0);
    }
    read_faces(*out, primitive, field);
    if (primitive.material >= 0 && primitive.material < static_cast<int>(model_.materials.size()))
      out->mMaterialIndex = static_cast<unsigned int>(primitive.material);
    else
      out->mMaterialIndex = default_material();
    read_targets(*out, mesh, primitive, field, target_names);
    return out;
  }

  void read_faces(aiMesh& out, const tinygltf::Primitive& primitive, const std::string& field) {
    const std::size_t n = out.mNumVertices;
    std::vector<std::uint32_t> indices;
    if (primitive.indices >= 0) {
      for (double v : read_accessor(primitive.indices, 1, field + ".indices")) {
        if (!index_below(v, n))
          fail(field + ".indices",
               "index " + shown(v) + " is outside the " + std::to_string(n) + " vertices");
        indices.push_back(static_cast<std::uint32_t>(v));
      }
    } else {
      for (std::size_t i = 0; i < n; ++i) indices.push_back(static_cast<std::uint32_t>(i));
    }
    std::vector<std::vector<std::uint32_t>> faces;
    switch (primitive.mode) {
      case TINYGLTF_MODE_POINTS:
        for (auto i : indices) faces.push_back({i});
        out.mPrimitiveTypes = aiPrimitiveType_POINT;
        break;
      case TINYGLTF_MODE_LINE:
        for (std::size_t i = 0; i + 1 < indices.size(); i += 2) faces.push_back({indices[i], indices[i + 1]});
        out.mPrimitiveTypes = aiPrimitiveType_LINE;
        break;
      case TINYGLTF_MODE_LINE_LOOP:
      case TINYGLTF_MODE_LINE_STRIP:
        for (std::size_t i = 0; i + 1 < indices.size(); ++i) faces.push_back({indices[i], indices[i + 1]});
        if (primitive.mode == TINYGLTF_MODE_LINE_LOOP && indices.size() > 2) faces.push_back({indices.back(), indices.front()});
        out.mPrimitiveTypes = aiPrimitiveType_LINE;
        break;
      case TINYGLTF_MODE_TRIANGLE_STRIP:
        for (std::size_t i = 0; i + 2 < indices.size(); ++i)
          faces.push_back(i % 2 == 0 ? std::vector<std::uint32_t>{indices[i], indices[i + 1], indices[i + 2]}
                                     : std::vector<std::uint32_t>{indices[i + 1], indices[i], indices[i + 2]});
        out.mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        break;
      case TINYGLTF_MODE_TRIANGLE_FAN:
        for (std::size_t i = 1; i + 1 < indices.size(); ++i) faces.push_back({indices[0], indices[i], indices[i + 1]});
        out.mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
        break;
      default:
        for (std::size_t i = 0; i + 2 < indices.size(); i += 3) faces.push_back({indices[i], indices[i + 1], indices[i + 2]});
        out.mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    }
    out.mNumFaces = static_cast<unsigned int>(faces.size());
    out.mFaces = faces.empty() ? nullptr : new aiFace[faces.size()];
    for (std::size_t f = 0; f < faces.size(); ++f) {
      out.mFaces[f].mNumIndices = static_cast<unsigned int>(faces[f].size());
      out.mFaces[f].mIndices = copy_to_array(faces[f]);
    }
  }

  void read_targets(aiMesh& out, const tinygltf::Mesh& mesh, const tinygltf::Primitive& primitive, const std::string& field,
                    const std::vector<std::string>& target_names) {
    if (primitive.targets.empty()) return;
    const std::size_t n = out.mNumVertices;
    out.mNumAnimMeshes = static_cast<unsigned int>(primitive.targets.size());
    out.mAnimMeshes = new aiAnimMesh*[primitive.targets.size()]();
    out.mMethod = aiMorphingMethod_MORPH_RELATIVE;
    for (std::size_t t = 0; t < primitive.targets.size(); ++t) {
      auto* anim = new aiAnimMesh();
      out.mAnimMeshes[t] = anim;
      anim->mNumVertices = static_cast<unsigned int>(n);
      anim->mName = aiString(t < target_names.size() ? target_names[t] : "target_" + std::to_string(t));
      anim->mWeight = t < mesh.weights.size() ? static_cast<float>(mesh.weights[t]) : 0.0f;
      anim->mVertices = new aiVector3D[n];
      std::copy_n(out.mVertices, n, anim->mVertices);
      const auto& attributes = primitive.targets[t];
      if (auto it = attributes.find("POSITION"); it != attributes.end()) {
        const auto d = read_accessor(it->second, 3, field + ".targets[" + std::to_string(t) + "].POSITION");
        if (d.size() != n * 3) fail(field + ".targets", "count differs from POSITION");
        for (std::size_t v = 0; v < n; ++v) anim->mVertices[v] += aiVector3D(d[v * 3], d[v * 3 + 1], d[v * 3 + 2]);
      }
      if (auto it = attributes.find("NORMAL"); it != attributes.end() && out.mNormals != nullptr) {
        const auto d = read_accessor(it->second, 3, field + ".targets[" + std::to_string(t) + "].NORMAL");
        if (d.size() != n * 3) fail(field + ".targets", "count differs from POSITION");
        anim->mNormals = new aiVector3D[n];
        for (std::size_t v = 0; v < n; ++v) anim->mNormals[v] = out.mNormals[v] + aiVector3D(d[v * 3], d[v * 3 + 1], d[v * 3 + 2]);
      }
    }
  }

  void add_bones(aiMesh& out, int skin_index, const tinygltf::Primitive& primitive, const std::string& field) {
    if (skin_index >= static_cast<int>(model_.skins.size())) fail(field, "skin " + std::to_string(skin_index) + " does not exist");
    const auto& skin = model_.skins[skin_index];
    std::vector<double> inverse_bind;
    if (skin.inverseBindMatrices >= 0) {
      inverse_bind = read_accessor(skin.inverseBindMatrices, 16, "skins[" + std::to_string(skin_index) + "].inverseBindMatrices");
      if (inverse_bind.size() < skin.joints.size() * 16) fail("skins[" + std::to_string(skin_index) + "]", "fewer inverse bind matrices than joints");
    }
    const std::size_t n = out.mNumVertices;
    std::vector<std::vector<aiVertexWeight>> weights(skin.joints.size());
    for (int set = 0;; ++set) {
      auto j = primitive.attributes.find("JOINTS_" + std::to_string(set));
      auto w = primitive.attributes.find("WEIGHTS_" + std::to_string(set));
      if (j == primitive.attributes.end() || w == primitive.attributes.end()) break;
      const auto joints = read_accessor(j->second, 4, field + "." + j->first);
      const auto values = read_accessor(w->second, 4, field + "." + w->first);
      if (joints.size() != n * 4 || values.size() != n * 4) fail(field + "." + j->first, "count differs from POSITION");
      for (std::size_t v = 0; v < n; ++v)
        for (int k = 0; k < 4; ++k) {
          const double weight = values[v * 4 + k];
          if (!(weight > 0)) continue;
          const double joint_value = joints[v * 4 + k];
          if (!index_below(joint_value, skin.joints.size()))
            fail(field + "." + j->first, "joint " + shown(joint_value) + " is outside the skin");
          const auto joint = static_cast<std::size_t>(joint_value);
          weights[joint].push_back(aiVertexWeight(static_cast<unsigned int>(v), static_cast<float>(weight)));
        }
    }
    std::vector<std::unique_ptr<aiBone>> bones;
    for (std::size_t i = 0; i < skin.joints.size(); ++i) {
      const int node = skin.joints[i];
      if (node < 0 || node >= static_cast<int>(model_.nodes.size())) fail("skins[" + std::to_string(skin_index) + "].joints", "joint node does not exist");
      auto bone = std::make_unique<aiBone>();
      bone->mName = aiString(node_names_[node]);
      if (!inverse_bind.empty()) {
        const double* m = &inverse_bind[i * 16];
        bone->mOffsetMatrix = aiMatrix4x4(m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]);
      }
      bone->mNumWeights = static_cast<unsigned int>(weights[i].size());
      bone->mWeights = copy_to_array(weights[i]);
      bones.push_back(std::move(bone));
    }
    out.mBones = assimp::release_to_array(bones, out.mNumBones);
  }

  // ---- materials -------------------------------------------------------------------------------------------

  void read_materials() {
    std::vector<std::unique_ptr<aiMaterial>> materials;
    for (const auto& m : model_.materials) {
      const auto& f = m.pbrMetallicRoughness.baseColorFactor;
      auto material = assimp::make_material(m.name, f.size() == 4 ? aiColor4D(f[0], f[1], f[2], f[3]) : aiColor4D(1, 1, 1, 1));
      const int two_sided = m.doubleSided ? 1 : 0;
      material->AddProperty(&two_sided, 1, AI_MATKEY_TWOSIDED);
      std::string texture_path;
      const int texture = m.pbrMetallicRoughness.baseColorTexture.index;
      if (texture >= 0 && texture < static_cast<int>(model_.textures.size())) {
        const int source = model_.textures[texture].source;
        if (source >= 0 && source < static_cast<int>(model_.images.size()) && !model_.images[source].uri.empty() &&
            model_.images[source].uri.rfind("data:", 0) != 0)
          texture_path = decode_uri(model_.images[source].uri);
      }
      // gamefmt keeps the game's own texture name in material extras (see gltf_writer.cpp).
      if (m.extras.Has("gamefmt_textures") && m.extras.Get("gamefmt_textures").Get("base_color").IsString())
        texture_path = m.extras.Get("gamefmt_textures").Get("base_color").Get<std::string>();
      if (!texture_path.empty()) {
        const aiString path(texture_path);
        material->AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
        material->AddProperty(&path, AI_MATKEY_TEXTURE(aiTextureType_BASE_COLOR, 0));
      }
      materials.push_back(std::move(material));
    }
    materials_ = std::move(materials);
    flush_materials();
  }

  unsigned int default_material() {
    if (default_material_ < 0) {
      default_material_ = static_cast<int>(scene_->mNumMaterials);
      materials_.push_back(assimp::make_material(AI_DEFAULT_MATERIAL_NAME, aiColor4D(0.8f, 0.8f, 0.8f, 1)));
      flush_materials();
    }
    return static_cast<unsigned int>(default_material_);
  }

  void flush_materials() {
    // Keep earlier materials: rebuild the array from what the scene holds plus the new ones.
    std::vector<aiMaterial*> all(scene_->mMaterials, scene_->mMaterials + scene_->mNumMaterials);
    for (auto& m : materials_) all.push_back(m.release());
    materials_.clear();
    delete[] scene_->mMaterials;
    scene_->mNumMaterials = static_cast<unsigned int>(all.size());
    scene_->mMaterials = all.empty() ? nullptr : copy_to_array(all);
  }

  // ---- animations ------------------------------------------------------------------------------------------

  void read_animations() {
    std::vector<std::unique_ptr<aiAnimation>> animations;
    for (std::size_t a = 0; a < model_.animations.size(); ++a) {
      const auto& anim = model_.animations[a];
      const std::string field = "animations[" + std::to_string(a) + "]";
      auto out = std::make_unique<aiAnimation>();
      out->mName = aiString(anim.name.empty() ? "animation_" + std::to_string(a) : anim.name);
      out->mTicksPerSecond = 1000.0;
      std::map<int, std::unique_ptr<aiNodeAnim>> channels;
      std::map<int, std::unique_ptr<aiMeshMorphAnim>> morphs;
      double end = 0;
      bool step = false;
      for (std::size_t c = 0; c < anim.channels.size(); ++c) {
        const auto& channel = anim.channels[c];
        const std::string channel_field = field + ".channels[" + std::to_string(c) + "]";
        if (channel.sampler < 0 || channel.sampler >= static_cast<int>(anim.samplers.size())) fail(channel_field, "sampler does not exist");
        if (!node_by_index_.count(channel.target_node)) continue;  // a node outside the scene
        const auto& sampler = anim.samplers[channel.sampler];
        step = step || sampler.interpolation == "STEP";
        const bool cubic = sampler.interpolation == "CUBICSPLINE";
        const auto times = read_accessor(sampler.input, 1, channel_field + ".input");
        for (double t : times) end = std::max(end, t * 1000.0);
        const int components = channel.target_path == "rotation" ? 4 : channel.target_path == "weights" ? 1 : 3;
        const auto& output_accessor = accessor(sampler.output, channel_field + ".output");
        const auto values = read_accessor(sampler.output, tinygltf::GetNumComponentsInType(output_accessor.type) == components ? components : -1,
                                          channel_field + ".output");
        const std::size_t per_key = values.size() / std::max<std::size_t>(times.size(), 1);
        // CUBICSPLINE stores (in-tangent, value, out-tangent) per key: take the value.
        const std::size_t value_offset = cubic ? per_key / 3 : 0;
        if (times.empty() || values.size() != times.size() * per_key || per_key == 0) fail(channel_field, "output count does not match the input");
        if (channel.target_path == "weights") {
          auto& morph = morphs[channel.target_node];
          if (!morph) {
            morph = std::make_unique<aiMeshMorphAnim>();
            morph->mName = aiString(node_names_[channel.target_node]);
          }
          const std::size_t count = cubic ? per_key / 3 : per_key;
          morph->mNumKeys = static_cast<unsigned int>(times.size());
          morph->mKeys = new aiMeshMorphKey[times.size()];
          for (std::size_t k = 0; k < times.size(); ++k) {
            auto& key = morph->mKeys[k];
            key.mTime = times[k] * 1000.0;
            key.mNumValuesAndWeights = static_cast<unsigned int>(count);
            key.mValues = new unsigned int[count];
            key.mWeights = new double[count];
            for (std::size_t i = 0; i < count; ++i) {
              key.mValues[i] = static_cast<unsigned int>(i);
              key.mWeights[i] = values[k * per_key + value_offset + i];
            }
          }
          continue;
        }
        auto& node_anim = channels[channel.target_node];
        if (!node_anim) {
          node_anim = std::make_unique<aiNodeAnim>();
          node_anim->mNodeName = aiString(node_names_[channel.target_node]);
        }
        const std::size_t n = times.size();
        if (channel.target_path == "translation" || channel.target_path == "scale") {
          auto* keys = new aiVectorKey[n];
          for (std::size_t k = 0; k < n; ++k) {
            const double* v = &values[k * per_key + value_offset];
            keys[k] = aiVectorKey(times[k] * 1000.0, aiVector3D(v[0], v[1], v[2]));
          }
          if (channel.target_path == "translation") {
            delete[] node_anim->mPositionKeys;
            node_anim->mPositionKeys = keys;
            node_anim->mNumPositionKeys = static_cast<unsigned int>(n);
          } else {
            delete[] node_anim->mScalingKeys;
            node_anim->mScalingKeys = keys;
            node_anim->mNumScalingKeys = static_cast<unsigned int>(n);
          }
        } else if (channel.target_path == "rotation") {
          auto* keys = new aiQuatKey[n];
          for (std::size_t k = 0; k < n; ++k) {
            const double* v = &values[k * per_key + value_offset];
            keys[k] = aiQuatKey(times[k] * 1000.0, aiQuaternion(v[3], v[0], v[1], v[2]));
          }
          delete[] node_anim->mRotationKeys;
          node_anim->mRotationKeys = keys;
          node_anim->mNumRotationKeys = static_cast<unsigned int>(n);
        }
      }
      if (channels.empty() && morphs.empty()) continue;
      out->mDuration = end;
      std::vector<std::unique_ptr<aiNodeAnim>> node_anims;
      for (auto& [node, channel] : channels) node_anims.push_back(std::move(channel));
      out->mChannels = assimp::release_to_array(node_anims, out->mNumChannels);
      std::vector<std::unique_ptr<aiMeshMorphAnim>> morph_anims;
      for (auto& [node, morph] : morphs) morph_anims.push_back(std::move(morph));
      out->mMorphMeshChannels = assimp::release_to_array(morph_anims, out->mNumMorphMeshChannels);
      if (step) assimp::add_metadata(scene_->mMetaData, "gltf.animation." + std::string(out->mName.C_Str()) + ".interpolation", aiString(std::string("STEP")));
      animations.push_back(std::move(out));
    }
    scene_->mAnimations = assimp::release_to_array(animations, scene_->mNumAnimations);
  }

  const tinygltf::Model& model_;
  std::string file_;
  std::unique_ptr<aiScene> scene_;
  std::vector<std::unique_ptr<aiMesh>> meshes_;
  std::vector<std::unique_ptr<aiMaterial>> materials_;
  int default_material_ = -1;
  std::set<std::string> used_names_;
  std::vector<std::string> node_names_;
  std::set<int> visiting_;
  std::unordered_map<int, aiNode*> node_by_index_;
  std::map<std::pair<int, int>, std::vector<unsigned int>> mesh_cache_;
};

}  // namespace

bool looks_like_gltf(std::span<const std::byte> head) {
  if (head.size() >= 4 && std::memcmp(head.data(), "glTF", 4) == 0) return true;
  std::size_t i = 0;
  while (i < head.size() && std::isspace(static_cast<unsigned char>(head[i]))) ++i;
  if (i >= head.size() || head[i] != std::byte{'{'}) return false;
  const std::string_view text(reinterpret_cast<const char*>(head.data()), head.size());
  return text.find("\"asset\"") != std::string_view::npos;
}

std::unique_ptr<aiScene> read_gltf(std::span<const std::byte> data, std::string_view file_name) {
  const std::string file(file_name);
  tinygltf::TinyGLTF loader;
  loader.SetImageLoader(&skip_image_loading, nullptr);
  tinygltf::Model model;
  std::string error, warning;
  const std::string base_dir = std::filesystem::path(file).parent_path().string();
  const auto* bytes = reinterpret_cast<const unsigned char*>(data.data());
  if (data.size() > 0xFFFFFFFFu) throw FormatError(file, std::nullopt, "", "file is larger than 4 GiB");
  const bool ok = data.size() >= 4 && std::memcmp(data.data(), "glTF", 4) == 0
                      ? loader.LoadBinaryFromMemory(&model, &error, &warning, bytes, static_cast<unsigned int>(data.size()), base_dir)
                      : loader.LoadASCIIFromString(&model, &error, &warning, reinterpret_cast<const char*>(bytes),
                                                   static_cast<unsigned int>(data.size()), base_dir);
  if (!ok) {
    while (!error.empty() && (error.back() == '\n' || error.back() == ' ')) error.pop_back();
    throw FormatError(file, std::nullopt, "", "not a readable glTF file: " + (error.empty() ? warning : error));
  }
  return SceneReader(model, file).build();
}

}  // namespace gamefmt::gltf
