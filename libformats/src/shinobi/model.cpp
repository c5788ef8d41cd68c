#include "gamefmt/shinobi/model.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "shinobi_io.hpp"

namespace gamefmt::shinobi {
namespace {

constexpr std::size_t kVertexArrayHeaderSize = 12;
constexpr std::size_t kSegmentMinSize = 16;  // empty material name + three ints
constexpr std::size_t kBoneSize = 4 + 48;
constexpr std::size_t kNodeMinSizeV2 = 4 + 48 + 8;  // empty name, matrix, parent, type
constexpr std::size_t kNodeMinSizeV4 = 4 + 60 + 8;  // empty name, five vectors, parent, type

MeshData read_mesh_data(ByteReader& r, std::int32_t version) {
  auto field = r.enter("mesh");
  MeshData mesh;
  const bool has_header =
      version == 2 || (r.remaining() >= 4 && std::memcmp(r.data().data() + r.position(), "MESH", 4) == 0);
  if (has_header) {
    read_magic(r, "MESH", "magic");
    const auto at = r.absolute_offset();
    mesh.header_version = r.i32("version");
    if (version == 2 && *mesh.header_version != 2)
      r.fail_at(at, "version",
                "mesh data version " + std::to_string(*mesh.header_version) + "; Grimrock models use 2");
  }
  const auto count_at = r.absolute_offset();
  mesh.vertex_count = r.i32("vertex_count");
  if (mesh.vertex_count < 0)
    r.fail_at(count_at, "vertex_count", "count " + std::to_string(mesh.vertex_count) + " is negative");
  for (std::size_t a = 0; a < kVertexArrayCount; ++a) {
    auto array_field = r.enter("arrays", a);
    auto& array = mesh.arrays[a];
    const auto type_at = r.absolute_offset();
    array.data_type = r.i32("data_type");
    if (vertex_component_size(array.data_type) == 0)
      r.fail_at(type_at, "data_type",
                "unknown vertex data type " + std::to_string(array.data_type) +
                    " (0 byte, 1 int16, 2 int32, 3 float)");
    const auto dim_at = r.absolute_offset();
    array.dim = r.i32("dim");
    if (array.dim < 0) r.fail_at(dim_at, "dim", "dimension " + std::to_string(array.dim) + " is negative");
    const auto stride_at = r.absolute_offset();
    array.stride = r.i32("stride");
    if (array.stride < 0)
      r.fail_at(stride_at, "stride", "stride " + std::to_string(array.stride) + " is negative");
    if (array.stride > 0) {
      const auto vertices = r.count(mesh.vertex_count, static_cast<std::size_t>(array.stride), "data");
      const auto bytes = r.bytes(vertices * static_cast<std::size_t>(array.stride), "data");
      array.data.assign(bytes.begin(), bytes.end());
    }
  }
  mesh.indices.resize(r.count(r.i32("index_count"), 4, "indices"));
  r.read_array(mesh.indices, "indices");
  mesh.segments.resize(r.count(r.i32("segment_count"), kSegmentMinSize, "segments"));
  for (std::size_t s = 0; s < mesh.segments.size(); ++s) {
    auto segment_field = r.enter("segments", s);
    auto& segment = mesh.segments[s];
    segment.material = read_string(r, "material");
    segment.primitive_type = r.i32("primitive_type");
    segment.first_index = r.i32("first_index");
    segment.triangle_count = r.i32("triangle_count");
  }
  auto bounds_field = r.enter("bounds");
  r.read_array(mesh.bounds.center, "center");
  mesh.bounds.radius = r.f32("radius");
  r.read_array(mesh.bounds.min, "min");
  r.read_array(mesh.bounds.max, "max");
  return mesh;
}

MeshEntity read_mesh_entity(ByteReader& r, std::int32_t version) {
  MeshEntity entity;
  entity.mesh = read_mesh_data(r, version);
  entity.bones.resize(r.count(r.i32("bone_count"), kBoneSize, "bones"));
  for (std::size_t b = 0; b < entity.bones.size(); ++b) {
    auto bone_field = r.enter("bones", b);
    entity.bones[b].node_index = r.i32("node_index");
    entity.bones[b].model_to_bone = read_mat4x3(r, "model_to_bone");
  }
  if (version == 2) r.read_array(entity.emissive_color, "emissive_color");
  entity.cast_shadow = r.u8(version == 2 ? "cast_shadow" : "unused");
  return entity;
}

LightEntity read_light_entity(ByteReader& r) {
  auto field = r.enter("light");
  LightEntity light;
  light.light_type = r.i32("light_type");
  r.read_array(light.color, "color");
  light.range = r.f32("range");
  light.spot_angle = r.f32("spot_angle");
  light.spot_sharpness = r.f32("spot_sharpness");
  light.cast_shadow = r.u8("cast_shadow");
  return light;
}

ModelNode read_node(ByteReader& r, std::int32_t version) {
  ModelNode node;
  node.name = read_string(r, "name");
  if (version == 2) {
    node.transform = read_mat4x3(r, "transform");
  } else {
    r.read_array(node.transform.position, "position");
    r.read_array(node.transform.x, "rot_x");
    r.read_array(node.transform.y, "rot_y");
    r.read_array(node.transform.z, "rot_z");
    r.read_array(node.scale, "scale");
  }
  node.parent = r.i32("parent");
  const auto type_at = r.absolute_offset();
  node.entity_type = r.i32("entity_type");
  if (node.entity_type == kEntityMesh) {
    node.mesh = read_mesh_entity(r, version);
  } else if (node.entity_type == kEntityLight && version == 2) {
    node.light = read_light_entity(r);
  } else if (node.entity_type != kEntityNone) {
    r.fail_at(type_at, "entity_type",
              "unknown entity type " + std::to_string(node.entity_type) +
                  (version == 2 ? " (-1 none, 0 mesh, 1 light)" : " (-1 none, 0 mesh)"));
  }
  return node;
}

void write_mesh_data(ByteWriter& w, const MeshData& mesh, const std::string& where, const Refuse& refuse) {
  if (mesh.header_version) {
    w.bytes(std::string_view("MESH"));
    w.i32(*mesh.header_version);
  }
  if (mesh.vertex_count < 0) refuse(where + ".vertex_count", "is negative");
  w.i32(mesh.vertex_count);
  for (std::size_t a = 0; a < kVertexArrayCount; ++a) {
    const auto& array = mesh.arrays[a];
    const std::size_t expected =
        array.stride > 0 ? std::size_t(mesh.vertex_count) * std::size_t(array.stride) : 0;
    if (array.stride < 0 || array.data.size() != expected)
      refuse(where + ".arrays[" + std::to_string(a) + "]", "holds " + std::to_string(array.data.size()) +
                                                               " bytes; vertex_count * stride is " +
                                                               std::to_string(expected));
    w.i32(array.data_type);
    w.i32(array.dim);
    w.i32(array.stride);
    w.bytes(array.data);
  }
  w.i32(checked_count(mesh.indices.size(), where + ".indices", refuse));
  w.write_array(mesh.indices);
  w.i32(checked_count(mesh.segments.size(), where + ".segments", refuse));
  for (const auto& segment : mesh.segments) {
    write_string(w, segment.material, where + ".segments.material", refuse);
    w.i32(segment.primitive_type);
    w.i32(segment.first_index);
    w.i32(segment.triangle_count);
  }
  w.write_array(mesh.bounds.center);
  w.f32(mesh.bounds.radius);
  w.write_array(mesh.bounds.min);
  w.write_array(mesh.bounds.max);
}

}  // namespace

std::size_t vertex_component_size(std::int32_t data_type) {
  switch (static_cast<VertexDataType>(data_type)) {
    case VertexDataType::byte:
      return 1;
    case VertexDataType::int16:
      return 2;
    case VertexDataType::int32:
      return 4;
    case VertexDataType::float32:
      return 4;
  }
  return 0;
}

bool has_component(const VertexArray& array, std::size_t c) {
  const std::size_t size = vertex_component_size(array.data_type);
  return size != 0 && array.stride > 0 && c < static_cast<std::size_t>(array.dim) &&
         (c + 1) * size <= static_cast<std::size_t>(array.stride);
}

float vertex_component(const VertexArray& array, std::size_t v, std::size_t c) {
  const std::size_t size = vertex_component_size(array.data_type);
  const std::byte* p = array.data.data() + v * static_cast<std::size_t>(array.stride) + c * size;
  switch (static_cast<VertexDataType>(array.data_type)) {
    case VertexDataType::byte:
      return static_cast<float>(load_value<std::uint8_t>(p, ByteOrder::little));
    case VertexDataType::int16:
      return static_cast<float>(load_value<std::int16_t>(p, ByteOrder::little));
    case VertexDataType::int32:
      return static_cast<float>(load_value<std::int32_t>(p, ByteOrder::little));
    case VertexDataType::float32:
      return load_value<float>(p, ByteOrder::little);
  }
  return 0;
}

Model read_model(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  Model model;
  read_magic(r, "MDL1", "magic");
  const auto version_at = r.absolute_offset();
  model.version = r.i32("version");
  if (model.version != 2 && model.version != 4)
    r.fail_at(
        version_at, "version",
        "MDL1 version " + std::to_string(model.version) + "; known are 2 (Grimrock) and 4 (Druidstone)");
  model.nodes.resize(
      r.count(r.i32("node_count"), model.version == 2 ? kNodeMinSizeV2 : kNodeMinSizeV4, "nodes"));
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    auto field = r.enter("nodes", n);
    model.nodes[n] = read_node(r, model.version);
  }
  const auto rest = r.bytes(r.remaining(), "trailing");
  model.trailing.assign(rest.begin(), rest.end());
  if (!rest.empty())  // the game reads the nodes and no further
    model.warnings.push_back(describe_problem(
        std::string(file_name), r.absolute_offset() - rest.size(), "",
        std::to_string(rest.size()) + " bytes after the last node are not read; they are kept"));
  return model;
}

std::vector<std::byte> write_model(const Model& model, std::string_view file_name) {
  const Refuse refuse(file_name);
  if (model.version != 2 && model.version != 4)
    refuse("version", "MDL1 version " + std::to_string(model.version) +
                          "; gamefmt writes 2 (Grimrock) and 4 (Druidstone)");
  std::size_t estimate = 16 + model.trailing.size();
  for (const auto& node : model.nodes) {
    if (!node.mesh) continue;
    const MeshData& mesh = node.mesh->mesh;
    for (const auto& array : mesh.arrays) estimate += array.data.size();
    estimate += sizeof(mesh.indices[0]) * mesh.indices.size();
  }
  ByteWriter w(ByteOrder::little, estimate + 1024);
  w.bytes(std::string_view("MDL1"));
  w.i32(model.version);
  w.i32(checked_count(model.nodes.size(), "nodes", refuse));
  for (std::size_t n = 0; n < model.nodes.size(); ++n) {
    const auto& node = model.nodes[n];
    const std::string where = "nodes[" + std::to_string(n) + "]";
    write_string(w, node.name, where + ".name", refuse);
    if (model.version == 2) {
      write_mat4x3(w, node.transform);
    } else {
      w.write_array(node.transform.position);
      w.write_array(node.transform.x);
      w.write_array(node.transform.y);
      w.write_array(node.transform.z);
      w.write_array(node.scale);
    }
    w.i32(node.parent);
    w.i32(node.entity_type);
    if (node.mesh.has_value() != (node.entity_type == kEntityMesh))
      refuse(where + ".mesh", "a mesh entity goes with entity type 0 and only with it");
    if (node.light.has_value() != (node.entity_type == kEntityLight && model.version == 2))
      refuse(where + ".light", "a light entity goes with entity type 1 in version 2 and only with it");
    if (node.entity_type != kEntityNone && node.entity_type != kEntityMesh && !node.light)
      refuse(where + ".entity_type", "unknown entity type " + std::to_string(node.entity_type));
    if (node.mesh) {
      write_mesh_data(w, node.mesh->mesh, where + ".mesh", refuse);
      w.i32(checked_count(node.mesh->bones.size(), where + ".bones", refuse));
      for (const auto& bone : node.mesh->bones) {
        w.i32(bone.node_index);
        write_mat4x3(w, bone.model_to_bone);
      }
      if (model.version == 2) w.write_array(node.mesh->emissive_color);
      w.u8(node.mesh->cast_shadow);
    }
    if (node.light) {
      w.i32(node.light->light_type);
      w.write_array(node.light->color);
      w.f32(node.light->range);
      w.f32(node.light->spot_angle);
      w.f32(node.light->spot_sharpness);
      w.u8(node.light->cast_shadow);
    }
  }
  w.bytes(model.trailing);
  return w.take();
}

Mat4x3 local_matrix(const ModelNode& node, std::int32_t version) {
  Mat4x3 m = node.transform;
  if (version == 4)
    for (int i = 0; i < 3; ++i) {
      m.x[i] *= node.scale[0];
      m.y[i] *= node.scale[1];
      m.z[i] *= node.scale[2];
    }
  return m;
}

MeshBounds compute_bounds(const MeshData& mesh) {
  MeshBounds bounds;
  const auto& positions = mesh.arrays[kPosition];
  if (mesh.vertex_count <= 0 || !has_component(positions, 2)) return bounds;
  bounds.min.fill(std::numeric_limits<float>::infinity());
  bounds.max.fill(-std::numeric_limits<float>::infinity());
  for (std::size_t v = 0; v < std::size_t(mesh.vertex_count); ++v)
    for (std::size_t c = 0; c < 3; ++c) {
      const float value = vertex_component(positions, v, c);
      bounds.min[c] = std::min(bounds.min[c], value);
      bounds.max[c] = std::max(bounds.max[c], value);
    }
  for (std::size_t c = 0; c < 3; ++c) bounds.center[c] = (bounds.min[c] + bounds.max[c]) * 0.5f;
  double radius_squared = 0;
  for (std::size_t v = 0; v < std::size_t(mesh.vertex_count); ++v) {
    double d2 = 0;
    for (std::size_t c = 0; c < 3; ++c) {
      const double d = double(vertex_component(positions, v, c)) - bounds.center[c];
      d2 += d * d;
    }
    radius_squared = std::max(radius_squared, d2);
  }
  bounds.radius = static_cast<float>(std::sqrt(radius_squared));
  return bounds;
}

}  // namespace gamefmt::shinobi
