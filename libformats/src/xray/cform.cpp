#include "gamefmt/xray/cform.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

std::uint32_t CformTriangle::pack(std::uint32_t material, bool suppress_shadows, bool suppress_wallmarks,
                                  std::uint32_t sector) {
  return (material & 0x3FFFu) | (suppress_shadows ? 1u << 14 : 0u) | (suppress_wallmarks ? 1u << 15 : 0u) |
         ((sector & 0xFFFFu) << 16);
}

void Cform::update_bounds() {
  bounds_min = bounds_max = {0, 0, 0};
  if (vertices.empty()) return;
  bounds_min = bounds_max = vertices.front();
  for (const auto& v : vertices)
    for (int i = 0; i < 3; ++i) {
      bounds_min[i] = std::min(bounds_min[i], v[i]);
      bounds_max[i] = std::max(bounds_max[i], v[i]);
    }
}

Cform read_cform(std::span<const std::byte> data, std::string_view file_name) {
  Cform cform;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&cform.warnings);
  const auto version_offset = r.absolute_offset();
  cform.version = r.u32("version");
  if (cform.version != kCformVersion)
    r.fail_at(version_offset, "version",
              "version " + std::to_string(cform.version) +
                  " is not supported (only 4, the CS/CoP/SoC level.cform)");
  const std::uint32_t vertex_count = r.u32("vertex_count");
  const std::uint32_t triangle_count = r.u32("triangle_count");
  r.read_array(cform.bounds_min, "bounds_min");
  r.read_array(cform.bounds_max, "bounds_max");
  // The counts are checked against the bytes left, so the records below cannot run short: the field path
  // of a record is entered only to name a corner that is out of range.
  cform.vertices.resize(r.count(vertex_count, kCformVertexSize, "vertices"));
  for (auto& vertex : cform.vertices) r.read_array(vertex, "vertices");
  cform.triangles.resize(r.count(triangle_count, kCformTriangleSize, "triangles"));
  for (std::size_t i = 0; i < cform.triangles.size(); ++i) {
    auto& t = cform.triangles[i];
    const auto corners_offset = r.absolute_offset();
    r.read_array(t.vertices, "vertices");
    t.packed = r.u32("packed");
    for (std::size_t k = 0; k < 3; ++k)
      if (t.vertices[k] >= vertex_count) {
        static constexpr const char* kNames[] = {"vertices[0]", "vertices[1]", "vertices[2]"};
        auto field = r.enter("triangles", i);
        r.fail_at(corners_offset + 4 * k, kNames[k],
                  "corner index " + std::to_string(t.vertices[k]) + " is outside the " +
                      std::to_string(vertex_count) + " vertices");
      }
  }
  if (!r.at_end()) {
    r.warn("", std::to_string(r.remaining()) + " bytes after the last triangle are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    cform.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return cform;
}

std::vector<std::byte> write_cform(const Cform& cform, std::string_view file_name) {
  for (std::size_t i = 0; i < cform.triangles.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k)
      if (cform.triangles[i].vertices[k] >= cform.vertices.size())
        throw FormatError(std::string(file_name), std::nullopt,
                          "triangles[" + std::to_string(i) + "].vertices[" + std::to_string(k) + "]",
                          "corner index " + std::to_string(cform.triangles[i].vertices[k]) +
                              " is outside the " + std::to_string(cform.vertices.size()) + " vertices");
  ByteWriter w(ByteOrder::little, kCformHeaderSize + kCformVertexSize * cform.vertices.size() +
                                      kCformTriangleSize * cform.triangles.size());
  w.u32(cform.version);
  w.u32(static_cast<std::uint32_t>(cform.vertices.size()));
  w.u32(static_cast<std::uint32_t>(cform.triangles.size()));
  w.write_array(cform.bounds_min);
  w.write_array(cform.bounds_max);
  for (const auto& v : cform.vertices) w.write_array(v);
  for (const auto& t : cform.triangles) {
    w.write_array(t.vertices);
    w.u32(t.packed);
  }
  w.bytes(cform.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::xray
