#include "gamefmt/shinobi/tangent_vectors.hpp"

#include <array>
#include <cmath>
#include <vector>

#include "gamefmt/core/byte_order.hpp"

namespace gamefmt::shinobi {
namespace {

using Vector = std::array<float, 3>;

Vector position_of(const VertexArray& positions, std::size_t v) {
  return {vertex_component(positions, v, 0), vertex_component(positions, v, 1),
          vertex_component(positions, v, 2)};
}

void add(Vector& sum, const Vector& value) {
  for (std::size_t c = 0; c < 3; ++c) sum[c] += value[c];
}

// The engine's Vector3::normalize: multiplied by the inverse length, left alone when zero.
void normalize(Vector& v) {
  const float squared = v[0] * v[0] + v[1] * v[1] + v[2] * v[2];
  if (!(squared > 0.0f)) return;
  const float inverse = 1.0f / std::sqrt(squared);
  for (float& c : v) c *= inverse;
}

VertexArray float3_array(const std::vector<Vector>& values) {
  VertexArray array;
  array.data_type = static_cast<std::int32_t>(VertexDataType::float32);
  array.dim = 3;
  array.stride = 12;
  array.data.resize(values.size() * 12);
  for (std::size_t v = 0; v < values.size(); ++v)
    for (std::size_t c = 0; c < 3; ++c)
      store_value<float>(array.data.data() + v * 12 + c * 4, values[v][c], ByteOrder::little);
  return array;
}

}  // namespace

bool compute_tangent_vectors(MeshData& mesh) {
  const VertexArray& positions = mesh.arrays[kPosition];
  const VertexArray& uvs = mesh.arrays[kTexCoord0];
  if (mesh.vertex_count < 0 || !has_component(positions, 2) || !has_component(uvs, 1)) return false;
  const auto count = static_cast<std::size_t>(mesh.vertex_count);
  std::vector<Vector> tangents(count, Vector{0, 0, 0}), bitangents(count, Vector{0, 0, 0});
  for (const MeshSegment& segment : mesh.segments) {
    if (segment.primitive_type != 2 || segment.first_index < 0 || segment.triangle_count < 0) continue;
    for (std::size_t t = 0; t < std::size_t(segment.triangle_count); ++t) {
      const std::size_t first = std::size_t(segment.first_index) + 3 * t;
      if (first + 3 > mesh.indices.size()) break;
      const std::int32_t a = mesh.indices[first], b = mesh.indices[first + 1], c = mesh.indices[first + 2];
      if (a < 0 || b < 0 || c < 0 || a >= mesh.vertex_count || b >= mesh.vertex_count ||
          c >= mesh.vertex_count)
        continue;
      const Vector pa = position_of(positions, std::size_t(a));
      const Vector pb = position_of(positions, std::size_t(b));
      const Vector pc = position_of(positions, std::size_t(c));
      const float ua = vertex_component(uvs, std::size_t(a), 0),
                  va = vertex_component(uvs, std::size_t(a), 1);
      const float s1 = vertex_component(uvs, std::size_t(b), 0) - ua;
      const float s2 = vertex_component(uvs, std::size_t(c), 0) - ua;
      const float t1 = vertex_component(uvs, std::size_t(b), 1) - va;
      const float t2 = vertex_component(uvs, std::size_t(c), 1) - va;
      const float inverse_determinant = 1.0f / (s1 * t2 - s2 * t1);
      if (!std::isfinite(inverse_determinant)) continue;
      Vector along_u, along_v;
      for (std::size_t k = 0; k < 3; ++k) {
        const float e1 = pb[k] - pa[k], e2 = pc[k] - pa[k];
        along_u[k] = (e1 * t2 - e2 * t1) * inverse_determinant;
        along_v[k] = -((s1 * e2 - s2 * e1) * inverse_determinant);
      }
      for (const std::int32_t corner : {a, b, c}) {
        add(tangents[std::size_t(corner)], along_u);
        add(bitangents[std::size_t(corner)], along_v);
      }
    }
  }
  for (std::size_t v = 0; v < count; ++v) {
    normalize(tangents[v]);
    normalize(bitangents[v]);
  }
  mesh.arrays[kTangent] = float3_array(tangents);
  mesh.arrays[kBitangent] = float3_array(bitangents);
  return true;
}

}  // namespace gamefmt::shinobi
