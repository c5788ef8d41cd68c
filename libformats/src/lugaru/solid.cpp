#include "gamefmt/lugaru/solid.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::lugaru {

SolidTriangle SolidTriangle::from_corners(std::array<std::int16_t, 3> corners, std::array<float, 3> u,
                                          std::array<float, 3> v) {
  SolidTriangle t;
  t.index_shorts = {corners[0], corners[1], corners[1], corners[2], corners[2], 0};
  t.u = u;
  t.v = v;
  return t;
}

SolidModel read_solid(std::span<const std::byte> data, std::string_view file_name) {
  SolidModel model;
  ByteReader r(data, file_name, ByteOrder::big);
  r.collect_warnings(&model.warnings);
  const auto vertex_field_offset = r.absolute_offset();
  const std::int16_t vertex_count = r.i16("vertex_count");
  const std::int16_t triangle_count = r.i16("triangle_count");
  if (vertex_count < 0)
    r.fail_at(vertex_field_offset, "vertex_count", "count " + std::to_string(vertex_count) + " is negative");

  model.positions.resize(r.count(vertex_count, kSolidVertexSize, "positions"));
  for (std::size_t i = 0; i < model.positions.size(); ++i) {
    auto field = r.enter("positions", i);
    r.read_array(model.positions[i], "");
  }
  model.triangles.resize(r.count(triangle_count, kSolidTriangleSize, "triangles"));
  for (std::size_t i = 0; i < model.triangles.size(); ++i) {
    auto field = r.enter("triangles", i);
    auto& t = model.triangles[i];
    const auto index_offset = r.absolute_offset();
    r.read_array(t.index_shorts, "index_shorts");
    r.read_array(t.u, "gx");
    r.read_array(t.v, "gy");
    for (std::size_t k = 0; k < 3; ++k) {
      const auto corner = t.corner(k);
      if (corner < 0 || corner >= vertex_count) {
        static constexpr const char* kCornerNames[] = {"index_shorts[0]", "index_shorts[2]",
                                                       "index_shorts[4]"};
        r.fail_at(index_offset + 4 * k, kCornerNames[k],
                  "corner index " + std::to_string(corner) + " is outside the " +
                      std::to_string(vertex_count) + " vertices");
      }
    }
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last triangle are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    model.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return model;
}

std::vector<std::byte> write_solid(const SolidModel& model, std::string_view file_name) {
  auto refuse = [&](const std::string& field, const std::string& problem) {
    throw FormatError(std::string(file_name), std::nullopt, field, problem);
  };
  if (model.positions.size() > kSolidMaxCount)
    refuse("positions", std::to_string(model.positions.size()) + " vertices; a .solid holds at most 32767");
  if (model.triangles.size() > kSolidMaxCount)
    refuse("triangles", std::to_string(model.triangles.size()) + " triangles; a .solid holds at most 32767");
  for (std::size_t i = 0; i < model.triangles.size(); ++i)
    for (std::size_t k = 0; k < 3; ++k) {
      const auto corner = model.triangles[i].corner(k);
      if (corner < 0 || static_cast<std::size_t>(corner) >= model.positions.size())
        refuse("triangles[" + std::to_string(i) + "].index_shorts[" + std::to_string(2 * k) + "]",
               "corner index " + std::to_string(corner) + " is outside the " +
                   std::to_string(model.positions.size()) + " vertices");
    }

  ByteWriter w(ByteOrder::big, kSolidHeaderSize + kSolidVertexSize * model.positions.size() +
                                   kSolidTriangleSize * model.triangles.size());
  w.i16(static_cast<std::int16_t>(model.positions.size()));
  w.i16(static_cast<std::int16_t>(model.triangles.size()));
  for (const auto& p : model.positions) w.write_array(p);
  for (const auto& t : model.triangles) {
    w.write_array(t.index_shorts);
    w.write_array(t.u);
    w.write_array(t.v);
  }
  w.bytes(model.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::lugaru
