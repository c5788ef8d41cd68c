#pragma once
// The one place where the Shinobi engine's space meets the scene model's: the engine is left-handed, Y up, +Z
// forward, front faces clockwise; the scene is right-handed, Y up, front faces counter-clockwise. Mirroring Z
// (S = diag(1, 1, -1)) converts points, directions and matrices (S·M·S); quaternions become (-x, -y, z, w);
// triangle winding is reversed by the mesh converters.
#include <array>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <optional>

#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi::shinobi_space {

inline glm::vec3 to_scene(float x, float y, float z) {
  return {x, y, -z};
}
inline glm::vec3 to_scene(const Vec3& v) {
  return {v[0], v[1], -v[2]};
}
inline Vec3 to_engine(const glm::vec3& v) {
  return {v.x, v.y, -v.z};
}

inline glm::quat rotation_to_scene(const std::array<float, 4>& xyzw) {
  return glm::quat(xyzw[3], -xyzw[0], -xyzw[1], xyzw[2]);  // (w, x, y, z)
}
inline std::array<float, 4> rotation_to_engine(const glm::quat& q) {
  return {-q.x, -q.y, q.z, q.w};
}

// The engine matrix's basis vectors and translation are the columns of the scene matrix (glm: m[column]).
inline glm::mat4 to_scene(const Mat4x3& m) {
  const glm::vec3 z = to_scene(-m.z[0], -m.z[1], -m.z[2]);
  return glm::mat4(glm::vec4(to_scene(m.x), 0.0f), glm::vec4(to_scene(m.y), 0.0f), glm::vec4(z, 0.0f),
                   glm::vec4(to_scene(m.position), 1.0f));
}

// The affine part of the matrix (its bottom row is ignored).
inline Mat4x3 to_engine(const glm::mat4& m) {
  Mat4x3 out;
  out.x = to_engine(glm::vec3(m[0]));
  out.y = to_engine(glm::vec3(m[1]));
  out.z = to_engine(-glm::vec3(m[2]));
  out.position = to_engine(glm::vec3(m[3]));
  return out;
}

// The glTF tangent of a vertex whose engine normal, tangent and bitangent are given: the tangent's direction
// in the scene, w = +1 when the bitangent lies on the side of cross(normal, tangent) there, else -1 (the
// mirror turns the engine's w around). Nothing when the tangent has no direction (zero or not finite).
inline std::optional<glm::vec4> scene_tangent(const Vec3& normal, const Vec3& tangent,
                                              const Vec3& bitangent) {
  const glm::vec3 t = to_scene(tangent);
  const float length = std::sqrt(t.x * t.x + t.y * t.y + t.z * t.z);
  if (!(length > 0.0f) || !std::isfinite(length)) return std::nullopt;
  const float side = glm::dot(glm::cross(to_scene(normal), t), to_scene(bitangent));
  return glm::vec4(t / length, side < 0.0f ? -1.0f : 1.0f);
}

}  // namespace gamefmt::shinobi::shinobi_space
