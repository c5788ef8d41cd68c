#include "gamefmt/asobo/sample_meshes.hpp"

#include <array>

#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/skeleton_object.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::asobo {
namespace {

struct SampleVertex {
  std::array<float, 3> position{};
  std::array<float, 2> uv{};
  std::array<float, 4> blend_index{};
  std::array<float, 4> blend_weight{};
};

// A u8 vector component for -1..1.
std::uint8_t unit_byte(float value) {
  return static_cast<std::uint8_t>((value + 1.0f) / 2.0f * 255.0f + 0.5f);
}

void write_normal_and_tangent(ByteWriter& w) {
  for (const float c : {1.0f, 0.0f, 0.0f, 1.0f}) w.u8(unit_byte(c));  // tangent +X, w
  for (const float c : {0.0f, 0.0f, 1.0f, 1.0f}) w.u8(unit_byte(c));  // normal +Z, w
}

// The arrays before the mesh buffers: strips, collision and material names.
void write_mesh_head(ByteWriter& w, const std::vector<std::uint32_t>& materials, bool filled) {
  w.u32(filled ? 3 : 0);  // strip_vertices
  for (int i = 0; filled && i < 3; ++i) w.write_array(std::array<float, 3>{float(i), 0, 0});
  w.u32(0);               // unused0
  w.u32(0);               // texcoords
  w.u32(0);               // normals
  w.u32(filled ? 1 : 0);  // strips
  if (filled) {
    w.u32(3);
    for (std::uint16_t i = 0; i < 3; ++i) w.u16(i);
    w.u32(materials.empty() ? 0 : materials.front());
    w.u32(0);
  }
  w.u32(filled ? 1 : 0);  // unused4: one entry with one 8-byte item
  if (filled) {
    w.u32(1);
    w.u32(0);
    w.u32(0);
  }
  w.u32(static_cast<std::uint32_t>(materials.size()));
  for (const auto m : materials) w.u32(m);
  w.u32(filled ? 1 : 0);  // collision_aabbs (32 bytes each)
  if (filled) {
    w.write_array(std::array<float, 3>{0, 0, 0});
    w.u16(0);
    w.u16(0);
    w.write_array(std::array<float, 3>{1, 1, 0});
    w.u16(0);
    w.u16(1);
  }
  w.u32(filled ? 1 : 0);  // collision_faces (8 bytes each)
  if (filled) {
    for (std::uint16_t i = 0; i < 3; ++i) w.u16(i);
    w.u16(7);
  }
  w.u32(0);  // unused8
}

struct SampleGroup {
  std::uint32_t index_begin = 0;
  std::uint32_t face_count = 0;
  std::int16_t material = -1;
};

void write_group(ByteWriter& w, const SampleGroup& g, std::uint32_t vertex_count, std::uint16_t vertex_size) {
  w.u32(0);        // vertex buffer
  w.u32(0);        // index buffer
  w.u32(0);        // quad begin
  w.u32(0);        // quad count
  w.u32(1u << 2);  // visible
  w.u16(0);
  w.u16(static_cast<std::uint16_t>(vertex_count - 1));
  w.u32(vertex_count);
  w.u32(g.index_begin);
  w.u32(g.face_count);
  w.u32(0);
  w.u32(0);
  w.u16(vertex_size);
  w.i16(g.material);
  w.u32(0);  // unused1s
}

// The mesh buffers and what follows them: an empty morpher and no collision vertices.
void write_mesh_tail(ByteWriter& w) {
  w.u32(0);  // morpher: aabb triggers
  w.u32(0);  // map
  w.u32(0);  // displacement vector indices
  w.u32(0);  // morphs
  w.u32(0);  // short_vec_weirds
}

std::array<float, 16> translation_matrix(float x, float y, float z) {
  return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1};
}

BigFileResource resource(std::string_view class_name, std::string_view name,
                         std::vector<std::byte> link_header, std::vector<std::byte> body, bool compress) {
  BigFileResource r;
  r.class_name = name_hash(class_name);
  r.name = name_hash(name);
  r.link_header = std::move(link_header);
  r.body.decompressed_size = static_cast<std::uint32_t>(body.size());
  r.body.compressed = compress;
  r.body.bytes = compress ? lz_compress(body) : std::move(body);
  return r;
}

// The Object link header (98 bytes) with the given data name, for Mesh_Z and Skin_Z.
std::vector<std::byte> object_link_header(std::uint32_t data_name, std::uint16_t type) {
  ByteWriter w(ByteOrder::little);
  w.u32(0);  // link name
  w.u32(data_name);
  w.write_array(std::array<float, 4>{0, 0, 0, 1});
  w.write_array(translation_matrix(0, 0, 0));
  w.f32(1);
  w.u32(0);
  w.u16(type);
  return w.take();
}

std::vector<std::byte> mesh_link_header() {
  auto bytes = object_link_header(0, 6);
  ByteWriter w(ByteOrder::little);
  w.u32(0);  // names
  w.write_array(std::array<float, 3>{0, 0, 0});
  w.u32(0);  // dyn spheres
  w.u32(0);  // dyn boxes
  const auto tail = w.take();
  bytes.insert(bytes.end(), tail.begin(), tail.end());
  return bytes;
}

}  // namespace

std::vector<std::byte> sample_crate_mesh_body(std::uint32_t grid) {
  ByteWriter w(ByteOrder::little);
  write_mesh_head(w, {name_hash("crate_wood")}, true);
  const std::uint32_t side = grid + 1;
  w.u32(1);  // vertex buffers
  w.u32(side * side);
  w.u32(36);
  w.u32(0);
  for (std::uint32_t y = 0; y < side; ++y)
    for (std::uint32_t x = 0; x < side; ++x) {
      const float fx = float(x) / float(grid), fy = float(y) / float(grid);
      w.write_array(std::array<float, 3>{fx, fy, 0});
      write_normal_and_tangent(w);
      w.write_array(std::array<float, 2>{fx, fy});
      w.write_array(std::array<float, 2>{fx / 2, fy / 2});
    }
  // Clockwise seen from +Z (the side the normals face), as the game draws front faces.
  std::vector<std::uint16_t> indices;
  for (std::uint32_t y = 0; y < grid; ++y)
    for (std::uint32_t x = 0; x < grid; ++x) {
      const auto a = static_cast<std::uint16_t>(y * side + x), b = static_cast<std::uint16_t>(a + 1),
                 c = static_cast<std::uint16_t>(a + side), d = static_cast<std::uint16_t>(c + 1);
      for (const auto i : {a, c, b, b, c, d}) indices.push_back(i);
    }
  const auto grid_faces = static_cast<std::uint32_t>(indices.size() / 3);
  for (const std::uint16_t i : {0, 1, 2}) indices.push_back(i);
  w.u32(1);  // index buffers
  w.u32(static_cast<std::uint32_t>(indices.size()));
  w.u32(0);
  for (const auto i : indices) w.u16(i);
  w.u32(0);  // quads
  w.u32(2);  // vertex groups
  write_group(w, {0, grid_faces, 0}, side * side, 36);
  write_group(w, {grid_faces * 3, 1, -1}, side * side, 36);
  write_mesh_tail(w);
  return w.take();
}

std::vector<std::byte> sample_arm_mesh_body() {
  ByteWriter w(ByteOrder::little);
  write_mesh_head(w, {name_hash("arm_skin")}, false);
  std::vector<SampleVertex> vertices;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 2; ++x) {
      SampleVertex v;
      v.position = {float(x), float(y), 0};
      v.uv = {float(x), float(y) / 2};
      if (y == 0) v.blend_weight = {1, 0, 0, 0};
      if (y == 1) {
        v.blend_index = {0, 6, 0, 0};
        v.blend_weight = {0.5f, 0.5f, 0, 0};
      }
      if (y == 2) {
        v.blend_index = {6, 0, 0, 0};
        v.blend_weight = {1, 0, 0, 0};
      }
      vertices.push_back(v);
    }
  w.u32(1);
  w.u32(static_cast<std::uint32_t>(vertices.size()));
  w.u32(60);
  w.u32(0);
  for (const auto& v : vertices) {
    w.write_array(v.position);
    write_normal_and_tangent(w);
    w.write_array(v.uv);
    w.write_array(v.blend_index);
    w.write_array(v.blend_weight);
  }
  const std::vector<std::uint16_t> indices = {0, 2, 1, 1, 2, 3, 2, 4, 3, 3, 4, 5};
  w.u32(1);
  w.u32(static_cast<std::uint32_t>(indices.size()));
  w.u32(0);
  for (const auto i : indices) w.u16(i);
  w.u32(0);  // quads
  w.u32(1);
  write_group(w, {0, 4, 0}, static_cast<std::uint32_t>(vertices.size()), 60);
  write_mesh_tail(w);
  return w.take();
}

std::vector<std::byte> sample_arm_skin_link_header() {
  return object_link_header(name_hash("arm.skel"), 3);
}

std::vector<std::byte> sample_arm_skin_body() {
  ByteWriter w(ByteOrder::little);
  w.u32(1);
  w.u32(name_hash("arm.mesh"));
  for (int i = 0; i < 4; ++i) w.u32(0);
  w.f32(1.5f);
  w.u32(2);                              // bone names per palette
  w.u32(1);                              // sections
  w.u32(1);                              // subsections
  for (int i = 0; i < 4; ++i) w.u32(0);  // animation node names
  w.u32(name_hash("shoulder"));
  w.u32(name_hash("elbow"));
  return w.take();
}

std::vector<std::byte> sample_arm_skeleton_body() {
  ByteWriter w(ByteOrder::little);
  w.u32(0);  // flags
  w.write_array(std::array<float, 4>{0, 1, 0, 1.5f});
  struct Bone {
    const char* name;
    std::int32_t parent;
    std::array<float, 3> at;
  };
  const Bone bones[] = {{"root", -1, {0, 0, 0}}, {"shoulder", 0, {0, 0, 0}}, {"elbow", 1, {0, 1, 0}}};
  w.u32(3);
  for (const auto& bone : bones) {
    const std::size_t start = w.size();
    w.u32(0);                                         // user define
    w.write_array(std::array<float, 4>{0, 0, 0, 1});  // local rotation
    w.write_array(std::array<float, 3>{1, 1, 1});     // scale
    w.u32(0);                                         // flags
    // The rest of the local transform and the runtime placeholders are not read: zeros.
    w.fill(164 - (w.size() - start), std::byte{0});
    w.write_array(translation_matrix(bone.at[0], bone.at[1], bone.at[2]));
    w.i32(bone.parent);
    for (int i = 0; i < 3; ++i) w.i32(-1);
    w.u32(name_hash(bone.name));
  }
  for (int i = 0; i < 7; ++i) w.u32(0);  // materials, mesh datas, node names, names, collision bones
  return w.take();
}

BigFile make_sample_mesh_archive(const SampleMeshArchiveOptions& options) {
  BigFile archive;
  archive.version = kBigFileNewestVersion;
  archive.version_triple = {0x17, 0x2A, 0x3};
  archive.incredibuilder = "gamefmt sample";
  archive.reserved.fill(std::byte{0xFF});
  BigFileBlock block;
  block.resources.push_back(resource("Mesh_Z", "crate.mesh", mesh_link_header(),
                                     sample_crate_mesh_body(options.grid), options.compress));
  block.resources.push_back(
      resource("Skel_Z", "arm.skel", std::vector<std::byte>(4), sample_arm_skeleton_body(), false));
  block.resources.push_back(
      resource("Mesh_Z", "arm.mesh", mesh_link_header(), sample_arm_mesh_body(), false));
  block.resources.push_back(
      resource("Skin_Z", "arm.skin", sample_arm_skin_link_header(), sample_arm_skin_body(), false));
  if (options.with_broken_mesh) {
    auto body = sample_arm_mesh_body();
    body.resize(body.size() / 2);
    block.resources.push_back(resource("Mesh_Z", "wheel.mesh", mesh_link_header(), std::move(body), false));
  }
  archive.blocks.push_back(std::move(block));
  raise_buffer_sizes(archive);
  return archive;
}

std::string sample_mesh_archive_names() {
  return "crate.mesh\narm.mesh\narm.skin\narm.skel\nwheel.mesh\nroot\nshoulder\nelbow\ncrate_wood\narm_"
         "skin\n";
}

}  // namespace gamefmt::asobo
