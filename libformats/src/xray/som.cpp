#include "gamefmt/xray/som.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/record_layouts.hpp"

namespace gamefmt::xray {

namespace {

// The payload of chunk 0 (the version) or 1 (the polygons).
void write_som_chunk(const Som& som, std::uint32_t id, ByteWriter& out) {
  if (id == 0) {
    out.u32(som.version);
    return;
  }
  FieldWriter writer(out);
  record_list(writer, som.polygons, "polygons");
}

}  // namespace

Som read_som(std::span<const std::byte> data, std::string_view file_name) {
  Som som;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&som.warnings);
  const auto level_chunks = read_level_chunks(r, {0, 1}, som.layout);
  const auto& known = level_chunks.known;
  som.version = read_level_u32_chunk(require_level_chunk(known, 0, r, "version"), file_name, "version");
  const Chunk& chunk = require_level_chunk(known, 1, r, "polygons");
  ByteReader p = chunk.reader(file_name);
  som.polygons.resize(level_chunk_records(chunk, kSomPolygonSize, r, "polygons"));
  FieldReader reader(p);
  record_list(reader, som.polygons, "polygons");
  if (!som.warnings.empty())
    keep_stored_level_chunks(som.layout, known,
                             [&](std::uint32_t id, ByteWriter& out) { write_som_chunk(som, id, out); });
  return som;
}

std::vector<std::byte> write_som(const Som& som, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 24 + kSomPolygonSize * som.polygons.size(), file_name);
  write_level_chunks(w, som.layout, {0, 1}, {0, 1},
                     [&](std::uint32_t id, ByteWriter& out) { write_som_chunk(som, id, out); });
  return w.take();
}

}  // namespace gamefmt::xray
