#include <bit>
#include <map>
#include <string>
#include <unordered_map>

#include "ai_scene_building.hpp"
#include "xray/cform_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kMaterialKey = "xray.cform.material";
constexpr const char* kSectorKey = "xray.cform.sector";
constexpr const char* kShadowsKey = "xray.cform.suppress_shadows";
constexpr const char* kWallmarksKey = "xray.cform.suppress_wallmarks";

// A stable, distinct colour per game material so surfaces are told apart in a viewer.
aiColor4D material_color(std::uint32_t id) {
  const std::uint32_t h = (id + 1) * 2654435761u;
  return {0.3f + 0.6f * float(h & 0xFF) / 255.f, 0.3f + 0.6f * float((h >> 8) & 0xFF) / 255.f,
          0.3f + 0.6f * float((h >> 16) & 0xFF) / 255.f, 1.0f};
}

std::string group_name(const xray::CformTriangle& t) {
  std::string name = "material_" + std::to_string(t.material()) + "_sector_" + std::to_string(t.sector());
  if (t.suppress_shadows()) name += "_no_shadows";
  if (t.suppress_wallmarks()) name += "_no_wallmarks";
  return name;
}

}  // namespace

std::unique_ptr<aiScene> cform_to_scene(const xray::Cform& cform, std::string_view name) {
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

  std::map<std::uint32_t, unsigned> material_index;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  std::vector<LevelNode> nodes;
  for (std::size_t g = 0; g < group_keys.size(); ++g) {
    xray::CformTriangle key;
    key.packed = group_keys[g];
    auto [found, inserted] = material_index.emplace(key.material(), unsigned(materials.size()));
    if (inserted)
      materials.push_back(make_material("gamemtl_" + std::to_string(key.material()), material_color(key.material())));

    std::vector<XrayPoint> positions;
    std::vector<std::uint32_t> faces;
    std::unordered_map<std::uint32_t, std::uint32_t> local_of_vertex;
    for (const std::size_t t : group_triangles[g])
      for (const std::uint32_t v : cform.triangles[t].vertices) {
        const auto [local, is_new] = local_of_vertex.emplace(v, std::uint32_t(positions.size()));
        if (is_new) positions.push_back(cform.vertices[v]);
        faces.push_back(local->second);
      }
    LevelNode node{group_name(key)};
    node.mesh = make_level_mesh({.name = node.name, .positions = &positions, .faces = &faces,
                                 .corners_per_face = 3, .material = found->second});
    add_metadata(node.metadata, kMaterialKey, int(key.material()));
    add_metadata(node.metadata, kSectorKey, int(key.sector()));
    add_metadata(node.metadata, kShadowsKey, key.suppress_shadows());
    add_metadata(node.metadata, kWallmarksKey, key.suppress_wallmarks());
    nodes.push_back(std::move(node));
  }

  auto scene = make_level_scene(name, "level.cform", std::move(nodes), std::move(materials));
  add_metadata(scene->mRootNode->mMetaData, "xray.cform.version", int(cform.version));
  return scene;
}

xray::Cform scene_to_cform(const aiScene& scene, std::string_view output_name) {
  xray::Cform cform;
  struct PointHash {
    std::size_t operator()(const XrayPoint& p) const noexcept {
      return (std::size_t(std::bit_cast<std::uint32_t>(p[0])) * 0x9E3779B97F4A7C15ull) ^
             (std::size_t(std::bit_cast<std::uint32_t>(p[1])) << 19) ^ std::bit_cast<std::uint32_t>(p[2]);
    }
  };
  struct PointEqual {
    bool operator()(const XrayPoint& a, const XrayPoint& b) const noexcept {
      return std::bit_cast<std::array<std::uint32_t, 3>>(a) == std::bit_cast<std::array<std::uint32_t, 3>>(b);
    }
  };
  std::unordered_map<XrayPoint, std::uint32_t, PointHash, PointEqual> vertex_of_point;
  if (scene.mRootNode == nullptr) return cform;
  for_each_node(*scene.mRootNode, [&](const aiNode& node) {
    if (node.mNumMeshes == 0) return;
    const double material_value = inherited_metadata_number(&node, kMaterialKey, 0);
    const double sector_value = inherited_metadata_number(&node, kSectorKey, 0);
    if (!(material_value >= 0 && material_value <= 0x3FFF && sector_value >= 0 && sector_value <= 0xFFFF))
      throw FormatError(std::string(output_name), std::nullopt, std::string("nodes.") + node.mName.C_Str(),
                        "material " + std::to_string(material_value) + " or sector " + std::to_string(sector_value) +
                            " does not fit level.cform (14 and 16 bits)");
    const auto material = std::uint32_t(material_value);
    const auto sector = std::uint32_t(sector_value);
    const std::uint32_t packed = xray::CformTriangle::pack(material, inherited_metadata_number(&node, kShadowsKey, 0) != 0,
                                                           inherited_metadata_number(&node, kWallmarksKey, 0) != 0, sector);
    for_each_xray_face(scene, node, [&](const aiMesh&, const XrayFace& face) {
      if (face.corner_count != 3) return;  // points and lines are not collision geometry
      xray::CformTriangle t;
      t.packed = packed;
      for (int k = 0; k < 3; ++k) {
        const auto [it, inserted] = vertex_of_point.emplace(face.corners[k], std::uint32_t(cform.vertices.size()));
        if (inserted) cform.vertices.push_back(face.corners[k]);
        t.vertices[k] = it->second;
      }
      cform.triangles.push_back(t);
    });
  });
  cform.update_bounds();
  return cform;
}

}  // namespace gamefmt::assimp
