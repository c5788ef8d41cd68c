#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "core/blender_names.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/shinobi/tangent_vectors.hpp"
#include "shinobi/mesh_record.hpp"
#include "shinobi/model_scene.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/shinobi_space.hpp"
#include "shinobi/stored_arrays.hpp"
#include "shinobi/unique_node_names.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = shinobi_space;
namespace keys = scene_extras;

constexpr std::string_view kSkinnedCarrierSuffix = "_skinned";  // the glTF writer's node for a skinned mesh
// The material name of a mesh that has none (what Assimp called its default material, kept for the same
// files).
constexpr const char* kNoMaterialName = "DefaultMaterial";
constexpr std::size_t kMostFileCount = 0x7FFFFFFF;  // nodes, vertices and indices are counted in int32

// Where a model node comes from: a scene node, or (none) the scene itself standing for the file's one root.
using Source = std::optional<scene::NodeIndex>;

// A transform that glTF gave back as TRS (or a DCC tool recomputed) differs from the file's by round-off:
// this much of each column's size.
constexpr float kTransformTolerance = 1e-5f;

bool close_matrices(const glm::mat4& a, const glm::mat4& b) {
  for (int c = 0; c < 4; ++c) {
    float size = 1.0f;
    for (int r = 0; r < 3; ++r) size = std::max(size, std::fabs(b[c][r]));
    for (int r = 0; r < 4; ++r)
      if (!(std::fabs(a[c][r] - b[c][r]) <= kTransformTolerance * size)) return false;
  }
  return true;
}

class ModelFileBuilder {
 public:
  ModelFileBuilder(const scene::Scene& scene, std::int32_t version, std::string_view output_name,
                   std::vector<std::string>* warnings)
      : scene_(scene),
        version_(version),
        path_(output_name),
        names_(unique_node_names(scene)),
        warnings_(warnings) {}

  Model build() {
    if (version_ != 2 && version_ != 4)
      path_.fail("version", "MDL1 version " + std::to_string(version_) + "; gamefmt writes 2 and 4",
                 ErrorKind::unsupported_version);
    model_.version = version_;
    find_carriers();
    if (scene_stands_for_root()) {
      add_model_node(std::nullopt, names_.scene, glm::mat4(1.0f), kNoParent);
      add_trees(0);
    } else {
      add_trees(kNoParent);
    }
    reparent_moved_nodes();
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) build_entity(n);
    restore_shared_names();
    restore_node_order();
    return std::move(model_);
  }

 private:
  // The scene's roots are the file's roots, unless the scene is the file's root node (named by the recorded
  // root name, as glTF names its scene after a root it leaves out) or the scene has no nodes at all.
  bool scene_stands_for_root() const {
    return scene_.roots.empty() ||
           scene::get<std::string>(scene_.extras, keys::kRootName) == std::optional(names_.scene);
  }

  const std::vector<scene::MeshIndex>& meshes_of(Source source) const {
    static const std::vector<scene::MeshIndex> none;
    return source ? scene_.nodes[*source].meshes : none;
  }

  // Top-level "<name>_skinned" leaves holding the skinned meshes of the node "<name>" (the first node of that
  // name; the scene itself counts first).
  void find_carriers() {
    std::unordered_map<std::string, Source> by_name;
    by_name.emplace(names_.scene, std::nullopt);
    for (scene::NodeIndex n : scene::tree_order(scene_)) by_name.emplace(names_.nodes[n], n);
    for (scene::NodeIndex root : scene_.roots) {
      const std::string& name = names_.nodes[root];
      const scene::Node& node = scene_.nodes[root];
      if (node.meshes.empty() || !node.children.empty() || name.size() <= kSkinnedCarrierSuffix.size() ||
          !name.ends_with(kSkinnedCarrierSuffix))
        continue;
      const auto owner = by_name.find(name.substr(0, name.size() - kSkinnedCarrierSuffix.size()));
      if (owner != by_name.end() && meshes_of(owner->second).empty()) {
        carrier_of_[owner->second] = root;
        carriers_.insert(root);
      }
    }
  }

  bool is_synthetic(scene::NodeIndex node) const {
    return keys::flag(scene_.nodes[node].extras, keys::kSyntheticRoot);
  }

  // Depth-first from the roots; synthetic roots and carriers are not part of the file (a synthetic root's
  // children take its parent).
  void add_trees(std::int32_t parent) {
    std::vector<std::pair<scene::NodeIndex, std::int32_t>> pending;
    for (auto root = scene_.roots.rbegin(); root != scene_.roots.rend(); ++root)
      pending.emplace_back(*root, parent);
    while (!pending.empty()) {
      const auto [node, under] = pending.back();
      pending.pop_back();
      if (carriers_.count(node) != 0) continue;
      std::int32_t children_parent = under;
      if (!is_synthetic(node))
        children_parent =
            add_model_node(node, names_.nodes[node], scene::matrix_of(scene_.nodes[node]), under);
      const auto& children = scene_.nodes[node].children;
      for (auto child = children.rbegin(); child != children.rend(); ++child)
        pending.emplace_back(*child, children_parent);
    }
  }

  std::int32_t add_model_node(Source source, const std::string& name, const glm::mat4& transform,
                              std::int32_t parent) {
    if (model_.nodes.size() >= kMostFileCount) path_.fail("nodes", "too many nodes", ErrorKind::limit);
    const auto index = static_cast<std::int32_t>(model_.nodes.size());
    ModelNode out;
    out.name = name;
    out.parent = parent;
    set_transform(out, transform);
    source_.push_back(source);
    if (const auto recorded = recorded_transform(source_.size() - 1))
      if (close_matrices(transform, space::to_scene(local_matrix(*recorded, version_))))
        out.transform = recorded->transform, out.scale = recorded->scale;
    model_.nodes.push_back(std::move(out));
    index_by_name_.emplace(name, index);
    return index;
  }

  void set_transform(ModelNode& out, const glm::mat4& m) const {
    const Mat4x3 engine = space::to_engine(m);
    if (version_ == 2) {
      out.transform = engine;
      return;
    }
    out.transform.position = engine.position;
    for (int axis = 0; axis < 3; ++axis) {
      Vec3& column = axis == 0 ? out.transform.x : axis == 1 ? out.transform.y : out.transform.z;
      column = axis == 0 ? engine.x : axis == 1 ? engine.y : engine.z;
      const float length = std::sqrt(column[0] * column[0] + column[1] * column[1] + column[2] * column[2]);
      out.scale[axis] = length;
      if (length > 0)
        for (float& c : column) c /= length;
    }
  }

  // The file's own numbers of node `n` (shinobi.transform, and shinobi.scale in version 4), when recorded in
  // the form of the version written.
  std::optional<ModelNode> recorded_transform(std::size_t n) const {
    const auto text = scene::get<std::string>(extras_of(n), keys::kTransform);
    const auto scale = scene::get<std::string>(extras_of(n), keys::kScale);
    if (!text || scale.has_value() != (version_ != 2)) return std::nullopt;
    ModelNode recorded;
    if (!keys::vectors_from_text(*text, {&recorded.transform.x, &recorded.transform.y, &recorded.transform.z,
                                         &recorded.transform.position}) ||
        (scale && !keys::vectors_from_text(*scale, {&recorded.scale})))
      return std::nullopt;
    return recorded;
  }

  // The scene's own extras stand for the root node it stands for.
  const scene::Extras& extras_of(std::size_t n) const {
    return source_[n] ? scene_.nodes[*source_[n]].extras : scene_.extras;
  }

  // glTF keeps skinned mesh nodes at the scene root; the file's parent and transform came along as extras.
  void reparent_moved_nodes() {
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const auto parent_name = scene::get<std::string>(extras_of(n), keys::kParent);
      if (!parent_name) continue;
      if (parent_name->empty()) {
        model_.nodes[n].parent = kNoParent;
      } else if (auto it = index_by_name_.find(*parent_name);
                 it != index_by_name_.end() && !is_descendant(it->second, n)) {
        model_.nodes[n].parent = it->second;
      } else {
        continue;
      }
      if (const auto recorded = recorded_transform(n)) {
        model_.nodes[n].transform = recorded->transform;
        model_.nodes[n].scale = recorded->scale;
      } else if (const auto text = scene::get<std::string>(extras_of(n), keys::kTransform)) {
        if (const auto m = keys::matrix_from_text(*text))  // recorded from a version-2 file
          set_transform(model_.nodes[n], space::to_scene(*m));
      }
    }
  }

  // Names the file gives several nodes (shinobi.name): the glTF reader and DCC tools make repeated names
  // unique with a suffix ".N", ".00N", which is taken off again; unique_node_names told the nodes apart while
  // the model was built.
  void restore_shared_names() {
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const auto shared = scene::get<std::string>(extras_of(n), keys::kSharedName);
      if (!source_[n] || !shared) continue;
      const std::string& name = scene_.nodes[*source_[n]].name;
      const std::string_view suffix = std::string_view(name).substr(std::min(name.size(), shared->size()));
      if (name.starts_with(*shared) &&
          (suffix.empty() || (suffix.size() > 1 && suffix[0] == '.' &&
                              suffix.find_first_not_of("0123456789", 1) == std::string_view::npos)))
        model_.nodes[n].name = *shared;
    }
  }

  // The place each node had in the file (shinobi.node), since glTF and DCC tools reorder nodes. A node
  // without a place of its own (new, or a copy whose place is taken) follows the node before it in tree
  // order.
  void restore_node_order() {
    const std::size_t count = model_.nodes.size();
    std::vector<std::tuple<std::int64_t, int, std::size_t>> order;  // (place, follows it, tree order)
    std::set<std::int32_t> taken;
    std::int64_t last = -1;
    for (std::size_t n = 0; n < count; ++n) {
      const auto place = scene::get<std::int32_t>(extras_of(n), keys::kNodeIndex);
      const bool own = place && *place >= 0 && taken.insert(*place).second;
      if (own) last = *place;
      order.emplace_back(last, own ? 0 : 1, n);
    }
    std::sort(order.begin(), order.end());
    std::vector<std::int32_t> new_index(count);
    for (std::size_t i = 0; i < count; ++i) new_index[std::get<2>(order[i])] = static_cast<std::int32_t>(i);
    std::vector<ModelNode> nodes(count);
    for (std::size_t n = 0; n < count; ++n) {
      ModelNode& node = model_.nodes[n];
      if (node.parent != kNoParent) node.parent = new_index[std::size_t(node.parent)];
      if (node.mesh)
        for (Bone& bone : node.mesh->bones) bone.node_index = new_index[std::size_t(bone.node_index)];
      nodes[std::size_t(new_index[n])] = std::move(node);
    }
    model_.nodes = std::move(nodes);
  }

  bool is_descendant(std::int32_t candidate, std::size_t of) const {
    for (auto p = candidate; p != kNoParent; p = model_.nodes[std::size_t(p)].parent)
      if (std::size_t(p) == of) return true;
    return false;
  }

  void build_entity(std::size_t n) {
    const scene::Extras& extras = extras_of(n);
    ModelNode& out = model_.nodes[n];
    std::vector<const scene::Mesh*> meshes;
    auto take = [&](const std::vector<scene::MeshIndex>& indices) {
      for (scene::MeshIndex m : indices)
        if (m < scene_.meshes.size()) meshes.push_back(&scene_.meshes[m]);
    };
    take(meshes_of(source_[n]));
    if (auto it = carrier_of_.find(source_[n]); it != carrier_of_.end())
      take(scene_.nodes[it->second].meshes);
    const auto light_type = scene::get<int>(extras, keys::kLightType);
    if (light_type && version_ == 2 && meshes.empty()) {
      LightEntity light;
      light.light_type = *light_type;
      light.color[0] = scene::get_or(extras, keys::kLightRed, light.color[0]);
      light.color[1] = scene::get_or(extras, keys::kLightGreen, light.color[1]);
      light.color[2] = scene::get_or(extras, keys::kLightBlue, light.color[2]);
      light.range = scene::get_or(extras, keys::kLightRange, light.range);
      light.spot_angle = scene::get_or(extras, keys::kLightSpotAngle, light.spot_angle);
      light.spot_sharpness = scene::get_or(extras, keys::kLightSpotSharpness, light.spot_sharpness);
      light.cast_shadow =
          static_cast<std::uint8_t>(scene::get_or(extras, keys::kLightCastShadow, int(light.cast_shadow)));
      out.entity_type = kEntityLight;
      out.light = light;
      return;
    }
    std::erase_if(meshes, [](const scene::Mesh* m) { return m->vertex_count() == 0; });
    if (meshes.empty()) return;
    out.entity_type = kEntityMesh;
    auto node_field = path_.enter("nodes", n);
    std::size_t vertices = 0;
    for (const scene::Mesh* m : meshes) vertices += m->vertex_count();
    const auto record =
        mesh_record_from_extras(scene::get_or(extras, keys::kMesh, nlohmann::json()), vertices);
    out.mesh = mesh_entity(meshes, record);
    out.mesh->cast_shadow = static_cast<std::uint8_t>(scene::get_or(extras, keys::kCastShadow, 1));
  }

  static VertexArray float_array(std::int32_t dim, std::size_t vertices) {
    VertexArray a;
    a.data_type = static_cast<std::int32_t>(VertexDataType::float32);
    a.dim = dim;
    a.stride = 4 * dim;
    a.data.resize(vertices * std::size_t(a.stride));
    return a;
  }
  template <class T>
  static void put(VertexArray& a, std::size_t v, std::size_t c, T value) {
    store_value<T>(a.data.data() + v * std::size_t(a.stride) + c * sizeof(T), value, ByteOrder::little);
  }

  // The entity's bones by node name: those its vertices are weighted to. When the recorded bone list
  // (mesh_record.hpp) holds every one of them, that list (its bones still bound to the meshes), so an
  // unedited mesh keeps its bones and their order; otherwise the recorded bones still weighted, in their
  // order, then the others in order of first appearance. Joints that glTF or a DCC tool adds to a skin
  // without weights (every joint of an armature, animated nodes) are left out.
  std::vector<std::string> entity_bones(const std::vector<const scene::Mesh*>& meshes,
                                        const std::optional<MeshRecord>& record) const {
    std::vector<std::string> weighted;
    std::set<std::string> weighted_set, bound_set;
    for (const scene::Mesh* m : meshes)
      for (const scene::BoneBinding& bone : m->bones) {
        const std::string& name = names_.nodes[bone.node];
        bound_set.insert(name);
        const bool has_weight = std::any_of(bone.weights.begin(), bone.weights.end(), [&](const auto& w) {
          return w.vertex < m->vertex_count() && w.weight > 0;
        });
        if (has_weight && weighted_set.insert(name).second) weighted.push_back(name);
      }
    if (!record) return weighted;
    const std::set<std::string> recorded(record->bones.begin(), record->bones.end());
    const bool within = std::all_of(weighted.begin(), weighted.end(),
                                    [&](const std::string& name) { return recorded.count(name) != 0; });
    std::vector<std::string> out;
    for (const std::string& name : record->bones)
      if ((within ? bound_set : weighted_set).count(name) != 0) out.push_back(name);
    for (const std::string& name : weighted)
      if (recorded.count(name) == 0) out.push_back(name);
    return out;
  }

  // Every vertex's value of an array written from the scene, at its place in the file.
  template <class Value, class Put>
  static void put_each(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                       const std::vector<Value> scene::Mesh::*values, Put put) {
    for (std::size_t m = 0; m < meshes.size(); ++m)
      for (std::size_t v = 0; v < (meshes[m]->*values).size(); ++v)
        put(std::size_t(placement[m][v]), (meshes[m]->*values)[v]);
  }

  // The meshes of one node as one mesh entity. With a usable record (mesh_record.hpp) the vertices go back to
  // their places in the file, and each stored array is written as stored while the scene still holds what the
  // importer made of it (stored_arrays.hpp); otherwise it is written from the scene: normals as they are,
  // tangents and bitangents as the engine computes them (tangent_vectors.hpp), the four strongest bone
  // weights of each vertex normalised, bounds as the engine computes them.
  MeshEntity mesh_entity(const std::vector<const scene::Mesh*>& meshes,
                         const std::optional<MeshRecord>& record) {
    MeshEntity entity;
    MeshData& data = entity.mesh;
    // Grimrock's meshes have the MESH header; a Druidstone mesh has it only as its file had.
    if (version_ == 2)
      data.header_version = 2;
    else if (record && model_version_of_scene(scene_) == 4)
      data.header_version = record->header_version;
    if (record && version_ == 2) entity.emissive_color = record->emissive_color;
    const std::vector<std::string> bone_names = entity_bones(meshes, record);
    std::unordered_map<std::string, const scene::BoneBinding*> first_binding;
    for (const scene::Mesh* m : meshes)
      for (const scene::BoneBinding& bone : m->bones) first_binding.emplace(names_.nodes[bone.node], &bone);
    std::unordered_map<std::string, std::size_t> bone_slot;
    for (const std::string& name : bone_names) {  // each is bound (entity_bones)
      const auto node = index_by_name_.find(name);
      if (node == index_by_name_.end())
        path_.fail("bones", "bone '" + name + "' names no node of the file", ErrorKind::cannot_write);
      bone_slot.emplace(name, entity.bones.size());
      entity.bones.push_back({node->second, space::to_engine(first_binding.at(name)->inverse_bind)});
    }

    const std::optional<VertexPlacement> recorded =
        record ? recorded_placement(meshes, *record) : std::nullopt;
    VertexPlacement placement;
    std::size_t total = 0;
    if (recorded) {
      placement = *recorded;
      total = std::size_t(record->vertex_count);
    } else {
      for (const scene::Mesh* m : meshes) {
        auto& places = placement.emplace_back(m->vertex_count());
        for (std::size_t v = 0; v < places.size(); ++v) places[v] = static_cast<std::int32_t>(total + v);
        total += m->vertex_count();
        if (total > kMostFileCount) path_.fail("vertices", "too many vertices", ErrorKind::limit);
      }
    }
    data.vertex_count = static_cast<std::int32_t>(total);
    auto& arrays = data.arrays;
    // An array that some of the meshes have is written for all, zero where a mesh lacks it.
    const auto any_has = [&](auto member) {
      return std::any_of(meshes.begin(), meshes.end(),
                         [&](const scene::Mesh* m) { return !(m->*member).empty(); });
    };
    std::size_t uv_sets = 0;
    for (const scene::Mesh* m : meshes)
      uv_sets = std::max(uv_sets, std::min(m->texcoords.size(), kTexCoordSets));

    arrays[kPosition] = float_array(3, total);
    put_each(meshes, placement, &scene::Mesh::positions, [&](std::size_t v, const glm::vec3& p) {
      const Vec3 e = space::to_engine(p);
      for (std::size_t c = 0; c < 3; ++c) put(arrays[kPosition], v, c, e[c]);
    });
    if (any_has(&scene::Mesh::normals)) {
      arrays[kNormal] = float_array(3, total);
      put_each(meshes, placement, &scene::Mesh::normals, [&](std::size_t v, const glm::vec3& n) {
        const Vec3 e = space::to_engine(n);
        for (std::size_t c = 0; c < 3; ++c) put(arrays[kNormal], v, c, e[c]);
      });
    }
    if (any_has(&scene::Mesh::colors)) {
      VertexArray& c = arrays[kColor];
      c.data_type = static_cast<std::int32_t>(VertexDataType::byte);
      c.dim = c.stride = 4;
      c.data.resize(total * 4);
      for (std::size_t m = 0; m < meshes.size(); ++m)
        for (std::size_t v = 0; !meshes[m]->colors.empty() && v < meshes[m]->vertex_count(); ++v)
          for (int k = 0; k < 4; ++k) {
            const float value = meshes[m]->colors[0][v][k];
            put(c, std::size_t(placement[m][v]), std::size_t(k),
                static_cast<std::uint8_t>(
                    std::lround(std::clamp(std::isfinite(value) ? value : 0.0f, 0.0f, 1.0f) * 255.0f)));
          }
    }
    for (std::size_t set = 0; set < uv_sets; ++set) {
      VertexArray& uv = arrays[kTexCoord0 + set] = float_array(2, total);
      for (std::size_t m = 0; m < meshes.size(); ++m)
        for (std::size_t v = 0; set < meshes[m]->texcoords.size() && v < meshes[m]->vertex_count(); ++v) {
          const glm::vec2& value = meshes[m]->texcoords[set][v];  // V points down in both
          put(uv, std::size_t(placement[m][v]), 0, value.x);
          put(uv, std::size_t(placement[m][v]), 1, value.y);
        }
    }
    for (std::size_t m = 0; m < meshes.size(); ++m) add_segment(*meshes[m], placement[m], data);

    if (recorded) {
      // Arrays the scene has no exact slot for (other than those checked below) come back as stored.
      for (const auto& [slot, bytes] : record->stored)
        if (slot != kNormal && slot != kTangent && slot != kBitangent && slot != kBoneIndex &&
            slot != kBoneWeight)
          arrays[slot] = stored_array(*record, slot);
      const VertexArray normals = stored_array(*record, kNormal);
      if (arrays[kNormal].present() && normals_hold(meshes, placement, normals)) arrays[kNormal] = normals;
    }
    write_tangent_frames(meshes, placement, record, recorded.has_value(), data);
    if (!bone_names.empty()) {
      const VertexArray indices = record ? stored_array(*record, kBoneIndex) : VertexArray{};
      const VertexArray weights = record ? stored_array(*record, kBoneWeight) : VertexArray{};
      if (recorded && bone_names == record->bones &&
          weights_hold(meshes, placement, indices, weights, bone_names, names_.nodes)) {
        arrays[kBoneIndex] = indices;
        arrays[kBoneWeight] = weights;
      } else {
        VertexArray& index_array = arrays[kBoneIndex];
        index_array.data_type = static_cast<std::int32_t>(VertexDataType::int32);
        index_array.dim = 4;
        index_array.stride = 16;
        index_array.data.resize(total * 16);
        arrays[kBoneWeight] = float_array(4, total);
        for (std::size_t m = 0; m < meshes.size(); ++m)
          write_weights(*meshes[m], placement[m], bone_slot, arrays[kBoneIndex], arrays[kBoneWeight]);
      }
    } else if (recorded && record->bones.empty()) {
      // A static mesh's bone arrays (some tools write them) have no scene counterpart.
      for (const std::size_t slot : {std::size_t(kBoneIndex), std::size_t(kBoneWeight)})
        if (record->stored.count(slot) != 0) arrays[slot] = stored_array(*record, slot);
    }
    data.bounds =
        recorded && positions_fingerprint(data) == record->positions ? record->bounds : compute_bounds(data);
    return entity;
  }

  // Tangents and bitangents: as stored while the positions, texture coordinates and triangles are the file's
  // and the scene's tangents still those the importer made; otherwise computed as the engine does, for meshes
  // that had them (all meshes with texture coordinates and normals when nothing is recorded). `placed`: the
  // vertices took the record's placement.
  static void write_tangent_frames(const std::vector<const scene::Mesh*>& meshes,
                                   const VertexPlacement& placement, const std::optional<MeshRecord>& record,
                                   bool placed, MeshData& data) {
    const bool wanted = record
                            ? record->layouts[kTangent].stride > 0 && record->layouts[kBitangent].stride > 0
                            : data.arrays[kNormal].present();
    if (!wanted) return;
    if (placed && tangent_basis_fingerprint(data) == record->tangent_basis &&
        tangents_hold(meshes, placement, stored_array(*record, kNormal), stored_array(*record, kTangent),
                      stored_array(*record, kBitangent))) {
      data.arrays[kTangent] = stored_array(*record, kTangent);
      data.arrays[kBitangent] = stored_array(*record, kBitangent);
      return;
    }
    compute_tangent_vectors(data);
  }

  // The four strongest influences of each vertex, normalised; a vertex without any follows bone 0.
  void write_weights(const scene::Mesh& m, const std::vector<std::int32_t>& places,
                     const std::unordered_map<std::string, std::size_t>& bone_slot, VertexArray& indices,
                     VertexArray& weights) const {
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(m.vertex_count());
    for (const scene::BoneBinding& bone : m.bones) {
      const auto found = bone_slot.find(names_.nodes[bone.node]);
      if (found == bone_slot.end()) continue;  // a joint without weights
      const auto slot = static_cast<std::int32_t>(found->second);
      for (const scene::VertexWeight& weight : bone.weights)
        if (weight.vertex < m.vertex_count() && weight.weight > 0)
          influences[weight.vertex].emplace_back(weight.weight, slot);
    }
    for (std::size_t v = 0; v < m.vertex_count(); ++v) {
      auto& list = influences[v];
      std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
        return a.first > b.first || (a.first == b.first && a.second < b.second);
      });
      if (list.size() > 4) list.resize(4);
      float sum = 0;
      for (const auto& [w, bone] : list) sum += w;
      if (list.empty() || !(sum > 0)) list = {{1.0f, 0}}, sum = 1;
      const auto place = std::size_t(places[v]);
      for (std::size_t k = 0; k < list.size(); ++k) {
        put(indices, place, k, list[k].second);
        put(weights, place, k, list[k].first / sum);
      }
    }
  }

  // One segment per mesh: its triangles, wound back to the engine's clockwise order. Points and lines have no
  // place in a segment.
  void add_segment(const scene::Mesh& m, const std::vector<std::int32_t>& places, MeshData& data) {
    MeshSegment segment;
    segment.material = m.material && *m.material < scene_.materials.size()
                           ? material_name(scene_.materials[*m.material])
                           : kNoMaterialName;
    segment.first_index = static_cast<std::int32_t>(data.indices.size());
    for (std::size_t i = 0; i + 3 <= m.triangles.size(); i += 3) {
      for (std::uint32_t corner : {m.triangles[i], m.triangles[i + 2], m.triangles[i + 1]}) {
        if (corner >= m.vertex_count()) path_.fail("meshes.faces", "vertex index outside the mesh");
        data.indices.push_back(places[corner]);
      }
      ++segment.triangle_count;
    }
    if (data.indices.size() > kMostFileCount)
      path_.fail("meshes.faces", "too many indices", ErrorKind::limit);
    if (segment.triangle_count > 0) data.segments.push_back(std::move(segment));
  }

  // The name the game looks the material up by: the model's own (Blender may have renamed it "<name>.001").
  std::string material_name(const scene::Material& material) {
    std::string name = game_material_name(
        material.name, scene::get_or<std::string>(material.extras, keys::kMaterialName, ""));
    if (warnings_ != nullptr && without_blender_suffix(name) != name && warned_.insert(name).second)
      warnings_->push_back(blender_suffix_kept_warning(name, "the segment material"));
    return name;
  }

  const scene::Scene& scene_;
  std::int32_t version_;
  FieldPath path_;
  UniqueNodeNames names_;
  std::vector<std::string>* warnings_;
  std::set<std::string> warned_;  // material names already in a warning
  Model model_;
  std::vector<Source> source_;  // by model node
  std::unordered_map<std::string, std::int32_t> index_by_name_;
  std::map<Source, scene::NodeIndex> carrier_of_;
  std::set<scene::NodeIndex> carriers_;
};

}  // namespace

Model model_from_scene(const scene::Scene& scene, std::int32_t version, std::string_view output_name,
                       std::vector<std::string>* warnings) {
  scene::validate_scene(scene, output_name);
  return ModelFileBuilder(scene, version, output_name, warnings).build();
}

std::int32_t model_version_of_scene(const scene::Scene& scene) {
  return scene::get<std::int32_t>(scene.extras, keys::kModelVersion).value_or(0);
}

}  // namespace gamefmt::shinobi
