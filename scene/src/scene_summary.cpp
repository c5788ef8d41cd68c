#include "gamefmt/scene/scene_summary.hpp"

#include <set>

namespace gamefmt::scene {

nlohmann::json scene_summary(const Scene& scene) {
  std::size_t vertices = 0, triangles = 0, other_faces = 0;
  std::set<NodeIndex> bones;
  auto meshes = nlohmann::json::array();
  for (const Mesh& mesh : scene.meshes) {
    vertices += mesh.vertex_count();
    triangles += mesh.triangles.size() / 3;
    other_faces += mesh.lines.size() / 2 + mesh.points.size();
    for (const auto& bone : mesh.bones) bones.insert(bone.node);
    meshes.push_back({{"name", mesh.name},
                      {"vertices", mesh.vertex_count()},
                      {"triangles", mesh.triangles.size() / 3},
                      {"bones", mesh.bones.size()},
                      {"morph_targets", mesh.morph_targets.size()}});
  }
  auto animations = nlohmann::json::array();
  for (const Animation& animation : scene.animations)
    animations.push_back({{"name", animation.name},
                          {"duration_seconds", animation.duration},
                          {"channels", animation.channels.size() + animation.morph_channels.size()}});
  return {
      {"nodes", scene.nodes.size()},   {"meshes", meshes},           {"vertices", vertices},
      {"triangles", triangles},        {"other_faces", other_faces}, {"materials", scene.materials.size()},
      {"images", scene.images.size()}, {"bones", bones.size()},      {"animations", animations}};
}

}  // namespace gamefmt::scene
