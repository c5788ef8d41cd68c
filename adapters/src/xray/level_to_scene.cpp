#include <map>
#include <string>
#include <tuple>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "xray/level_contents_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/level_scene.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::size_t kNoMesh = ~std::size_t(0);
constexpr int kMaxDepth = 64;

// The triangle-list indices a visual draws, relative to its first vertex. `path` is at the visual.
std::vector<std::uint32_t> visual_indices(const LevelVisual& visual, const LevelGeom& geom,
                                          const FieldPath& path) {
  const auto& g = *visual.geometry;
  auto fail = [&](const std::string& problem) { path.fail("geometry", problem); };
  if (g.index_buffer >= geom.index_buffers.size())
    fail("index buffer " + std::to_string(g.index_buffer) + " does not exist (" +
         std::to_string(geom.index_buffers.size()) + " in level.geom)");
  std::uint64_t first = g.first_index, count = g.index_count;
  if (visual.slide_windows) {  // progressive: window 0 is full detail
    if (*visual.slide_windows >= geom.slide_windows.size() ||
        geom.slide_windows[*visual.slide_windows].windows.empty())
      fail("sliding-window set " + std::to_string(*visual.slide_windows) + " does not exist or is empty");
    const auto& window = geom.slide_windows[*visual.slide_windows].windows[0];
    first += window.offset;
    count = std::uint64_t(window.triangle_count) * 3;
  }
  const auto& ib = geom.index_buffers[g.index_buffer];
  if (first > ib.size() || count > ib.size() - first)
    fail("indices " + std::to_string(first) + ".." + std::to_string(first + count) +
         " run past index buffer " + std::to_string(g.index_buffer) + " (" + std::to_string(ib.size()) +
         " indices)");
  if (count % 3 != 0) fail(std::to_string(count) + " indices do not make whole triangles");
  std::vector<std::uint32_t> out(ib.begin() + first, ib.begin() + first + count);
  for (const auto i : out)
    if (i >= g.vertex_count)
      fail("index " + std::to_string(i) + " is past the visual's " + std::to_string(g.vertex_count) +
           " vertices");
  return out;
}

struct SceneParts {
  std::vector<scene::Mesh> meshes;
  std::vector<scene::Material> materials;
  std::vector<std::size_t> mesh_of_visual;  // kNoMesh when the visual has no geometry
};

SceneParts build_meshes(const Level& level, const LevelGeom& geom, std::string_view geom_name) {
  SceneParts parts;
  parts.mesh_of_visual.assign(level.visuals.size(), kNoMesh);
  std::map<std::uint16_t, scene::MaterialIndex> material_of_shader;
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                         std::uint32_t, std::int64_t, std::uint16_t>;
  std::map<Key, std::size_t> shared;
  FieldPath path(geom_name);
  for (std::size_t i = 0; i < level.visuals.size(); ++i) {
    const auto& visual = level.visuals[i];
    if (!visual.geometry || !visual.header || visual.header->type == kOgfLod) continue;
    const auto& g = *visual.geometry;
    const std::uint16_t shader_id = visual.header->shader_id;
    const Key key{g.vertex_buffer,
                  g.first_vertex,
                  g.vertex_count,
                  g.index_buffer,
                  g.first_index,
                  g.index_count,
                  visual.slide_windows ? std::int64_t(*visual.slide_windows) : -1,
                  shader_id};
    if (auto found = shared.find(key); found != shared.end()) {
      parts.mesh_of_visual[i] = found->second;
      continue;
    }
    const auto at_visual = path.enter("visuals", i);
    if (g.vertex_buffer >= geom.vertex_buffers.size())
      path.fail("geometry", "vertex buffer " + std::to_string(g.vertex_buffer) + " does not exist (" +
                                std::to_string(geom.vertex_buffers.size()) + " in level.geom)");
    const auto faces = visual_indices(visual, geom, path);
    if (faces.empty()) continue;
    const auto vertices = decode_level_vertices(geom.vertex_buffers[g.vertex_buffer], g.first_vertex,
                                                g.vertex_count, geom_name);
    auto [material, added] = material_of_shader.try_emplace(shader_id, parts.materials.size());
    if (added) parts.materials.push_back(level_shader_material(level, shader_id, "", "shader_"));
    const std::string name = "visual_" + std::to_string(i);
    parts.meshes.push_back(
        make_level_mesh({.name = name,
                         .positions = &vertices.positions,
                         .faces = &faces,
                         .corners_per_face = 3,
                         .material = material->second,
                         .uvs = vertices.uvs.empty() ? nullptr : &vertices.uvs,
                         .normals = vertices.normals.empty() ? nullptr : &vertices.normals,
                         .lightmap_uvs = vertices.lightmap_uvs.empty() ? nullptr : &vertices.lightmap_uvs,
                         .tangents = vertices.tangents.empty() ? nullptr : &vertices.tangents,
                         .binormals = vertices.binormals.empty() ? nullptr : &vertices.binormals}));
    parts.mesh_of_visual[i] = parts.meshes.size() - 1;
    shared.emplace(key, parts.meshes.size() - 1);
  }
  return parts;
}

// Adds the visuals' nodes to the scene, each visual once, parents before children.
class NodeBuilder {
 public:
  NodeBuilder(const Level& level, const SceneParts& parts, scene::Scene& scene)
      : level_(level), parts_(parts), scene_(scene), placed_(level.visuals.size(), false) {}

  // The visuals no other visual lists, then those only reachable through a cycle, under `parent`.
  void add_roots(scene::NodeIndex parent) {
    std::vector<bool> is_child(level_.visuals.size(), false);
    for (const auto& visual : level_.visuals)
      if (visual.children)
        for (const auto child : *visual.children)
          if (child < is_child.size()) is_child[child] = true;
    for (std::size_t i = 0; i < level_.visuals.size(); ++i)
      if (!is_child[i] && !placed_[i]) add(i, parent);
    for (std::size_t i = 0; i < level_.visuals.size(); ++i)
      if (!placed_[i]) add(i, parent);
  }

 private:
  void add(std::size_t index, scene::NodeIndex parent, int depth = 0) {
    placed_[index] = true;
    const auto& visual = level_.visuals[index];
    const scene::NodeIndex node = scene_.add_node("visual_" + std::to_string(index), parent);
    {
      scene::Node& out = scene_.nodes[node];
      out.extras["xray.level.visual"] = std::int32_t(index);
      if (visual.header) {
        out.extras["xray.level.type"] = std::int32_t(visual.header->type);
        const std::uint16_t id = visual.header->shader_id;
        if (parts_.mesh_of_visual[index] != kNoMesh && id < level_.shaders.size()) {
          const auto shader = split_level_shader(cp1251_to_utf8(level_.shaders[id]));
          out.extras["xray.level.shader"] = shader.engine_shader;
          out.extras["xray.level.texture"] = shader.texture;
          std::string lightmaps;
          for (const auto& l : shader.lightmaps) lightmaps += (lightmaps.empty() ? "" : ",") + l;
          if (!lightmaps.empty()) out.extras["xray.level.lightmaps"] = lightmaps;
        }
      }
      if (visual.tree) out.transform = xray_space::engine_matrix(visual.tree->transform);
      if (parts_.mesh_of_visual[index] != kNoMesh) out.meshes.push_back(parts_.mesh_of_visual[index]);
    }
    if (visual.children && depth < kMaxDepth)  // deeper visuals are placed at the top instead
      for (const auto child : *visual.children)
        if (child < placed_.size() && !placed_[child]) add(child, node, depth + 1);
  }

  const Level& level_;
  const SceneParts& parts_;
  scene::Scene& scene_;
  std::vector<bool> placed_;
};

}  // namespace

scene::Scene level_to_scene(const Level& level, const LevelGeom& geom, std::string_view name,
                            std::string_view geom_name) {
  SceneParts parts =
      build_meshes(level, geom, geom_name);  // everything that can throw happens before the nodes
  scene::Scene scene = make_level_root(name, "level");
  scene.nodes[kLevelRoot].extras["xray.level.xrlc_version"] = std::int32_t(level.xrlc_version);
  NodeBuilder(level, parts, scene).add_roots(kLevelRoot);
  scene.meshes = std::move(parts.meshes);
  scene.materials = std::move(parts.materials);
  add_level_contents(level, scene);
  keep_one_material(scene, "level");
  return scene;
}

}  // namespace gamefmt::xray
