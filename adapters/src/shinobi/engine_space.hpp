#pragma once
// The one place where the Shinobi engine's space meets Assimp's: the engine is left-handed, Y up, +Z forward,
// front faces clockwise; Assimp and glTF are right-handed, Y up, front faces counter-clockwise. Mirroring Z
// (S = diag(1, 1, -1)) converts points, directions and matrices (S·M·S); quaternions become (-x, -y, z, w);
// triangle winding is reversed by the mesh converters.
#include <assimp/matrix4x4.h>
#include <assimp/quaternion.h>
#include <assimp/vector3.h>

#include <array>

#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::assimp::shinobi_space {

inline aiVector3D to_scene(float x, float y, float z) { return {x, y, -z}; }
inline aiVector3D to_scene(const shinobi::Vec3& v) { return {v[0], v[1], -v[2]}; }
inline shinobi::Vec3 to_engine(const aiVector3D& v) { return {v.x, v.y, -v.z}; }

inline aiQuaternion rotation_to_scene(const std::array<float, 4>& xyzw) { return {xyzw[3], -xyzw[0], -xyzw[1], xyzw[2]}; }
inline std::array<float, 4> rotation_to_engine(const aiQuaternion& q) { return {-q.x, -q.y, q.z, q.w}; }

// Columns of the engine matrix are the basis vectors and the translation.
inline aiMatrix4x4 to_scene(const shinobi::Mat4x3& m) {
  const aiVector3D x = to_scene(m.x), y = to_scene(m.y), p = to_scene(m.position);
  const aiVector3D z = to_scene(-m.z[0], -m.z[1], -m.z[2]);
  return aiMatrix4x4(x.x, y.x, z.x, p.x, x.y, y.y, z.y, p.y, x.z, y.z, z.z, p.z, 0, 0, 0, 1);
}

// The affine part of the matrix (its last row is ignored).
inline shinobi::Mat4x3 to_engine(const aiMatrix4x4& m) {
  shinobi::Mat4x3 out;
  out.x = to_engine(aiVector3D(m.a1, m.b1, m.c1));
  out.y = to_engine(aiVector3D(m.a2, m.b2, m.c2));
  out.z = to_engine(aiVector3D(-m.a3, -m.b3, -m.c3));
  out.position = to_engine(aiVector3D(m.a4, m.b4, m.c4));
  return out;
}

}  // namespace gamefmt::assimp::shinobi_space
