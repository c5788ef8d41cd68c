#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/mesh_record.hpp"
#include "shinobi/model_scene.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/shinobi_space.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = shinobi_space;
namespace keys = scene_extras;

// The deepest node tree a model may have: glTF writers and readers walk trees recursively.
constexpr std::int64_t kMostTreeLevels = 1000;

// A material that only has a name, in the grey gamefmt gives those.
scene::Material named_material(const std::string& name) {
  scene::Material material;
  material.name = name;
  material.base_color = {0.8f, 0.8f, 0.8f, 1.0f};
  return material;
}

// A material a segment names: the name also in extras, where it outlives a rename in a DCC tool.
scene::Material segment_material(const std::string& name) {
  scene::Material material = named_material(name);
  material.extras[keys::kMaterialName] = name;
  return material;
}

bool is_identity(const glm::mat4& m) {
  const glm::mat4 identity(1.0f);
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!(m[c][r] == identity[c][r])) return false;
  return true;
}

class ModelSceneBuilder {
 public:
  ModelSceneBuilder(const Model& model, std::span<const CompanionAnimation> animations,
                    std::string_view scene_name, std::string_view file)
      : model_(model), animations_(animations), scene_name_(scene_name), path_(file) {}

  scene::Scene build() {
    check_parents();
    std::vector<std::size_t> file_roots;
    children_.resize(model_.nodes.size());
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const auto parent = model_.nodes[n].parent;
      (parent == kNoParent ? file_roots : children_[std::size_t(parent)]).push_back(n);
    }
    check_depth(file_roots.size() == 1 ? 0 : 1);
    scene_node_.assign(model_.nodes.size(), std::nullopt);
    if (file_roots.size() == 1) {
      const std::size_t root = file_roots.front();
      scene_.name = model_.nodes[root].name;
      if (root_is_container(root)) {
        for (std::size_t child : children_[root]) add_subtree(child, std::nullopt);
      } else {
        add_subtree(root, std::nullopt);
        // glTF skins need a common root of their joints; keep an empty file root from being left out.
        if (is_skinned()) scene_.nodes[*scene_node_[root]].extras[keys::kSkeletonRoot] = true;
      }
    } else {
      scene_.name = std::string(scene_name_);
      const scene::NodeIndex synthetic = scene_.add_node(std::string(scene_name_));
      scene_.nodes[synthetic].extras[keys::kSyntheticRoot] = true;
      for (std::size_t root : file_roots) add_subtree(root, synthetic);
    }
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) add_entity(n);
    if (scene_.materials.empty()) scene_.add_material(named_material("default"));
    scene_.extras[keys::kModelVersion] = static_cast<int>(model_.version);
    if (file_roots.size() == 1) scene_.extras[keys::kRootName] = model_.nodes[file_roots.front()].name;
    if (file_roots.size() == 1 && !scene_node_[file_roots.front()])
      record_place(file_roots.front(), scene_.extras);  // the root the scene stands for
    for (const CompanionAnimation& companion : animations_)
      add_animation_to_scene(scene_, companion.animation, companion.name, companion.file);
    return std::move(scene_);
  }

 private:
  void check_parents() {
    const auto count = static_cast<std::int64_t>(model_.nodes.size());
    for (std::size_t n = 0; n < model_.nodes.size(); ++n) {
      const auto parent = model_.nodes[n].parent;
      if (parent != kNoParent && (parent < 0 || parent >= count)) {
        auto field = path_.enter("nodes", n);
        path_.fail("parent", "parent " + std::to_string(parent) + " is not one of the " +
                                 std::to_string(count) + " nodes");
      }
    }
  }

  // Parent loops, and trees deeper than kMostTreeLevels (counting `levels_above` the file's roots). Each
  // node's depth is worked out once, so that long chains take linear time.
  void check_depth(std::int64_t levels_above) {
    const std::size_t count = model_.nodes.size();
    std::vector<std::int64_t> depth(count, 0);  // 0: not known yet; a root is at levels_above + 1
    for (std::size_t n = 0; n < count; ++n) {
      std::vector<std::size_t> unknown;  // n and the ancestors of unknown depth above it, upwards
      std::int64_t above = levels_above;
      for (std::size_t at = n;;) {
        if (depth[at] != 0) {
          above = depth[at];
          break;
        }
        if (unknown.size() == count) {
          auto field = path_.enter("nodes", n);
          path_.fail("parent", "the parents form a loop");
        }
        unknown.push_back(at);
        if (model_.nodes[at].parent == kNoParent) break;
        at = std::size_t(model_.nodes[at].parent);
      }
      for (auto it = unknown.rbegin(); it != unknown.rend(); ++it) depth[*it] = ++above;
      if (above > kMostTreeLevels) {
        auto field = path_.enter("nodes", n);
        path_.fail("parent", "the node tree is deeper than " + std::to_string(kMostTreeLevels) + " levels",
                   ErrorKind::limit);
      }
    }
  }

  bool is_skinned() const {
    return std::any_of(model_.nodes.begin(), model_.nodes.end(),
                       [](const ModelNode& n) { return n.mesh && !n.mesh->bones.empty(); });
  }

  // The file's one root is a plain container when nothing of it would show in glTF: then the glTF scene
  // stands for it (and is named after it).
  bool root_is_container(std::size_t root) const {
    const ModelNode& node = model_.nodes[root];
    if (children_[root].empty() || node.mesh || node.light || is_skinned() ||
        !is_identity(space::to_scene(local_matrix(node, model_.version))))
      return false;
    for (const CompanionAnimation& companion : animations_)
      for (const AnimationTrack& track : companion.animation.tracks)
        if (!track.keys.empty() && track.node_name == node.name) return false;
    return true;
  }

  // The node and everything below it, depth-first (the order of the scene's nodes).
  void add_subtree(std::size_t top, std::optional<scene::NodeIndex> parent) {
    std::vector<std::pair<std::size_t, std::optional<scene::NodeIndex>>> pending{{top, parent}};
    while (!pending.empty()) {
      const auto [n, under] = pending.back();
      pending.pop_back();
      const ModelNode& source = model_.nodes[n];
      const scene::NodeIndex index = scene_.add_node(source.name, under);
      scene_.nodes[index].transform = space::to_scene(local_matrix(source, model_.version));
      record_place(n, scene_.nodes[index].extras);
      scene_node_[n] = index;
      for (auto child = children_[n].rbegin(); child != children_[n].rend(); ++child)
        pending.emplace_back(*child, index);
    }
  }

  // The file's place and numbers of a node: glTF and DCC tools reorder nodes, and glTF keeps transforms as
  // TRS.
  void record_place(std::size_t n, scene::Extras& extras) const {
    const ModelNode& node = model_.nodes[n];
    extras[keys::kNodeIndex] = static_cast<int>(n);
    extras[keys::kTransform] = keys::matrix_text(node.transform);
    if (model_.version != 2) extras[keys::kScale] = keys::vectors_text({&node.scale});
    if (std::count_if(model_.nodes.begin(), model_.nodes.end(),
                      [&](const ModelNode& other) { return other.name == node.name; }) > 1)
      extras[keys::kSharedName] = node.name;
  }

  scene::MaterialIndex material_index(const std::string& name) {
    auto [it, inserted] = material_by_name_.emplace(name, scene_.materials.size());
    if (inserted) scene_.add_material(segment_material(name));
    return it->second;
  }

  void add_entity(std::size_t n) {
    const ModelNode& source = model_.nodes[n];
    if (!scene_node_[n]) return;  // a left-out root has no entity
    const scene::NodeIndex node = *scene_node_[n];
    scene::Extras& extras = scene_.nodes[node].extras;
    if (source.light) {
      const LightEntity& light = *source.light;
      extras[keys::kLightType] = static_cast<int>(light.light_type);
      extras[keys::kLightRed] = double(light.color[0]);
      extras[keys::kLightGreen] = double(light.color[1]);
      extras[keys::kLightBlue] = double(light.color[2]);
      extras[keys::kLightRange] = double(light.range);
      extras[keys::kLightSpotAngle] = double(light.spot_angle);
      extras[keys::kLightSpotSharpness] = double(light.spot_sharpness);
      extras[keys::kLightCastShadow] = static_cast<int>(light.cast_shadow);
    }
    if (!source.mesh) return;
    const MeshEntity& entity = *source.mesh;
    extras[keys::kCastShadow] = static_cast<int>(entity.cast_shadow);
    if (!entity.bones.empty())
      extras[keys::kParent] =
          source.parent == kNoParent ? std::string() : model_.nodes[std::size_t(source.parent)].name;
    auto node_field = path_.enter("nodes", n);
    auto mesh_field = path_.enter("mesh");
    check_mesh(entity.mesh);
    check_bones(entity);
    std::vector<std::vector<std::int32_t>> segment_vertices;
    std::vector<std::int32_t> unused = unused_vertices(entity.mesh);
    for (std::size_t s = 0; s < entity.mesh.segments.size(); ++s) {
      if (entity.mesh.segments[s].triangle_count == 0) continue;
      // Vertices no triangle uses ride along with the first segment's, so that the way back gives them back.
      const scene::MeshIndex mesh =
          scene_.add_mesh(segment_mesh(n, s, segment_vertices.emplace_back(), unused));
      unused.clear();
      scene_.nodes[node].meshes.push_back(mesh);
    }
    std::vector<std::string> bones;
    for (const Bone& bone : entity.bones) bones.push_back(model_.nodes[std::size_t(bone.node_index)].name);
    extras[keys::kMesh] =
        mesh_record_extras(make_mesh_record(entity, std::move(segment_vertices), std::move(bones)));
  }

  void check_mesh(const MeshData& mesh) {
    if (mesh.vertex_count > 0 && !has_component(mesh.arrays[kPosition], 2)) {
      auto field = path_.enter("arrays", kPosition);
      path_.fail("", "positions need three components");
    }
    for (std::size_t i = 0; i < mesh.indices.size(); ++i)
      if (mesh.indices[i] < 0 || mesh.indices[i] >= mesh.vertex_count) {
        auto field = path_.enter("indices", i);
        path_.fail("", "index " + std::to_string(mesh.indices[i]) + " is outside the " +
                           std::to_string(mesh.vertex_count) + " vertices");
      }
    for (std::size_t s = 0; s < mesh.segments.size(); ++s) {
      const MeshSegment& segment = mesh.segments[s];
      auto field = path_.enter("segments", s);
      if (segment.primitive_type != 2)
        path_.fail("primitive_type", "primitive type " + std::to_string(segment.primitive_type) +
                                         "; only triangle lists (2) become a scene");
      const std::int64_t first = segment.first_index, count = segment.triangle_count;
      if (first < 0 || count < 0 || first + 3 * count > static_cast<std::int64_t>(mesh.indices.size()))
        path_.fail("", "triangles " + std::to_string(first) + " + 3 x " + std::to_string(count) +
                           " run outside the " + std::to_string(mesh.indices.size()) + " indices");
    }
  }

  void check_bones(const MeshEntity& entity) {
    std::set<std::int32_t> bone_nodes;
    for (std::size_t b = 0; b < entity.bones.size(); ++b) {
      const auto index = entity.bones[b].node_index;
      auto field = path_.enter("bones", b);
      if (index < 0 || std::size_t(index) >= model_.nodes.size())
        path_.fail("node_index", "node " + std::to_string(index) + " does not exist");
      if (!bone_nodes.insert(index).second)
        path_.fail("node_index", "a second bone for node " + std::to_string(index));
    }
  }

  // The vertices of a mesh entity that no segment's triangle uses, in file order.
  static std::vector<std::int32_t> unused_vertices(const MeshData& data) {
    std::vector<bool> used(std::size_t(std::max(data.vertex_count, 0)), false);
    for (const MeshSegment& segment : data.segments)
      for (std::size_t i = 0; i < 3 * std::size_t(segment.triangle_count); ++i)
        used[std::size_t(data.indices[std::size_t(segment.first_index) + i])] = true;
    std::vector<std::int32_t> out;
    for (std::size_t v = 0; v < used.size(); ++v)
      if (!used[v]) out.push_back(static_cast<std::int32_t>(v));
    return out;
  }

  // `used` receives the file vertex of each of the mesh's vertices: the segment's, then `also` (vertices no
  // triangle uses).
  scene::Mesh segment_mesh(std::size_t n, std::size_t s, std::vector<std::int32_t>& used,
                           const std::vector<std::int32_t>& also) {
    const ModelNode& source = model_.nodes[n];
    const MeshData& data = source.mesh->mesh;
    const MeshSegment& segment = data.segments[s];
    const auto first = std::size_t(segment.first_index);
    const auto corner_count = 3 * std::size_t(segment.triangle_count);
    // The segment's vertices, in order of first use.
    std::unordered_map<std::int32_t, std::uint32_t> remap;
    for (std::size_t i = first; i < first + corner_count; ++i)
      if (remap.emplace(data.indices[i], static_cast<std::uint32_t>(used.size())).second)
        used.push_back(data.indices[i]);
    used.insert(used.end(), also.begin(), also.end());

    scene::Mesh mesh;
    mesh.name = source.name;
    mesh.material = material_index(segment.material);
    const auto& arrays = data.arrays;
    auto vectors = [&](const VertexArray& array) {
      std::vector<glm::vec3> out(used.size());
      for (std::size_t v = 0; v < used.size(); ++v) {
        const auto i = std::size_t(used[v]);
        out[v] = space::to_scene(vertex_component(array, i, 0), vertex_component(array, i, 1),
                                 vertex_component(array, i, 2));
      }
      return out;
    };
    mesh.positions = vectors(arrays[kPosition]);
    if (has_component(arrays[kNormal], 2)) mesh.normals = vectors(arrays[kNormal]);
    if (!mesh.normals.empty() && has_component(arrays[kTangent], 2) && has_component(arrays[kBitangent], 2))
      mesh.tangents = tangents(arrays, used);
    if (const VertexArray& color = arrays[kColor]; has_component(color, 0)) {
      const float scale =
          color.data_type == static_cast<std::int32_t>(VertexDataType::float32) ? 1.0f : 1.0f / 255.0f;
      std::vector<glm::vec4> colors(used.size());
      for (std::size_t v = 0; v < used.size(); ++v) {
        float c[4] = {0, 0, 0, 1};
        for (std::size_t k = 0; k < 4; ++k)
          if (has_component(color, k)) c[k] = vertex_component(color, std::size_t(used[v]), k) * scale;
        colors[v] = {c[0], c[1], c[2], c[3]};
      }
      mesh.colors.push_back(std::move(colors));
    }
    for (std::size_t set = 0; set < kTexCoordSets; ++set) {
      const VertexArray& uv = arrays[kTexCoord0 + set];
      if (!has_component(uv, 1)) continue;
      std::vector<glm::vec2> uvs(used.size());
      for (std::size_t v = 0; v < used.size(); ++v)
        uvs[v] = {vertex_component(uv, std::size_t(used[v]), 0),
                  vertex_component(uv, std::size_t(used[v]), 1)};  // V points down in both
      mesh.texcoords.push_back(std::move(uvs));
    }
    mesh.triangles.reserve(corner_count);
    for (std::size_t i = first; i < first + corner_count; i += 3)  // clockwise in the engine, mirrored
      mesh.triangles.insert(mesh.triangles.end(),
                            {remap[data.indices[i]], remap[data.indices[i + 2]], remap[data.indices[i + 1]]});
    if (!source.mesh->bones.empty()) add_bones(mesh, n, used);
    return mesh;
  }

  // glTF's tangents (a direction with a handedness sign); a vertex whose tangent has no direction gets +X.
  static std::vector<glm::vec4> tangents(const std::array<VertexArray, kVertexArrayCount>& arrays,
                                         const std::vector<std::int32_t>& used) {
    auto engine_vector = [&](std::size_t slot, std::int32_t v) {
      const auto i = std::size_t(v);
      return Vec3{vertex_component(arrays[slot], i, 0), vertex_component(arrays[slot], i, 1),
                  vertex_component(arrays[slot], i, 2)};
    };
    std::vector<glm::vec4> out;
    out.reserve(used.size());
    for (const std::int32_t v : used)
      out.push_back(space::scene_tangent(engine_vector(kNormal, v), engine_vector(kTangent, v),
                                         engine_vector(kBitangent, v))
                        .value_or(glm::vec4(1, 0, 0, 1)));
    return out;
  }

  void add_bones(scene::Mesh& mesh, std::size_t n, const std::vector<std::int32_t>& used) {
    const MeshEntity& entity = *model_.nodes[n].mesh;
    std::vector<std::vector<scene::VertexWeight>> weights(entity.bones.size());
    const VertexArray& index_array = entity.mesh.arrays[kBoneIndex];
    const VertexArray& weight_array = entity.mesh.arrays[kBoneWeight];
    for (std::size_t k = 0; has_component(index_array, k) && has_component(weight_array, k); ++k)
      for (std::size_t v = 0; v < used.size(); ++v) {
        const float weight = vertex_component(weight_array, std::size_t(used[v]), k);
        if (!(weight > 0)) continue;
        const float bone = vertex_component(index_array, std::size_t(used[v]), k);
        if (!(bone >= 0 && bone < float(entity.bones.size()))) {
          auto field = path_.enter("arrays", kBoneIndex);
          path_.fail("", "vertex " + std::to_string(used[v]) + " names bone " + std::to_string(bone) +
                             " of " + std::to_string(entity.bones.size()));
        }
        if (!std::isfinite(weight)) {
          auto field = path_.enter("arrays", kBoneWeight);
          path_.fail("", "vertex " + std::to_string(used[v]) + " has a weight that is not finite");
        }
        weights[std::size_t(bone)].push_back({static_cast<std::uint32_t>(v), weight});
      }
    for (std::size_t b = 0; b < entity.bones.size(); ++b)
      mesh.bones.push_back({*scene_node_[std::size_t(entity.bones[b].node_index)],
                            space::to_scene(entity.bones[b].model_to_bone), std::move(weights[b])});
    // Animated nodes outside the entity's bones join the skin without weights, at their rest pose, so that
    // every animation channel drives a joint (glTF importers then build one armature and one action per
    // animation).
    std::set<std::int32_t> bone_nodes;
    for (const Bone& bone : entity.bones) bone_nodes.insert(bone.node_index);
    for (std::size_t joint = 0; joint < model_.nodes.size(); ++joint) {
      if (joint == n || bone_nodes.count(static_cast<std::int32_t>(joint)) != 0 || model_.nodes[joint].mesh ||
          !is_animated(model_.nodes[joint].name) || !scene_node_[joint])
        continue;
      const glm::mat4 bind = scene::inverse(global_transform(joint)) * global_transform(n);
      mesh.bones.push_back({*scene_node_[joint], scene::with_affine_bottom_row(bind), {}});
    }
  }

  bool is_animated(const std::string& node_name) {
    if (animated_names_.empty())
      for (const CompanionAnimation& companion : animations_)
        for (const AnimationTrack& track : companion.animation.tracks)
          animated_names_.insert(track.node_name);
    return animated_names_.count(node_name) != 0;
  }

  const glm::mat4& global_transform(std::size_t model_node) {
    const scene::NodeIndex node = *scene_node_[model_node];
    auto [it, inserted] = global_transforms_.try_emplace(node);
    if (inserted) it->second = scene::global_transform(scene_, node);
    return it->second;
  }

  const Model& model_;
  std::span<const CompanionAnimation> animations_;
  std::string_view scene_name_;
  FieldPath path_;
  scene::Scene scene_;
  std::vector<std::vector<std::size_t>> children_;
  std::vector<std::optional<scene::NodeIndex>> scene_node_;  // by model node; none for a left-out root
  std::map<std::string, scene::MaterialIndex> material_by_name_;
  std::set<std::string> animated_names_;
  std::map<scene::NodeIndex, glm::mat4> global_transforms_;
};

}  // namespace

scene::Scene model_to_scene(const Model& model, std::span<const CompanionAnimation> animations,
                            std::string_view scene_name, std::string_view file) {
  return ModelSceneBuilder(model, animations, scene_name, file).build();
}

}  // namespace gamefmt::shinobi
