#include "xray/level_mesh_scene.hpp"

#include <cmath>
#include <limits>

#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/xray_bump_maps.hpp"

namespace gamefmt::xray {
namespace {

bool is_identity(const glm::mat4& m) {
  const glm::mat4 identity(1.0f);
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (m[c][r] != identity[c][r]) return false;
  return true;
}

glm::vec3 normal_or_up(const glm::vec3& normal) {
  const float length = glm::length(normal);
  return length > 0 && std::isfinite(length) ? scene::divide(normal, length) : glm::vec3(0, 1, 0);
}

}  // namespace

float scene_v(float xray_v) {
  return 1.0f - (1.0f - xray_v);
}

float xray_v(float scene_v) {
  return 1.0f - static_cast<float>(1.0 - double(scene_v));
}

scene::Mesh make_level_mesh(const LevelMeshInput& input) {
  const auto& positions = *input.positions;
  const auto& faces = *input.faces;
  scene::Mesh mesh;
  mesh.name = std::string(input.name);
  mesh.material = input.material;
  mesh.positions.reserve(positions.size());
  for (const auto& p : positions) mesh.positions.push_back(xray_space::vector(glm::vec3(p[0], p[1], p[2])));
  if (input.normals != nullptr)
    for (const auto& n : *input.normals)
      mesh.normals.push_back(normal_or_up(xray_space::vector(glm::vec3(n[0], n[1], n[2]))));
  if (input.tangents != nullptr && input.binormals != nullptr && mesh.normals.size() == positions.size() &&
      input.tangents->size() == positions.size() && input.binormals->size() == positions.size()) {
    mesh.tangents.reserve(positions.size());
    const auto scene_vector = [](const XrayPoint& v) {
      return xray_space::vector(glm::vec3(v[0], v[1], v[2]));
    };
    for (std::size_t i = 0; i < positions.size(); ++i)
      mesh.tangents.push_back(gltf_tangent(mesh.normals[i], scene_vector((*input.tangents)[i]),
                                           scene_vector((*input.binormals)[i])));
  }
  // Vertex streams of a mesh without vertices are left out, as Assimp's meshes had them.
  const bool has_vertices = !positions.empty();
  for (const auto* uvs : {input.uvs, input.lightmap_uvs}) {
    if (uvs == nullptr || !has_vertices) continue;
    auto& set = mesh.texcoords.emplace_back();
    set.reserve(uvs->size());
    for (const auto& uv : *uvs) set.push_back({uv[0], scene_v(uv[1])});
  }
  if (input.colors != nullptr && has_vertices) mesh.colors.push_back(*input.colors);
  const unsigned n = input.corners_per_face;
  auto& indices = n == 1 ? mesh.points : n == 2 ? mesh.lines : mesh.triangles;
  const std::size_t face_count = faces.size() / n;
  indices.reserve(face_count * n);
  for (std::size_t f = 0; f < face_count; ++f) {
    std::array<std::uint32_t, 3> corners{};
    for (unsigned k = 0; k < n; ++k) corners[k] = faces[f * n + k];
    if (n == 3) xray_space::flip_winding(corners[0], corners[1], corners[2]);
    indices.insert(indices.end(), corners.begin(), corners.begin() + n);
  }
  if (input.flat_normals && n == 3 && mesh.normals.empty()) {
    mesh.normals.assign(mesh.positions.size(), glm::vec3(0, 1, 0));
    for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
      const std::uint32_t* i = &mesh.triangles[t];
      const glm::vec3& a = mesh.positions[i[0]];
      const glm::vec3 normal = glm::cross(mesh.positions[i[1]] - a, mesh.positions[i[2]] - a);
      const float length = glm::length(normal);
      if (length > 0 && std::isfinite(length))
        for (int k = 0; k < 3; ++k) mesh.normals[i[k]] = scene::divide(normal, length);
    }
  }
  return mesh;
}

scene::Material level_material(std::string name, const glm::vec4& base_color) {
  scene::Material material;
  material.name = std::move(name);
  material.base_color = base_color;
  return material;
}

scene::Scene make_level_root(std::string_view root_name, std::string_view format_name) {
  scene::Scene scene;
  scene.name = std::string(root_name);
  const scene::NodeIndex root = scene.add_node(std::string(root_name));
  scene.nodes[root].extras["xray.format"] = std::string(format_name);
  return scene;
}

scene::NodeIndex add_level_node(scene::Scene& scene, LevelNode node) {
  const scene::NodeIndex index = scene.add_node(std::move(node.name), kLevelRoot);
  scene.nodes[index].extras = std::move(node.extras);
  if (node.mesh) scene.nodes[index].meshes.push_back(scene.add_mesh(std::move(*node.mesh)));
  return index;
}

void keep_one_material(scene::Scene& scene, std::string_view format_name) {
  if (scene.materials.empty())
    scene.add_material(level_material(std::string(format_name), {0.8f, 0.8f, 0.8f, 1}));
}

scene::Scene make_level_scene(std::string_view root_name, std::string_view format_name,
                              std::vector<LevelNode> nodes, std::vector<scene::Material> materials) {
  scene::Scene scene = make_level_root(root_name, format_name);
  for (auto& node : nodes) add_level_node(scene, std::move(node));
  scene.materials = std::move(materials);
  keep_one_material(scene, format_name);
  return scene;
}

std::optional<double> extras_number(const scene::Extras& extras, std::string_view key) {
  const auto value = scene::get<nlohmann::json>(extras, key);
  if (!value) return std::nullopt;
  if (value->is_boolean()) return value->get<bool>() ? 1.0 : 0.0;
  if (value->is_number()) return value->get<double>();
  return std::nullopt;
}

LevelSceneView::LevelSceneView(const scene::Scene& scene)
    : scene_(scene),
      parents_(scene::parents_of(scene)),
      order_(scene::tree_order(scene)),
      globals_(scene::global_transforms(scene)) {
  // Earlier versions multiplied the chain of transforms into the identity of Assimp's root node; doing the
  // same keeps their results to the bit (it turns -0 elements into +0).
  global_is_identity_.reserve(globals_.size());
  for (auto& global : globals_) {
    global = glm::mat4(1.0f) * global;
    global_is_identity_.push_back(is_identity(global));
  }
}

std::vector<const scene::Mesh*> LevelSceneView::meshes_of(scene::NodeIndex node) const {
  std::vector<const scene::Mesh*> out;
  for (const scene::MeshIndex m : scene_.nodes[node].meshes)
    if (m < scene_.meshes.size()) out.push_back(&scene_.meshes[m]);
  return out;
}

double LevelSceneView::inherited_number(scene::NodeIndex node, std::string_view key, double fallback) const {
  for (std::optional<scene::NodeIndex> n = node; n; n = parents_[*n])
    if (const auto value = extras_number(scene_.nodes[*n].extras, key)) return *value;
  return fallback;
}

double LevelSceneView::first_number(std::string_view key, double fallback) const {
  for (const scene::NodeIndex n : order_)
    if (const auto value = extras_number(scene_.nodes[n].extras, key)) return *value;
  return fallback;
}

XrayPoint LevelSceneView::to_xray(scene::NodeIndex node, const glm::vec3& scene_point) const {
  const glm::vec3 p = xray_space::vector(
      global_is_identity_[node] ? scene_point : scene::transform_point(globals_[node], scene_point));
  return {p.x, p.y, p.z};
}

void LevelSceneView::for_each_triangle(
    scene::NodeIndex node,
    const std::function<void(const scene::Mesh&, const std::array<XrayPoint, 3>&)>& visit) const {
  for (const scene::Mesh* mesh : meshes_of(node)) {
    const auto& t = mesh->triangles;
    for (std::size_t i = 0; i + 2 < t.size(); i += 3) {
      // Flipping the winding back: scene (a, b, c) was X-Ray (a, c, b).
      visit(*mesh, {to_xray(node, mesh->positions[t[i]]), to_xray(node, mesh->positions[t[i + 2]]),
                    to_xray(node, mesh->positions[t[i + 1]])});
    }
  }
}

std::vector<XrayPoint> LevelSceneView::xray_positions(scene::NodeIndex node, const scene::Mesh& mesh) const {
  std::vector<XrayPoint> out;
  out.reserve(mesh.positions.size());
  for (const glm::vec3& p : mesh.positions) out.push_back(to_xray(node, p));
  return out;
}

}  // namespace gamefmt::xray
