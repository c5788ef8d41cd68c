#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <unordered_map>

#include "engine_space.hpp"
#include "ai_scene_building.hpp"
#include "shinobi/model_scene.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using shinobi::Mat4x3;
using shinobi::MeshData;
using shinobi::MeshEntity;
using shinobi::Model;
using shinobi::ModelNode;
using shinobi::VertexArray;
namespace space = shinobi_space;

constexpr const char* kCastShadowKey = "shinobi.cast_shadow";
constexpr const char* kParentKey = "shinobi.parent";
constexpr const char* kTransformKey = "shinobi.transform";
constexpr const char* kSyntheticRootKey = "shinobi.synthetic_root";
constexpr const char* kVersionKey = "shinobi.model_version";
constexpr const char* kBoneCountKey = "shinobi.bone_count";
constexpr const char* kRootNameKey = "shinobi.root_name";
constexpr const char* kSkeletonRootKey = "shinobi.skeleton_root";
constexpr const char* kSkinnedCarrierSuffix = "_skinned";  // the glTF writer's node for a skinned mesh it cannot move

std::string format_matrix(const Mat4x3& m) {
  std::string out;
  char number[32];
  for (const auto* v : {&m.x, &m.y, &m.z, &m.position})
    for (float f : *v) {
      std::snprintf(number, sizeof number, "%.9g", f);
      out += (out.empty() ? "" : " ") + std::string(number);
    }
  return out;
}

std::optional<Mat4x3> parse_matrix(const std::string& text) {
  std::istringstream in(text);
  Mat4x3 m;
  for (auto* v : {&m.x, &m.y, &m.z, &m.position})
    for (float& f : *v)
      if (!(in >> f)) return std::nullopt;
  return m;
}

template <class T>
bool find_metadata(const aiMetadata* metadata, std::string_view key, T& out) {
  if (metadata == nullptr) return false;
  for (unsigned int i = 0; i < metadata->mNumProperties; ++i) {
    if (std::string_view(metadata->mKeys[i].C_Str()) != key) continue;
    const aiMetadataEntry& e = metadata->mValues[i];
    switch (e.mType) {
      case AI_BOOL: out = static_cast<T>(*static_cast<bool*>(e.mData)); return true;
      case AI_INT32: out = static_cast<T>(*static_cast<std::int32_t*>(e.mData)); return true;
      case AI_UINT64: out = static_cast<T>(*static_cast<std::uint64_t*>(e.mData)); return true;
      case AI_FLOAT: out = static_cast<T>(*static_cast<float*>(e.mData)); return true;
      case AI_DOUBLE: out = static_cast<T>(*static_cast<double*>(e.mData)); return true;
      default: return false;
    }
  }
  return false;
}

// ---- model -> scene -------------------------------------------------------------------------------------------

class SceneBuilder {
 public:
  SceneBuilder(const Model& model, std::string_view scene_name, std::string_view file, const std::set<std::string>& extra_joints)
      : model_(model), scene_name_(scene_name), file_(file), extra_joints_(extra_joints) {}

  std::unique_ptr<aiScene> build() {
    check_hierarchy();
    auto scene = std::make_unique<aiScene>();
    std::vector<aiNode*> nodes(model_.nodes.size());
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      nodes[n] = make_node(model_.nodes[n].name);
      nodes[n]->mTransformation = space::to_scene(shinobi::local_matrix(model_.nodes[n], model_.version));
    }
    std::vector<std::vector<aiNode*>> children(model_.nodes.size());
    std::vector<aiNode*> roots;
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const auto parent = model_.nodes[n].parent;
      (parent == shinobi::kNoParent ? roots : children[std::size_t(parent)]).push_back(nodes[n]);
    }
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) set_children(*nodes[n], children[n]);
    nodes_ = nodes;
    if (roots.size() == 1) {
      scene->mRootNode = roots.front();
      // glTF skins need a common root of their joints; keep an empty file root from being left out.
      const bool skinned = std::any_of(model_.nodes.begin(), model_.nodes.end(), [](const ModelNode& n) { return n.mesh && !n.mesh->bones.empty(); });
      if (skinned) add_metadata(scene->mRootNode->mMetaData, kSkeletonRootKey, true);
    } else {
      scene->mRootNode = make_node(scene_name_);
      add_metadata(scene->mRootNode->mMetaData, kSyntheticRootKey, true);
      set_children(*scene->mRootNode, roots);
    }
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) add_entity(n, *nodes[n]);
    scene->mMeshes = release_to_array(meshes_, scene->mNumMeshes);
    if (materials_.empty()) materials_.push_back(make_material("default", aiColor4D(0.8f, 0.8f, 0.8f, 1)));
    scene->mMaterials = release_to_array(materials_, scene->mNumMaterials);
    if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
    scene->mMetaData = new aiMetadata();
    add_metadata(scene->mMetaData, kVersionKey, static_cast<int>(model_.version));
    if (roots.size() == 1) add_metadata(scene->mMetaData, kRootNameKey, aiString(std::string(roots.front()->mName.C_Str())));
    return scene;
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }

  void check_hierarchy() const {
    const auto count = static_cast<std::int64_t>(model_.nodes.size());
    for (std::int64_t n = 0; n < count; ++n) {
      const auto parent = model_.nodes[n].parent;
      if (parent != shinobi::kNoParent && (parent < 0 || parent >= count))
        fail("nodes[" + std::to_string(n) + "].parent", "parent " + std::to_string(parent) + " is not one of the " + std::to_string(count) + " nodes");
      std::int64_t steps = 0;
      for (auto p = parent; p != shinobi::kNoParent; p = model_.nodes[std::size_t(p)].parent)
        if (++steps > count) fail("nodes[" + std::to_string(n) + "].parent", "the parents form a loop");
    }
  }

  unsigned int material_index(const std::string& name) {
    auto [it, inserted] = material_by_name_.emplace(name, static_cast<unsigned int>(materials_.size()));
    if (inserted) materials_.push_back(make_material(name, aiColor4D(0.8f, 0.8f, 0.8f, 1)));
    return it->second;
  }

  void add_entity(std::size_t n, aiNode& node) {
    const ModelNode& source = model_.nodes[n];
    if (source.light) {
      const auto& light = *source.light;
      add_metadata(node.mMetaData, "shinobi.light.type", static_cast<int>(light.light_type));
      add_metadata(node.mMetaData, "shinobi.light.r", double(light.color[0]));
      add_metadata(node.mMetaData, "shinobi.light.g", double(light.color[1]));
      add_metadata(node.mMetaData, "shinobi.light.b", double(light.color[2]));
      add_metadata(node.mMetaData, "shinobi.light.range", double(light.range));
      add_metadata(node.mMetaData, "shinobi.light.spot_angle", double(light.spot_angle));
      add_metadata(node.mMetaData, "shinobi.light.spot_sharpness", double(light.spot_sharpness));
      add_metadata(node.mMetaData, "shinobi.light.cast_shadow", static_cast<int>(light.cast_shadow));
    }
    if (!source.mesh) return;
    const MeshEntity& entity = *source.mesh;
    const std::string where = "nodes[" + std::to_string(n) + "].mesh";
    add_metadata(node.mMetaData, kCastShadowKey, static_cast<int>(entity.cast_shadow));
    if (!entity.bones.empty()) add_metadata(node.mMetaData, kBoneCountKey, static_cast<int>(entity.bones.size()));
    if (!entity.bones.empty()) {
      const auto parent = source.parent;
      add_metadata(node.mMetaData, kParentKey, aiString(parent == shinobi::kNoParent ? std::string() : model_.nodes[std::size_t(parent)].name));
      add_metadata(node.mMetaData, kTransformKey, aiString(format_matrix(source.transform)));
    }
    check_mesh(entity.mesh, where);
    std::set<std::int32_t> bone_nodes;
    for (std::size_t b = 0; b < entity.bones.size(); ++b) {
      const auto index = entity.bones[b].node_index;
      if (index < 0 || std::size_t(index) >= model_.nodes.size())
        fail(where + ".bones[" + std::to_string(b) + "].node_index", "node " + std::to_string(index) + " does not exist");
      if (!bone_nodes.insert(index).second)
        fail(where + ".bones[" + std::to_string(b) + "].node_index", "a second bone for node " + std::to_string(index));
    }
    std::vector<unsigned int> mesh_indices;
    for (std::size_t s = 0; s < entity.mesh.segments.size(); ++s) {
      if (entity.mesh.segments[s].triangle_count == 0) continue;
      mesh_indices.push_back(static_cast<unsigned int>(meshes_.size()));
      meshes_.push_back(segment_mesh(source, s, where));
    }
    set_meshes(node, mesh_indices);
  }

  void check_mesh(const MeshData& mesh, const std::string& where) const {
    if (mesh.vertex_count > 0 && !shinobi::has_component(mesh.arrays[shinobi::kPosition], 2))
      fail(where + ".arrays[0]", "positions need three components");
    for (std::size_t i = 0; i < mesh.indices.size(); ++i)
      if (mesh.indices[i] < 0 || mesh.indices[i] >= mesh.vertex_count)
        fail(where + ".indices[" + std::to_string(i) + "]",
             "index " + std::to_string(mesh.indices[i]) + " is outside the " + std::to_string(mesh.vertex_count) + " vertices");
    for (std::size_t s = 0; s < mesh.segments.size(); ++s) {
      const auto& segment = mesh.segments[s];
      const std::string field = where + ".segments[" + std::to_string(s) + "]";
      if (segment.primitive_type != 2)
        fail(field + ".primitive_type", "primitive type " + std::to_string(segment.primitive_type) + "; only triangle lists (2) become a scene");
      const std::int64_t first = segment.first_index, count = segment.triangle_count;
      if (first < 0 || count < 0 || first + 3 * count > static_cast<std::int64_t>(mesh.indices.size()))
        fail(field, "triangles " + std::to_string(first) + " + 3 x " + std::to_string(count) + " run outside the " +
                        std::to_string(mesh.indices.size()) + " indices");
    }
  }

  std::unique_ptr<aiMesh> segment_mesh(const ModelNode& source, std::size_t s, const std::string& where) {
    const MeshEntity& entity = *source.mesh;
    const MeshData& data = entity.mesh;
    const auto& segment = data.segments[s];
    const auto first = std::size_t(segment.first_index);
    const auto corner_count = 3 * std::size_t(segment.triangle_count);
    // The segment's vertices, in order of first use.
    std::unordered_map<std::int32_t, unsigned int> remap;
    std::vector<std::int32_t> used;
    for (std::size_t i = first; i < first + corner_count; ++i)
      if (remap.emplace(data.indices[i], static_cast<unsigned int>(used.size())).second) used.push_back(data.indices[i]);

    auto mesh = std::make_unique<aiMesh>();
    mesh->mName = aiString(source.name);
    mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
    mesh->mMaterialIndex = material_index(segment.material);
    const auto n = static_cast<unsigned int>(used.size());
    mesh->mNumVertices = n;
    const auto& arrays = data.arrays;
    auto vector_array = [&](const VertexArray& array) {
      auto* out = new aiVector3D[n];
      for (unsigned int v = 0; v < n; ++v) {
        const auto i = std::size_t(used[v]);
        out[v] = space::to_scene(shinobi::vertex_component(array, i, 0), shinobi::vertex_component(array, i, 1),
                                 shinobi::vertex_component(array, i, 2));
      }
      return out;
    };
    mesh->mVertices = vector_array(arrays[shinobi::kPosition]);
    if (shinobi::has_component(arrays[shinobi::kNormal], 2)) mesh->mNormals = vector_array(arrays[shinobi::kNormal]);
    if (shinobi::has_component(arrays[shinobi::kTangent], 2) && shinobi::has_component(arrays[shinobi::kBitangent], 2)) {
      mesh->mTangents = vector_array(arrays[shinobi::kTangent]);
      mesh->mBitangents = vector_array(arrays[shinobi::kBitangent]);
    }
    if (const auto& color = arrays[shinobi::kColor]; shinobi::has_component(color, 0)) {
      const float scale = color.data_type == static_cast<std::int32_t>(shinobi::VertexDataType::float32) ? 1.0f : 1.0f / 255.0f;
      mesh->mColors[0] = new aiColor4D[n];
      for (unsigned int v = 0; v < n; ++v) {
        float c[4] = {0, 0, 0, 1};
        for (std::size_t k = 0; k < 4; ++k)
          if (shinobi::has_component(color, k)) c[k] = shinobi::vertex_component(color, std::size_t(used[v]), k) * scale;
        mesh->mColors[0][v] = aiColor4D(c[0], c[1], c[2], c[3]);
      }
    }
    for (std::size_t set = 0, channel = 0; set < shinobi::kTexCoordSets; ++set) {
      const auto& uv = arrays[shinobi::kTexCoord0 + set];
      if (!shinobi::has_component(uv, 1)) continue;
      mesh->mNumUVComponents[channel] = 2;
      mesh->mTextureCoords[channel] = new aiVector3D[n];
      for (unsigned int v = 0; v < n; ++v)  // the engine's V points down like glTF's; Assimp's points up
        mesh->mTextureCoords[channel][v] = aiVector3D(shinobi::vertex_component(uv, std::size_t(used[v]), 0),
                                                      1.0f - shinobi::vertex_component(uv, std::size_t(used[v]), 1), 0);
      ++channel;
    }
    mesh->mNumFaces = static_cast<unsigned int>(segment.triangle_count);
    mesh->mFaces = new aiFace[mesh->mNumFaces];
    for (unsigned int f = 0; f < mesh->mNumFaces; ++f) {
      const std::size_t i = first + 3 * std::size_t(f);
      mesh->mFaces[f].mNumIndices = 3;  // reversed: clockwise in the engine is counter-clockwise after the mirror
      mesh->mFaces[f].mIndices = new unsigned int[3]{remap[data.indices[i]], remap[data.indices[i + 2]], remap[data.indices[i + 1]]};
    }
    if (!entity.bones.empty()) add_bones(*mesh, source, used, where);
    return mesh;
  }

  void add_bones(aiMesh& mesh, const ModelNode& source, const std::vector<std::int32_t>& used, const std::string& where) const {
    const MeshEntity& entity = *source.mesh;
    std::vector<std::vector<aiVertexWeight>> weights(entity.bones.size());
    const auto& index_array = entity.mesh.arrays[shinobi::kBoneIndex];
    const auto& weight_array = entity.mesh.arrays[shinobi::kBoneWeight];
    for (std::size_t k = 0; shinobi::has_component(index_array, k) && shinobi::has_component(weight_array, k); ++k)
      for (unsigned int v = 0; v < used.size(); ++v) {
        const float weight = shinobi::vertex_component(weight_array, std::size_t(used[v]), k);
        if (!(weight > 0)) continue;
        const float bone = shinobi::vertex_component(index_array, std::size_t(used[v]), k);
        if (!(bone >= 0 && bone < float(entity.bones.size())))
          fail(where + ".arrays[13]", "vertex " + std::to_string(used[v]) + " names bone " + std::to_string(bone) + " of " +
                                          std::to_string(entity.bones.size()));
        if (!std::isfinite(weight)) fail(where + ".arrays[14]", "vertex " + std::to_string(used[v]) + " has a weight that is not finite");
        weights[std::size_t(bone)].push_back(aiVertexWeight(v, weight));
      }
    std::vector<std::unique_ptr<aiBone>> bones;
    for (std::size_t b = 0; b < entity.bones.size(); ++b) {
      auto bone = std::make_unique<aiBone>();
      bone->mName = aiString(model_.nodes[std::size_t(entity.bones[b].node_index)].name);
      bone->mOffsetMatrix = space::to_scene(entity.bones[b].model_to_bone);
      bone->mNumWeights = static_cast<unsigned int>(weights[b].size());
      bone->mWeights = copy_to_array(weights[b]);
      bones.push_back(std::move(bone));
    }
    // Animated nodes outside the entity's bones join the skin without weights, at their rest pose, so that every
    // animation channel drives a joint (glTF importers then build one armature and one action per animation).
    const auto self = static_cast<std::size_t>(&source - model_.nodes.data());
    std::set<std::int32_t> bone_nodes;
    for (const auto& b : entity.bones) bone_nodes.insert(b.node_index);
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      if (n == self || bone_nodes.count(static_cast<std::int32_t>(n)) != 0 || model_.nodes[n].mesh || extra_joints_.count(model_.nodes[n].name) == 0)
        continue;
      auto bone = std::make_unique<aiBone>();
      bone->mName = aiString(model_.nodes[n].name);
      aiMatrix4x4 joint = global_transform(*nodes_[n]);
      bone->mOffsetMatrix = joint.Inverse() * global_transform(*nodes_[self]);
      bone->mOffsetMatrix.d1 = bone->mOffsetMatrix.d2 = bone->mOffsetMatrix.d3 = 0;  // affine: drop rounding noise
      bone->mOffsetMatrix.d4 = 1;
      bones.push_back(std::move(bone));
    }
    mesh.mBones = release_to_array(bones, mesh.mNumBones);
  }

  const Model& model_;
  std::string scene_name_;
  std::string file_;
  std::vector<std::unique_ptr<aiMesh>> meshes_;
  std::vector<std::unique_ptr<aiMaterial>> materials_;
  std::map<std::string, unsigned int> material_by_name_;
  const std::set<std::string>& extra_joints_;
  std::vector<aiNode*> nodes_;
};

// ---- scene -> model -------------------------------------------------------------------------------------------

class ModelBuilder {
 public:
  ModelBuilder(const aiScene& scene, std::int32_t version, std::string_view output_name)
      : scene_(scene), version_(version), file_(output_name) {}

  Model build() {
    if (version_ != 2 && version_ != 4) fail("version", "MDL1 version " + std::to_string(version_) + "; gamefmt writes 2 and 4");
    if (scene_.mRootNode == nullptr) fail("scene", "has no root node");
    model_.version = version_;
    find_carriers();
    add_node(*scene_.mRootNode, shinobi::kNoParent);
    reparent_moved_nodes();
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) build_entity(n);
    return std::move(model_);
  }

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }

  // A top-level "<name>_skinned" node holding the skinned meshes of the node "<name>".
  void find_carriers() {
    std::unordered_map<std::string, const aiNode*> by_name;
    auto collect = [&](auto& self, const aiNode& node) -> void {
      by_name.emplace(node.mName.C_Str(), &node);
      for (unsigned int i = 0; i < node.mNumChildren; ++i) self(self, *node.mChildren[i]);
    };
    collect(collect, *scene_.mRootNode);
    auto check = [&](const aiNode& node) {
      const std::string name = node.mName.C_Str();
      if (node.mNumMeshes == 0 || node.mNumChildren != 0 || name.size() <= std::strlen(kSkinnedCarrierSuffix) ||
          name.compare(name.size() - std::strlen(kSkinnedCarrierSuffix), std::string::npos, kSkinnedCarrierSuffix) != 0)
        return;
      const auto owner = by_name.find(name.substr(0, name.size() - std::strlen(kSkinnedCarrierSuffix)));
      if (owner != by_name.end() && owner->second->mNumMeshes == 0) {
        carrier_of_[owner->second] = &node;
        carriers_.insert(&node);
      }
    };
    check(*scene_.mRootNode);
    for (unsigned int i = 0; i < scene_.mRootNode->mNumChildren; ++i) check(*scene_.mRootNode->mChildren[i]);
  }

  static bool is_synthetic(const aiNode& node) {
    bool synthetic = false;
    return find_metadata(node.mMetaData, kSyntheticRootKey, synthetic) && synthetic;
  }

  // Nodes that are not part of the file: a synthetic root of several file roots, and an empty scene root such as
  // the one the glTF reader puts above the glTF scene's nodes — unless it is the file's own root, recorded by
  // name in the scene metadata (the glTF writer leaves out an empty root and names the glTF scene after it).
  bool is_container(const aiNode& node) const {
    if (is_synthetic(node)) return true;
    if (&node != scene_.mRootNode || node.mNumChildren == 0 || node.mNumMeshes != 0 || !node.mTransformation.IsIdentity() ||
        (node.mMetaData != nullptr && node.mMetaData->mNumProperties != 0))
      return false;
    std::string recorded_root;
    return !find_metadata_string(scene_.mMetaData, kRootNameKey, recorded_root) || recorded_root != node.mName.C_Str();
  }

  void add_node(const aiNode& node, std::int32_t parent) {
    if (carriers_.count(&node) != 0) return;
    if (is_container(node)) {
      for (unsigned int i = 0; i < node.mNumChildren; ++i) add_node(*node.mChildren[i], parent);
      return;
    }
    const auto index = static_cast<std::int32_t>(model_.nodes.size());
    if (model_.nodes.size() >= 0x7FFFFFFF) fail("nodes", "too many nodes");
    ModelNode out;
    out.name = node.mName.C_Str();
    out.parent = parent;
    set_transform(out, node.mTransformation);
    model_.nodes.push_back(std::move(out));
    source_.push_back(&node);
    index_by_name_.emplace(node.mName.C_Str(), index);
    for (unsigned int i = 0; i < node.mNumChildren; ++i) add_node(*node.mChildren[i], index);
  }

  void set_transform(ModelNode& out, const aiMatrix4x4& m) {
    const Mat4x3 engine = space::to_engine(m);
    if (version_ == 2) {
      out.transform = engine;
      return;
    }
    out.transform.position = engine.position;
    for (int axis = 0; axis < 3; ++axis) {
      shinobi::Vec3& column = axis == 0 ? out.transform.x : axis == 1 ? out.transform.y : out.transform.z;
      column = axis == 0 ? engine.x : axis == 1 ? engine.y : engine.z;
      const float length = std::sqrt(column[0] * column[0] + column[1] * column[1] + column[2] * column[2]);
      out.scale[axis] = length;
      if (length > 0)
        for (float& c : column) c /= length;
    }
  }

  // glTF keeps skinned mesh nodes at the scene root; the file's parent and transform came along as metadata.
  void reparent_moved_nodes() {
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      std::string parent_name, transform_text;
      if (!find_metadata_string(source_[n]->mMetaData, kParentKey, parent_name)) continue;
      if (parent_name.empty()) {
        model_.nodes[n].parent = shinobi::kNoParent;
      } else if (auto it = index_by_name_.find(parent_name); it != index_by_name_.end() && !is_descendant(it->second, n)) {
        model_.nodes[n].parent = it->second;
      } else {
        continue;
      }
      if (find_metadata_string(source_[n]->mMetaData, kTransformKey, transform_text))
        if (const auto m = parse_matrix(transform_text)) {
          model_.nodes[n].transform = *m;
          if (version_ == 4) set_transform(model_.nodes[n], space::to_scene(*m));
        }
    }
  }

  bool is_descendant(std::int32_t candidate, std::size_t of) const {
    for (auto p = candidate; p != shinobi::kNoParent; p = model_.nodes[std::size_t(p)].parent)
      if (std::size_t(p) == of) return true;
    return false;
  }

  void build_entity(std::size_t n) {
    const aiNode& node = *source_[n];
    ModelNode& out = model_.nodes[n];
    std::vector<const aiMesh*> meshes;
    auto take = [&](const aiNode& holder) {
      for (unsigned int i = 0; i < holder.mNumMeshes; ++i)
        if (holder.mMeshes[i] < scene_.mNumMeshes) meshes.push_back(scene_.mMeshes[holder.mMeshes[i]]);
    };
    take(node);
    if (auto it = carrier_of_.find(&node); it != carrier_of_.end()) take(*it->second);
    int light_type = 0;
    if (find_metadata(node.mMetaData, "shinobi.light.type", light_type) && version_ == 2 && meshes.empty()) {
      shinobi::LightEntity light;
      light.light_type = light_type;
      find_metadata(node.mMetaData, "shinobi.light.r", light.color[0]);
      find_metadata(node.mMetaData, "shinobi.light.g", light.color[1]);
      find_metadata(node.mMetaData, "shinobi.light.b", light.color[2]);
      find_metadata(node.mMetaData, "shinobi.light.range", light.range);
      find_metadata(node.mMetaData, "shinobi.light.spot_angle", light.spot_angle);
      find_metadata(node.mMetaData, "shinobi.light.spot_sharpness", light.spot_sharpness);
      find_metadata(node.mMetaData, "shinobi.light.cast_shadow", light.cast_shadow);
      out.entity_type = shinobi::kEntityLight;
      out.light = light;
      return;
    }
    std::erase_if(meshes, [](const aiMesh* m) { return m == nullptr || m->mNumVertices == 0; });
    if (meshes.empty()) return;
    out.entity_type = shinobi::kEntityMesh;
    int bone_count = -1;
    find_metadata(node.mMetaData, kBoneCountKey, bone_count);
    out.mesh = mesh_entity(meshes, "nodes[" + std::to_string(n) + "]", bone_count);
    int cast_shadow = 1;
    find_metadata(node.mMetaData, kCastShadowKey, cast_shadow);
    out.mesh->cast_shadow = static_cast<std::uint8_t>(cast_shadow);
  }

  static VertexArray float_array(std::int32_t dim, std::size_t vertices) {
    VertexArray a;
    a.data_type = static_cast<std::int32_t>(shinobi::VertexDataType::float32);
    a.dim = dim;
    a.stride = 4 * dim;
    a.data.resize(vertices * std::size_t(a.stride));
    return a;
  }
  template <class T>
  static void put(VertexArray& a, std::size_t v, std::size_t c, T value) {
    store_value<T>(a.data.data() + v * std::size_t(a.stride) + c * sizeof(T), value, ByteOrder::little);
  }

  // `bone_count` >= 0: the entity's own bones come first; later weightless bones were added for animated nodes.
  MeshEntity mesh_entity(const std::vector<const aiMesh*>& meshes, const std::string& where, int bone_count) {
    MeshEntity entity;
    MeshData& data = entity.mesh;
    if (version_ == 2) data.header_version = 2;
    // Bones: every bone name in order of first appearance.
    std::vector<std::string> bone_names;
    std::unordered_map<std::string, std::size_t> bone_slot;
    std::size_t total = 0;
    bool normals = false, tangents = false, colors = false;
    std::size_t uv_sets = 0;
    for (const aiMesh* m : meshes) {
      total += m->mNumVertices;
      normals = normals || m->HasNormals();
      tangents = tangents || m->HasTangentsAndBitangents();
      colors = colors || m->HasVertexColors(0);
      while (uv_sets < shinobi::kTexCoordSets && m->HasTextureCoords(static_cast<unsigned int>(uv_sets))) ++uv_sets;
      for (unsigned int b = 0; b < m->mNumBones; ++b)
        if (bone_slot.emplace(m->mBones[b]->mName.C_Str(), bone_names.size()).second) {
          bone_names.emplace_back(m->mBones[b]->mName.C_Str());
          const auto node = index_by_name_.find(bone_names.back());
          if (node == index_by_name_.end()) fail(where + ".bones", "bone '" + bone_names.back() + "' names no node");
          entity.bones.push_back({node->second, space::to_engine(m->mBones[b]->mOffsetMatrix)});
        }
    }
    if (bone_count >= 0 && std::size_t(bone_count) < bone_names.size()) {
      bool weighted = false;
      for (const aiMesh* m : meshes)
        for (unsigned int b = 0; b < m->mNumBones; ++b)
          weighted = weighted || (bone_slot.at(m->mBones[b]->mName.C_Str()) >= std::size_t(bone_count) && m->mBones[b]->mNumWeights > 0);
      if (!weighted) {
        for (std::size_t b = std::size_t(bone_count); b < bone_names.size(); ++b) bone_slot.erase(bone_names[b]);
        bone_names.resize(std::size_t(bone_count));
        entity.bones.resize(std::size_t(bone_count));
      }
    }
    if (total > 0x7FFFFFFF) fail(where + ".vertices", "too many vertices");
    data.vertex_count = static_cast<std::int32_t>(total);
    auto& arrays = data.arrays;
    arrays[shinobi::kPosition] = float_array(3, total);
    if (normals) arrays[shinobi::kNormal] = float_array(3, total);
    if (tangents) arrays[shinobi::kTangent] = float_array(3, total), arrays[shinobi::kBitangent] = float_array(3, total);
    if (colors) {
      auto& c = arrays[shinobi::kColor];
      c.data_type = static_cast<std::int32_t>(shinobi::VertexDataType::byte);
      c.dim = c.stride = 4;
      c.data.resize(total * 4);
    }
    for (std::size_t set = 0; set < uv_sets; ++set) arrays[shinobi::kTexCoord0 + set] = float_array(2, total);
    if (!bone_names.empty()) {
      auto& indices = arrays[shinobi::kBoneIndex];
      indices.data_type = static_cast<std::int32_t>(shinobi::VertexDataType::int32);
      indices.dim = 4;
      indices.stride = 16;
      indices.data.resize(total * 16);
      arrays[shinobi::kBoneWeight] = float_array(4, total);
    }
    std::size_t base = 0;
    for (const aiMesh* m : meshes) {
      auto put3 = [&](VertexArray& a, std::size_t v, const aiVector3D& value) {
        const auto e = space::to_engine(value);
        for (std::size_t c = 0; c < 3; ++c) put(a, base + v, c, e[c]);
      };
      for (unsigned int v = 0; v < m->mNumVertices; ++v) {
        put3(arrays[shinobi::kPosition], v, m->mVertices[v]);
        if (normals && m->HasNormals()) put3(arrays[shinobi::kNormal], v, m->mNormals[v]);
        if (tangents && m->HasTangentsAndBitangents()) {
          put3(arrays[shinobi::kTangent], v, m->mTangents[v]);
          put3(arrays[shinobi::kBitangent], v, m->mBitangents[v]);
        }
        if (colors && m->HasVertexColors(0)) {
          const aiColor4D& c = m->mColors[0][v];
          const float rgba[4] = {c.r, c.g, c.b, c.a};
          for (std::size_t k = 0; k < 4; ++k)
            put(arrays[shinobi::kColor], base + v, k,
                static_cast<std::uint8_t>(std::lround(std::clamp(std::isfinite(rgba[k]) ? rgba[k] : 0.0f, 0.0f, 1.0f) * 255.0f)));
        }
        for (std::size_t set = 0; set < uv_sets; ++set) {
          if (!m->HasTextureCoords(static_cast<unsigned int>(set))) continue;
          const aiVector3D& uv = m->mTextureCoords[set][v];
          put(arrays[shinobi::kTexCoord0 + set], base + v, 0, uv.x);
          put(arrays[shinobi::kTexCoord0 + set], base + v, 1, 1.0f - uv.y);
        }
      }
      if (!bone_names.empty()) write_weights(*m, base, bone_slot, arrays[shinobi::kBoneIndex], arrays[shinobi::kBoneWeight]);
      add_segments(*m, base, data);
      base += m->mNumVertices;
    }
    data.bounds = shinobi::compute_bounds(data);
    return entity;
  }

  // The four strongest influences of each vertex, normalised; a vertex without any follows bone 0.
  void write_weights(const aiMesh& m, std::size_t base, const std::unordered_map<std::string, std::size_t>& bone_slot,
                     VertexArray& indices, VertexArray& weights) const {
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(m.mNumVertices);
    for (unsigned int b = 0; b < m.mNumBones; ++b) {
      const auto found = bone_slot.find(m.mBones[b]->mName.C_Str());
      if (found == bone_slot.end()) continue;  // a weightless joint added for an animated node
      const auto slot = static_cast<std::int32_t>(found->second);
      for (unsigned int w = 0; w < m.mBones[b]->mNumWeights; ++w) {
        const auto& weight = m.mBones[b]->mWeights[w];
        if (weight.mVertexId < m.mNumVertices && weight.mWeight > 0) influences[weight.mVertexId].emplace_back(weight.mWeight, slot);
      }
    }
    for (unsigned int v = 0; v < m.mNumVertices; ++v) {
      auto& list = influences[v];
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first || (a.first == b.first && a.second < b.second); });
      if (list.size() > 4) list.resize(4);
      float sum = 0;
      for (const auto& [w, bone] : list) sum += w;
      if (list.empty() || !(sum > 0)) list = {{1.0f, 0}}, sum = 1;
      for (std::size_t k = 0; k < list.size(); ++k) {
        put(indices, base + v, k, list[k].second);
        put(weights, base + v, k, list[k].first / sum);
      }
    }
  }

  // One segment per mesh: its triangles (larger faces fanned), wound back to the engine's clockwise order.
  void add_segments(const aiMesh& m, std::size_t base, MeshData& data) {
    shinobi::MeshSegment segment;
    aiString material_name;
    if (m.mMaterialIndex < scene_.mNumMaterials && scene_.mMaterials[m.mMaterialIndex]->Get(AI_MATKEY_NAME, material_name) == AI_SUCCESS)
      segment.material = material_name.C_Str();
    segment.first_index = static_cast<std::int32_t>(data.indices.size());
    for (unsigned int f = 0; f < m.mNumFaces; ++f) {
      const aiFace& face = m.mFaces[f];
      for (unsigned int k = 2; k < face.mNumIndices; ++k) {
        for (unsigned int corner : {face.mIndices[0], face.mIndices[k], face.mIndices[k - 1]}) {
          if (corner >= m.mNumVertices) fail("meshes.faces", "vertex index outside the mesh");
          data.indices.push_back(static_cast<std::int32_t>(base + corner));
        }
        ++segment.triangle_count;
      }
    }
    if (data.indices.size() > 0x7FFFFFFF) fail("meshes.faces", "too many indices");
    if (segment.triangle_count > 0) data.segments.push_back(std::move(segment));
  }

  const aiScene& scene_;
  std::int32_t version_;
  std::string file_;
  Model model_;
  std::vector<const aiNode*> source_;
  std::unordered_map<std::string, std::int32_t> index_by_name_;
  std::unordered_map<const aiNode*, const aiNode*> carrier_of_;
  std::set<const aiNode*> carriers_;
};

}  // namespace

std::unique_ptr<aiScene> model_to_scene(const shinobi::Model& model, std::string_view scene_name, std::string_view file,
                                        const std::set<std::string>& animated_nodes) {
  return SceneBuilder(model, scene_name, file, animated_nodes).build();
}

shinobi::Model scene_to_model(const aiScene& scene, std::int32_t version, std::string_view output_name) {
  return ModelBuilder(scene, version, output_name).build();
}

std::int32_t model_version_of_scene(const aiScene& scene) {
  int version = 0;
  find_metadata(scene.mMetaData, kVersionKey, version);
  return version;
}

}  // namespace gamefmt::assimp
