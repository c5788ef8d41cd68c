#include "shinobi/mesh_record.hpp"

#include <cstdio>
#include <set>

#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/scene/extras.hpp"
#include "shinobi/scene_extras.hpp"

namespace gamefmt::shinobi {
namespace {

namespace keys = scene_extras;

// The fingerprint of the bytes of several arrays in turn (FNV-1a continued over each).
class Fingerprint {
 public:
  void add(std::span<const std::byte> bytes) {
    for (const std::byte b : bytes) hash_ = (hash_ ^ static_cast<std::uint64_t>(b)) * 0x100000001b3ull;
  }
  std::uint64_t value() const { return hash_; }

 private:
  std::uint64_t hash_ = fingerprint({});
};

std::string hex(std::uint64_t value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

std::optional<std::uint64_t> from_hex(const nlohmann::json& value) {
  if (!value.is_string() || value.get<std::string>().size() != 16) return std::nullopt;
  std::uint64_t out = 0;
  for (char c : value.get<std::string>()) {
    const int digit = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (digit < 0) return std::nullopt;
    out = out << 4 | static_cast<std::uint64_t>(digit);
  }
  return out;
}

nlohmann::json runs_of(const std::vector<std::int32_t>& vertices) {
  auto runs = nlohmann::json::array();
  for (std::size_t i = 0; i < vertices.size();) {
    std::size_t n = 1;
    while (i + n < vertices.size() && vertices[i + n] == vertices[i] + static_cast<std::int32_t>(n)) ++n;
    runs.push_back(vertices[i]);
    runs.push_back(n);
    i += n;
  }
  return runs;
}

std::optional<std::vector<std::int32_t>> vertices_of(const nlohmann::json& runs, std::int32_t vertex_count) {
  if (!runs.is_array() || runs.size() % 2 != 0) return std::nullopt;
  std::vector<std::int32_t> out;
  for (std::size_t r = 0; r < runs.size(); r += 2) {
    const auto first = scene::extras_detail::convert<std::int32_t>(runs[r]);
    const auto count = scene::extras_detail::convert<std::int32_t>(runs[r + 1]);
    if (!first || !count || *first < 0 || *count <= 0 || std::int64_t(*first) + *count > vertex_count ||
        out.size() + std::size_t(*count) > std::size_t(vertex_count))
      return std::nullopt;
    for (std::int32_t v = 0; v < *count; ++v) out.push_back(*first + v);
  }
  return out;
}

bool layout_is_readable(const ArrayLayout& layout) {
  if (layout.stride == 0) return true;
  const std::size_t size = vertex_component_size(layout.data_type);
  return size != 0 && layout.dim >= 0 && layout.stride > 0;
}

}  // namespace

bool scene_carries_exactly(std::size_t slot, const VertexArray& array) {
  const auto type = static_cast<VertexDataType>(array.data_type);
  if (slot == kPosition) return type == VertexDataType::float32 && array.dim == 3 && array.stride == 12;
  if (slot >= kTexCoord0 && slot < kTexCoord0 + kTexCoordSets)
    return type == VertexDataType::float32 && array.dim == 2 && array.stride == 8;
  if (slot == kColor) return type == VertexDataType::byte && array.dim == 4 && array.stride == 4;
  return false;
}

std::uint64_t positions_fingerprint(const MeshData& mesh) {
  Fingerprint out;
  out.add(mesh.arrays[kPosition].data);
  return out.value();
}

std::uint64_t tangent_basis_fingerprint(const MeshData& mesh) {
  Fingerprint out;
  out.add(mesh.arrays[kPosition].data);
  out.add(mesh.arrays[kTexCoord0].data);
  out.add(std::as_bytes(std::span(mesh.indices)));
  return out.value();
}

MeshRecord make_mesh_record(const MeshEntity& entity, std::vector<std::vector<std::int32_t>> segment_vertices,
                            std::vector<std::string> bones) {
  const MeshData& mesh = entity.mesh;
  MeshRecord record;
  record.vertex_count = mesh.vertex_count;
  for (std::size_t slot = 0; slot < kVertexArrayCount; ++slot) {
    const VertexArray& array = mesh.arrays[slot];
    record.layouts[slot] = {array.data_type, array.dim, array.stride};
    if (array.present() && !scene_carries_exactly(slot, array)) record.stored[slot] = array.data;
  }
  record.segment_vertices = std::move(segment_vertices);
  record.bounds = mesh.bounds;
  record.positions = positions_fingerprint(mesh);
  record.tangent_basis = tangent_basis_fingerprint(mesh);
  record.bones = std::move(bones);
  record.emissive_color = entity.emissive_color;
  record.header_version = mesh.header_version;
  return record;
}

nlohmann::json mesh_record_extras(const MeshRecord& record) {
  nlohmann::json out = nlohmann::json::object();
  out["vertices"] = record.vertex_count;
  auto layouts = nlohmann::json::array();
  for (const ArrayLayout& layout : record.layouts)
    layouts.push_back({layout.data_type, layout.dim, layout.stride});
  out["arrays"] = layouts;
  auto segments = nlohmann::json::array();
  for (const auto& vertices : record.segment_vertices) segments.push_back(runs_of(vertices));
  out["segment_vertices"] = segments;
  auto stored = nlohmann::json::object();
  for (const auto& [slot, bytes] : record.stored) stored[std::to_string(slot)] = bytes_to_text(bytes);
  out["stored"] = stored;
  const MeshBounds& b = record.bounds;
  out["bounds"] =
      keys::numbers_text(std::array<float, 10>{b.center[0], b.center[1], b.center[2], b.radius, b.min[0],
                                               b.min[1], b.min[2], b.max[0], b.max[1], b.max[2]});
  out["positions"] = hex(record.positions);
  out["tangent_basis"] = hex(record.tangent_basis);
  out["bones"] = record.bones;
  if (record.emissive_color != Vec3{0, 0, 0}) out["emissive"] = keys::numbers_text(record.emissive_color);
  if (record.header_version) out["mesh_header"] = *record.header_version;
  return out;
}

std::optional<MeshRecord> mesh_record_from_extras(const nlohmann::json& value, std::size_t scene_vertices) {
  if (!value.is_object()) return std::nullopt;
  MeshRecord record;
  const auto count = scene::get<std::int32_t>(value, "vertices");
  if (!count || *count < 0 || std::size_t(*count) > scene_vertices) return std::nullopt;
  record.vertex_count = *count;
  const auto layouts = scene::get<nlohmann::json>(value, "arrays");
  if (!layouts || !layouts->is_array() || layouts->size() != kVertexArrayCount) return std::nullopt;
  for (std::size_t slot = 0; slot < kVertexArrayCount; ++slot) {
    const auto layout = scene::extras_detail::convert<std::array<std::int32_t, 3>>((*layouts)[slot]);
    if (!layout) return std::nullopt;
    record.layouts[slot] = {(*layout)[0], (*layout)[1], (*layout)[2]};
    if (!layout_is_readable(record.layouts[slot])) return std::nullopt;
  }
  // glTF writers leave empty arrays and objects out.
  const auto segments =
      scene::get<nlohmann::json>(value, "segment_vertices").value_or(nlohmann::json::array());
  if (!segments.is_array()) return std::nullopt;
  std::size_t placed = 0;
  for (const auto& runs : segments) {
    auto vertices = vertices_of(runs, record.vertex_count);
    if (!vertices || (placed += vertices->size()) > scene_vertices) return std::nullopt;
    record.segment_vertices.push_back(std::move(*vertices));
  }
  const auto& stored = scene::object_or_empty(value, "stored");
  for (const auto& [key, text] : stored.items()) {
    std::size_t slot = kVertexArrayCount;
    for (std::size_t s = 0; s < kVertexArrayCount; ++s)
      if (key == std::to_string(s)) slot = s;
    if (slot == kVertexArrayCount || !text.is_string() || record.layouts[slot].stride <= 0)
      return std::nullopt;
    auto bytes = bytes_from_text(text.get<std::string>(),
                                 std::size_t(record.vertex_count) * std::size_t(record.layouts[slot].stride));
    if (!bytes) return std::nullopt;
    record.stored[slot] = std::move(*bytes);
  }
  std::array<float, 10> b{};
  const bool bounds = keys::numbers_from_text(scene::get_or<std::string>(value, "bounds", ""), b);
  const auto positions = from_hex(value.value("positions", nlohmann::json()));
  const auto tangent_basis = from_hex(value.value("tangent_basis", nlohmann::json()));
  const auto bones = scene::get<nlohmann::json>(value, "bones").value_or(nlohmann::json::array());
  if (!bounds || !positions || !tangent_basis || !bones.is_array()) return std::nullopt;
  record.bounds = {{b[0], b[1], b[2]}, b[3], {b[4], b[5], b[6]}, {b[7], b[8], b[9]}};
  record.positions = *positions;
  record.tangent_basis = *tangent_basis;
  for (const auto& name : bones) {
    if (!name.is_string()) return std::nullopt;
    record.bones.push_back(name.get<std::string>());
  }
  if (value.contains("emissive") &&
      !keys::numbers_from_text(scene::get_or<std::string>(value, "emissive", ""), record.emissive_color))
    return std::nullopt;
  record.header_version = scene::get<std::int32_t>(value, "mesh_header");
  return record;
}

}  // namespace gamefmt::shinobi
