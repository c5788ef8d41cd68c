#include "gamefmt/scene/transform_math.hpp"

#include <cmath>
#include <limits>

namespace gamefmt::scene {
namespace {

// Named row-major elements, so the formulas read as they are usually written (a = row 1, b = row 2, ...).
struct Rows {
  float a1, a2, a3, a4, b1, b2, b3, b4, c1, c2, c3, c4, d1, d2, d3, d4;
  explicit Rows(const glm::mat4& m)
      : a1(m[0][0]),
        a2(m[1][0]),
        a3(m[2][0]),
        a4(m[3][0]),
        b1(m[0][1]),
        b2(m[1][1]),
        b3(m[2][1]),
        b4(m[3][1]),
        c1(m[0][2]),
        c2(m[1][2]),
        c3(m[2][2]),
        c4(m[3][2]),
        d1(m[0][3]),
        d2(m[1][3]),
        d3(m[2][3]),
        d4(m[3][3]) {}
};

glm::mat4 from_rows(float a1, float a2, float a3, float a4, float b1, float b2, float b3, float b4, float c1,
                    float c2, float c3, float c4, float d1, float d2, float d3, float d4) {
  glm::mat4 m;
  m[0] = {a1, b1, c1, d1};
  m[1] = {a2, b2, c2, d2};
  m[2] = {a3, b3, c3, d3};
  m[3] = {a4, b4, c4, d4};
  return m;
}

}  // namespace

float determinant(const glm::mat4& m) {
  const Rows r(m);
  const auto& [a1, a2, a3, a4, b1, b2, b3, b4, c1, c2, c3, c4, d1, d2, d3, d4] = r;
  return a1 * b2 * c3 * d4 - a1 * b2 * c4 * d3 + a1 * b3 * c4 * d2 - a1 * b3 * c2 * d4 + a1 * b4 * c2 * d3 -
         a1 * b4 * c3 * d2 - a2 * b3 * c4 * d1 + a2 * b3 * c1 * d4 - a2 * b4 * c1 * d3 + a2 * b4 * c3 * d1 -
         a2 * b1 * c3 * d4 + a2 * b1 * c4 * d3 + a3 * b4 * c1 * d2 - a3 * b4 * c2 * d1 + a3 * b1 * c2 * d4 -
         a3 * b1 * c4 * d2 + a3 * b2 * c4 * d1 - a3 * b2 * c1 * d4 - a4 * b1 * c2 * d3 + a4 * b1 * c3 * d2 -
         a4 * b2 * c3 * d1 + a4 * b2 * c1 * d3 - a4 * b3 * c1 * d2 + a4 * b3 * c2 * d1;
}

glm::mat4 inverse(const glm::mat4& m) {
  const float det = determinant(m);
  if (det == 0.0f) return glm::mat4(std::numeric_limits<float>::quiet_NaN());
  const float invdet = 1.0f / det;
  const Rows r(m);
  const auto& [a1, a2, a3, a4, b1, b2, b3, b4, c1, c2, c3, c4, d1, d2, d3, d4] = r;
  return from_rows(invdet * (b2 * (c3 * d4 - c4 * d3) + b3 * (c4 * d2 - c2 * d4) + b4 * (c2 * d3 - c3 * d2)),
                   -invdet * (a2 * (c3 * d4 - c4 * d3) + a3 * (c4 * d2 - c2 * d4) + a4 * (c2 * d3 - c3 * d2)),
                   invdet * (a2 * (b3 * d4 - b4 * d3) + a3 * (b4 * d2 - b2 * d4) + a4 * (b2 * d3 - b3 * d2)),
                   -invdet * (a2 * (b3 * c4 - b4 * c3) + a3 * (b4 * c2 - b2 * c4) + a4 * (b2 * c3 - b3 * c2)),
                   -invdet * (b1 * (c3 * d4 - c4 * d3) + b3 * (c4 * d1 - c1 * d4) + b4 * (c1 * d3 - c3 * d1)),
                   invdet * (a1 * (c3 * d4 - c4 * d3) + a3 * (c4 * d1 - c1 * d4) + a4 * (c1 * d3 - c3 * d1)),
                   -invdet * (a1 * (b3 * d4 - b4 * d3) + a3 * (b4 * d1 - b1 * d4) + a4 * (b1 * d3 - b3 * d1)),
                   invdet * (a1 * (b3 * c4 - b4 * c3) + a3 * (b4 * c1 - b1 * c4) + a4 * (b1 * c3 - b3 * c1)),
                   invdet * (b1 * (c2 * d4 - c4 * d2) + b2 * (c4 * d1 - c1 * d4) + b4 * (c1 * d2 - c2 * d1)),
                   -invdet * (a1 * (c2 * d4 - c4 * d2) + a2 * (c4 * d1 - c1 * d4) + a4 * (c1 * d2 - c2 * d1)),
                   invdet * (a1 * (b2 * d4 - b4 * d2) + a2 * (b4 * d1 - b1 * d4) + a4 * (b1 * d2 - b2 * d1)),
                   -invdet * (a1 * (b2 * c4 - b4 * c2) + a2 * (b4 * c1 - b1 * c4) + a4 * (b1 * c2 - b2 * c1)),
                   -invdet * (b1 * (c2 * d3 - c3 * d2) + b2 * (c3 * d1 - c1 * d3) + b3 * (c1 * d2 - c2 * d1)),
                   invdet * (a1 * (c2 * d3 - c3 * d2) + a2 * (c3 * d1 - c1 * d3) + a3 * (c1 * d2 - c2 * d1)),
                   -invdet * (a1 * (b2 * d3 - b3 * d2) + a2 * (b3 * d1 - b1 * d3) + a3 * (b1 * d2 - b2 * d1)),
                   invdet * (a1 * (b2 * c3 - b3 * c2) + a2 * (b3 * c1 - b1 * c3) + a3 * (b1 * c2 - b2 * c1)));
}

Trs decompose(const glm::mat4& m) {
  Trs out;
  out.translation = {m[3][0], m[3][1], m[3][2]};
  glm::vec3 columns[3] = {glm::vec3(m[0]), glm::vec3(m[1]), glm::vec3(m[2])};
  out.scale = {glm::length(columns[0]), glm::length(columns[1]), glm::length(columns[2])};
  if (determinant(m) < 0) out.scale = -out.scale;
  for (int i = 0; i < 3; ++i)
    if (out.scale[i] != 0.0f) columns[i] = divide(columns[i], out.scale[i]);
  out.rotation = rotation_from_matrix(glm::mat3(columns[0], columns[1], columns[2]));
  return out;
}

glm::mat4 compose(const Trs& trs) {
  const glm::mat3 r = rotation_matrix(trs.rotation);
  glm::mat4 m(1.0f);
  for (int column = 0; column < 3; ++column)
    for (int row = 0; row < 3; ++row) m[column][row] = r[column][row] * trs.scale[column];
  m[3] = glm::vec4(trs.translation, 1.0f);
  return m;
}

glm::mat4 matrix_of(const Node& node) {
  if (const auto* matrix = std::get_if<glm::mat4>(&node.transform)) return *matrix;
  return compose(std::get<Trs>(node.transform));
}

glm::mat3 rotation_matrix(const glm::quat& q) {
  const float x = q.x, y = q.y, z = q.z, w = q.w;
  glm::mat3 m;
  m[0][0] = 1.0f - 2.0f * (y * y + z * z);
  m[1][0] = 2.0f * (x * y - z * w);
  m[2][0] = 2.0f * (x * z + y * w);
  m[0][1] = 2.0f * (x * y + z * w);
  m[1][1] = 1.0f - 2.0f * (x * x + z * z);
  m[2][1] = 2.0f * (y * z - x * w);
  m[0][2] = 2.0f * (x * z - y * w);
  m[1][2] = 2.0f * (y * z + x * w);
  m[2][2] = 1.0f - 2.0f * (x * x + y * y);
  return m;
}

glm::quat rotation_from_matrix(const glm::mat3& m) {
  // Row-major names: a = row 1 ...
  const float a1 = m[0][0], a2 = m[1][0], a3 = m[2][0];
  const float b1 = m[0][1], b2 = m[1][1], b3 = m[2][1];
  const float c1 = m[0][2], c2 = m[1][2], c3 = m[2][2];
  const float trace = a1 + b2 + c3;
  glm::quat q;
  if (trace > 0.0f) {
    const float s = std::sqrt(1 + trace) * 2.0f;
    q.x = (c2 - b3) / s;
    q.y = (a3 - c1) / s;
    q.z = (b1 - a2) / s;
    q.w = 0.25f * s;
  } else if (a1 > b2 && a1 > c3) {
    const float s = std::sqrt(1.0f + a1 - b2 - c3) * 2.0f;
    q.x = 0.25f * s;
    q.y = (b1 + a2) / s;
    q.z = (a3 + c1) / s;
    q.w = (c2 - b3) / s;
  } else if (b2 > c3) {
    const float s = std::sqrt(1.0f + b2 - a1 - c3) * 2.0f;
    q.x = (b1 + a2) / s;
    q.y = 0.25f * s;
    q.z = (c2 + b3) / s;
    q.w = (a3 - c1) / s;
  } else {
    const float s = std::sqrt(1.0f + c3 - a1 - b2) * 2.0f;
    q.x = (a3 + c1) / s;
    q.y = (c2 + b3) / s;
    q.z = 0.25f * s;
    q.w = (b1 - a2) / s;
  }
  return q;
}

glm::quat slerp(const glm::quat& from, const glm::quat& to, float factor) {
  float cosom = from.x * to.x + from.y * to.y + from.z * to.z + from.w * to.w;
  glm::quat end = to;
  if (cosom < 0.0f) {
    cosom = -cosom;
    end = glm::quat(-end.w, -end.x, -end.y, -end.z);
  }
  float sclp, sclq;
  if ((1.0f - cosom) > 0.0001f) {
    const float omega = std::acos(cosom);
    const float sinom = std::sin(omega);
    sclp = std::sin((1.0f - factor) * omega) / sinom;
    sclq = std::sin(factor * omega) / sinom;
  } else {
    sclp = 1.0f - factor;
    sclq = factor;
  }
  glm::quat out;
  out.x = sclp * from.x + sclq * end.x;
  out.y = sclp * from.y + sclq * end.y;
  out.z = sclp * from.z + sclq * end.z;
  out.w = sclp * from.w + sclq * end.w;
  return out;
}

glm::quat normalize(const glm::quat& q) {
  const float magnitude = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  if (magnitude == 0.0f) return q;
  const float inverse_magnitude = 1.0f / magnitude;
  glm::quat out;
  out.x = q.x * inverse_magnitude;
  out.y = q.y * inverse_magnitude;
  out.z = q.z * inverse_magnitude;
  out.w = q.w * inverse_magnitude;
  return out;
}

glm::vec3 divide(const glm::vec3& v, float divisor) {
  const float reciprocal = 1 / divisor;
  return {v.x * reciprocal, v.y * reciprocal, v.z * reciprocal};
}

glm::vec3 normalize(const glm::vec3& v) {
  const float length = glm::length(v);
  return length == 0.0f ? v : divide(v, length);
}

glm::quat axis_angle(const glm::vec3& axis, float radians) {
  const glm::vec3 unit_axis = normalize(axis);
  const float sin_a = std::sin(radians / 2);
  const float cos_a = std::cos(radians / 2);
  return {cos_a, unit_axis.x * sin_a, unit_axis.y * sin_a, unit_axis.z * sin_a};
}

glm::vec3 rotate(const glm::quat& q, const glm::vec3& v) {
  // q * (0, v) * conjugate(q), each product written out as a quaternion product.
  const glm::quat p(0.0f, v.x, v.y, v.z);
  const glm::quat conjugate(q.w, -q.x, -q.y, -q.z);
  const auto multiply = [](const glm::quat& a, const glm::quat& b) {
    return glm::quat(
        a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
        a.w * b.y + a.y * b.w + a.z * b.x - a.x * b.z, a.w * b.z + a.z * b.w + a.x * b.y - a.y * b.x);
  };
  const glm::quat r = multiply(multiply(q, p), conjugate);
  return {r.x, r.y, r.z};
}

glm::mat4 rotation_x(float radians) {
  glm::mat4 m(1.0f);
  at(m, 1, 1) = at(m, 2, 2) = std::cos(radians);
  at(m, 2, 1) = std::sin(radians);
  at(m, 1, 2) = -at(m, 2, 1);
  return m;
}

glm::mat4 rotation_y(float radians) {
  glm::mat4 m(1.0f);
  at(m, 0, 0) = at(m, 2, 2) = std::cos(radians);
  at(m, 0, 2) = std::sin(radians);
  at(m, 2, 0) = -at(m, 0, 2);
  return m;
}

glm::mat4 rotation_z(float radians) {
  glm::mat4 m(1.0f);
  at(m, 0, 0) = at(m, 1, 1) = std::cos(radians);
  at(m, 1, 0) = std::sin(radians);
  at(m, 0, 1) = -at(m, 1, 0);
  return m;
}

glm::mat4 translation(const glm::vec3& offset) {
  glm::mat4 m(1.0f);
  m[3] = glm::vec4(offset, 1.0f);
  return m;
}

glm::mat4 scaling(const glm::vec3& factors) {
  glm::mat4 m(1.0f);
  m[0][0] = factors.x;
  m[1][1] = factors.y;
  m[2][2] = factors.z;
  return m;
}

glm::vec3 transform_point(const glm::mat4& m, const glm::vec3& p) {
  // Row by row, left to right (glm's m * v adds the products in pairs, which rounds differently).
  return {m[0][0] * p.x + m[1][0] * p.y + m[2][0] * p.z + m[3][0],
          m[0][1] * p.x + m[1][1] * p.y + m[2][1] * p.z + m[3][1],
          m[0][2] * p.x + m[1][2] * p.y + m[2][2] * p.z + m[3][2]};
}

glm::vec3 transform_direction(const glm::mat4& m, const glm::vec3& d) {
  return {m[0][0] * d.x + m[1][0] * d.y + m[2][0] * d.z, m[0][1] * d.x + m[1][1] * d.y + m[2][1] * d.z,
          m[0][2] * d.x + m[1][2] * d.y + m[2][2] * d.z};
}

}  // namespace gamefmt::scene
