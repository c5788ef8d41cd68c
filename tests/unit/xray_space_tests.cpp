#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/scene/transform_math.hpp"
#include "xray/xray_space.hpp"

using namespace gamefmt::xray;
namespace scene = gamefmt::scene;

namespace {
// The engine's Fmatrix::mk_xform(Q, T): the textbook matrix of q stored as-is, used with row vectors.
std::array<float, 16> engine_mk_xform(float x, float y, float z, float w, glm::vec3 t) {
  return {1 - 2 * (y * y + z * z),
          2 * (x * y - w * z),
          2 * (x * z + w * y),
          0,
          2 * (x * y + w * z),
          1 - 2 * (x * x + z * z),
          2 * (y * z - w * x),
          0,
          2 * (x * z - w * y),
          2 * (y * z + w * x),
          1 - 2 * (x * x + y * y),
          0,
          t.x,
          t.y,
          t.z,
          1};
}
// p' = p·M with the engine's row-vector convention.
glm::vec3 engine_transform(const std::array<float, 16>& m, glm::vec3 p) {
  return {p.x * m[0] + p.y * m[4] + p.z * m[8] + m[12], p.x * m[1] + p.y * m[5] + p.z * m[9] + m[13],
          p.x * m[2] + p.y * m[6] + p.z * m[10] + m[14]};
}
void check_near(glm::vec3 a, glm::vec3 b) {
  CHECK(a.x == Approx(b.x).margin(1e-5));
  CHECK(a.y == Approx(b.y).margin(1e-5));
  CHECK(a.z == Approx(b.z).margin(1e-5));
}
}  // namespace

TEST_CASE("X-Ray axes: vectors mirror X, so the engine's forward (+Z) is glTF's front, and convert back",
          "[xray][axes]") {
  const glm::vec3 p = xray_space::vector(glm::vec3(1, 2, 3));
  CHECK(p == glm::vec3(-1, 2, 3));
  CHECK(xray_space::vector(p) == glm::vec3(1, 2, 3));
  int a = 0, b = 1, c = 2;
  xray_space::flip_winding(a, b, c);
  CHECK((a == 0 && b == 2 && c == 1));
}

TEST_CASE("X-Ray axes: an engine key moves points as the engine does, mirrored", "[xray][axes]") {
  const glm::quat unit = scene::normalize(glm::quat(0.3f, -0.5f, 0.7f, 0.2f));  // w, x, y, z
  const glm::vec3 t(0.5f, -1.0f, 2.0f);
  const auto engine = engine_mk_xform(unit.x, unit.y, unit.z, unit.w, t);
  const glm::vec3 p(0.25f, 1.5f, -0.75f);
  const glm::vec3 expected = xray_space::vector(engine_transform(engine, p));

  const glm::mat4 matrix = xray_space::engine_matrix(engine);
  check_near(scene::transform_point(matrix, xray_space::vector(p)), expected);

  const glm::quat q = xray_space::engine_rotation(unit.x, unit.y, unit.z, unit.w);
  check_near(scene::rotate(q, xray_space::vector(p)) + xray_space::vector(t), expected);

  const auto back = xray_space::engine_rotation_from_scene(q);
  CHECK(back[0] == Approx(unit.x));
  CHECK(back[2] == Approx(unit.z));
  const auto rows = xray_space::engine_matrix_from_scene(matrix);
  for (int i = 0; i < 16; ++i) CHECK(rows[i] == Approx(engine[i]).margin(1e-6));
}

TEST_CASE("X-Ray axes: bind Euler angles are Ry·Rx·Rz in X-Ray axes and decompose back", "[xray][axes]") {
  const float rx = 0.4f, ry = -1.1f, rz = 2.3f;
  const glm::mat4 xray_local = scene::rotation_y(ry) * scene::rotation_x(rx) * scene::rotation_z(rz);
  const glm::mat4 expected = xray_space::matrix(xray_local);
  const glm::quat q = xray_space::euler_rotation(rx, ry, rz);
  const glm::vec3 p(0.3f, -0.6f, 0.9f);
  check_near(scene::rotate(q, p), scene::transform_point(expected, p));
  const auto angles = xray_space::euler_rotation_from_scene(q);
  CHECK(angles[0] == Approx(rx).margin(1e-5));
  CHECK(angles[1] == Approx(ry).margin(1e-5));
  CHECK(angles[2] == Approx(rz).margin(1e-5));
  // A bone's local transform: that rotation, then the mirrored translation.
  const glm::mat4 local = xray_space::bone_transform({0.5f, 1.0f, 2.0f}, {rx, ry, rz});
  check_near(scene::transform_point(local, p),
             scene::transform_point(expected, p) + glm::vec3(-0.5f, 1.0f, 2.0f));
}
