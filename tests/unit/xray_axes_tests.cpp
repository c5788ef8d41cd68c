#include <catch2/catch.hpp>
#include <cmath>

#include "xray/xray_axes.hpp"

using namespace gamefmt::assimp;

namespace {
// The engine's Fmatrix::mk_xform(Q, T): the textbook matrix of q stored as-is, used with row vectors.
std::array<float, 16> engine_mk_xform(float x, float y, float z, float w, aiVector3D t) {
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
aiVector3D engine_transform(const std::array<float, 16>& m, aiVector3D p) {
  return {p.x * m[0] + p.y * m[4] + p.z * m[8] + m[12], p.x * m[1] + p.y * m[5] + p.z * m[9] + m[13],
          p.x * m[2] + p.y * m[6] + p.z * m[10] + m[14]};
}
void check_near(aiVector3D a, aiVector3D b) {
  CHECK(a.x == Approx(b.x).margin(1e-5));
  CHECK(a.y == Approx(b.y).margin(1e-5));
  CHECK(a.z == Approx(b.z).margin(1e-5));
}
}  // namespace

TEST_CASE("X-Ray axes: vectors mirror Z and convert back", "[xray][axes]") {
  const aiVector3D p = xray_axes::vector(1, 2, 3);
  CHECK(p == aiVector3D(1, 2, -3));
  CHECK(xray_axes::vector(p) == aiVector3D(1, 2, 3));
  int a = 0, b = 1, c = 2;
  xray_axes::flip_winding(a, b, c);
  CHECK((a == 0 && b == 2 && c == 1));
}

TEST_CASE("X-Ray axes: an engine key moves points as the engine does, mirrored", "[xray][axes]") {
  aiQuaternion unit(0.3f, -0.5f, 0.7f, 0.2f);  // w, x, y, z
  unit.Normalize();
  const aiVector3D t(0.5f, -1.0f, 2.0f);
  const auto engine = engine_mk_xform(unit.x, unit.y, unit.z, unit.w, t);
  const aiVector3D p(0.25f, 1.5f, -0.75f);
  const aiVector3D expected = xray_axes::vector(engine_transform(engine, p));

  const aiMatrix4x4 scene = xray_axes::engine_matrix(engine);
  check_near(scene * xray_axes::vector(p), expected);

  const aiQuaternion q = xray_axes::engine_rotation(unit.x, unit.y, unit.z, unit.w);
  check_near(q.Rotate(xray_axes::vector(p)) + xray_axes::vector(t), expected);

  const auto back = xray_axes::engine_rotation_from_scene(q);
  CHECK(back[0] == Approx(unit.x));
  CHECK(back[2] == Approx(unit.z));
  const auto rows = xray_axes::engine_matrix_from_scene(scene);
  for (int i = 0; i < 16; ++i) CHECK(rows[i] == Approx(engine[i]).margin(1e-6));
}

TEST_CASE("X-Ray axes: bind Euler angles are Ry·Rx·Rz in X-Ray axes and decompose back", "[xray][axes]") {
  const float rx = 0.4f, ry = -1.1f, rz = 2.3f;
  aiMatrix4x4 ry_m, rx_m, rz_m;
  aiMatrix4x4::RotationY(ry, ry_m);
  aiMatrix4x4::RotationX(rx, rx_m);
  aiMatrix4x4::RotationZ(rz, rz_m);
  const aiMatrix4x4 xray_local = ry_m * rx_m * rz_m;
  const aiMatrix4x4 expected = xray_axes::matrix(xray_local);
  const aiQuaternion q = xray_axes::euler_rotation(rx, ry, rz);
  const aiVector3D p(0.3f, -0.6f, 0.9f);
  check_near(q.Rotate(p), expected * p);
  const auto angles = xray_axes::euler_rotation_from_scene(q);
  CHECK(angles[0] == Approx(rx).margin(1e-5));
  CHECK(angles[1] == Approx(ry).margin(1e-5));
  CHECK(angles[2] == Approx(rz).margin(1e-5));
}
