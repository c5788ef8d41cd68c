#pragma once
// Shared by the X-Ray level-geometry scenes (cform, hom, som, err, dm, details, the compiled level, and the
// .anm path's root): meshes built from X-Ray positions and faces (axes mirrored and winding flipped with
// xray_space), scenes of one root node over one node per part, and the way back: a scene's triangles,
// positions and extras numbers in X-Ray space.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {

using XrayPoint = std::array<float, 3>;

// A texture V coordinate, X-Ray's (origin top-left, like glTF's) -> the scene's. Computed as 1 - (1 - v) in
// float: the value earlier versions wrote (they went through Assimp's bottom-left origin), which is v itself
// for most but not all floats.
float scene_v(float xray_v);
// The scene's V -> X-Ray's, computed as earlier versions read it back from glTF (through Assimp's origin).
float xray_v(float scene_v);

// A mesh of the primitive type given by `corners_per_face` (1 points, 2 lines, 3 triangles). `faces` hold
// indices into `positions` (X-Ray space), `corners_per_face` each; triangles get their winding flipped.
// Optional per-vertex UVs in X-Ray's convention and RGBA colours.
struct LevelMeshInput {
  std::string_view name;
  const std::vector<XrayPoint>* positions = nullptr;
  const std::vector<std::uint32_t>* faces = nullptr;
  unsigned corners_per_face = 3;
  scene::MaterialIndex material = 0;
  const std::vector<std::array<float, 2>>* uvs = nullptr;
  const std::vector<glm::vec4>* colors = nullptr;
  bool flat_normals =
      false;  // triangles only: per-vertex normals from the faces (vertices should not be shared)
  const std::vector<XrayPoint>* normals =
      nullptr;  // per-vertex, X-Ray space; normalized here (zero ones get +Y)
  const std::vector<std::array<float, 2>>* lightmap_uvs = nullptr;  // next UV set, X-Ray's convention
  // Per-vertex tangent frame in X-Ray space, with `normals` (the bump shaders' frame; xray_bump_maps.hpp
  // gltf_tangent): the mesh's tangents.
  const std::vector<XrayPoint>* tangents = nullptr;
  const std::vector<XrayPoint>* binormals = nullptr;
};
scene::Mesh make_level_mesh(const LevelMeshInput& input);

// A plain material: a name and a base colour (opaque, one-sided).
scene::Material level_material(std::string name, const glm::vec4& base_color);

// One part of a level scene: a child of the root node, with its mesh (when it has one) and extras.
struct LevelNode {
  std::string name;
  std::optional<scene::Mesh> mesh;
  scene::Extras extras;  // a JSON object, or null
};

// The root node every level scene has: node 0, the scene's only root, named like the scene.
inline constexpr scene::NodeIndex kLevelRoot = 0;
// A scene of only the root node, with extras "xray.format" = `format_name`.
scene::Scene make_level_root(std::string_view root_name, std::string_view format_name);
// Appends `node` as the root's last child (its mesh, if any, as the scene's next mesh) and returns its index.
scene::NodeIndex add_level_node(scene::Scene& scene, LevelNode node);
// Gives a scene without materials one, named after the format (light grey): every level scene has one.
void keep_one_material(scene::Scene& scene, std::string_view format_name);
// make_level_root, add_level_node for each of `nodes` in order, `materials`, keep_one_material.
scene::Scene make_level_scene(std::string_view root_name, std::string_view format_name,
                              std::vector<LevelNode> nodes, std::vector<scene::Material> materials);

// A number kept in extras: a JSON number, or a boolean as 1 or 0; nothing for a missing key or another type.
std::optional<double> extras_number(const scene::Extras& extras, std::string_view key);

// A scene as the level exporters read it back, with every node's parent and transform worked out once.
class LevelSceneView {
 public:
  explicit LevelSceneView(const scene::Scene& scene);

  const scene::Scene& scene() const { return scene_; }
  // Every node reachable from the roots, parents before children (depth first, children in order).
  const std::vector<scene::NodeIndex>& nodes() const { return order_; }
  // The meshes the node lists (indices outside the scene's meshes are passed over).
  std::vector<const scene::Mesh*> meshes_of(scene::NodeIndex node) const;
  // The extras number on the node or its nearest ancestor that has it, else `fallback`.
  double inherited_number(scene::NodeIndex node, std::string_view key, double fallback) const;
  // The extras number of the first node (parents first) that has the key, else `fallback`: a glTF scene may
  // put roots above ours, so scene-wide values are looked for in every node.
  double first_number(std::string_view key, double fallback) const;
  // Calls `visit(mesh, corners)` for every triangle of every mesh of `node` (not its children), in X-Ray
  // space and winding, with the node's transform relative to the scene applied (skipped when it is the
  // identity, so positions stay exact).
  void for_each_triangle(
      scene::NodeIndex node,
      const std::function<void(const scene::Mesh&, const std::array<XrayPoint, 3>&)>& visit) const;
  // Every vertex position of the mesh in X-Ray space, with the node's transform applied as above.
  std::vector<XrayPoint> xray_positions(scene::NodeIndex node, const scene::Mesh& mesh) const;

 private:
  XrayPoint to_xray(scene::NodeIndex node, const glm::vec3& scene_point) const;

  const scene::Scene& scene_;
  std::vector<std::optional<scene::NodeIndex>> parents_;
  std::vector<scene::NodeIndex> order_;
  std::vector<glm::mat4> globals_;
  std::vector<bool> global_is_identity_;
};

}  // namespace gamefmt::xray
