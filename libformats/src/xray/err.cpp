#include "gamefmt/xray/err.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::size_t kPointSize = 12;

// A chunk { u32 n; records }: records past the chunk are an error, bytes after them are kept (with a
// warning).
std::size_t read_record_count(ByteReader& r, std::size_t record_size, const char* field) {
  const auto count_offset = r.absolute_offset();
  const std::uint32_t n = r.u32(field);
  const std::uint64_t needed = static_cast<std::uint64_t>(n) * record_size;
  if (needed > r.remaining())
    r.fail_at(count_offset, field,
              "count " + std::to_string(n) + " of " + std::to_string(record_size) + "-byte records needs " +
                  std::to_string(needed) + " bytes, its chunk has " + std::to_string(r.remaining()));
  if (needed < r.remaining())
    r.warn_at(count_offset, field,
              std::to_string(r.remaining() - needed) + " bytes after the " + std::to_string(n) +
                  " records are not read; the chunk is kept as stored");
  return n;
}

// The payload of the points, edges or faces chunk.
void write_err_chunk(const Err& err, std::uint32_t id, ByteWriter& out) {
  const auto ids = err_chunk_ids(err.layout);
  if (id == ids[0]) {
    out.u32(static_cast<std::uint32_t>(err.points.size()));
    for (const auto& p : err.points) out.write_array(p);
  } else if (id == ids[1]) {
    out.u32(static_cast<std::uint32_t>(err.edges.size()));
    for (const auto& e : err.edges)
      for (const auto& p : e) out.write_array(p);
  } else {
    out.u32(static_cast<std::uint32_t>(err.faces.size()));
    for (const auto& f : err.faces) {
      for (const auto& p : f.corners) out.write_array(p);
      if (err.layout == ErrLayout::level_editor) {
        out.u32(f.color);
        out.u16(f.draw);
        out.u16(f.flags);
      }
    }
  }
}

}  // namespace

std::array<std::uint32_t, 3> err_chunk_ids(ErrLayout layout) {
  return layout == ErrLayout::compiler ? std::array<std::uint32_t, 3>{0, 1, 2}
                                       : std::array<std::uint32_t, 3>{0xA, 0xB, 0xC};
}

std::size_t err_face_size(ErrLayout layout) {
  return layout == ErrLayout::compiler ? 36 : 44;
}

Err read_err(std::span<const std::byte> data, std::string_view file_name) {
  Err err;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&err.warnings);
  // Ids of both layouts are known: a truncated one is refused, other bytes after the last chunk are kept.
  const auto chunks =
      read_chunks(r, "chunks", [](std::uint32_t id) { return id <= 2 || (id >= 0xA && id <= 0xC); });
  const auto rest = r.bytes(r.remaining(), "trailing_bytes");
  err.layout = find_chunk(chunks, 0xA) || find_chunk(chunks, 0xB) || find_chunk(chunks, 0xC)
                   ? ErrLayout::level_editor
                   : ErrLayout::compiler;
  const auto ids = err_chunk_ids(err.layout);
  const auto known = split_level_chunks(chunks, {ids[0], ids[1], ids[2]}, err.chunks);
  err.chunks.trailing_bytes.assign(rest.begin(), rest.end());

  ByteReader points = require_level_chunk(known, ids[0], r, "points").reader(file_name);
  err.points.resize(read_record_count(points, kPointSize, "points"));
  for (std::size_t i = 0; i < err.points.size(); ++i) {
    auto field = points.enter("points", i);
    points.read_array(err.points[i], "");
  }

  ByteReader edges = require_level_chunk(known, ids[1], r, "edges").reader(file_name);
  err.edges.resize(read_record_count(edges, 2 * kPointSize, "edges"));
  for (std::size_t i = 0; i < err.edges.size(); ++i) {
    auto field = edges.enter("edges", i);
    for (auto& p : err.edges[i]) edges.read_array(p, "ends");
  }

  ByteReader faces = require_level_chunk(known, ids[2], r, "faces").reader(file_name);
  err.faces.resize(read_record_count(faces, err_face_size(err.layout), "faces"));
  for (std::size_t i = 0; i < err.faces.size(); ++i) {
    auto field = faces.enter("faces", i);
    auto& face = err.faces[i];
    for (auto& p : face.corners) faces.read_array(p, "corners");
    if (err.layout == ErrLayout::level_editor) {
      face.color = faces.u32("color");
      face.draw = faces.u16("draw");
      face.flags = faces.u16("flags");
    }
  }
  if (!err.warnings.empty())
    keep_stored_level_chunks(err.chunks, known,
                             [&](std::uint32_t id, ByteWriter& out) { write_err_chunk(err, id, out); });
  return err;
}

std::vector<std::byte> write_err(const Err& err, std::string_view file_name) {
  const auto ids = err_chunk_ids(err.layout);
  ByteWriter w(ByteOrder::little, 0, file_name);
  write_level_chunks(w, err.chunks, {ids[0], ids[1], ids[2]}, {ids[0], ids[1], ids[2]},
                     [&](std::uint32_t id, ByteWriter& out) { write_err_chunk(err, id, out); });
  return w.take();
}

}  // namespace gamefmt::xray
