#include <bit>
#include <map>
#include <string>

#include "ai_scene_building.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/hom_som_scene.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kHomFlagsKey = "xray.hom.flags";
constexpr const char* kSomTwoSidedKey = "xray.som.two_sided";
constexpr const char* kSomOcclusionKey = "xray.som.occlusion";

std::unique_ptr<aiMaterial> occluder_material(const std::string& name, bool two_sided) {
  auto material = make_material(name, two_sided ? aiColor4D(0.9f, 0.6f, 0.2f, 1) : aiColor4D(0.2f, 0.6f, 0.9f, 1));
  const int flag = two_sided ? 1 : 0;
  material->AddProperty(&flag, 1, AI_MATKEY_TWOSIDED);
  return material;
}

// Polygons grouped by a per-polygon key, in order of first appearance; each group is one soup mesh.
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
    unsigned material = 0;
    describe(keys[g], node, material);
    node.mesh = make_level_mesh({.name = node.name, .positions = &positions[g], .faces = &faces,
                                 .corners_per_face = 3, .material = material, .flat_normals = true});
    nodes.push_back(std::move(node));
  }
  return nodes;
}

bool material_two_sided(const aiScene& scene, const aiMesh& mesh) {
  int two_sided = 0;
  if (mesh.mMaterialIndex < scene.mNumMaterials)
    scene.mMaterials[mesh.mMaterialIndex]->Get(AI_MATKEY_TWOSIDED, two_sided);
  return two_sided != 0;
}

// Calls visit(node, mesh, corners) for every triangle of the scene in X-Ray space.
template <class Visit>
void for_each_triangle(const aiScene& scene, Visit visit) {
  if (scene.mRootNode == nullptr) return;
  for_each_node(*scene.mRootNode, [&](const aiNode& node) {
    for_each_xray_face(scene, node, [&](const aiMesh& mesh, const XrayFace& face) {
      if (face.corner_count == 3) visit(node, mesh, face.corners);
    });
  });
}

}  // namespace

std::unique_ptr<aiScene> hom_to_scene(const xray::Hom& hom, std::string_view name) {
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(occluder_material("hom_one_sided", false));
  materials.push_back(occluder_material("hom_two_sided", true));
  auto nodes = soup_groups<xray::HomPolygon, std::uint32_t>(
      hom.polygons, [](const xray::HomPolygon& p) { return p.flags; },
      [](std::uint32_t flags, LevelNode& node, unsigned& material) {
        node.name = "occluders_flags_" + std::to_string(flags);
        material = (flags & xray::kHomTwoSided) ? 1 : 0;
        add_metadata(node.metadata, kHomFlagsKey, int(flags));
      });
  auto scene = make_level_scene(name, "level.hom", std::move(nodes), std::move(materials));
  add_metadata(scene->mRootNode->mMetaData, "xray.hom.version", int(hom.version));
  return scene;
}

xray::Hom scene_to_hom(const aiScene& scene) {
  xray::Hom hom;
  const double version = first_metadata_number(scene.mRootNode, "xray.hom.version", 0);
  hom.version = version >= 0 && version <= 4294967295.0 ? std::uint32_t(version) : 0;
  for_each_triangle(scene, [&](const aiNode& node, const aiMesh& mesh, const std::array<XrayPoint, 3>& corners) {
    xray::HomPolygon polygon;
    polygon.corners = corners;
    const double flags = inherited_metadata_number(&node, kHomFlagsKey, material_two_sided(scene, mesh) ? 1 : 0);
    polygon.flags = flags >= 0 && flags <= 4294967295.0 ? std::uint32_t(flags) : 0;
    hom.polygons.push_back(polygon);
  });
  return hom;
}

std::unique_ptr<aiScene> som_to_scene(const xray::Som& som, std::string_view name) {
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(occluder_material("som_one_sided", false));
  materials.push_back(occluder_material("som_two_sided", true));
  using Key = std::pair<std::uint32_t, std::uint32_t>;  // two_sided, occlusion bits
  auto nodes = soup_groups<xray::SomPolygon, Key>(
      som.polygons, [](const xray::SomPolygon& p) { return Key{p.two_sided, std::bit_cast<std::uint32_t>(p.occlusion)}; },
      [](const Key& key, LevelNode& node, unsigned& material) {
        const float occlusion = std::bit_cast<float>(key.second);
        node.name = std::string(key.first ? "two_sided" : "one_sided") + "_occlusion_" + std::to_string(occlusion);
        material = key.first ? 1 : 0;
        add_metadata(node.metadata, kSomTwoSidedKey, int(key.first));
        add_metadata(node.metadata, kSomOcclusionKey, double(occlusion));
      });
  auto scene = make_level_scene(name, "level.som", std::move(nodes), std::move(materials));
  add_metadata(scene->mRootNode->mMetaData, "xray.som.version", int(som.version));
  return scene;
}

xray::Som scene_to_som(const aiScene& scene) {
  xray::Som som;
  const double version = first_metadata_number(scene.mRootNode, "xray.som.version", 0);
  som.version = version >= 0 && version <= 4294967295.0 ? std::uint32_t(version) : 0;
  for_each_triangle(scene, [&](const aiNode& node, const aiMesh& mesh, const std::array<XrayPoint, 3>& corners) {
    xray::SomPolygon polygon;
    polygon.corners = corners;
    const double two_sided = inherited_metadata_number(&node, kSomTwoSidedKey, material_two_sided(scene, mesh) ? 1 : 0);
    polygon.two_sided = two_sided >= 0 && two_sided <= 4294967295.0 ? std::uint32_t(two_sided) : 1;
    polygon.occlusion = float(inherited_metadata_number(&node, kSomOcclusionKey, 1));
    som.polygons.push_back(polygon);
  });
  return som;
}

}  // namespace gamefmt::assimp
