#include <map>
#include <string>
#include <unordered_map>

#include "xray/cform_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

// A stable, distinct colour per game material so surfaces are told apart in a viewer.
glm::vec4 material_color(std::uint32_t id) {
  const std::uint32_t h = (id + 1) * 2654435761u;
  return {0.3f + 0.6f * float(h & 0xFF) / 255.f, 0.3f + 0.6f * float((h >> 8) & 0xFF) / 255.f,
          0.3f + 0.6f * float((h >> 16) & 0xFF) / 255.f, 1.0f};
}

std::string group_name(const CformTriangle& t) {
  std::string name = "material_" + std::to_string(t.material()) + "_sector_" + std::to_string(t.sector());
  if (t.suppress_shadows()) name += "_no_shadows";
  if (t.suppress_wallmarks()) name += "_no_wallmarks";
  return name;
}

}  // namespace

scene::Scene cform_to_scene(const Cform& cform, std::string_view name) {
  // Groups in order of first appearance.
  std::vector<std::uint32_t> group_keys;
  std::unordered_map<std::uint32_t, std::size_t> group_of_key;
  std::vector<std::vector<std::size_t>> group_triangles;
  for (std::size_t t = 0; t < cform.triangles.size(); ++t) {
    const auto [it, inserted] = group_of_key.emplace(cform.triangles[t].packed, group_keys.size());
    if (inserted) {
      group_keys.push_back(cform.triangles[t].packed);
      group_triangles.emplace_back();
    }
    group_triangles[it->second].push_back(t);
  }

  std::map<std::uint32_t, scene::MaterialIndex> material_index;
  std::vector<scene::Material> materials;
  std::vector<LevelNode> nodes;
  for (std::size_t g = 0; g < group_keys.size(); ++g) {
    CformTriangle key;
    key.packed = group_keys[g];
    const auto [found, inserted] = material_index.emplace(key.material(), materials.size());
    if (inserted)
      materials.push_back(
          level_material("gamemtl_" + std::to_string(key.material()), material_color(key.material())));

    std::vector<XrayPoint> positions;
    std::vector<std::uint32_t> faces;
    std::unordered_map<std::uint32_t, std::uint32_t> local_of_vertex;
    for (const std::size_t t : group_triangles[g])
      for (const std::uint32_t v : cform.triangles[t].vertices) {
        const auto [local, is_new] = local_of_vertex.emplace(v, std::uint32_t(positions.size()));
        if (is_new) positions.push_back(cform.vertices[v]);
        faces.push_back(local->second);
      }
    LevelNode node;
    node.name = group_name(key);
    node.mesh = make_level_mesh({.name = node.name,
                                 .positions = &positions,
                                 .faces = &faces,
                                 .corners_per_face = 3,
                                 .material = found->second});
    node.extras["xray.cform.material"] = std::int32_t(key.material());
    node.extras["xray.cform.sector"] = std::int32_t(key.sector());
    node.extras["xray.cform.suppress_shadows"] = key.suppress_shadows();
    node.extras["xray.cform.suppress_wallmarks"] = key.suppress_wallmarks();
    nodes.push_back(std::move(node));
  }

  auto scene = make_level_scene(name, "level.cform", std::move(nodes), std::move(materials));
  scene.nodes[kLevelRoot].extras["xray.cform.version"] = std::int32_t(cform.version);
  return scene;
}

}  // namespace gamefmt::xray
