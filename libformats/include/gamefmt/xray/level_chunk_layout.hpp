#pragma once
// Keeps a chunked level file's chunk order and the chunks a reader does not decode, so that files with the
// known chunks in an unusual order, duplicated or flagged chunks, or extra chunks are rewritten byte for byte.
// The first uncompressed chunk of each known id is decoded by the format's reader; every other chunk is kept
// raw. Used by level.hom, level.som, .err and level.details.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {

struct RawChunk {
  std::uint32_t raw_id = 0;  // with the compression flag, as stored
  std::vector<std::byte> payload;
};

struct LevelChunkLayout {
  // Raw ids in file order. Empty: the format's default order with no other chunks.
  std::vector<std::uint32_t> order;
  std::vector<RawChunk> others;  // the chunks not decoded, in file order
};

// Splits `chunks` into the known ones (first uncompressed chunk per id in `known_ids`, returned by id) and
// the layout that records everything else.
std::map<std::uint32_t, const Chunk*> split_level_chunks(const std::vector<Chunk>& chunks,
                                                         std::initializer_list<std::uint32_t> known_ids,
                                                         LevelChunkLayout& layout);

// The known chunk with this id; throws FormatError naming `field` when the file has none.
const Chunk& require_level_chunk(const std::map<std::uint32_t, const Chunk*>& known, std::uint32_t id,
                                 const ByteReader& file_reader, const char* field);
// A reader over a chunk whose payload is a whole number of `element_size` records; returns the record count.
// Throws FormatError naming `field` when the size is not a multiple.
std::size_t level_chunk_records(const Chunk& chunk, std::size_t element_size, const ByteReader& file_reader,
                                const char* field);

// A chunk that holds exactly one u32 (a version); throws FormatError naming `field` otherwise.
std::uint32_t read_level_u32_chunk(const Chunk& chunk, std::string_view file_name, const char* field);

// Content check for level.hom / level.som as the SDK writes them: chunk 0 = { u32 0 }, then chunk 1 whose
// records of `record_size` bytes run to the end of the file (decisive only when `head` is the whole file).
bool looks_like_level_record_file(std::span<const std::byte> head, std::size_t record_size);

// Writes the chunks in the layout's order (or `default_order` when it has none); `write_known(id, writer)`
// writes the payload of a known chunk.
void write_level_chunks(ByteWriter& writer, const LevelChunkLayout& layout,
                        std::initializer_list<std::uint32_t> known_ids, std::vector<std::uint32_t> default_order,
                        const std::function<void(std::uint32_t, ByteWriter&)>& write_known);

}  // namespace gamefmt::xray
