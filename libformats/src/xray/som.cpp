#include "gamefmt/xray/som.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

namespace {

// The payload of chunk 0 (the version) or 1 (the polygons).
void write_som_chunk(const Som& som, std::uint32_t id, ByteWriter& out) {
  if (id == 0) {
    out.u32(som.version);
    return;
  }
  for (const auto& polygon : som.polygons) {
    for (const auto& corner : polygon.corners) out.write_array(corner);
    out.u32(polygon.two_sided);
    out.f32(polygon.occlusion);
  }
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
  for (std::size_t i = 0; i < som.polygons.size(); ++i) {
    auto field = p.enter("polygons", i);
    for (auto& corner : som.polygons[i].corners) p.read_array(corner, "corners");
    som.polygons[i].two_sided = p.u32("two_sided");
    som.polygons[i].occlusion = p.f32("occlusion");
  }
  if (!som.warnings.empty())
    keep_stored_level_chunks(som.layout, known,
                             [&](std::uint32_t id, ByteWriter& out) { write_som_chunk(som, id, out); });
  return som;
}

std::vector<std::byte> write_som(const Som& som) {
  ByteWriter w(ByteOrder::little, 24 + kSomPolygonSize * som.polygons.size());
  write_level_chunks(w, som.layout, {0, 1}, {0, 1},
                     [&](std::uint32_t id, ByteWriter& out) { write_som_chunk(som, id, out); });
  return w.take();
}

}  // namespace gamefmt::xray
