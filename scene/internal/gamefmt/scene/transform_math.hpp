#pragma once
// Transform arithmetic for the scene model, on glm types (column-major matrices, m[column][row]).
//
// Where glm offers the same operation, these functions differ from it in the order of their floating-point
// operations, on purpose: they evaluate exactly the formulas gamefmt used before its scene model
// (Assimp 5.2's matrix and quaternion code), so that converted files do not change by a bit. The test
// tests/unit/scene_transform_math_tests.cpp checks each against Assimp on random inputs. glm's matrix *
// matrix, quaternion * quaternion, dot, cross and length already evaluate in that order and are used as they
// are; glm's matrix * vector does not (use transform_point / transform_direction).
#include <glm/gtc/quaternion.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// Cofactor expansion. A singular matrix gives a matrix of NaNs.
glm::mat4 inverse(const glm::mat4& m);
float determinant(const glm::mat4& m);

// Translation, rotation and scale of an affine matrix: scales are the lengths of the basis columns (all
// negated when the determinant is negative), the rotation that of the normalised columns.
Trs decompose(const glm::mat4& m);
// translation * rotation * scale.
glm::mat4 compose(const Trs& trs);
glm::mat4 matrix_of(const Node& node);

glm::mat3 rotation_matrix(const glm::quat& q);
// The rotation of an orthonormal 3x3 matrix (Shoemake's method: trace, else the largest diagonal element).
glm::quat rotation_from_matrix(const glm::mat3& m);
// Spherical interpolation along the shorter arc; nearly equal rotations are blended linearly.
glm::quat slerp(const glm::quat& from, const glm::quat& to, float factor);
// Unit length (multiplying by the reciprocal length); a zero quaternion stays zero.
glm::quat normalize(const glm::quat& q);
// Unit length (multiplying by the reciprocal length); a zero vector stays zero.
glm::vec3 normalize(const glm::vec3& v);
// Each component times 1 / divisor.
glm::vec3 divide(const glm::vec3& v, float divisor);
// The rotation by `radians` about `axis` (normalised first), right-handed.
glm::quat axis_angle(const glm::vec3& axis, float radians);
// The vector turned by the rotation (q * v * conjugate(q)).
glm::vec3 rotate(const glm::quat& q, const glm::vec3& v);

// Rotations by `radians` about one axis, right-handed.
glm::mat4 rotation_x(float radians);
glm::mat4 rotation_y(float radians);
glm::mat4 rotation_z(float radians);
glm::mat4 translation(const glm::vec3& offset);
glm::mat4 scaling(const glm::vec3& factors);
// The point transformed by an affine matrix (w = 1), and a direction (w = 0: no translation).
glm::vec3 transform_point(const glm::mat4& m, const glm::vec3& p);
glm::vec3 transform_direction(const glm::mat4& m, const glm::vec3& d);

// Row-major element access (row, column), as formats and formulas write matrices.
inline float& at(glm::mat4& m, int row, int column) {
  return m[column][row];
}
inline float at(const glm::mat4& m, int row, int column) {
  return m[column][row];
}

}  // namespace gamefmt::scene
