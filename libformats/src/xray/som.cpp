#include "gamefmt/xray/som.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

Som read_som(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  const auto chunks = read_chunks(r, "chunks");
  Som som;
  const auto known = split_level_chunks(chunks, {0, 1}, som.layout);
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
  return som;
}

std::vector<std::byte> write_som(const Som& som) {
  ByteWriter w(ByteOrder::little, 24 + kSomPolygonSize * som.polygons.size());
  write_level_chunks(w, som.layout, {0, 1}, {0, 1}, [&](std::uint32_t id, ByteWriter& out) {
    if (id == 0) {
      out.u32(som.version);
      return;
    }
    for (const auto& polygon : som.polygons) {
      for (const auto& corner : polygon.corners) out.write_array(corner);
      out.u32(polygon.two_sided);
      out.f32(polygon.occlusion);
    }
  });
  return w.take();
}

}  // namespace gamefmt::xray
