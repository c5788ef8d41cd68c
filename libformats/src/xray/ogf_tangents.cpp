#include "gamefmt/xray/ogf_tangents.hpp"

#include <cmath>

namespace gamefmt::xray {
namespace {

using Vec = std::array<float, 3>;

Vec minus(const Vec& a, const Vec& b) {
  return {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
}
float dot(const Vec& a, const Vec& b) {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
Vec cross(const Vec& a, const Vec& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
Vec scaled(const Vec& a, float s) {
  return {a[0] * s, a[1] * s, a[2] * s};
}

// `v` made unit length; false when it has none.
bool unit(Vec& v) {
  const float length = std::sqrt(dot(v, v));
  if (!(length > 1e-12f) || !std::isfinite(length)) return false;
  v = scaled(v, 1.0f / length);
  return true;
}

// `v` without its part along the unit vector `axis`, normalised; false when nothing is left.
bool perpendicular_unit(Vec& v, const Vec& axis) {
  v = minus(v, scaled(axis, dot(v, axis)));
  const float length = std::sqrt(dot(v, v));
  if (!(length > 1e-12f) || !std::isfinite(length)) return false;
  v = scaled(v, 1.0f / length);
  return true;
}

Vec unit_normal(const Vec& n) {
  const float length = std::sqrt(dot(n, n));
  return length > 1e-12f && std::isfinite(length) ? scaled(n, 1.0f / length) : Vec{0, 1, 0};
}

}  // namespace

void compute_ogf_tangents(OgfMesh& mesh) {
  const std::size_t count = mesh.vertices.size();
  std::vector<Vec> along_u(count, Vec{}), along_v(count, Vec{});
  const auto indices = mesh.full_detail_indices();
  for (std::size_t t = 0; t + 2 < indices.size(); t += 3) {
    const std::size_t a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (a >= count || b >= count || c >= count) continue;
    const auto& va = mesh.vertices[a];
    const auto& vb = mesh.vertices[b];
    const auto& vc = mesh.vertices[c];
    const Vec e1 = minus(vb.position, va.position), e2 = minus(vc.position, va.position);
    const float du1 = vb.uv[0] - va.uv[0], dv1 = vb.uv[1] - va.uv[1];
    const float du2 = vc.uv[0] - va.uv[0], dv2 = vc.uv[1] - va.uv[1];
    const float det = du1 * dv2 - du2 * dv1;
    if (!(std::abs(det) > 1e-20f)) continue;
    const float r = 1.0f / det;
    Vec su = scaled(minus(scaled(e1, dv2), scaled(e2, dv1)), r);
    Vec sv = scaled(minus(scaled(e2, du1), scaled(e1, du2)), r);
    // Each triangle counts once, whatever its size.
    const bool has_u = unit(su), has_v = unit(sv);
    if (!has_u) su = Vec{};
    if (!has_v) sv = Vec{};
    for (const std::size_t corner : {a, b, c})
      for (int i = 0; i < 3; ++i) {
        along_u[corner][i] += su[i];
        along_v[corner][i] += sv[i];
      }
  }
  for (std::size_t i = 0; i < count; ++i) {
    auto& vertex = mesh.vertices[i];
    const Vec n = unit_normal(vertex.normal);
    Vec tangent = along_u[i];
    if (!unit(tangent)) {
      tangent = std::abs(n[0]) < 0.9f ? Vec{1, 0, 0} : Vec{0, 0, 1};
      perpendicular_unit(tangent, n);
    }
    Vec binormal = along_v[i];
    if (!unit(binormal)) {
      binormal =
          cross(n, tangent);  // v grows this way when the UVs say nothing: n x t, as in the SDK's files
    }
    vertex.tangent = tangent;
    vertex.binormal = binormal;
  }
}

}  // namespace gamefmt::xray
