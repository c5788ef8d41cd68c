#include "xray/hom_som_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

bool material_two_sided(const scene::Scene& scene, const scene::Mesh& mesh) {
  return mesh.material && *mesh.material < scene.materials.size() &&
         scene.materials[*mesh.material].double_sided;
}

// A u32 field from an extras number; `otherwise` when the number does not fit.
std::uint32_t u32_or(double value, std::uint32_t otherwise) {
  return value >= 0 && value <= 4294967295.0 ? std::uint32_t(value) : otherwise;
}

// Calls visit(node, mesh, corners) for every triangle of the scene in X-Ray space.
template <class Visit>
void for_each_triangle(const LevelSceneView& view, Visit visit) {
  for (const scene::NodeIndex node : view.nodes())
    view.for_each_triangle(node, [&](const scene::Mesh& mesh, const std::array<XrayPoint, 3>& corners) {
      visit(node, mesh, corners);
    });
}

}  // namespace

Hom hom_from_scene(const scene::Scene& scene) {
  const LevelSceneView view(scene);
  Hom hom;
  hom.version = u32_or(view.first_number("xray.hom.version", 0), 0);
  for_each_triangle(
      view, [&](scene::NodeIndex node, const scene::Mesh& mesh, const std::array<XrayPoint, 3>& corners) {
        HomPolygon polygon;
        polygon.corners = corners;
        polygon.flags =
            u32_or(view.inherited_number(node, "xray.hom.flags", material_two_sided(scene, mesh) ? 1 : 0), 0);
        hom.polygons.push_back(polygon);
      });
  return hom;
}

Som som_from_scene(const scene::Scene& scene) {
  const LevelSceneView view(scene);
  Som som;
  som.version = u32_or(view.first_number("xray.som.version", 0), 0);
  for_each_triangle(
      view, [&](scene::NodeIndex node, const scene::Mesh& mesh, const std::array<XrayPoint, 3>& corners) {
        SomPolygon polygon;
        polygon.corners = corners;
        polygon.two_sided = u32_or(
            view.inherited_number(node, "xray.som.two_sided", material_two_sided(scene, mesh) ? 1 : 0), 1);
        polygon.occlusion = float(view.inherited_number(node, "xray.som.occlusion", 1));
        som.polygons.push_back(polygon);
      });
  return som;
}

}  // namespace gamefmt::xray
