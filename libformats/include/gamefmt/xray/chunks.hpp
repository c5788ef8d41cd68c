#pragma once
// The X-Ray chunk container: a sequence of { u32 id, u32 size, size bytes }, little-endian. Bit 31 of the id
// marks an LZHUF-compressed payload (decompress it with the LZHUF codec; this layer only carries the flag).
// Payloads may themselves be chunk lists (nesting). Order is kept so files can be rewritten byte for byte.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kChunkCompressedFlag = 1u << 31;
inline constexpr std::size_t kChunkHeaderSize = 8;

struct Chunk {
  std::uint32_t id = 0;  // without the compression flag
  bool compressed = false;
  std::span<const std::byte> payload;  // as stored (still compressed when flagged)
  std::uint64_t payload_offset = 0;    // absolute offset of payload[0] in the file

  std::uint32_t raw_id() const { return compressed ? (id | kChunkCompressedFlag) : id; }
  // A little-endian reader over the stored payload that reports absolute offsets.
  ByteReader reader(std::string_view file) const { return ByteReader(payload, file, ByteOrder::little, payload_offset); }
};

// Splits everything the reader has left into chunks. A chunk whose size runs past the end is an error.
std::vector<Chunk> read_chunks(ByteReader& reader, const char* field);
// Splits a chunk's payload into its sub-chunks.
std::vector<Chunk> read_sub_chunks(const Chunk& parent, std::string_view file, const char* field);
// The first chunk with this id (the engine's find_chunk), or null.
const Chunk* find_chunk(const std::vector<Chunk>& chunks, std::uint32_t id);

// Writes a chunk header now and its size when the chunk is finished.
class ChunkWriter {
 public:
  explicit ChunkWriter(ByteWriter& writer) : writer_(writer) {}
  // Returns the position to hand to end().
  std::size_t begin(std::uint32_t raw_id);
  void end(std::size_t begin_position);
  void write(std::uint32_t raw_id, std::span<const std::byte> payload);

 private:
  ByteWriter& writer_;
};

}  // namespace gamefmt::xray
