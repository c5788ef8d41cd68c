#include "xray/ogf_way_back.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/point_grid.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/imported_scene_match.hpp"
#include "xray/sdk_way_back.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kKeptFileKey = "xray.ogf.file";
// A DCC tool's re-encoded normals (Blender keeps custom normals in its own encoding) move them by up to about
// 1.2e-2 (0.7 degrees) on the corpus models; a deliberate edit of normals moves them far more.
constexpr float kNormalTolerance = 2e-2f;
// Bind poses: Euler angles come back from a DCC tool's matrices with round-off of a few 1e-5 (more near
// gimbal lock, and either of two equal angle sets), so the bind transforms are compared as matrices.
constexpr float kBindTolerance = 1e-4f;
// Bone weights: the SDK's own tolerance when it merges vertices (ogf_vertex_welding.hpp).
constexpr float kWeightTolerance = 1e-3f;
// Positions after a trip lie within this of the kept ones (kBakedTolerance of values up to 10 m).
constexpr float kMatchRadius = 1e-4f;

glm::vec3 vec(const std::array<float, 3>& v) {
  return {v[0], v[1], v[2]};
}

// A vertex's influences as bone -> summed weight, without zero weights.
std::map<std::uint16_t, float> influence_map(const OgfVertex& vertex, int links) {
  std::map<std::uint16_t, float> out;
  const auto influences = ogf_influences(vertex, links);
  for (std::size_t k = 0; k < influences.count; ++k)
    if (influences.weights[k] > 0.0f) out[influences.bones[k]] += influences.weights[k];
  return out;
}

// The same bones with the same weights within kWeightTolerance, a bone missing on one side counting as weight
// 0 (a DCC tool drops weights that small).
bool same_influences(const OgfVertex& kept, int kept_links, const OgfVertex& written, int written_links) {
  if (kept_links == 0 || written_links == 0) return kept_links == written_links;
  auto a = influence_map(kept, kept_links);
  for (const auto& [bone, weight] : influence_map(written, written_links)) a[bone] -= weight;
  for (const auto& [bone, difference] : a)
    if (!(std::fabs(difference) <= kWeightTolerance)) return false;
  return true;
}

// How far `written` is from `kept` (the largest difference of position, UV and normal direction), or nothing
// when it is beyond the round-off of a trip through glTF and a DCC tool (which re-encodes normals) or its
// bones differ.
std::optional<float> vertex_distance(const OgfMesh& kept_mesh, const OgfVertex& kept,
                                     const OgfMesh& written_mesh, const OgfVertex& written) {
  float worst = 0.0f;
  for (int c = 0; c < 3; ++c) {
    if (!same_within_round_off(kept.position[c], written.position[c])) return std::nullopt;
    worst = std::max(worst, std::fabs(kept.position[c] - written.position[c]));
  }
  for (int c = 0; c < 2; ++c) {
    if (!same_within_round_off(kept.uv[c], written.uv[c])) return std::nullopt;
    worst = std::max(worst, std::fabs(kept.uv[c] - written.uv[c]));
  }
  const glm::vec3 a = direction_of(vec(kept.normal)), b = direction_of(vec(written.normal));
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

KeptOgfRecord kept_ogf_record(std::span<const std::byte> bytes, std::string_view name) {
  return {{{"bytes", kept_bytes_json(bytes)}, {"name", std::string(name)}}};
}

void keep_ogf_record(scene::Scene& scene, KeptOgfRecord kept) {
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[kKeptFileKey] = std::move(kept.record);
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
  PointGrid grid(kMatchRadius, kept.vertices.size());
  for (const auto& vertex : kept.vertices) grid.add(vertex.position);  // item i: vertex i
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

std::size_t take_kept_vertices(const OgfMesh& kept, OgfMesh& written) {
  if (kept.texture != written.texture || kept.shader != written.shader || kept.links != written.links ||
      kept.vertices.empty())
    return 0;
  PointGrid grid(kMatchRadius, kept.vertices.size());
  for (const auto& vertex : kept.vertices) grid.add(vertex.position);
  std::size_t taken = 0;
  for (auto& vertex : written.vertices) {
    std::optional<float> best;
    std::uint32_t match = 0;
    grid.visit_near(vertex.position, [&](std::uint32_t candidate) {
      const auto distance = vertex_distance(kept, kept.vertices[candidate], written, vertex);
      if (distance && (!best || *distance < *best)) {
        best = distance;
        match = candidate;
      }
      return true;
    });
    if (!best) continue;
    vertex = kept.vertices[match];
    ++taken;
  }
  return taken;
}

namespace {

template <class T, std::size_t N>
bool same_bits(const std::array<T, N>& a, const std::array<T, N>& b) {
  return std::memcmp(a.data(), b.data(), sizeof(T) * N) == 0;
}

bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool same_header(const OgfHeader& a, const OgfHeader& b) {
  return a.format_version == b.format_version && a.type == b.type && a.shader_id == b.shader_id &&
         same_bits(a.bbox_min, b.bbox_min) && same_bits(a.bbox_max, b.bbox_max) &&
         same_bits(a.sphere_center, b.sphere_center) && same_bits(a.sphere_radius, b.sphere_radius);
}

bool near_box(const OgfBox& a, const OgfBox& b) {
  return same_within_round_off(a.rotate, b.rotate) && same_within_round_off(a.translate, b.translate) &&
         same_within_round_off(a.half_size, b.half_size);
}

bool same_bone(const OgfBone& a, const OgfBone& b) {
  if (a.name != b.name || a.parent_name != b.parent_name || a.ik_version != b.ik_version ||
      a.game_material != b.game_material || a.shape.type != b.shape.type || a.shape.flags != b.shape.flags ||
      a.joint_type != b.joint_type || a.ik_flags != b.ik_flags || !near_box(a.box, b.box) ||
      !near_box(a.shape.box, b.shape.box) || !same_within_round_off(a.shape.sphere, b.shape.sphere) ||
      !same_within_round_off(a.shape.cylinder, b.shape.cylinder) ||
      !same_within_round_off(a.center_of_mass, b.center_of_mass))
    return false;
  const glm::mat4 bind_a = xray_space::bone_transform(a.bind_translation, a.bind_rotation);
  const glm::mat4 bind_b = xray_space::bone_transform(b.bind_translation, b.bind_rotation);
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 3; ++r)
      if (!same_within_round_off(bind_a[c][r], bind_b[c][r], kBindTolerance)) return false;
  for (std::size_t l = 0; l < a.limits.size(); ++l)
    if (!same_within_round_off(a.limits[l].range, b.limits[l].range) ||
        !same_within_round_off(a.limits[l].spring, b.limits[l].spring) ||
        !same_within_round_off(a.limits[l].damping, b.limits[l].damping))
      return false;
  return same_within_round_off(
      std::array<float, 6>{a.spring, a.damping, a.break_force, a.break_torque, a.friction, a.mass},
      std::array<float, 6>{b.spring, b.damping, b.break_force, b.break_torque, b.friction, b.mass});
}

bool same_description(const std::optional<OgfDescription>& a, const std::optional<OgfDescription>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->source_file == b->source_file && a->build_name == b->build_name &&
                a->create_name == b->create_name && a->modify_name == b->modify_name &&
                a->build_time == b->build_time && a->create_time == b->create_time &&
                a->modify_time == b->modify_time);
}

}  // namespace

bool identical_ogf_mesh(const OgfMesh& a, const OgfMesh& b) {
  if (a.texture != b.texture || a.shader != b.shader || !same_header(a.header, b.header) ||
      a.vertex_format != b.vertex_format || a.links != b.links || a.indices != b.indices ||
      a.vertices.size() != b.vertices.size() || a.extra_uvs.size() != b.extra_uvs.size() ||
      a.progressive() != b.progressive())
    return false;
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    const auto &u = a.vertices[i], &v = b.vertices[i];
    if (!same_bits(u.position, v.position) || !same_bits(u.normal, v.normal) ||
        !same_bits(u.tangent, v.tangent) || !same_bits(u.binormal, v.binormal) || !same_bits(u.uv, v.uv) ||
        u.bones != v.bones || !same_bits(u.weights, v.weights) || u.diffuse != v.diffuse ||
        u.specular != v.specular)
      return false;
  }
  if (!a.extra_uvs.empty() &&
      std::memcmp(a.extra_uvs.data(), b.extra_uvs.data(), a.extra_uvs.size() * sizeof(float)) != 0)
    return false;
  if (!a.progressive()) return true;
  const auto &p = *a.sliding_windows, &q = *b.sliding_windows;
  if (p.reserved != q.reserved || p.windows.size() != q.windows.size()) return false;
  for (std::size_t w = 0; w < p.windows.size(); ++w)
    if (p.windows[w].offset != q.windows[w].offset || p.windows[w].triangles != q.windows[w].triangles ||
        p.windows[w].vertices != q.windows[w].vertices)
      return false;
  return true;
}

bool written_as_kept_ogf(const OgfModel& written, const KeptOgfFile& kept) {
  const OgfModel& k = kept.model;
  if (written.meshes.size() != k.meshes.size() || written.bones.size() != k.bones.size() ||
      written.has_ik_data != k.has_ik_data || written.motion_keys || k.motion_keys || written.motion_params ||
      k.motion_params || written.motion_refs != k.motion_refs ||
      (!k.motion_refs.empty() && written.motion_refs_chunk != k.motion_refs_chunk) ||
      written.user_data != k.user_data || written.lod_ref != k.lod_ref ||
      !same_description(written.description, k.description) || written.header.type != k.header.type)
    return false;
  for (std::size_t m = 0; m < k.meshes.size(); ++m)
    if (!identical_ogf_mesh(written.meshes[m], k.meshes[m])) return false;
  for (std::size_t b = 0; b < k.bones.size(); ++b)
    if (!same_bone(written.bones[b], k.bones[b])) return false;
  return true;
}

}  // namespace gamefmt::xray
