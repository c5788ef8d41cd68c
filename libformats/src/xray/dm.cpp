#include "gamefmt/xray/dm.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

DetailModel read_dm_body(ByteReader& r) {
  DetailModel model;
  model.shader = r.string_zero_terminated("shader");
  model.texture = r.string_zero_terminated("texture");
  model.flags = r.u32("flags");
  model.min_scale = r.f32("min_scale");
  model.max_scale = r.f32("max_scale");
  const std::uint32_t vertex_count = r.u32("vertex_count");
  const auto index_count_offset = r.absolute_offset();
  const std::uint32_t index_count = r.u32("index_count");
  if (index_count % 3 != 0)
    r.fail_at(index_count_offset, "index_count",
              "index count " + std::to_string(index_count) + " is not a multiple of 3");
  model.vertices.resize(r.count(vertex_count, kDmVertexSize, "vertices"));
  for (std::size_t i = 0; i < model.vertices.size(); ++i) {
    auto field = r.enter("vertices", i);
    r.read_array(model.vertices[i].position, "position");
    model.vertices[i].u = r.f32("u");
    model.vertices[i].v = r.f32("v");
  }
  model.indices.resize(r.count(index_count, 2, "indices"));
  for (std::size_t i = 0; i < model.indices.size(); ++i) {
    auto field = r.enter("indices", i);
    const auto at = r.absolute_offset();
    model.indices[i] = r.u16("");
    if (model.indices[i] >= vertex_count)
      r.fail_at(at, "",
                "index " + std::to_string(model.indices[i]) + " is outside the " +
                    std::to_string(vertex_count) + " vertices");
  }
  return model;
}

void write_dm_body(const DetailModel& model, ByteWriter& w) {
  w.string_zero_terminated(model.shader);
  w.string_zero_terminated(model.texture);
  w.u32(model.flags);
  w.f32(model.min_scale);
  w.f32(model.max_scale);
  w.u32(static_cast<std::uint32_t>(model.vertices.size()));
  w.u32(static_cast<std::uint32_t>(model.indices.size()));
  for (const auto& v : model.vertices) {
    w.write_array(v.position);
    w.f32(v.u);
    w.f32(v.v);
  }
  w.write_array(model.indices);
  w.bytes(model.trailing_bytes);
}

void read_dm_trailing_bytes(ByteReader& r, DetailModel& model) {
  if (r.at_end()) return;
  r.warn("", std::to_string(r.remaining()) + " bytes after the last index are not read; they are kept");
  const auto rest = r.bytes(r.remaining(), "trailing_bytes");
  model.trailing_bytes.assign(rest.begin(), rest.end());
}

DetailModel read_dm(std::span<const std::byte> data, std::string_view file_name) {
  Warnings warnings;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&warnings);
  auto model = read_dm_body(r);
  read_dm_trailing_bytes(r, model);
  model.warnings = std::move(warnings);
  return model;
}

void check_dm(const DetailModel& model, const ByteWriter& writer) {
  if (model.indices.size() % 3 != 0)
    writer.fail("indices",
                std::to_string(model.indices.size()) + " indices is not a whole number of triangles");
  if (model.vertices.size() > 65536)
    writer.fail("vertices",
                std::to_string(model.vertices.size()) + " vertices; 16-bit indices reach at most 65536",
                ErrorKind::limit);
  for (const auto index : model.indices)
    if (index >= model.vertices.size())
      writer.fail("indices", "index " + std::to_string(index) + " is outside the " +
                                 std::to_string(model.vertices.size()) + " vertices");
}

std::vector<std::byte> write_dm(const DetailModel& model, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 64 + kDmVertexSize * model.vertices.size() + 2 * model.indices.size(),
               file_name);
  check_dm(model, w);
  write_dm_body(model, w);
  return w.take();
}

}  // namespace gamefmt::xray
