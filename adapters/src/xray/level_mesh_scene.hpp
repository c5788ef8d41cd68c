#pragma once
// Shared by the X-Ray level-geometry scenes (cform, hom, som, err, dm, details): meshes built from X-Ray
// positions and triangles (axes mirrored and winding flipped with xray_axes), and the triangles of a scene's
// nodes taken back to X-Ray space.
#include <assimp/scene.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::assimp {

using XrayPoint = std::array<float, 3>;

// A mesh of the primitive type given by `corners_per_face` (1 points, 2 lines, 3 triangles). `faces` hold
// indices into `positions` (X-Ray space), `corners_per_face` each; triangles get their winding flipped.
// Optional per-vertex UVs in X-Ray's convention (V down) and RGBA colours.
struct LevelMeshInput {
  std::string_view name;
  const std::vector<XrayPoint>* positions = nullptr;
  const std::vector<std::uint32_t>* faces = nullptr;
  unsigned corners_per_face = 3;
  unsigned material = 0;
  const std::vector<std::array<float, 2>>* uvs = nullptr;
  const std::vector<aiColor4D>* colors = nullptr;
  bool flat_normals = false;  // triangles only: per-vertex normals from the faces (vertices should not be shared)
  const std::vector<XrayPoint>* normals = nullptr;  // per-vertex, X-Ray space; normalized here (zero ones get +Y)
  const std::vector<std::array<float, 2>>* lightmap_uvs = nullptr;  // second UV set, X-Ray's convention
};
std::unique_ptr<aiMesh> make_level_mesh(const LevelMeshInput& input);

// A scene: a root node named `root_name` with metadata "xray.format" = `format_name`, and one child node per
// entry holding its mesh (nodes without a mesh get none) and metadata. At least one material is kept.
struct LevelNode {
  std::string name;
  std::unique_ptr<aiMesh> mesh;
  aiMetadata* metadata = nullptr;  // owned by the node once built
};
std::unique_ptr<aiScene> make_level_scene(std::string_view root_name, std::string_view format_name,
                                          std::vector<LevelNode> nodes,
                                          std::vector<std::unique_ptr<aiMaterial>> materials);
// The metadata number on the node or its nearest ancestor that has it, else `fallback`.
double inherited_metadata_number(const aiNode* node, std::string_view key, double fallback);

// The metadata number of the first node (parents first) that has the key, else `fallback` (the glTF reader
// puts a new root above ours, so scene-wide values are looked up anywhere).
double first_metadata_number(const aiNode* root, std::string_view key, double fallback);

// One face of a scene mesh, back in X-Ray space and winding: corners (1..3) and, when the mesh has them, UVs
// in X-Ray's convention.
struct XrayFace {
  unsigned corner_count = 0;
  std::array<XrayPoint, 3> corners{};
  std::array<std::array<float, 2>, 3> uvs{};
  std::array<aiColor4D, 3> colors{};
  std::array<unsigned, 3> vertex_indices{};  // indices into the scene mesh
};
// Calls `visit(node, mesh, face)` for every face of every mesh of `node` (not its children), with the node's
// transform relative to the scene root applied (skipped when it is the identity, so positions stay exact).
// Faces with more than three corners are fanned into triangles.
void for_each_xray_face(const aiScene& scene, const aiNode& node,
                        const std::function<void(const aiMesh&, const XrayFace&)>& visit);
// Every vertex position of the mesh in X-Ray space, with the node's transform relative to the root applied
// (skipped when it is the identity).
std::vector<XrayPoint> xray_positions(const aiNode& node, const aiMesh& mesh);
// Every node of the scene, parents before children.
void for_each_node(const aiNode& root, const std::function<void(const aiNode&)>& visit);
// A number from node metadata (any numeric or bool type); false when the key is absent or not a number.
bool find_metadata_number(const aiMetadata* metadata, std::string_view key, double& out);

}  // namespace gamefmt::assimp
