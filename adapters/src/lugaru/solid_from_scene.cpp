#include <array>
#include <bit>
#include <cmath>
#include <string>
#include <unordered_map>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "lugaru/lugaru_space.hpp"
#include "lugaru/solid_scene.hpp"

namespace gamefmt::lugaru {
namespace {

bool nearly_identity(const glm::mat4& m) {
  const glm::mat4 identity(1.0f);
  for (int column = 0; column < 4; ++column)
    for (int row = 0; row < 4; ++row)
      if (std::fabs(m[column][row] - identity[column][row]) > 1e-6f) return false;
  return true;
}

// The scene's V (origin top-left) as the engine's V. The detour through 1 - V in double is the arithmetic of
// the former Assimp pivot, kept so that outputs do not change (issue 18 will make it exact).
float scene_v_to_engine_v(float v, SolidWinding winding) {
  return upward_v_to_engine_v(static_cast<float>(1.0 - double(v)), winding);
}

}  // namespace

std::optional<SolidWinding> solid_winding_from_scene(const scene::Scene& scene) {
  for (const scene::NodeIndex n : scene::tree_order(scene)) {
    const auto value = scene::get<std::string>(scene.nodes[n].extras, kSolidWindingKey);
    if (value == "cw") return SolidWinding::clockwise;
    if (value == "ccw") return SolidWinding::counter_clockwise;
  }
  return std::nullopt;
}

std::optional<double> solid_scale_from_scene(const scene::Scene& scene) {
  for (const scene::NodeIndex n : scene::tree_order(scene)) {
    const auto value = scene::get<double>(scene.nodes[n].extras, kSolidScaleKey);
    if (value && std::isnormal(float(*value)) && *value > 0) return value;
  }
  return std::nullopt;
}

SolidModel scene_to_solid(const scene::Scene& scene, SolidWinding winding, double scale,
                          std::string_view output_name) {
  FieldPath path(output_name);
  SolidModel model;
  const glm::mat4 unturn = scene::inverse(solid_upright_transform(winding));
  const float divisor = float(scale);
  const glm::mat4 unscale = scene::scaling(glm::vec3(1.0f / divisor));

  struct PositionKey {
    std::array<std::uint32_t, 3> bits;
    bool operator==(const PositionKey&) const = default;
  };
  struct PositionHash {
    std::size_t operator()(const PositionKey& k) const noexcept {
      return (std::size_t(k.bits[0]) * 0x9E3779B97F4A7C15ull) ^ (std::size_t(k.bits[1]) << 17) ^ k.bits[2];
    }
  };
  std::unordered_map<PositionKey, std::int16_t, PositionHash> position_index;
  const std::array<int, 3> order = solid_corner_order(winding);

  for (const scene::NodeIndex n : scene::tree_order(scene)) {
    // The identity in front is the container root the former Assimp pivot put above every scene: multiplying
    // by it turns -0 into +0, and positions must not change by a bit (issue 18 will drop it).
    const glm::mat4 to_upright_model = unturn * (glm::mat4(1.0f) * scene::global_transform(scene, n));
    const bool exact = nearly_identity(unscale * to_upright_model);
    for (const scene::MeshIndex m : scene.nodes[n].meshes) {
      const scene::Mesh& mesh = scene.meshes[m];
      std::vector<std::int16_t> vertex_to_position(mesh.vertex_count());
      for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
        const glm::vec3 p =
            exact ? mesh.positions[v] : scene::transform_point(to_upright_model, mesh.positions[v]) / divisor;
        PositionKey key{{std::bit_cast<std::uint32_t>(p.x), std::bit_cast<std::uint32_t>(p.y),
                         std::bit_cast<std::uint32_t>(p.z)}};
        auto [it, inserted] = position_index.emplace(key, std::int16_t{0});
        if (inserted) {
          if (model.positions.size() >= kSolidMaxCount)
            path.fail("positions",
                      "the scene has more than 32767 distinct vertex positions; a .solid holds at most 32767",
                      ErrorKind::limit);
          it->second = static_cast<std::int16_t>(model.positions.size());
          model.positions.push_back({p.x, p.y, p.z});
        }
        vertex_to_position[v] = it->second;
      }
      const std::vector<glm::vec2>* uvs = mesh.texcoords.empty() ? nullptr : &mesh.texcoords[0];
      for (std::size_t t = 0; t + 3 <= mesh.triangles.size(); t += 3) {
        if (model.triangles.size() >= kSolidMaxCount)
          path.fail("triangles", "the scene has more than 32767 triangles; a .solid holds at most 32767",
                    ErrorKind::limit);
        std::array<std::int16_t, 3> corners{};
        std::array<float, 3> u{}, v{};
        for (int c = 0; c < 3; ++c) {
          const std::uint32_t vertex = mesh.triangles[t + order[c]];
          corners[c] = vertex_to_position[vertex];
          if (uvs != nullptr) {
            u[c] = (*uvs)[vertex].x;
            v[c] = scene_v_to_engine_v((*uvs)[vertex].y, winding);
          }
        }
        model.triangles.push_back(SolidTriangle::from_corners(corners, u, v));
      }
    }
  }
  return model;
}

}  // namespace gamefmt::lugaru
