#include "gamefmt/xray/chunks.hpp"

#include <string>

namespace gamefmt::xray {

std::vector<Chunk> read_chunks(ByteReader& reader, const char* field) {
  std::vector<Chunk> chunks;
  for (std::size_t index = 0; !reader.at_end(); ++index) {
    auto scope = reader.enter(field, index);
    const std::uint32_t raw_id = reader.u32("id");
    const std::uint32_t size = reader.u32("size");
    if (size > reader.remaining())
      reader.fail("size", "chunk 0x" + [&] {
        char hex[16];
        std::snprintf(hex, sizeof hex, "%x", raw_id);
        return std::string(hex);
      }() + " claims " + std::to_string(size) + " bytes, " + std::to_string(reader.remaining()) + " left");
    Chunk chunk;
    chunk.id = raw_id & ~kChunkCompressedFlag;
    chunk.compressed = (raw_id & kChunkCompressedFlag) != 0;
    chunk.payload_offset = reader.absolute_offset();
    chunk.payload = reader.bytes(size, "payload");
    chunks.push_back(chunk);
  }
  return chunks;
}

std::vector<Chunk> read_sub_chunks(const Chunk& parent, std::string_view file, const char* field) {
  ByteReader reader = parent.reader(file);
  return read_chunks(reader, field);
}

const Chunk* find_chunk(const std::vector<Chunk>& chunks, std::uint32_t id) {
  for (const auto& chunk : chunks)
    if (chunk.id == id) return &chunk;
  return nullptr;
}

std::size_t ChunkWriter::begin(std::uint32_t raw_id) {
  const std::size_t position = writer_.size();
  writer_.u32(raw_id);
  writer_.u32(0);
  return position;
}

void ChunkWriter::end(std::size_t begin_position) {
  const std::size_t payload = writer_.size() - begin_position - kChunkHeaderSize;
  writer_.patch<std::uint32_t>(begin_position + 4, static_cast<std::uint32_t>(payload));
}

void ChunkWriter::write(std::uint32_t raw_id, std::span<const std::byte> payload) {
  writer_.u32(raw_id);
  writer_.u32(static_cast<std::uint32_t>(payload.size()));
  writer_.bytes(payload);
}

}  // namespace gamefmt::xray
