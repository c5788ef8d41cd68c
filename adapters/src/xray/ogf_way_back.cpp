#include "xray/ogf_way_back.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/point_grid.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/imported_scene_match.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kKeptFileKey = "xray.ogf.file";
// A DCC tool's re-encoded normals (Blender keeps custom normals in its own encoding) move them this much.
constexpr float kNormalTolerance = 2e-3f;
// Positions after a trip lie within this of the kept ones (kBakedTolerance of values up to 10 m).
constexpr float kMatchCell = 1e-4f;

glm::vec3 vec(const std::array<float, 3>& v) {
  return {v[0], v[1], v[2]};
}

glm::vec3 direction(const glm::vec3& v) {
  const float length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return length > 0 && std::isfinite(length) ? v / length : v;
}

// A vertex's influences as bone -> summed weight, without zero weights.
std::map<std::uint16_t, float> influence_map(const OgfVertex& vertex, int links) {
  std::map<std::uint16_t, float> out;
  const auto influences = ogf_influences(vertex, links);
  for (std::size_t k = 0; k < influences.count; ++k)
    if (influences.weights[k] > 0.0f) out[influences.bones[k]] += influences.weights[k];
  return out;
}

bool same_influences(const OgfVertex& kept, int kept_links, const OgfVertex& written, int written_links) {
  if (kept_links == 0 || written_links == 0) return kept_links == written_links;
  const auto a = influence_map(kept, kept_links), b = influence_map(written, written_links);
  if (a.size() != b.size()) return false;
  for (auto i = a.begin(), j = b.begin(); i != a.end(); ++i, ++j)
    if (i->first != j->first || !same_baked_translation({i->second, 0, 0}, {j->second, 0, 0})) return false;
  return true;
}

bool near(float expected, float actual, float tolerance) {
  return std::fabs(expected - actual) <= tolerance * std::max({1.0f, std::fabs(expected), std::fabs(actual)});
}

// How far `written` is from `kept` (the largest difference of position, UV and normal direction), or nothing
// when it is beyond the round-off of a trip through glTF and a DCC tool (which re-encodes normals) or its
// bones differ.
std::optional<float> vertex_distance(const OgfMesh& kept_mesh, const OgfVertex& kept,
                                     const OgfMesh& written_mesh, const OgfVertex& written) {
  float worst = 0.0f;
  for (int c = 0; c < 3; ++c) {
    if (!near(kept.position[c], written.position[c], kBakedTolerance)) return std::nullopt;
    worst = std::max(worst, std::fabs(kept.position[c] - written.position[c]));
  }
  for (int c = 0; c < 2; ++c) {
    if (!near(kept.uv[c], written.uv[c], kBakedTolerance)) return std::nullopt;
    worst = std::max(worst, std::fabs(kept.uv[c] - written.uv[c]));
  }
  const glm::vec3 a = direction(vec(kept.normal)), b = direction(vec(written.normal));
  for (int c = 0; c < 3; ++c) {
    if (!(std::fabs(a[c] - b[c]) <= kNormalTolerance)) return std::nullopt;
    worst = std::max(worst, std::fabs(a[c] - b[c]));
  }
  if (!same_influences(kept, kept_mesh.links, written, written_mesh.links)) return std::nullopt;
  return worst;
}

// The kept mesh's vertices in classes of vertices within round-off of each other (copies the file holds side
// by side, which may differ in their tangents or in how their weights are stored, count as one): the
// smallest index of each class.
std::vector<std::uint32_t> vertex_classes(const OgfMesh& mesh, const PointGrid& grid) {
  std::vector<std::uint32_t> root(mesh.vertices.size());
  for (std::uint32_t i = 0; i < root.size(); ++i) root[i] = i;
  const auto find = [&](std::uint32_t i) {
    while (root[i] != i) i = root[i] = root[root[i]];
    return i;
  };
  for (std::uint32_t i = 0; i < root.size(); ++i)
    grid.visit_near(mesh.vertices[i].position, [&](std::uint32_t j) {
      if (j < i && vertex_distance(mesh, mesh.vertices[j], mesh, mesh.vertices[i])) {
        const std::uint32_t a = find(i), b = find(j);
        root[std::max(a, b)] = std::min(a, b);
      }
      return true;
    });
  for (std::uint32_t i = 0; i < root.size(); ++i) root[i] = find(i);
  return root;
}

// Triangles as sorted lists of vertex-class triples, each turned to start at its smallest class (winding
// kept).
std::vector<std::array<std::uint32_t, 3>> triangle_set(std::span<const std::uint16_t> indices,
                                                       const std::vector<std::uint32_t>& class_of) {
  std::vector<std::array<std::uint32_t, 3>> out;
  out.reserve(indices.size() / 3);
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    std::array<std::uint32_t, 3> corners{};
    for (int k = 0; k < 3; ++k) {
      if (indices[t + k] >= class_of.size()) return {};
      corners[k] = class_of[indices[t + k]];
    }
    while (corners[0] > corners[1] || corners[0] > corners[2]) corners = {corners[1], corners[2], corners[0]};
    out.push_back(corners);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

void keep_ogf_file(scene::Scene& scene, std::span<const std::byte> bytes, std::string_view name) {
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[kKeptFileKey] = {{"bytes", kept_bytes_json(bytes)}, {"name", std::string(name)}};
}

std::optional<KeptOgfFile> kept_ogf_file(const scene::Scene& scene, std::string_view output_name) {
  const nlohmann::json record = scene::get_or<nlohmann::json>(scene.extras, kKeptFileKey, nullptr);
  if (!record.is_object()) return std::nullopt;
  auto bytes = kept_bytes(record.value("bytes", nlohmann::json()));
  const auto name = scene::get<std::string>(record, "name");
  if (!bytes || !name) return std::nullopt;
  try {
    OgfModel model = read_ogf(*bytes, output_name);
    return KeptOgfFile{std::move(*bytes), *name, std::move(model)};
  } catch (const FormatError&) {
    return std::nullopt;  // not a file the importer read
  }
}

bool scene_holds_kept_ogf(const scene::Scene& scene, const KeptOgfFile& kept,
                          const OgfExportOptions& options) {
  for (const auto& mesh : kept.model.meshes)
    if (mesh.links > options.max_links) return false;
  const scene::Scene expected = ogf_to_scene(kept.model, kept.name, {});
  if (options.motions == OgfExportOptions::Motions::none && !expected.animations.empty()) return false;
  ImportedSceneMatch match;
  match.other_animations = options.motions != OgfExportOptions::Motions::embedded;
  return same_imported_scene(expected, scene, match);
}

bool same_ogf_mesh(const OgfMesh& kept, const OgfMesh& written) {
  if (kept.texture != written.texture || kept.shader != written.shader || written.vertices.size() > 0xFFFF)
    return false;
  PointGrid grid(kMatchCell);
  for (std::size_t i = 0; i < kept.vertices.size(); ++i)
    grid.add(kept.vertices[i].position, std::uint32_t(i));
  const auto kept_classes = vertex_classes(kept, grid);
  // Each written vertex as the class of the nearest kept vertex within round-off.
  std::vector<std::uint32_t> written_classes(written.vertices.size());
  for (std::size_t i = 0; i < written.vertices.size(); ++i) {
    std::optional<float> best;
    grid.visit_near(written.vertices[i].position, [&](std::uint32_t candidate) {
      const auto distance = vertex_distance(kept, kept.vertices[candidate], written, written.vertices[i]);
      if (distance && (!best || *distance < *best)) {
        best = distance;
        written_classes[i] = kept_classes[candidate];
      }
      return true;
    });
    if (!best) return false;
  }
  const auto kept_triangles = triangle_set(kept.full_detail_indices(), kept_classes);
  return !kept_triangles.empty() && kept_triangles == triangle_set(written.indices, written_classes);
}

}  // namespace gamefmt::xray
