#include <algorithm>
#include <catch2/catch.hpp>
#include <stdexcept>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/bones_file.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray_sdk_samples.hpp"

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

TEST_CASE("Level chunk lists: known chunks by id, the first of each, at most a reader's list", "[xray]") {
  ByteWriter w(ByteOrder::little);
  xray::ChunkWriter chunks(w);
  for (const std::uint32_t id : {9u, 2u, 5u, 2u, 7u | xray::kChunkCompressedFlag, 7u}) chunks.write(id, {});
  const auto bytes = w.take();
  ByteReader r(bytes, "t.bin", ByteOrder::little);
  const auto list = xray::read_chunks(r, "chunks");
  xray::LevelChunkLayout layout;
  const auto known = xray::split_level_chunks(list, {2, 7, 9}, layout);
  std::vector<std::uint32_t> ids;
  for (const auto& [id, chunk] : known) ids.push_back(id);
  CHECK(ids == std::vector<std::uint32_t>{2, 7, 9});  // in increasing order, as a map gives them
  CHECK(known.find(2)->second == &list[1]);           // the first chunk 2
  CHECK(known.find(7)->second == &list[5]);           // the first not flagged compressed
  CHECK(known.find(5) == known.end());
  CHECK(layout.order.size() == list.size());
  CHECK(layout.others.size() == 3);  // 5, the second 2, the compressed 7
  const xray::KnownChunks copy = known;
  CHECK(copy.find(9)->second == &list[0]);
  xray::KnownChunks full;
  for (std::uint32_t id = 0; id < xray::KnownChunks::kMostIds; ++id) full.add(id, nullptr);
  CHECK_THROWS_AS(full.add(99, nullptr), std::logic_error);
}

namespace {

// A .bones file of the sample object's bones with `extra` appended to the first bone's friction chunk.
std::vector<std::byte> bones_with_bytes_after_friction(std::span<const std::byte> extra) {
  xray::BonesFile file;
  file.bones = *test::sample_object().bones;
  for (auto& bone : file.bones) bone.friction = 0.5f;
  const auto plain = xray::write_bones_file(file);
  ByteReader r(plain, "t.bones", ByteOrder::little);
  const auto bones = xray::read_chunks(r, "bones");
  ByteWriter w(ByteOrder::little);
  xray::ChunkWriter chunks(w);
  for (const auto& bone : bones) {
    const auto at = chunks.begin(bone.raw_id());
    for (const auto& c : xray::read_sub_chunks(bone, "t.bones", "chunks")) {
      std::vector<std::byte> payload(c.payload.begin(), c.payload.end());
      if (bone.id == 0 && c.id == xray::kBoneChunkFriction)
        payload.insert(payload.end(), extra.begin(), extra.end());
      chunks.write(c.raw_id(), payload);
    }
    chunks.end(at);
  }
  return w.take();
}

}  // namespace

TEST_CASE(".bones: chunks read to their end are modelled; bytes after a chunk's fields keep it as stored",
          "[xray]") {
  const auto plain = bones_with_bytes_after_friction({});
  const auto read_plain = xray::read_bones_file(plain, "plain.bones");
  CHECK(read_plain.warnings.empty());
  for (const auto& bone : read_plain.bones)
    for (const auto& slot : bone.layout) CHECK_FALSE(slot.kept);  // nothing stored: the writer gives it back
  CHECK(xray::write_bones_file(read_plain) == plain);

  const std::byte extra[] = {std::byte{1}, std::byte{2}, std::byte{3}};
  const auto longer = bones_with_bytes_after_friction(extra);
  auto file = xray::read_bones_file(longer, "longer.bones");
  REQUIRE(file.warnings.size() == 1);
  CHECK_THAT(file.warnings.front(), Catch::Contains("3 bytes at the end of the chunk are not read"));
  const auto friction =
      std::find_if(file.bones[0].layout.begin(), file.bones[0].layout.end(),
                   [](const auto& slot) { return slot.raw_id == xray::kBoneChunkFriction; });
  REQUIRE(friction != file.bones[0].layout.end());
  CHECK(friction->kept);
  CHECK(friction->payload.size() == 4 + 3);
  CHECK(xray::write_bones_file(file) == longer);  // unchanged: as stored, bytes after the fields too
  file.bones[0].friction = 0.25f;                 // edited: the model's own four bytes
  const auto edited = xray::read_bones_file(xray::write_bones_file(file), "edited.bones");
  CHECK(edited.warnings.empty());
  CHECK(edited.bones[0].friction == 0.25f);
}
