#include "shinobi/stored_arrays.hpp"

#include <cmath>
#include <map>

#include "shinobi/shinobi_space.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = shinobi_space;

Vec3 vector_at(const VertexArray& array, std::int32_t v) {
  const auto i = std::size_t(v);
  return {vertex_component(array, i, 0), vertex_component(array, i, 1), vertex_component(array, i, 2)};
}

bool close(const glm::vec3& a, const glm::vec3& b) {
  return std::fabs(a.x - b.x) <= kUnchangedTolerance && std::fabs(a.y - b.y) <= kUnchangedTolerance &&
         std::fabs(a.z - b.z) <= kUnchangedTolerance;
}

bool holds_vectors(const VertexArray& array) {
  return has_component(array, 2);
}

// Calls `check(mesh, vertex, file vertex)` for every vertex; true when every call is.
template <class Check>
bool every_vertex(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                  Check check) {
  for (std::size_t m = 0; m < meshes.size(); ++m)
    for (std::size_t v = 0; v < meshes[m]->vertex_count(); ++v)
      if (!check(*meshes[m], v, placement[m][v])) return false;
  return true;
}

}  // namespace

std::optional<VertexPlacement> recorded_placement(const std::vector<const scene::Mesh*>& meshes,
                                                  const MeshRecord& record) {
  if (record.segment_vertices.size() != meshes.size()) return std::nullopt;
  std::vector<bool> reached(std::size_t(record.vertex_count), false);
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    if (record.segment_vertices[m].size() != meshes[m]->vertex_count()) return std::nullopt;
    for (const std::int32_t v : record.segment_vertices[m]) reached[std::size_t(v)] = true;
  }
  for (const bool r : reached)
    if (!r) return std::nullopt;
  return record.segment_vertices;
}

VertexArray stored_array(const MeshRecord& record, std::size_t slot) {
  const auto it = record.stored.find(slot);
  if (it == record.stored.end()) return {};
  const ArrayLayout& layout = record.layouts[slot];
  return {layout.data_type, layout.dim, layout.stride, it->second};
}

bool normals_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                  const VertexArray& normals) {
  if (!holds_vectors(normals)) return false;
  return every_vertex(meshes, placement, [&](const scene::Mesh& mesh, std::size_t v, std::int32_t file) {
    if (mesh.normals.empty()) return false;
    const glm::vec3 stored = space::to_scene(vector_at(normals, file));
    const float length = std::sqrt(stored.x * stored.x + stored.y * stored.y + stored.z * stored.z);
    if (!(length > 0.0f) || !std::isfinite(length)) return true;
    return close(mesh.normals[v], stored / length);
  });
}

bool tangents_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                   const VertexArray& normals, const VertexArray& tangents, const VertexArray& bitangents) {
  if (!holds_vectors(normals) || !holds_vectors(tangents) || !holds_vectors(bitangents)) return false;
  return every_vertex(meshes, placement, [&](const scene::Mesh& mesh, std::size_t v, std::int32_t file) {
    if (mesh.tangents.empty()) return false;
    const auto expected = space::scene_tangent(vector_at(normals, file), vector_at(tangents, file),
                                               vector_at(bitangents, file));
    if (!expected) return true;
    const glm::vec4& scene_tangent = mesh.tangents[v];
    return close(glm::vec3(scene_tangent), glm::vec3(*expected)) &&
           (scene_tangent.w < 0) == (expected->w < 0);
  });
}

bool weights_hold(const std::vector<const scene::Mesh*>& meshes, const VertexPlacement& placement,
                  const VertexArray& bone_indices, const VertexArray& bone_weights,
                  const std::vector<std::string>& bone_names, const std::vector<std::string>& node_names) {
  if (!has_component(bone_indices, 0) || !has_component(bone_weights, 0)) return false;
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const scene::Mesh& mesh = *meshes[m];
    std::vector<std::map<std::string, float>> scene_weights(mesh.vertex_count());
    for (const scene::BoneBinding& bone : mesh.bones)
      for (const scene::VertexWeight& weight : bone.weights)
        if (weight.vertex < mesh.vertex_count() && weight.weight > 0)
          scene_weights[weight.vertex][node_names[bone.node]] += weight.weight;
    for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
      const auto file = std::size_t(placement[m][v]);
      std::map<std::string, float> stored;
      float sum = 0;
      for (std::size_t k = 0; has_component(bone_indices, k) && has_component(bone_weights, k); ++k) {
        const float weight = vertex_component(bone_weights, file, k);
        if (!(weight > 0)) continue;
        const float slot = vertex_component(bone_indices, file, k);
        if (!(slot >= 0 && slot < float(bone_names.size()))) return false;
        stored[bone_names[std::size_t(slot)]] += weight;
        sum += weight;
      }
      // glTF gives a vertex without weights to its first joint.
      if (stored.empty() && scene_weights[v].size() <= 1) continue;
      if (stored.size() != scene_weights[v].size()) return false;
      float scene_sum = 0;
      for (const auto& [bone, weight] : scene_weights[v]) scene_sum += weight;
      for (const auto& [bone, weight] : stored) {
        const auto it = scene_weights[v].find(bone);
        if (it == scene_weights[v].end() ||
            std::fabs(it->second / scene_sum - weight / sum) > kUnchangedTolerance)
          return false;
      }
    }
  }
  return true;
}

}  // namespace gamefmt::shinobi
