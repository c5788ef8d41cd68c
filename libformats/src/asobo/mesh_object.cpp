#include "gamefmt/asobo/mesh_object.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::asobo {
namespace {

// Steps over a DynArray of fixed-size items after checking that they fit.
void skip_array(ByteReader& r, std::size_t item_size, const char* field) {
  const std::size_t n = r.count(r.u32(field), item_size, field);
  r.skip(n * item_size, field);
}

void read_floats(ByteReader& r, float* out, std::size_t n, const char* field) {
  for (std::size_t i = 0; i < n; ++i) out[i] = r.f32(field);
}

// A u8 vector component, 0..255 -> -1..1.
float unit_component(std::uint8_t b) {
  return static_cast<float>(b) / 255.0f * 2.0f - 1.0f;
}

MeshVertex read_vertex(ByteReader& r, std::uint32_t size) {
  MeshVertex v;
  read_floats(r, v.position.data(), 3, "position");
  if (size == kVertexSizePosition) return v;
  if (size == kVertexSizePositionUv) {
    r.skip(4, "unknown");
    v.has_uv = true;
    read_floats(r, v.uv.data(), 2, "uv");
    return v;
  }
  r.skip(4, "tangent");
  v.has_normal = true;
  for (auto& c : v.normal) c = unit_component(r.u8("normal"));
  r.skip(1, "normal_w");
  v.has_uv = true;
  read_floats(r, v.uv.data(), 2, "uv");
  if (size == kVertexSizeStatic) {
    v.has_lightmap_uv = true;
    read_floats(r, v.lightmap_uv.data(), 2, "lightmap_uv");
  } else if (size == kVertexSizeOneBlend) {
    v.blend_count = 1;
    v.blend_index[0] = r.f32("blend_index");
    r.skip(12, "padding");
    v.blend_weight[0] = r.f32("blend_weight");
  } else {
    v.blend_count = 4;
    read_floats(r, v.blend_index.data(), 4, "blend_indices");
    read_floats(r, v.blend_weight.data(), 4, "blend_weights");
  }
  return v;
}

MeshVertexBuffer read_vertex_buffer(ByteReader& r) {
  MeshVertexBuffer vb;
  const std::uint32_t count = r.u32("vertex_count");
  vb.vertex_size = r.u32("vertex_size");
  if (vb.vertex_size != kVertexSizePosition && vb.vertex_size != kVertexSizePositionUv &&
      vb.vertex_size != kVertexSizeStatic && vb.vertex_size != kVertexSizeOneBlend &&
      vb.vertex_size != kVertexSizeFourBlends)
    r.fail_at(
        r.absolute_offset() - 4, "vertex_size",
        "vertex size " + std::to_string(vb.vertex_size) + " is none of the known layouts 12, 24, 36, 48, 60");
  vb.d3d_flags = r.u32("d3d_flags");
  vb.vertices.resize(r.count(count, vb.vertex_size, "vertex_count"));
  for (std::size_t i = 0; i < vb.vertices.size(); ++i) {
    auto field = r.enter("vertices", i);
    vb.vertices[i] = read_vertex(r, vb.vertex_size);
  }
  return vb;
}

MeshIndexBuffer read_index_buffer(ByteReader& r) {
  MeshIndexBuffer ib;
  const std::uint32_t count = r.u32("index_count");
  ib.d3d_flags = r.u32("d3d_flags");
  ib.indices.resize(r.count(count, 2, "index_count"));
  for (auto& index : ib.indices) index = r.u16("indices");
  return ib;
}

MeshVertexGroup read_vertex_group(ByteReader& r) {
  MeshVertexGroup g;
  g.vertex_buffer = r.u32("vertex_buffer_index");
  g.index_buffer = r.u32("index_buffer_index");
  r.skip(8, "quad_range");
  g.flags = r.u32("flags");
  r.skip(8, "vertex_range_and_count");
  g.index_begin = r.u32("index_begin");
  g.face_count = r.u32("face_count");
  r.skip(10, "zero_vb_begin_vertex_size");
  g.material_index = r.i16("material_index");
  skip_array(r, 28, "unused");
  return g;
}

void check_group(ByteReader& r, const MeshObject& mesh, const MeshVertexGroup& g, std::size_t offset) {
  if (g.vertex_buffer >= mesh.vertex_buffers.size())
    r.fail_at(offset, "vertex_buffer_index",
              "vertex buffer " + std::to_string(g.vertex_buffer) + " of " +
                  std::to_string(mesh.vertex_buffers.size()) + " does not exist");
  if (g.index_buffer >= mesh.index_buffers.size())
    r.fail_at(offset + 4, "index_buffer_index",
              "index buffer " + std::to_string(g.index_buffer) + " of " +
                  std::to_string(mesh.index_buffers.size()) + " does not exist");
  const auto& indices = mesh.index_buffers[g.index_buffer].indices;
  const std::uint64_t end = std::uint64_t{g.index_begin} + std::uint64_t{g.face_count} * 3;
  if (end > indices.size())
    r.fail_at(offset + 32, "face_count",
              std::to_string(g.face_count) + " triangles from index " + std::to_string(g.index_begin) +
                  " need " + std::to_string(end) + " indices; the index buffer has " +
                  std::to_string(indices.size()));
  const std::size_t vertex_count = mesh.vertex_buffers[g.vertex_buffer].vertices.size();
  for (std::uint64_t i = g.index_begin; i < end; ++i)
    if (indices[i] >= vertex_count)
      r.fail_at(offset + 28, "index_begin",
                "index " + std::to_string(indices[i]) + " at position " + std::to_string(i) +
                    " of index buffer " + std::to_string(g.index_buffer) + " is past the " +
                    std::to_string(vertex_count) + " vertices of vertex buffer " +
                    std::to_string(g.vertex_buffer));
  if (g.material_index < -1 ||
      (g.material_index >= 0 && static_cast<std::size_t>(g.material_index) >= mesh.material_names.size()))
    r.fail_at(offset + 46, "material_index",
              "material " + std::to_string(g.material_index) + " of " +
                  std::to_string(mesh.material_names.size()) + " does not exist");
}

}  // namespace

MeshObject read_mesh_object(std::span<const std::byte> body, std::string_view file_name, ByteOrder order) {
  ByteReader r(body, file_name, order);
  MeshObject mesh;
  skip_array(r, 12, "strip_vertices");
  skip_array(r, 16, "unused0");
  skip_array(r, 8, "texcoords");
  skip_array(r, 12, "normals");
  {
    const std::size_t strips = r.count(r.u32("strips"), 12, "strips");
    for (std::size_t i = 0; i < strips; ++i) {
      auto field = r.enter("strips", i);
      skip_array(r, 2, "vertex_indices");
      r.skip(8, "material_and_order");
    }
    const std::size_t unused = r.count(r.u32("unused4"), 4, "unused4");
    for (std::size_t i = 0; i < unused; ++i) {
      auto field = r.enter("unused4", i);
      skip_array(r, 8, "items");
    }
  }
  mesh.material_names.resize(r.count(r.u32("material_names"), 4, "material_names"));
  for (auto& name : mesh.material_names) name = r.u32("material_names");
  skip_array(r, 32, "collision_aabbs");
  skip_array(r, 8, "collision_faces");
  skip_array(r, 32, "unused8");

  mesh.vertex_buffers.resize(r.count(r.u32("vertex_buffers"), 12, "vertex_buffers"));
  for (std::size_t i = 0; i < mesh.vertex_buffers.size(); ++i) {
    auto field = r.enter("vertex_buffers", i);
    mesh.vertex_buffers[i] = read_vertex_buffer(r);
  }
  mesh.index_buffers.resize(r.count(r.u32("index_buffers"), 8, "index_buffers"));
  for (std::size_t i = 0; i < mesh.index_buffers.size(); ++i) {
    auto field = r.enter("index_buffers", i);
    mesh.index_buffers[i] = read_index_buffer(r);
  }
  skip_array(r, 60, "quads");
  mesh.vertex_groups.resize(r.count(r.u32("vertex_groups"), 52, "vertex_groups"));
  for (std::size_t i = 0; i < mesh.vertex_groups.size(); ++i) {
    auto field = r.enter("vertex_groups", i);
    const std::size_t offset = r.absolute_offset();
    mesh.vertex_groups[i] = read_vertex_group(r);
    check_group(r, mesh, mesh.vertex_groups[i], offset);
  }
  return mesh;
}

}  // namespace gamefmt::asobo
