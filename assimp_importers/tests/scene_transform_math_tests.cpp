// The scene model's transform arithmetic evaluates the same formulas, in the same order, as the Assimp code
// gamefmt used before it (so converted files keep their bits): every function against Assimp, to the bit, on
// random inputs.
#include <assimp/scene.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <random>

#include "gamefmt/scene/transform_math.hpp"

namespace {

using namespace gamefmt::scene;

bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool same(const glm::mat4& g, const aiMatrix4x4& a) {
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      if (!same_bits(g[c][r], a[r][c])) return false;
  return true;
}
bool same(const glm::mat3& g, const aiMatrix3x3& a) {
  for (unsigned r = 0; r < 3; ++r)
    for (unsigned c = 0; c < 3; ++c)
      if (!same_bits(g[c][r], a[r][c])) return false;
  return true;
}
bool same(const glm::quat& g, const aiQuaternion& a) {
  return same_bits(g.w, a.w) && same_bits(g.x, a.x) && same_bits(g.y, a.y) && same_bits(g.z, a.z);
}
bool same(const glm::vec3& g, const aiVector3D& a) {
  return same_bits(g.x, a.x) && same_bits(g.y, a.y) && same_bits(g.z, a.z);
}

aiMatrix4x4 ai(const glm::mat4& m) {
  aiMatrix4x4 out;
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c) out[r][c] = m[c][r];
  return out;
}
aiQuaternion ai(const glm::quat& q) {
  return {q.w, q.x, q.y, q.z};
}
aiVector3D ai(const glm::vec3& v) {
  return {v.x, v.y, v.z};
}

struct Random {
  std::mt19937 engine{20261125};
  float number(float range = 1.0f) { return std::uniform_real_distribution<float>(-range, range)(engine); }
  glm::vec3 vector(float range = 10.0f) { return {number(range), number(range), number(range)}; }
  glm::quat rotation() { return normalize(glm::quat(number(), number(), number(), number())); }
  // An affine matrix with rotation, translation and (sometimes non-uniform, sometimes mirroring) scale.
  glm::mat4 affine() {
    Trs trs;
    trs.rotation = rotation();
    trs.translation = vector();
    trs.scale = glm::vec3(1.0f + number(0.5f), 1.0f + number(0.5f), (number() < 0 ? -1.0f : 1.0f) * 1.3f);
    return compose(trs);
  }
};

constexpr int kTrials = 20000;

}  // namespace

TEST_CASE("scene transform math: inverse, determinant, products and points match Assimp to the bit",
          "[scene]") {
  Random random;
  for (int i = 0; i < kTrials; ++i) {
    const glm::mat4 m = random.affine();
    const glm::mat4 n = random.affine();
    aiMatrix4x4 inverted = ai(m);
    inverted.Inverse();
    REQUIRE(same(inverse(m), inverted));
    REQUIRE(same_bits(determinant(m), ai(m).Determinant()));
    REQUIRE(same(m * n, ai(m) * ai(n)));
    const glm::vec3 p = random.vector();
    REQUIRE(same(transform_point(m, p), ai(m) * ai(p)));
    aiMatrix3x3 rotation_part(ai(m));
    REQUIRE(same(transform_direction(m, p), rotation_part * ai(p)));
  }
  glm::mat4 singular(1.0f);
  singular[1] = singular[0];
  CHECK(std::isnan(inverse(singular)[0][0]));
}

TEST_CASE("scene transform math: decompose and rotation conversions match Assimp to the bit", "[scene]") {
  Random random;
  for (int i = 0; i < kTrials; ++i) {
    const glm::mat4 m = random.affine();
    const Trs trs = decompose(m);
    aiVector3D scaling, position;
    aiQuaternion rotation;
    ai(m).Decompose(scaling, rotation, position);
    REQUIRE(same(trs.scale, scaling));
    REQUIRE(same(trs.rotation, rotation));
    REQUIRE(same(trs.translation, position));

    const glm::quat q = random.rotation();
    REQUIRE(same(rotation_matrix(q), ai(q).GetMatrix()));
    const glm::mat3 r = rotation_matrix(q);
    aiMatrix3x3 r_ai;
    for (unsigned row = 0; row < 3; ++row)
      for (unsigned c = 0; c < 3; ++c) r_ai[row][c] = r[c][row];
    REQUIRE(same(rotation_from_matrix(r), aiQuaternion(r_ai)));
  }
}

TEST_CASE("scene transform math: compose is translation * rotation * scale and decompose gives it back",
          "[scene]") {
  Random random;
  for (int i = 0; i < 1000; ++i) {
    Trs trs;
    trs.rotation = random.rotation();
    trs.translation = random.vector();
    trs.scale = glm::vec3(1.0f + random.number(0.5f), 1.0f + random.number(0.5f), 1.0f + random.number(0.5f));
    const glm::mat4 m = compose(trs);
    // The columns are the rotated axes scaled by their own factor.
    for (int axis = 0; axis < 3; ++axis) {
      glm::vec3 unit(0.0f);
      unit[axis] = 1.0f;
      const glm::vec3 expected = rotate(trs.rotation, unit) * trs.scale[axis];
      for (int k = 0; k < 3; ++k) REQUIRE(m[axis][k] == Approx(expected[k]).margin(1e-5));
    }
    const Trs back = decompose(m);
    for (int k = 0; k < 3; ++k) {
      REQUIRE(back.scale[k] == Approx(trs.scale[k]).margin(1e-5));
      REQUIRE(back.translation[k] == trs.translation[k]);
    }
    REQUIRE(std::abs(glm::dot(back.rotation, trs.rotation)) == Approx(1.0f).margin(1e-5));
  }
}

TEST_CASE("scene transform math: quaternion and vector helpers match Assimp to the bit", "[scene]") {
  Random random;
  for (int i = 0; i < kTrials; ++i) {
    const glm::quat a = random.rotation(), b = random.rotation();
    const float t = random.number() * 0.5f + 0.5f;
    aiQuaternion blended;
    aiQuaternion::Interpolate(blended, ai(a), ai(b), t);
    REQUIRE(same(slerp(a, b, t), blended));
    REQUIRE(same(a * b, ai(a) * ai(b)));
    const glm::quat raw(random.number(), random.number(), random.number(), random.number());
    REQUIRE(same(normalize(raw), aiQuaternion(ai(raw)).Normalize()));
    const glm::vec3 v = random.vector();
    REQUIRE(same(normalize(v), aiVector3D(ai(v)).Normalize()));
    const float d = random.number(4.0f) + 5.0f;
    REQUIRE(same(divide(v, d), ai(v) / d));
    REQUIRE(same(rotate(a, v), ai(a).Rotate(ai(v))));
    const glm::vec3 w = random.vector();
    REQUIRE(same(glm::cross(v, w), ai(v) ^ ai(w)));
    REQUIRE(same_bits(glm::dot(v, w), ai(v) * ai(w)));
    REQUIRE(same_bits(glm::length(v), ai(v).Length()));
    const float angle = random.number(3.0f);
    REQUIRE(same(axis_angle(v, angle), aiQuaternion(ai(v), angle)));
    aiMatrix4x4 rx, ry, rz;
    REQUIRE(same(rotation_x(angle), aiMatrix4x4::RotationX(angle, rx)));
    REQUIRE(same(rotation_y(angle), aiMatrix4x4::RotationY(angle, ry)));
    REQUIRE(same(rotation_z(angle), aiMatrix4x4::RotationZ(angle, rz)));
  }
  CHECK(normalize(glm::vec3(0.0f)) == glm::vec3(0.0f));
}
