#include <catch2/catch.hpp>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/chunks.hpp"

using namespace gamefmt;

TEST_CASE("X-Ray chunks: nesting, compression flag, first match, byte-identical rewrite", "[xray]") {
  ByteWriter w(ByteOrder::little);
  xray::ChunkWriter chunks(w);
  const auto outer = chunks.begin(3);
  const std::byte inner_payload[] = {std::byte{0xAA}, std::byte{0xBB}};
  chunks.write(7 | xray::kChunkCompressedFlag, inner_payload);
  chunks.end(outer);
  chunks.write(3, {});
  const auto bytes = w.take();
  REQUIRE(bytes.size() == 8 + 8 + 2 + 8);
  CHECK(bytes[4] == std::byte{10});  // outer size: header + 2 bytes

  ByteReader r(bytes, "t.ogf", ByteOrder::little);
  const auto list = xray::read_chunks(r, "chunks");
  REQUIRE(list.size() == 2);
  CHECK(list[1].payload.empty());
  const auto* first = xray::find_chunk(list, 3);
  REQUIRE(first == &list[0]);
  const auto inner = xray::read_sub_chunks(*first, "t.ogf", "children");
  REQUIRE(inner.size() == 1);
  CHECK(inner[0].id == 7);
  CHECK(inner[0].compressed);
  CHECK(inner[0].payload_offset == 16);

  ByteWriter again(ByteOrder::little);
  xray::ChunkWriter rewrite(again);
  for (const auto& c : list) rewrite.write(c.raw_id(), c.payload);
  CHECK(again.take() == bytes);
}

TEST_CASE("X-Ray chunks: a size past the end names the chunk and offset", "[xray]") {
  const std::byte data[] = {std::byte{1}, std::byte{0}, std::byte{0}, std::byte{0}, std::byte{9},
                            std::byte{0}, std::byte{0}, std::byte{0}, std::byte{0}};
  ByteReader r(data, "bad.ogf", ByteOrder::little);
  try {
    xray::read_chunks(r, "chunks");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "chunks[0].size");
    CHECK(*e.offset() == 8);
  }
}
