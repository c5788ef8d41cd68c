#include <bit>
#include <map>
#include <string>

#include "xray/hom_som_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

scene::Material occluder_material(std::string name, bool two_sided) {
  auto material = level_material(std::move(name),
                                 two_sided ? glm::vec4(0.9f, 0.6f, 0.2f, 1) : glm::vec4(0.2f, 0.6f, 0.9f, 1));
  material.double_sided = two_sided;
  return material;
}

// Polygons grouped by a per-polygon key, in order of first appearance; each group is one soup mesh.
// `describe(key, node, material)` names the group's node, gives it its extras and picks its material.
template <class Polygon, class Key, class KeyOf, class Describe>
std::vector<LevelNode> soup_groups(const std::vector<Polygon>& polygons, KeyOf key_of, Describe describe) {
  std::map<Key, std::size_t> group_of_key;
  std::vector<Key> keys;
  std::vector<std::vector<XrayPoint>> positions;
  for (const auto& polygon : polygons) {
    const Key key = key_of(polygon);
    const auto [it, inserted] = group_of_key.emplace(key, keys.size());
    if (inserted) {
      keys.push_back(key);
      positions.emplace_back();
    }
    for (const auto& corner : polygon.corners) positions[it->second].push_back(corner);
  }
  std::vector<LevelNode> nodes;
  for (std::size_t g = 0; g < keys.size(); ++g) {
    std::vector<std::uint32_t> faces(positions[g].size());
    for (std::size_t i = 0; i < faces.size(); ++i) faces[i] = std::uint32_t(i);
    LevelNode node;
    scene::MaterialIndex material = 0;
    describe(keys[g], node, material);
    node.mesh = make_level_mesh({.name = node.name,
                                 .positions = &positions[g],
                                 .faces = &faces,
                                 .corners_per_face = 3,
                                 .material = material,
                                 .flat_normals = true});
    nodes.push_back(std::move(node));
  }
  return nodes;
}

}  // namespace

scene::Scene hom_to_scene(const Hom& hom, std::string_view name) {
  std::vector<scene::Material> materials;
  materials.push_back(occluder_material("hom_one_sided", false));
  materials.push_back(occluder_material("hom_two_sided", true));
  auto nodes = soup_groups<HomPolygon, std::uint32_t>(
      hom.polygons, [](const HomPolygon& p) { return p.flags; },
      [](std::uint32_t flags, LevelNode& node, scene::MaterialIndex& material) {
        node.name = "occluders_flags_" + std::to_string(flags);
        material = (flags & kHomTwoSided) ? 1 : 0;
        node.extras["xray.hom.flags"] = std::int32_t(flags);
      });
  auto scene = make_level_scene(name, "level.hom", std::move(nodes), std::move(materials));
  scene.nodes[kLevelRoot].extras["xray.hom.version"] = std::int32_t(hom.version);
  return scene;
}

scene::Scene som_to_scene(const Som& som, std::string_view name) {
  std::vector<scene::Material> materials;
  materials.push_back(occluder_material("som_one_sided", false));
  materials.push_back(occluder_material("som_two_sided", true));
  using Key = std::pair<std::uint32_t, std::uint32_t>;  // two_sided, occlusion bits
  auto nodes = soup_groups<SomPolygon, Key>(
      som.polygons,
      [](const SomPolygon& p) {
        return Key{p.two_sided, std::bit_cast<std::uint32_t>(p.occlusion)};
      },
      [](const Key& key, LevelNode& node, scene::MaterialIndex& material) {
        const float occlusion = std::bit_cast<float>(key.second);
        node.name =
            std::string(key.first ? "two_sided" : "one_sided") + "_occlusion_" + std::to_string(occlusion);
        material = key.first ? 1 : 0;
        node.extras["xray.som.two_sided"] = std::int32_t(key.first);
        node.extras["xray.som.occlusion"] = double(occlusion);
      });
  auto scene = make_level_scene(name, "level.som", std::move(nodes), std::move(materials));
  scene.nodes[kLevelRoot].extras["xray.som.version"] = std::int32_t(som.version);
  return scene;
}

}  // namespace gamefmt::xray
