#include "xray/xray_space.hpp"

#include <algorithm>
#include <cmath>

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::xray::xray_space {

glm::vec3 vector(const glm::vec3& v) {
  return {-v.x, v.y, v.z};
}

glm::mat4 matrix(const glm::mat4& m) {
  // S·M·S with S = diag(-1, 1, 1, 1): elements with exactly one x row/column index change sign.
  glm::mat4 out = m;
  for (int i = 1; i < 4; ++i) {
    out[0][i] = -m[0][i];  // column x
    out[i][0] = -m[i][0];  // row x
  }
  return out;
}

glm::mat4 engine_matrix(const std::array<float, 16>& rows) {
  // Row-vector storage is the transpose of the column-vector matrix: glm's column-major layout reads it as
  // is.
  glm::mat4 column;
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) column[c][r] = rows[c * 4 + r];
  return matrix(column);
}

std::array<float, 16> engine_matrix_from_scene(const glm::mat4& m) {
  const glm::mat4 c = matrix(m);
  std::array<float, 16> rows;
  for (int column = 0; column < 4; ++column)
    for (int r = 0; r < 4; ++r) rows[column * 4 + r] = c[column][r];
  return rows;
}

glm::quat rotation(const glm::quat& q) {
  // Mirroring keeps the angle's axis component along x and reverses the rotation sense.
  return {q.w, q.x, -q.y, -q.z};
}

glm::quat engine_rotation(float x, float y, float z, float w) {
  // conjugate (row- to column-vector use), then mirror: (w, -x, y, z).
  glm::quat q(w, -x, y, z);
  const float length = std::sqrt(w * w + x * x + y * y + z * z);
  if (length > 0.0f) q = scene::normalize(q);
  return q;
}

std::array<float, 4> engine_rotation_from_scene(const glm::quat& q) {
  return {-q.x, q.y, q.z, q.w};
}

glm::quat euler_rotation(float rx, float ry, float rz) {
  const glm::quat about_y = scene::axis_angle({0, 1, 0}, -ry);
  const glm::quat about_x = scene::axis_angle({1, 0, 0}, rx);
  const glm::quat about_z = scene::axis_angle({0, 0, 1}, -rz);
  return about_y * about_x * about_z;
}

glm::mat4 bone_transform(const std::array<float, 3>& translation, const std::array<float, 3>& euler) {
  glm::mat4 local(scene::rotation_matrix(euler_rotation(euler[0], euler[1], euler[2])));
  local[3] = glm::vec4(vector(glm::vec3(translation[0], translation[1], translation[2])), 1.0f);
  return local;
}

std::array<float, 3> euler_rotation_from_scene(const glm::quat& q) {
  // Decompose M = Ry(a)·Rx(b)·Rz(c): m23 = -sin b, (m13, m33) = cos b (sin a, cos a), (m21, m22) = cos b (sin
  // c, cos c). In double precision, and b from atan2 rather than asin, which loses half its digits near b =
  // ±90°.
  const double w = q.w, x = q.x, y = q.y, z = q.z;
  const double n = w * w + x * x + y * y + z * z;
  const double s = n > 0 ? 2.0 / n : 0.0;
  const double m13 = s * (x * z + w * y), m33 = 1.0 - s * (x * x + y * y);
  const double m21 = s * (x * y + w * z), m22 = 1.0 - s * (x * x + z * z), m23 = s * (y * z - w * x);
  const double m11 = 1.0 - s * (y * y + z * z), m31 = s * (x * z - w * y);
  const double cos_b = std::sqrt(m21 * m21 + m22 * m22);
  const double b = std::atan2(-m23, cos_b);
  double a = 0.0, c = 0.0;
  if (cos_b > 1e-9) {
    a = std::atan2(m13, m33);
    c = std::atan2(m21, m22);
  } else {
    a = std::atan2(-m31, m11);  // gimbal lock: put all of the free angle into a
  }
  return {static_cast<float>(b), static_cast<float>(-a), static_cast<float>(-c)};
}

}  // namespace gamefmt::xray::xray_space
