#pragma once
// The space of Asobo's Zouna engine (FUEL) as the scene meets it. Axes: Zouna's (x, y, z) are kept as glTF's
// (x, y, z), which is what the community importers show. Handedness: Zouna draws clockwise front faces, as
// D3D does, so the triangle winding is reversed. UVs are kept as stored, with V flipped for the scene's
// top-left origin. Matrices are stored row-major for row vectors (D3D's), which is the transpose of the
// scene's column-vector matrices, i.e. how glm reads the 16 floats. Units are kept as stored.
#include <array>
#include <cstdint>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace gamefmt::asobo::asobo_space {

inline glm::vec3 point(const std::array<float, 3>& p) {
  return {p[0], p[1], p[2]};
}

inline glm::vec2 uv(const std::array<float, 2>& uv) {
  return {uv[0], 1.0f - uv[1]};
}

// A clockwise triangle (a, b, c) as the scene's counter-clockwise one.
inline std::array<std::uint32_t, 3> triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  return {a, c, b};
}

// A stored Mat4f (16 floats, row-major, translation in elements 12..14) as the scene's matrix.
inline glm::mat4 matrix(const std::array<float, 16>& stored) {
  return glm::make_mat4(stored.data());
}

}  // namespace gamefmt::asobo::asobo_space
