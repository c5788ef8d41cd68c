#include <map>
#include <string>
#include <tuple>

#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/level_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr std::size_t kNoMesh = ~std::size_t(0);
constexpr int kMaxDepth = 64;

std::string visual_field(std::size_t index, const char* leaf) {
  return "visuals[" + std::to_string(index) + "]." + leaf;
}

// The triangle-list indices a visual draws, relative to its first vertex.
std::vector<std::uint32_t> visual_indices(const xray::LevelVisual& visual, const xray::LevelGeom& geom,
                                          std::size_t index, std::string_view geom_name) {
  const auto& g = *visual.geometry;
  auto fail = [&](const std::string& problem) -> void {
    throw FormatError(std::string(geom_name), std::nullopt, visual_field(index, "geometry"), problem);
  };
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
  std::vector<std::unique_ptr<aiMesh>> meshes;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  std::vector<std::size_t> mesh_of_visual;  // kNoMesh when the visual has no geometry
};

SceneParts build_meshes(const xray::Level& level, const xray::LevelGeom& geom, std::string_view geom_name) {
  SceneParts parts;
  parts.mesh_of_visual.assign(level.visuals.size(), kNoMesh);
  std::map<std::uint16_t, unsigned> material_of_shader;
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t,
                         std::uint32_t, std::int64_t, std::uint16_t>;
  std::map<Key, std::size_t> shared;
  for (std::size_t i = 0; i < level.visuals.size(); ++i) {
    const auto& visual = level.visuals[i];
    if (!visual.geometry || !visual.header || visual.header->type == xray::kOgfLod) continue;
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
    if (g.vertex_buffer >= geom.vertex_buffers.size())
      throw FormatError(std::string(geom_name), std::nullopt, visual_field(i, "geometry"),
                        "vertex buffer " + std::to_string(g.vertex_buffer) + " does not exist (" +
                            std::to_string(geom.vertex_buffers.size()) + " in level.geom)");
    const auto faces = visual_indices(visual, geom, i, geom_name);
    if (faces.empty()) continue;
    const auto vertices = xray::decode_level_vertices(geom.vertex_buffers[g.vertex_buffer], g.first_vertex,
                                                      g.vertex_count, geom_name);
    auto [material, added] = material_of_shader.try_emplace(shader_id, unsigned(parts.materials.size()));
    if (added) {
      const std::string entry =
          shader_id < level.shaders.size() ? cp1251_to_utf8(level.shaders[shader_id]) : "";
      const auto shader = xray::split_level_shader(entry);
      auto m = make_material(shader.texture.empty() ? "shader_" + std::to_string(shader_id) : shader.texture,
                             aiColor4D(1, 1, 1, 1));
      if (!shader.texture.empty()) {
        const aiString texture_file(shader.texture + ".dds");
        m->AddProperty(&texture_file, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
      }
      parts.materials.push_back(std::move(m));
    }
    const std::string name = "visual_" + std::to_string(i);
    parts.meshes.push_back(
        make_level_mesh({.name = name,
                         .positions = &vertices.positions,
                         .faces = &faces,
                         .corners_per_face = 3,
                         .material = material->second,
                         .uvs = vertices.uvs.empty() ? nullptr : &vertices.uvs,
                         .normals = vertices.normals.empty() ? nullptr : &vertices.normals,
                         .lightmap_uvs = vertices.lightmap_uvs.empty() ? nullptr : &vertices.lightmap_uvs}));
    parts.mesh_of_visual[i] = parts.meshes.size() - 1;
    shared.emplace(key, parts.meshes.size() - 1);
  }
  return parts;
}

class NodeBuilder {
 public:
  NodeBuilder(const xray::Level& level, const SceneParts& parts)
      : level_(level), parts_(parts), placed_(level.visuals.size(), false) {}

  aiNode* build(std::size_t index, int depth = 0) {
    placed_[index] = true;
    const auto& visual = level_.visuals[index];
    aiNode* node = make_node("visual_" + std::to_string(index));
    add_metadata(node->mMetaData, "xray.level.visual", int(index));
    if (visual.header) {
      add_metadata(node->mMetaData, "xray.level.type", int(visual.header->type));
      const std::uint16_t id = visual.header->shader_id;
      if (parts_.mesh_of_visual[index] != kNoMesh && id < level_.shaders.size()) {
        const auto shader = xray::split_level_shader(cp1251_to_utf8(level_.shaders[id]));
        add_metadata(node->mMetaData, "xray.level.shader", aiString(shader.engine_shader));
        add_metadata(node->mMetaData, "xray.level.texture", aiString(shader.texture));
        std::string lightmaps;
        for (const auto& l : shader.lightmaps) lightmaps += (lightmaps.empty() ? "" : ",") + l;
        if (!lightmaps.empty()) add_metadata(node->mMetaData, "xray.level.lightmaps", aiString(lightmaps));
      }
    }
    if (visual.tree) node->mTransformation = xray_axes::engine_matrix(visual.tree->transform);
    if (parts_.mesh_of_visual[index] != kNoMesh) set_meshes(*node, {unsigned(parts_.mesh_of_visual[index])});
    std::vector<aiNode*> children;
    if (visual.children && depth < kMaxDepth)  // deeper visuals are placed at the top instead
      for (const auto child : *visual.children)
        if (child < placed_.size() && !placed_[child]) children.push_back(build(child, depth + 1));
    set_children(*node, children);
    return node;
  }

  std::vector<aiNode*> roots() {
    std::vector<bool> is_child(level_.visuals.size(), false);
    for (const auto& visual : level_.visuals)
      if (visual.children)
        for (const auto child : *visual.children)
          if (child < is_child.size()) is_child[child] = true;
    std::vector<aiNode*> out;
    for (std::size_t i = 0; i < level_.visuals.size(); ++i)
      if (!is_child[i] && !placed_[i]) out.push_back(build(i));
    for (std::size_t i = 0; i < level_.visuals.size(); ++i)  // visuals only reachable through a cycle
      if (!placed_[i]) out.push_back(build(i));
    return out;
  }

 private:
  const xray::Level& level_;
  const SceneParts& parts_;
  std::vector<bool> placed_;
};

}  // namespace

std::unique_ptr<aiScene> level_to_scene(const xray::Level& level, const xray::LevelGeom& geom,
                                        std::string_view name, std::string_view geom_name) {
  SceneParts parts =
      build_meshes(level, geom, geom_name);  // everything that can throw happens before the nodes
  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node(name);
  add_metadata(root->mMetaData, "xray.format", aiString(std::string("level")));
  add_metadata(root->mMetaData, "xray.level.xrlc_version", int(level.xrlc_version));
  NodeBuilder builder(level, parts);
  set_children(*root, builder.roots());
  scene->mRootNode = root;
  if (parts.materials.empty())
    parts.materials.push_back(make_material("level", aiColor4D(0.8f, 0.8f, 0.8f, 1)));
  scene->mMaterials = release_to_array(parts.materials, scene->mNumMaterials);
  scene->mMeshes = release_to_array(parts.meshes, scene->mNumMeshes);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  return scene;
}

}  // namespace gamefmt::assimp
