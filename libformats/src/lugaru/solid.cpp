#include "gamefmt/lugaru/solid.hpp"

#include <optional>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/lugaru/solid_record.hpp"

namespace gamefmt::lugaru {

SolidTriangle SolidTriangle::from_corners(std::array<std::int16_t, 3> corners, std::array<float, 3> u,
                                          std::array<float, 3> v) {
  SolidTriangle t;
  t.index_shorts = {corners[0], corners[1], corners[1], corners[2], corners[2], 0};
  t.u = u;
  t.v = v;
  return t;
}

namespace {

// The first corner (0..2) of `triangle` that is not one of `vertex_count` vertices, if any.
std::optional<std::size_t> corner_outside(const SolidTriangle& triangle, std::size_t vertex_count) {
  for (std::size_t k = 0; k < 3; ++k) {
    const auto corner = triangle.corner(k);
    if (corner < 0 || static_cast<std::size_t>(corner) >= vertex_count) return k;
  }
  return std::nullopt;
}

constexpr const char* kCornerFields[] = {"index_shorts[0]", "index_shorts[2]", "index_shorts[4]"};

std::string corner_problem(const SolidTriangle& triangle, std::size_t k, std::size_t vertex_count) {
  return "corner index " + std::to_string(triangle.corner(k)) + " is outside the " +
         std::to_string(vertex_count) + " vertices";
}

}  // namespace

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
  FieldReader in(r);
  for (std::size_t i = 0; i < model.triangles.size(); ++i) {
    auto field = r.enter("triangles", i);
    auto& triangle = model.triangles[i];
    const auto index_offset = r.absolute_offset();
    fields(in, triangle);
    if (const auto k = corner_outside(triangle, model.positions.size()))
      r.fail_at(index_offset + 4 * *k, kCornerFields[*k],
                corner_problem(triangle, *k, model.positions.size()));
  }
  if (!r.at_end()) {  // the game reads no further
    r.warn("", std::to_string(r.remaining()) + " bytes after the last triangle are not read; they are kept");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    model.trailing_bytes.assign(rest.begin(), rest.end());
  }
  return model;
}

std::vector<std::byte> write_solid(const SolidModel& model, std::string_view file_name) {
  ByteWriter w(ByteOrder::big,
               kSolidHeaderSize + kSolidVertexSize * model.positions.size() +
                   kSolidTriangleSize * model.triangles.size(),
               file_name);
  if (model.positions.size() > kSolidMaxCount)
    w.fail("positions", std::to_string(model.positions.size()) + " vertices; a .solid holds at most 32767",
           ErrorKind::limit);
  if (model.triangles.size() > kSolidMaxCount)
    w.fail("triangles", std::to_string(model.triangles.size()) + " triangles; a .solid holds at most 32767",
           ErrorKind::limit);
  w.i16(static_cast<std::int16_t>(model.positions.size()));
  w.i16(static_cast<std::int16_t>(model.triangles.size()));
  for (std::size_t i = 0; i < model.triangles.size(); ++i)
    if (const auto k = corner_outside(model.triangles[i], model.positions.size())) {
      auto field = w.enter("triangles", i);
      w.fail(kCornerFields[*k], corner_problem(model.triangles[i], *k, model.positions.size()));
    }
  for (const auto& p : model.positions) w.write_array(p);
  FieldWriter out(w);  // the fields of a triangle cannot fail: no path is kept while writing them
  for (const auto& triangle : model.triangles) fields(out, triangle);
  w.bytes(model.trailing_bytes);
  return w.take();
}

}  // namespace gamefmt::lugaru
