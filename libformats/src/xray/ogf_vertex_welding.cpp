#include "gamefmt/xray/ogf_vertex_welding.hpp"

#include <cmath>
#include <cstdint>
#include <vector>

#include "gamefmt/core/point_grid.hpp"

namespace gamefmt::xray {
namespace {

constexpr float kPositionNormalEpsilon = 1e-3f;  // the SDK's EPS_L
constexpr float kUvEpsilon = 1e-7f;              // the SDK's EPS_S
constexpr float kWeightEpsilon = 1e-3f;

template <std::size_t N>
bool near(const std::array<float, N>& a, const std::array<float, N>& b, float epsilon) {
  for (std::size_t i = 0; i < N; ++i)
    if (!(std::fabs(a[i] - b[i]) <= epsilon)) return false;
  return true;
}

bool same_influences(const OgfInfluences& a, const OgfInfluences& b) {
  if (a.count != b.count) return false;
  for (std::size_t k = 0; k < a.count; ++k) {
    std::size_t found = 0;
    while (found < b.count && b.bones[found] != a.bones[k]) ++found;
    if (found == b.count || !(std::fabs(a.weights[k] - b.weights[found]) <= kWeightEpsilon)) return false;
  }
  return true;
}

}  // namespace

void weld_ogf_vertices(OgfMesh& mesh) {
  if (mesh.progressive()) return;
  const std::size_t uv_sets = mesh.vertices.empty() ? 0 : mesh.extra_uvs.size() / mesh.vertices.size();
  std::vector<OgfVertex> kept;
  std::vector<OgfInfluences> kept_influences;
  std::vector<float> kept_extra_uvs;
  std::vector<std::uint32_t> new_index(mesh.vertices.size());
  PointGrid grid(kPositionNormalEpsilon, mesh.vertices.size());
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    OgfVertex vertex = mesh.vertices[i];
    const OgfInfluences influences = mesh.links > 0 ? ogf_influences(vertex, mesh.links) : OgfInfluences{};
    std::int64_t same = -1, same_position = -1;
    grid.visit_near(vertex.position, [&](std::uint32_t candidate) {
      const OgfVertex& other = kept[candidate];
      if (!near(other.position, vertex.position, kPositionNormalEpsilon)) return true;
      if (same_influences(kept_influences[candidate], influences) && near(other.uv, vertex.uv, kUvEpsilon) &&
          near(other.normal, vertex.normal, kPositionNormalEpsilon)) {
        same = candidate;
        return false;
      }
      same_position = candidate;
      return true;
    });
    if (same >= 0) {
      new_index[i] = std::uint32_t(same);
      continue;
    }
    if (same_position >= 0) vertex.position = kept[std::size_t(same_position)].position;
    new_index[i] = std::uint32_t(kept.size());
    grid.add(vertex.position);  // item new_index[i]
    kept.push_back(vertex);
    kept_influences.push_back(influences);
    for (std::size_t s = 0; s < uv_sets * 2; ++s)
      kept_extra_uvs.push_back(mesh.extra_uvs[i * uv_sets * 2 + s]);
  }
  std::vector<std::uint16_t> indices;
  indices.reserve(mesh.indices.size());
  for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    std::array<std::uint32_t, 3> corners{};
    bool inside = true;
    for (int k = 0; k < 3; ++k) {
      const std::uint16_t index = mesh.indices[t + k];
      inside = inside && index < new_index.size();
      corners[k] = inside ? new_index[index] : 0;
    }
    if (!inside || corners[0] == corners[1] || corners[1] == corners[2] || corners[0] == corners[2]) continue;
    for (const std::uint32_t corner : corners) indices.push_back(static_cast<std::uint16_t>(corner));
  }
  mesh.vertices = std::move(kept);
  if (uv_sets > 0) mesh.extra_uvs = std::move(kept_extra_uvs);
  mesh.indices = std::move(indices);
}

}  // namespace gamefmt::xray
