#include "xray/err_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

glm::vec4 d3d_color(std::uint32_t argb) {
  return {float((argb >> 16) & 0xFF) / 255.f, float((argb >> 8) & 0xFF) / 255.f, float(argb & 0xFF) / 255.f,
          float(argb >> 24) / 255.f};
}

LevelNode error_node(const char* kind, const std::vector<XrayPoint>& positions, unsigned corners_per_face,
                     scene::MaterialIndex material, const std::vector<glm::vec4>* colors) {
  std::vector<std::uint32_t> faces(positions.size());
  for (std::size_t i = 0; i < faces.size(); ++i) faces[i] = std::uint32_t(i);
  LevelNode node;
  node.name = kind;
  node.mesh = make_level_mesh({.name = kind,
                               .positions = &positions,
                               .faces = &faces,
                               .corners_per_face = corners_per_face,
                               .material = material,
                               .colors = colors,
                               .flat_normals = corners_per_face == 3});
  node.extras["xray.err.kind"] = kind;
  return node;
}

}  // namespace

scene::Scene err_to_scene(const Err& err, std::string_view name) {
  std::vector<scene::Material> materials;
  materials.push_back(level_material("err_t_junctions", {1, 0, 0, 1}));
  materials.push_back(level_material("err_edges", {1, 1, 0, 1}));
  materials.push_back(level_material("err_invalid_faces", {1, 0, 1, 1}));
  std::vector<LevelNode> nodes;
  if (!err.points.empty()) nodes.push_back(error_node("t_junctions", err.points, 1, 0, nullptr));
  if (!err.edges.empty()) {
    std::vector<XrayPoint> ends;
    for (const auto& e : err.edges) ends.insert(ends.end(), e.begin(), e.end());
    nodes.push_back(error_node("edges", ends, 2, 1, nullptr));
  }
  if (!err.faces.empty()) {
    std::vector<XrayPoint> corners;
    std::vector<glm::vec4> colors;
    for (const auto& f : err.faces) {
      corners.insert(corners.end(), f.corners.begin(), f.corners.end());
      colors.insert(colors.end(), 3, d3d_color(f.color));
    }
    const bool coloured = err.layout == ErrLayout::level_editor;
    nodes.push_back(error_node("invalid_faces", corners, 3, 2, coloured ? &colors : nullptr));
  }
  auto scene = make_level_scene(name, ".err", std::move(nodes), std::move(materials));
  scene.nodes[kLevelRoot].extras["xray.err.layout"] =
      err.layout == ErrLayout::compiler ? "compiler" : "level_editor";
  return scene;
}

}  // namespace gamefmt::xray
