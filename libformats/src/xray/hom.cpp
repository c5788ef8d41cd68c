#include "gamefmt/xray/hom.hpp"

#include <algorithm>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/record_layouts.hpp"

namespace gamefmt::xray {

namespace {

// The payload of chunk 0 (the version) or 1 (the polygons).
void write_hom_chunk(const Hom& hom, std::uint32_t id, ByteWriter& out) {
  if (id == 0) {
    out.u32(hom.version);
    return;
  }
  FieldWriter writer(out);
  record_list(writer, hom.polygons, "polygons");
}

}  // namespace

Hom read_hom(std::span<const std::byte> data, std::string_view file_name) {
  Hom hom;
  ByteReader r(data, file_name, ByteOrder::little);
  r.collect_warnings(&hom.warnings);
  const auto level_chunks = read_level_chunks(r, {0, 1}, hom.layout);
  const auto& known = level_chunks.known;
  if (const auto version = known.find(0); version != known.end())
    hom.version = read_level_u32_chunk(*version->second, file_name, "version");
  else  // CHOM::Load reads only the polygons
    r.warn("version", "the file has no chunk 0 (version); the engine does not read it");
  const Chunk& chunk = require_level_chunk(known, 1, r, "polygons");
  ByteReader p = chunk.reader(file_name);
  hom.polygons.resize(level_chunk_records(chunk, kHomPolygonSize, r, "polygons"));
  FieldReader reader(p);
  record_list(reader, hom.polygons, "polygons");
  if (!hom.warnings.empty())
    keep_stored_level_chunks(hom.layout, known,
                             [&](std::uint32_t id, ByteWriter& out) { write_hom_chunk(hom, id, out); });
  return hom;
}

std::vector<std::byte> write_hom(const Hom& hom, std::string_view file_name) {
  ByteWriter w(ByteOrder::little, 24 + kHomPolygonSize * hom.polygons.size(), file_name);
  // A file read without a version chunk is written without one.
  const auto& order = hom.layout.order;
  const bool version = order.empty() || std::find(order.begin(), order.end(), 0u) != order.end();
  write_level_chunks(w, hom.layout, {0, 1},
                     version ? std::vector<std::uint32_t>{0, 1} : std::vector<std::uint32_t>{1},
                     [&](std::uint32_t id, ByteWriter& out) { write_hom_chunk(hom, id, out); });
  return w.take();
}

}  // namespace gamefmt::xray
