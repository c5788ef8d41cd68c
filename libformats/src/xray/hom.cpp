#include "gamefmt/xray/hom.hpp"

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

Hom read_hom(std::span<const std::byte> data, std::string_view file_name) {
  ByteReader r(data, file_name, ByteOrder::little);
  const auto chunks = read_chunks(r, "chunks");
  Hom hom;
  const auto known = split_level_chunks(chunks, {0, 1}, hom.layout);
  hom.version = read_level_u32_chunk(require_level_chunk(known, 0, r, "version"), file_name, "version");
  const Chunk& chunk = require_level_chunk(known, 1, r, "polygons");
  ByteReader p = chunk.reader(file_name);
  hom.polygons.resize(level_chunk_records(chunk, kHomPolygonSize, r, "polygons"));
  for (std::size_t i = 0; i < hom.polygons.size(); ++i) {
    auto field = p.enter("polygons", i);
    for (auto& corner : hom.polygons[i].corners) p.read_array(corner, "corners");
    hom.polygons[i].flags = p.u32("flags");
  }
  return hom;
}

std::vector<std::byte> write_hom(const Hom& hom) {
  ByteWriter w(ByteOrder::little, 24 + kHomPolygonSize * hom.polygons.size());
  write_level_chunks(w, hom.layout, {0, 1}, {0, 1}, [&](std::uint32_t id, ByteWriter& out) {
    if (id == 0) {
      out.u32(hom.version);
      return;
    }
    for (const auto& polygon : hom.polygons) {
      for (const auto& corner : polygon.corners) out.write_array(corner);
      out.u32(polygon.flags);
    }
  });
  return w.take();
}

}  // namespace gamefmt::xray
