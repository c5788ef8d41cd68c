#include <bit>
#include <string>
#include <unordered_map>

#include "gamefmt/core/field_path.hpp"
#include "xray/cform_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kMaterialKey = "xray.cform.material";
constexpr const char* kSectorKey = "xray.cform.sector";
constexpr const char* kShadowsKey = "xray.cform.suppress_shadows";
constexpr const char* kWallmarksKey = "xray.cform.suppress_wallmarks";

struct PointHash {
  std::size_t operator()(const XrayPoint& p) const noexcept {
    return (std::size_t(std::bit_cast<std::uint32_t>(p[0])) * 0x9E3779B97F4A7C15ull) ^
           (std::size_t(std::bit_cast<std::uint32_t>(p[1])) << 19) ^ std::bit_cast<std::uint32_t>(p[2]);
  }
};
// Bit equality: -0 and +0 are two vertices, a NaN is equal to itself.
struct PointEqual {
  bool operator()(const XrayPoint& a, const XrayPoint& b) const noexcept {
    return std::bit_cast<std::array<std::uint32_t, 3>>(a) == std::bit_cast<std::array<std::uint32_t, 3>>(b);
  }
};

}  // namespace

Cform cform_from_scene(const scene::Scene& scene, std::string_view output_name) {
  Cform cform;
  std::unordered_map<XrayPoint, std::uint32_t, PointHash, PointEqual> vertex_of_point;
  const LevelSceneView view(scene);
  FieldPath path(output_name);
  for (const scene::NodeIndex node : view.nodes()) {
    if (scene.nodes[node].meshes.empty()) continue;
    const double material_value = view.inherited_number(node, kMaterialKey, 0);
    const double sector_value = view.inherited_number(node, kSectorKey, 0);
    if (!(material_value >= 0 && material_value <= 0x3FFF && sector_value >= 0 && sector_value <= 0xFFFF)) {
      const auto field = path.enter_key("nodes", scene.nodes[node].name);
      path.fail("",
                "material " + std::to_string(material_value) + " or sector " + std::to_string(sector_value) +
                    " does not fit level.cform (14 and 16 bits)",
                ErrorKind::cannot_write);
    }
    const std::uint32_t packed =
        CformTriangle::pack(std::uint32_t(material_value), view.inherited_number(node, kShadowsKey, 0) != 0,
                            view.inherited_number(node, kWallmarksKey, 0) != 0, std::uint32_t(sector_value));
    view.for_each_triangle(node, [&](const scene::Mesh&, const std::array<XrayPoint, 3>& corners) {
      CformTriangle t;
      t.packed = packed;
      for (int k = 0; k < 3; ++k) {
        const auto [it, inserted] = vertex_of_point.emplace(corners[k], std::uint32_t(cform.vertices.size()));
        if (inserted) cform.vertices.push_back(corners[k]);
        t.vertices[k] = it->second;
      }
      cform.triangles.push_back(t);
    });
  }
  cform.update_bounds();
  return cform;
}

}  // namespace gamefmt::xray
