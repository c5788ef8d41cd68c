#include "shinobi_samples.hpp"

#include <initializer_list>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/shinobi/tangent_vectors.hpp"

namespace gamefmt::test {
namespace {

using namespace gamefmt::shinobi;

std::vector<std::byte> little_endian(std::initializer_list<float> values) {
  std::vector<std::byte> out(values.size() * 4);
  std::size_t i = 0;
  for (float v : values) store_value<float>(out.data() + 4 * i++, v, ByteOrder::little);
  return out;
}

std::vector<std::byte> little_endian_ints(std::initializer_list<std::int32_t> values) {
  std::vector<std::byte> out(values.size() * 4);
  std::size_t i = 0;
  for (std::int32_t v : values) store_value<std::int32_t>(out.data() + 4 * i++, v, ByteOrder::little);
  return out;
}

constexpr float kSubnormal = 1e-40f;

}  // namespace

shinobi::VertexArray float_array(std::int32_t dim, std::initializer_list<float> values) {
  return {static_cast<std::int32_t>(shinobi::VertexDataType::float32), dim, 4 * dim, little_endian(values)};
}

shinobi::Model awkward_model() {
  using namespace gamefmt::shinobi;
  Model m;
  m.version = 2;
  ModelNode root, mesh, bone_a, bone_b, unused;
  root.name = "root";
  root.transform.x = {1, -0.0f, 0};
  root.transform.z = {-0.0f, 0, 1};
  mesh.name = "mesh";
  mesh.parent = 3;
  mesh.entity_type = kEntityMesh;
  mesh.transform.position = {0.1f, 0.2f, 0.3f};
  bone_a.name = "bone_a";
  bone_a.parent = 0;
  bone_a.transform = {
      {0.70710677f, 0, -0.70710683f}, {0, 1, 0}, {0.70710683f, 0, 0.70710677f}, {0.1f, kSubnormal, -0.0f}};
  bone_b.name = "bone_b";
  bone_b.parent = 2;
  bone_b.transform = {{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.3f, 1.0f / 3.0f, 0}};
  unused.name = "unused_bone";
  unused.parent = 0;
  MeshEntity e;
  MeshData& d = e.mesh;
  d.header_version = 2;
  d.vertex_count = 6;
  d.arrays[kPosition] = float_array(3, {0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0.5f, 3, 0, 0.5f, 2, 1, 0.5f});
  d.arrays[kNormal] =
      float_array(3, {0, 0, -0.9f, 0, 0, -1.0000001f, 0, 0, 0, 0, 0.6f, -0.8f, 0, 0, -1, 0, 0, -1});
  d.arrays[kTangent] = float_array(3, {0.9f, 0, 0, 1, 0.001f, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0});
  d.arrays[kBitangent] = float_array(3, {0, 1.1f, 0.2f, 0, -1, 0, 0.1f, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0.5f, 0});
  d.arrays[kColor] = {
      0, 4, 4, {std::byte{1},   std::byte{2},  std::byte{3},  std::byte{4},  std::byte{255}, std::byte{0},
                std::byte{128}, std::byte{7},  std::byte{9},  std::byte{10}, std::byte{11},  std::byte{12},
                std::byte{13},  std::byte{14}, std::byte{15}, std::byte{16}, std::byte{17},  std::byte{18},
                std::byte{19},  std::byte{20}, std::byte{21}, std::byte{22}, std::byte{23},  std::byte{24}}};
  d.arrays[kTexCoord0] =
      float_array(2, {0, 1, 1, 1, 0, -0.0f, 1e-8f, 0.99999994f, 0.5f, 0.25f, 1.0f / 3.0f, 0.75f});
  d.arrays[kBoneIndex] = {
      2, 4, 16, little_endian_ints({0, 1, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 2, 0})};
  d.arrays[kBoneWeight] = float_array(
      4, {0.25f, 0.74999994f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0.3f, 0.7f, 0, 0});
  d.indices = {2, 0, 1, 5, 3, 4};
  d.segments = {{"stone", 2, 0, 1}, {"moss", 2, 3, 1}};
  d.bounds = compute_bounds(d);
  d.bounds.radius *= 1.5f;
  Bone a, b, u;
  a.node_index = 2;
  a.model_to_bone.position = {-0.1f, -0.0f, 0.7f};
  b.node_index = 3;
  b.model_to_bone.x = {-1, 0, 0};
  u.node_index = 4;
  e.bones = {a, b, u};
  e.emissive_color = {0.25f, -0.0f, 0};
  e.cast_shadow = 0;
  mesh.mesh = e;
  m.nodes = {root, mesh, bone_a, bone_b, unused};
  return m;
}

shinobi::Animation awkward_animation() {
  using namespace gamefmt::shinobi;
  Animation a;
  a.version = 1;
  a.name = "";
  a.frame_rate = 30;
  a.frame_count = 3;
  AnimationTrack b{"bone_b", std::vector<AnimationKey>(3)};
  b.keys[0].rotation = {0.38268343f, 0, 0, 0.92387950f};
  b.keys[1].rotation = {-0.38268346f, 0, 0, -0.92387956f};
  b.keys[2].rotation = {0, 0.70710677f, 0, -0.70710677f};
  b.keys[1].position = {-0.0f, 1e-7f, 0.3f};
  AnimationTrack a_track{"bone_a", std::vector<AnimationKey>(3)};
  for (std::size_t f = 0; f < 3; ++f) a_track.keys[f].position = {0.1f, 0.0f, 0.1f * float(f)};
  a_track.keys[2].scale = {1, 1.0000001f, 0.99999994f};
  a.tracks = {b, a_track};
  return a;
}

}  // namespace gamefmt::test
