#include "gamefmt/assimp/xray_axes.hpp"

#include <algorithm>
#include <cmath>

namespace gamefmt::assimp::xray_axes {

aiVector3D vector(const aiVector3D& v) { return {v.x, v.y, -v.z}; }

aiMatrix4x4 matrix(const aiMatrix4x4& m) {
  // S·M·S with S = diag(1, 1, -1, 1): elements with exactly one z row/column index change sign.
  aiMatrix4x4 out = m;
  out.a3 = -m.a3;
  out.b3 = -m.b3;
  out.d3 = -m.d3;
  out.c1 = -m.c1;
  out.c2 = -m.c2;
  out.c4 = -m.c4;
  return out;
}

aiMatrix4x4 engine_matrix(const std::array<float, 16>& rows) {
  // Row-vector storage is the transpose of the column-vector matrix.
  const aiMatrix4x4 column(rows[0], rows[4], rows[8], rows[12], rows[1], rows[5], rows[9], rows[13], rows[2],
                           rows[6], rows[10], rows[14], rows[3], rows[7], rows[11], rows[15]);
  return matrix(column);
}

std::array<float, 16> engine_matrix_from_scene(const aiMatrix4x4& m) {
  const aiMatrix4x4 c = matrix(m);
  return {c.a1, c.b1, c.c1, c.d1, c.a2, c.b2, c.c2, c.d2, c.a3, c.b3, c.c3, c.d3, c.a4, c.b4, c.c4, c.d4};
}

aiQuaternion rotation(const aiQuaternion& q) {
  // Mirroring keeps the angle's axis component along z and reverses the rotation sense.
  return {q.w, -q.x, -q.y, q.z};
}

aiQuaternion engine_rotation(float x, float y, float z, float w) {
  // conjugate (row- to column-vector use), then mirror: (w, x, y, -z).
  aiQuaternion q(w, x, y, -z);
  const float length = std::sqrt(w * w + x * x + y * y + z * z);
  if (length > 0.0f) q.Normalize();
  return q;
}

std::array<float, 4> engine_rotation_from_scene(const aiQuaternion& q) { return {q.x, q.y, -q.z, q.w}; }

aiQuaternion euler_rotation(float rx, float ry, float rz) {
  const aiQuaternion about_y(aiVector3D(0, 1, 0), -ry);
  const aiQuaternion about_x(aiVector3D(1, 0, 0), -rx);
  const aiQuaternion about_z(aiVector3D(0, 0, 1), rz);
  return about_y * about_x * about_z;
}

aiMatrix4x4 bone_transform(const std::array<float, 3>& translation, const std::array<float, 3>& euler) {
  aiMatrix4x4 local(euler_rotation(euler[0], euler[1], euler[2]).GetMatrix());
  const aiVector3D p = vector(translation[0], translation[1], translation[2]);
  local.a4 = p.x;
  local.b4 = p.y;
  local.c4 = p.z;
  return local;
}

std::array<float, 3> euler_rotation_from_scene(const aiQuaternion& q) {
  // Decompose M = Ry(a)·Rx(b)·Rz(c): m23 = -sin b, (m13, m33) = cos b (sin a, cos a), (m21, m22) = cos b (sin c, cos c).
  const aiMatrix3x3 m = q.GetMatrix();
  const float b = std::asin(std::clamp(-m.b3, -1.0f, 1.0f));
  float a = 0.0f;
  float c = 0.0f;
  if (std::abs(m.b3) < 0.99999f) {
    a = std::atan2(m.a3, m.c3);
    c = std::atan2(m.b1, m.b2);
  } else {
    a = std::atan2(-m.c1, m.a1);  // gimbal lock: put all of the free angle into a
  }
  return {-b, -a, c};
}

}  // namespace gamefmt::assimp::xray_axes
