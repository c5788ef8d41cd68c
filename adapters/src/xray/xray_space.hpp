#pragma once
// X-Ray's (S.T.A.L.K.E.R.) engine space -> the scene's (glTF's): axes, handedness and matrix layout; the
// units are metres in both, so nothing is scaled. X-Ray is left-handed and Y-up (x right, y up, z forward);
// the scene is right-handed and Y-up. We mirror X (docs/formats/xray.md, Axes), so a model that faces the
// engine's forward (+Z) faces glTF's front (+Z) too: every conversion below is
// its own inverse, so the same call converts back. Apply it to positions, normals, bind poses and every key
// alike, and flip the winding of every triangle. Mirroring is a change of sign, so every conversion is exact.
#include <array>
#include <utility>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray::xray_space {

// A point or direction (position, normal, translation key): (x, y, z) <-> (-x, y, z).
glm::vec3 vector(const glm::vec3& v);

// A column-vector transform matrix expressed in X-Ray axes <-> scene axes (S·M·S, S = diag(-1, 1, 1)).
glm::mat4 matrix(const glm::mat4& m);
// An engine Fmatrix (row-major, used with row vectors: p' = p·M, translation in the 4th row) as 16 floats in
// file order -> the scene's column-vector matrix, and back.
glm::mat4 engine_matrix(const std::array<float, 16>& rows);
std::array<float, 16> engine_matrix_from_scene(const glm::mat4& m);

// A rotation quaternion acting on column vectors in X-Ray axes <-> scene axes (same rotation as matrix()).
glm::quat rotation(const glm::quat& q);
// An engine quaternion (x, y, z, w) as stored in motion keys; the engine builds row-vector matrices from it,
// so it is the conjugate of the column-vector rotation. -> scene quaternion (-x, y, z, w), normalized.
glm::quat engine_rotation(float x, float y, float z, float w);
// Scene quaternion -> engine (x, y, z, w).
std::array<float, 4> engine_rotation_from_scene(const glm::quat& q);

// The bind rotation of a bone as X-Ray stores it (Euler angles in radians, applied by the engine's setXYZi:
// L = Ry(ry)·Rx(rx)·Rz(rz) in X-Ray axes) -> scene quaternion Ry(-ry)·Rx(rx)·Rz(-rz).
glm::quat euler_rotation(float rx, float ry, float rz);
// Scene quaternion -> the X-Ray Euler angles (rx, ry, rz) that euler_rotation() turns back into it.
std::array<float, 3> euler_rotation_from_scene(const glm::quat& q);

// A bone's local transform as X-Ray stores it (translation, then setXYZi Euler angles, both in X-Ray axes)
// -> scene matrix T(vector(translation))·euler_rotation(euler).
glm::mat4 bone_transform(const std::array<float, 3>& translation, const std::array<float, 3>& euler);

// Mirroring turns front faces into back faces: swap two corners of every triangle.
template <class Index>
void flip_winding(Index& /*a*/, Index& b, Index& c) {
  std::swap(b, c);
}

}  // namespace gamefmt::xray::xray_space
