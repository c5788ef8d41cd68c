#include <string>

#include "gamefmt/core/text_encoding.hpp"
#include "xray/dm_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/xray_shader_drawing.hpp"

namespace gamefmt::xray {

DmSceneParts dm_scene_parts(const DetailModel& model, std::string_view name) {
  DmSceneParts parts;
  std::vector<XrayPoint> positions;
  std::vector<std::array<float, 2>> uvs;
  for (const auto& v : model.vertices) {
    positions.push_back(v.position);
    uvs.push_back({v.u, v.v});
  }
  const std::vector<std::uint32_t> faces(model.indices.begin(), model.indices.end());
  parts.mesh = make_level_mesh(
      {.name = name, .positions = &positions, .faces = &faces, .corners_per_face = 3, .uvs = &uvs});
  const std::string shader = cp1251_to_utf8(model.shader);
  const std::string texture = cp1251_to_utf8(model.texture);
  parts.material = level_material(shader, {1, 1, 1, 1});
  parts.material.texture_names["base_color"] = texture + ".dds";
  apply_shader_drawing(parts.material, shader);
  parts.extras["xray.dm.shader"] = shader;
  parts.extras["xray.dm.texture"] = texture;
  parts.extras["xray.dm.flags"] = std::int32_t(model.flags);
  parts.extras["xray.dm.min_scale"] = double(model.min_scale);
  parts.extras["xray.dm.max_scale"] = double(model.max_scale);
  return parts;
}

scene::Scene dm_to_scene(const DetailModel& model, std::string_view name) {
  auto parts = dm_scene_parts(model, name);
  LevelNode node{std::string(name), std::nullopt, std::move(parts.extras)};
  if (!parts.mesh.triangles.empty()) node.mesh = std::move(parts.mesh);
  std::vector<LevelNode> nodes;
  nodes.push_back(std::move(node));
  std::vector<scene::Material> materials;
  materials.push_back(std::move(parts.material));
  return make_level_scene(std::string(name) + "_root", ".dm", std::move(nodes), std::move(materials));
}

}  // namespace gamefmt::xray
