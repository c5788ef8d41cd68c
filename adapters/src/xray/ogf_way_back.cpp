#include "xray/ogf_way_back.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/imported_scene_match.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kKeptFileKey = "xray.ogf.file";

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

bool same_vertex(const OgfMesh& kept, const OgfVertex& k, const OgfMesh& written, const OgfVertex& w) {
  return same_baked_translation(vec(k.position), vec(w.position)) &&
         same_baked_translation(direction(vec(k.normal)), direction(vec(w.normal))) &&
         same_baked_translation({k.uv[0], k.uv[1], 0}, {w.uv[0], w.uv[1], 0}) &&
         same_influences(k, kept.links, w, written.links);
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
  if (kept.texture != written.texture || kept.shader != written.shader ||
      kept.vertices.size() != written.vertices.size())
    return false;
  const auto kept_indices = kept.full_detail_indices(), written_indices = written.full_detail_indices();
  if (!std::equal(kept_indices.begin(), kept_indices.end(), written_indices.begin(), written_indices.end()))
    return false;
  for (std::size_t i = 0; i < kept.vertices.size(); ++i)
    if (!same_vertex(kept, kept.vertices[i], written, written.vertices[i])) return false;
  return true;
}

}  // namespace gamefmt::xray
