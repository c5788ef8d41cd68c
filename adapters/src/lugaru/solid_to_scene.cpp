#include <array>
#include <bit>
#include <cstring>
#include <glm/geometric.hpp>
#include <string>
#include <unordered_map>

#include "gamefmt/scene/transform_math.hpp"
#include "lugaru/lugaru_space.hpp"
#include "lugaru/solid_scene.hpp"

namespace gamefmt::lugaru {
namespace {

glm::vec3 to_vector(const std::array<float, 3>& p) {
  return {p[0], p[1], p[2]};
}

// A corner's UV with V pointing up. Seams are found on these values, and the scene's V is 1 - V computed
// from them (as the glTF writer of the former Assimp pivot did: issue 18 will make this exact).
struct UpwardUv {
  float u = 0, v = 0;
};

}  // namespace

scene::Scene solid_to_scene(const SolidModel& model, SolidWinding winding, double scale,
                            std::string_view name) {
  const std::size_t position_count = model.positions.size();
  const std::array<int, 3> order = solid_corner_order(winding);

  // Vertex i < position_count is position i with the UV of its first use; other UVs of a position
  // (texture seams) get vertices appended after them.
  std::vector<UpwardUv> uvs(position_count);
  std::vector<bool> used(position_count, false);
  std::vector<std::uint32_t> position_of_vertex(position_count);
  for (std::size_t i = 0; i < position_count; ++i) position_of_vertex[i] = static_cast<std::uint32_t>(i);
  struct SeamKey {
    std::uint32_t position, u, v;
    bool operator==(const SeamKey&) const = default;
  };
  struct SeamHash {
    std::size_t operator()(const SeamKey& k) const noexcept {
      return (std::size_t(k.position) * 0x9E3779B97F4A7C15ull) ^ (std::size_t(k.u) << 21) ^ k.v;
    }
  };
  std::unordered_map<SeamKey, std::uint32_t, SeamHash> seam_vertices;
  std::vector<std::uint32_t> triangles(model.triangles.size() * 3);

  for (std::size_t t = 0; t < model.triangles.size(); ++t) {
    const auto& tri = model.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const int corner = order[k];
      const auto position = static_cast<std::uint32_t>(tri.corner(corner));
      const UpwardUv uv{tri.u[corner], engine_v_to_upward_v(tri.v[corner], winding)};
      std::uint32_t vertex = position;
      if (!used[position]) {
        used[position] = true;
        uvs[position] = uv;
      } else if (std::memcmp(&uvs[position], &uv, sizeof uv) != 0) {  // bit for bit: -0 and NaNs count
        SeamKey key{position, std::bit_cast<std::uint32_t>(uv.u), std::bit_cast<std::uint32_t>(uv.v)};
        auto [it, inserted] = seam_vertices.emplace(key, static_cast<std::uint32_t>(uvs.size()));
        if (inserted) {
          uvs.push_back(uv);
          position_of_vertex.push_back(position);
        }
        vertex = it->second;
      }
      triangles[3 * t + k] = vertex;
    }
  }

  // Area-weighted normals per position, shared across seams so UV splits do not show as creases.
  std::vector<glm::vec3> position_normals(position_count, glm::vec3(0.0f));
  for (std::size_t t = 0; t < model.triangles.size(); ++t) {
    const std::uint32_t* f = &triangles[3 * t];
    const glm::vec3 a = to_vector(model.positions[position_of_vertex[f[0]]]);
    const glm::vec3 b = to_vector(model.positions[position_of_vertex[f[1]]]);
    const glm::vec3 c = to_vector(model.positions[position_of_vertex[f[2]]]);
    const glm::vec3 n = glm::cross(b - a, c - a);
    for (int k = 0; k < 3; ++k) position_normals[position_of_vertex[f[k]]] += n;
  }

  scene::Mesh mesh;
  mesh.name = std::string(name);
  mesh.material = 0;
  const std::size_t vertex_count = uvs.size();
  mesh.positions.resize(vertex_count);
  mesh.normals.resize(vertex_count);
  mesh.texcoords.assign(1, std::vector<glm::vec2>(vertex_count));
  for (std::size_t v = 0; v < vertex_count; ++v) {
    const std::uint32_t p = position_of_vertex[v];
    mesh.positions[v] = to_vector(model.positions[p]);
    const glm::vec3 n = position_normals[p];
    const float length = glm::length(n);
    mesh.normals[v] = length > 0 ? scene::divide(n, length) : glm::vec3(0, 1, 0);
    mesh.texcoords[0][v] = {uvs[v].u, 1.0f - uvs[v].v};
  }
  mesh.triangles = std::move(triangles);

  scene::Scene scene;
  scene.name = std::string(name);
  const scene::NodeIndex root = scene.add_node(std::string(name));
  // The scale goes into the transform, not into the positions: float positions multiplied by a factor that
  // is not a power of two cannot all be divided back to the same bits.
  scene.nodes[root].transform = solid_upright_transform(winding) * scene::scaling(glm::vec3(float(scale)));
  scene.nodes[root].extras[kSolidWindingKey] = solid_winding_name(winding);
  scene.nodes[root].extras[kSolidScaleKey] = scale;
  if (!mesh.triangles.empty()) scene.nodes[root].meshes.push_back(scene.add_mesh(std::move(mesh)));
  scene::Material material;
  material.name = std::string(name);
  material.base_color = {0.8f, 0.8f, 0.8f, 1.0f};
  scene.add_material(std::move(material));
  return scene;
}

}  // namespace gamefmt::lugaru
