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
#include "shinobi/engine_space.hpp"
#include "shinobi/model_scene.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/unique_node_names.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = engine_space;
namespace keys = scene_extras;

constexpr std::string_view kSkinnedCarrierSuffix = "_skinned";  // the glTF writer's node for a skinned mesh
// The material name of a mesh that has none (what Assimp called its default material, kept for the same
// files).
constexpr const char* kNoMaterialName = "DefaultMaterial";
constexpr std::size_t kMostFileCount = 0x7FFFFFFF;  // nodes, vertices and indices are counted in int32

// Where a model node comes from: a scene node, or (none) the scene itself standing for the file's one root.
using Source = std::optional<scene::NodeIndex>;

// A scene V turned upward (1 - v in double, rounded to float), as this writer received it through Assimp
// before the scene model; the engine's V is 1 minus that. Kept until issue 18 makes UVs exact, so that no
// output changes.
float upward_v(float scene_v) {
  return static_cast<float>(1.0 - double(scene_v));
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
    return scene::get<bool>(scene_.nodes[node].extras, keys::kSyntheticRoot).value_or(false);
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
    model_.nodes.push_back(std::move(out));
    source_.push_back(source);
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

  const scene::Extras& extras_of(std::size_t n) const {
    static const scene::Extras none;
    return source_[n] ? scene_.nodes[*source_[n]].extras : none;
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
      if (const auto text = scene::get<std::string>(extras_of(n), keys::kTransform))
        if (const auto m = keys::matrix_from_text(*text)) {
          model_.nodes[n].transform = *m;
          if (version_ == 4) set_transform(model_.nodes[n], space::to_scene(*m));
        }
    }
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
    out.mesh = mesh_entity(meshes, scene::get_or(extras, keys::kBoneCount, -1));
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

  // `bone_count` >= 0: the entity's own bones come first; later weightless bones were added for animated
  // nodes.
  MeshEntity mesh_entity(const std::vector<const scene::Mesh*>& meshes, int bone_count) {
    MeshEntity entity;
    MeshData& data = entity.mesh;
    if (version_ == 2) data.header_version = 2;
    // Bones: every bone's node in order of first appearance (by name, as tracks and the file know them).
    std::vector<std::string> bone_names;
    std::unordered_map<std::string, std::size_t> bone_slot;
    std::size_t total = 0;
    bool normals = false, colors = false;
    std::size_t uv_sets = 0;
    for (const scene::Mesh* m : meshes) {
      total += m->vertex_count();
      normals = normals || !m->normals.empty();
      colors = colors || !m->colors.empty();
      uv_sets = std::max(uv_sets, std::min(m->texcoords.size(), kTexCoordSets));
      for (const scene::BoneBinding& bone : m->bones) {
        const std::string& name = names_.nodes[bone.node];
        if (!bone_slot.emplace(name, bone_names.size()).second) continue;
        bone_names.push_back(name);
        const auto node = index_by_name_.find(name);
        if (node == index_by_name_.end())
          path_.fail("bones", "bone '" + name + "' names no node of the file", ErrorKind::cannot_write);
        entity.bones.push_back({node->second, space::to_engine(bone.inverse_bind)});
      }
    }
    if (bone_count >= 0 && std::size_t(bone_count) < bone_names.size()) {
      bool weighted = false;
      for (const scene::Mesh* m : meshes)
        for (const scene::BoneBinding& bone : m->bones)
          weighted = weighted || (bone_slot.at(names_.nodes[bone.node]) >= std::size_t(bone_count) &&
                                  !bone.weights.empty());
      if (!weighted) {
        for (std::size_t b = std::size_t(bone_count); b < bone_names.size(); ++b)
          bone_slot.erase(bone_names[b]);
        bone_names.resize(std::size_t(bone_count));
        entity.bones.resize(std::size_t(bone_count));
      }
    }
    if (total > kMostFileCount) path_.fail("vertices", "too many vertices", ErrorKind::limit);
    data.vertex_count = static_cast<std::int32_t>(total);
    auto& arrays = data.arrays;
    arrays[kPosition] = float_array(3, total);
    if (normals) arrays[kNormal] = float_array(3, total);
    if (colors) {
      VertexArray& c = arrays[kColor];
      c.data_type = static_cast<std::int32_t>(VertexDataType::byte);
      c.dim = c.stride = 4;
      c.data.resize(total * 4);
    }
    for (std::size_t set = 0; set < uv_sets; ++set) arrays[kTexCoord0 + set] = float_array(2, total);
    if (!bone_names.empty()) {
      VertexArray& indices = arrays[kBoneIndex];
      indices.data_type = static_cast<std::int32_t>(VertexDataType::int32);
      indices.dim = 4;
      indices.stride = 16;
      indices.data.resize(total * 16);
      arrays[kBoneWeight] = float_array(4, total);
    }
    std::size_t base = 0;
    for (const scene::Mesh* m : meshes) {
      auto put3 = [&](VertexArray& a, std::size_t v, const glm::vec3& value) {
        const Vec3 e = space::to_engine(value);
        for (std::size_t c = 0; c < 3; ++c) put(a, base + v, c, e[c]);
      };
      for (std::size_t v = 0; v < m->vertex_count(); ++v) {
        put3(arrays[kPosition], v, m->positions[v]);
        if (!m->normals.empty()) put3(arrays[kNormal], v, m->normals[v]);
        if (!m->colors.empty()) {
          const glm::vec4& c = m->colors[0][v];
          for (int k = 0; k < 4; ++k)
            put(arrays[kColor], base + v, std::size_t(k),
                static_cast<std::uint8_t>(
                    std::lround(std::clamp(std::isfinite(c[k]) ? c[k] : 0.0f, 0.0f, 1.0f) * 255.0f)));
        }
        for (std::size_t set = 0; set < uv_sets && set < m->texcoords.size(); ++set) {
          const glm::vec2& uv = m->texcoords[set][v];
          put(arrays[kTexCoord0 + set], base + v, 0, uv.x);
          put(arrays[kTexCoord0 + set], base + v, 1, 1.0f - upward_v(uv.y));
        }
      }
      if (!bone_names.empty()) write_weights(*m, base, bone_slot, arrays[kBoneIndex], arrays[kBoneWeight]);
      add_segment(*m, base, data);
      base += m->vertex_count();
    }
    data.bounds = compute_bounds(data);
    return entity;
  }

  // The four strongest influences of each vertex, normalised; a vertex without any follows bone 0.
  void write_weights(const scene::Mesh& m, std::size_t base,
                     const std::unordered_map<std::string, std::size_t>& bone_slot, VertexArray& indices,
                     VertexArray& weights) const {
    std::vector<std::vector<std::pair<float, std::int32_t>>> influences(m.vertex_count());
    for (const scene::BoneBinding& bone : m.bones) {
      const auto found = bone_slot.find(names_.nodes[bone.node]);
      if (found == bone_slot.end()) continue;  // a weightless joint added for an animated node
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
      for (std::size_t k = 0; k < list.size(); ++k) {
        put(indices, base + v, k, list[k].second);
        put(weights, base + v, k, list[k].first / sum);
      }
    }
  }

  // One segment per mesh: its triangles, wound back to the engine's clockwise order. Points and lines have no
  // place in a segment.
  void add_segment(const scene::Mesh& m, std::size_t base, MeshData& data) {
    MeshSegment segment;
    segment.material = m.material && *m.material < scene_.materials.size()
                           ? material_name(scene_.materials[*m.material])
                           : kNoMaterialName;
    segment.first_index = static_cast<std::int32_t>(data.indices.size());
    for (std::size_t i = 0; i + 3 <= m.triangles.size(); i += 3) {
      for (std::uint32_t corner : {m.triangles[i], m.triangles[i + 2], m.triangles[i + 1]}) {
        if (corner >= m.vertex_count()) path_.fail("meshes.faces", "vertex index outside the mesh");
        data.indices.push_back(static_cast<std::int32_t>(base + corner));
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
