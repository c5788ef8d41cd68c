#include "shinobi_samples.hpp"

#include <array>
#include <cmath>
#include <initializer_list>
#include <utility>

#include "dds_samples.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/shinobi/tangent_vectors.hpp"

namespace gamefmt::test {
namespace {

using namespace gamefmt::shinobi;

// 4-byte values (float, int32) as the file stores them.
template <typename T>
std::vector<std::byte> little_endian(const std::vector<T>& values) {
  std::vector<std::byte> out(values.size() * 4);
  for (std::size_t i = 0; i < values.size(); ++i)
    store_value<T>(out.data() + 4 * i, values[i], ByteOrder::little);
  return out;
}

std::vector<std::byte> little_endian(std::initializer_list<float> values) {
  return little_endian(std::vector<float>(values));
}

std::vector<std::byte> little_endian_ints(std::initializer_list<std::int32_t> values) {
  return little_endian(std::vector<std::int32_t>(values));
}

constexpr float kSubnormal = 1e-40f;

}  // namespace

shinobi::VertexArray float_array(std::int32_t dim, std::initializer_list<float> values) {
  return {static_cast<std::int32_t>(shinobi::VertexDataType::float32), dim, 4 * dim, little_endian(values)};
}

shinobi::Model grimrock_quads(const std::vector<std::string>& materials) {
  using namespace gamefmt::shinobi;
  Model model;
  model.version = 2;
  ModelNode root;
  root.name = "RootNode";
  model.nodes.push_back(root);
  for (const auto& material : materials) {
    ModelNode node;
    node.name = material + "_quad";
    node.parent = 0;
    node.entity_type = kEntityMesh;
    MeshEntity entity;
    entity.mesh.header_version = 2;
    entity.mesh.vertex_count = 4;
    entity.mesh.arrays[kPosition] = float_array(3, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
    entity.mesh.arrays[kNormal] = float_array(3, {0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1});
    entity.mesh.arrays[kTexCoord0] = float_array(2, {0, 1, 1, 1, 1, 0, 0, 0});
    entity.mesh.indices = {0, 1, 2, 0, 2, 3};
    entity.mesh.segments = {{material, 2, 0, 2}};
    entity.mesh.bounds = compute_bounds(entity.mesh);
    node.mesh = entity;
    model.nodes.push_back(node);
  }
  return model;
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

namespace gamefmt::test {
namespace {

using namespace gamefmt::shinobi;

struct LeverBox {
  Vec3 min, max;
  float v0, v1;  // the rows of the texture its faces show (0 = top)
  std::int32_t bone;
};

// The 24 vertices and 12 triangles of an axis-aligned box, appended. Each face: its outward normal n, the
// texture's V along `down` (-Y on the sides), U along cross(down, n); triangles wound so that
// cross(b - a, c - a) points outwards, which is clockwise from outside in the engine's left-handed space.
void add_box(const LeverBox& box, std::vector<float>& positions, std::vector<float>& normals,
             std::vector<float>& uvs, std::vector<std::int32_t>& bones, std::vector<std::int32_t>& indices) {
  const Vec3 centre{(box.min[0] + box.max[0]) / 2, (box.min[1] + box.max[1]) / 2,
                    (box.min[2] + box.max[2]) / 2};
  const Vec3 half{(box.max[0] - box.min[0]) / 2, (box.max[1] - box.min[1]) / 2,
                  (box.max[2] - box.min[2]) / 2};
  for (int axis = 0; axis < 3; ++axis) {
    for (const float sign : {1.0f, -1.0f}) {
      Vec3 n{0, 0, 0};
      n[axis] = sign;
      const Vec3 down = axis == 1 ? Vec3{0, 0, 1} : Vec3{0, -1, 0};
      const Vec3 u{down[1] * n[2] - down[2] * n[1], down[2] * n[0] - down[0] * n[2],
                   down[0] * n[1] - down[1] * n[0]};
      const auto first = static_cast<std::int32_t>(positions.size() / 3);
      for (const auto& [s, t] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{0, 1}}) {
        for (int c = 0; c < 3; ++c) {
          const float along_u = u[c] * half[c] * float(2 * s - 1);
          const float along_down = down[c] * half[c] * float(2 * t - 1);
          positions.push_back(centre[c] + n[c] * half[c] + along_u + along_down);
          normals.push_back(n[c]);
        }
        uvs.push_back(float(s));
        uvs.push_back(box.v0 + float(t) * (box.v1 - box.v0));
        bones.insert(bones.end(), {box.bone, 0, 0, 0});
      }
      indices.insert(indices.end(), {first, first + 1, first + 2, first, first + 2, first + 3});
    }
  }
}

constexpr Vec3 kHandlePivot{0, 0.2f, 0};

std::uint16_t rgb565(int r, int g, int b) {
  return static_cast<std::uint16_t>(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3));
}

}  // namespace

shinobi::Model sample_lever_model() {
  std::vector<float> positions, normals, uvs;
  std::vector<std::int32_t> bones, indices;
  add_box({{-0.3f, 0, -0.2f}, {0.3f, 0.25f, 0.2f}, 0, 0.5f, 0}, positions, normals, uvs, bones, indices);
  add_box({{-0.04f, 0.2f, -0.04f}, {0.04f, 0.8f, 0.04f}, 0.5f, 1, 1}, positions, normals, uvs, bones,
          indices);
  MeshEntity entity;
  MeshData& mesh = entity.mesh;
  mesh.header_version = 2;
  mesh.vertex_count = static_cast<std::int32_t>(positions.size() / 3);
  const auto float32 = static_cast<std::int32_t>(VertexDataType::float32);
  mesh.arrays[kPosition] = {float32, 3, 12, little_endian(positions)};
  mesh.arrays[kNormal] = {float32, 3, 12, little_endian(normals)};
  mesh.arrays[kTexCoord0] = {float32, 2, 8, little_endian(uvs)};
  mesh.arrays[kBoneIndex] = {static_cast<std::int32_t>(VertexDataType::int32), 4, 16, little_endian(bones)};
  std::vector<float> weights;
  for (std::int32_t v = 0; v < mesh.vertex_count; ++v) weights.insert(weights.end(), {1, 0, 0, 0});
  mesh.arrays[kBoneWeight] = {float32, 4, 16, little_endian(weights)};
  mesh.indices = indices;
  mesh.segments = {{"sample_lever", 2, 0, static_cast<std::int32_t>(indices.size() / 3)}};
  compute_tangent_vectors(mesh);
  mesh.bounds = compute_bounds(mesh);
  Bone base, handle;
  base.node_index = 1;
  handle.node_index = 2;
  handle.model_to_bone.position = {-kHandlePivot[0], -kHandlePivot[1], -kHandlePivot[2]};
  entity.bones = {base, handle};
  ModelNode root, base_node, handle_node, lever;
  root.name = "root";
  base_node.name = "base";
  base_node.parent = 0;
  handle_node.name = "handle";
  handle_node.parent = 1;
  handle_node.transform.position = kHandlePivot;
  lever.name = "lever";
  lever.parent = 0;
  lever.entity_type = kEntityMesh;
  lever.mesh = std::move(entity);
  Model model;
  model.version = 2;
  model.nodes = {root, base_node, handle_node, lever};
  return model;
}

shinobi::Animation sample_lever_animation() {
  Animation a;  // version 1 (Grimrock), 30 frames per second
  a.name = "pull";
  a.frame_count = 16;
  AnimationTrack base{"base", std::vector<AnimationKey>(16)};
  AnimationTrack handle{"handle", std::vector<AnimationKey>(16)};
  // Rotations about X as (t, 0, 0, 1) / |(t, 0, 0, 1)|, t = tan(angle / 2): no sine or cosine, so the bytes
  // are the same with every maths library. tan(20 degrees) = 0.36397023.
  constexpr float kTanMax = 0.36397023f;
  for (int f = 0; f < 16; ++f) {
    const float phase = float(f <= 8 ? f : 16 - f) / 8;  // 0 -> 1 -> 0 over the loop
    const float t = kTanMax * (2 * phase - 1);
    const float length = std::sqrt(1 + t * t);
    handle.keys[f].position = kHandlePivot;
    handle.keys[f].rotation = {t / length, 0, 0, 1 / length};
  }
  a.tracks = {base, handle};
  return a;
}

std::vector<std::byte> sample_lever_texture() {
  // 4 x 4 pixel blocks, each of two colours: stone blocks 16 x 8 pixels with dark joints in the top 32 rows
  // (every other course shifted by 8), planks 16 pixels wide with grain in the bottom 32.
  std::vector<std::byte> blocks;
  for (int by = 0; by < 16; ++by) {
    for (int bx = 0; bx < 16; ++bx) {
      std::uint16_t light = 0, dark = 0;
      std::array<std::uint8_t, 16> indices{};
      for (int p = 0; p < 16; ++p) {
        const int x = bx * 4 + p % 4, y = by * 4 + p / 4;
        if (y < 32) {
          const int course = y / 8, shifted = x + (course % 2) * 8;
          const int shade = 120 + ((shifted / 16 * 5 + course * 3) % 4) * 12;
          light = rgb565(shade, shade - 4, shade - 12);
          dark = rgb565(52, 50, 46);
          indices[p] = (y % 8 == 7 || shifted % 16 == 15) ? 1 : 0;
        } else {
          const int plank = x / 16;
          light = rgb565(150 + plank * 10, 100 + plank * 6, 56);
          dark = rgb565(70, 44, 24);
          const bool seam = x % 16 == 0, knot = (x * 3 + y / 5 + plank) % 7 == 0,
                     grain = (x + y / 9) % 3 == 0;
          indices[p] = seam ? 1 : knot ? 3 : grain ? 2 : 0;
        }
      }
      const auto block = bc1_block(light, dark, indices);
      blocks.insert(blocks.end(), block.begin(), block.end());
    }
  }
  DdsSampleHeader header;
  header.width = 64;
  header.height = 64;
  return dds_file(header, blocks);
}

}  // namespace gamefmt::test
