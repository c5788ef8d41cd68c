#include "gamefmt/xray/chunks.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::xray {
namespace {

std::string hex(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "%x", value);
  return text;
}

// How many whole chunks `data` starts with, up to kMostChunksInList: the headers alone, so that a list is
// sized once.
std::size_t whole_chunks(std::span<const std::byte> data) {
  std::size_t count = 0;
  for (std::size_t at = 0; count < kMostChunksInList && data.size() - at >= kChunkHeaderSize; ++count) {
    const std::uint32_t size = load_value<std::uint32_t>(data.data() + at + 4, ByteOrder::little);
    if (size > data.size() - at - kChunkHeaderSize) break;
    at += kChunkHeaderSize + size;
  }
  return count;
}

// Stops at the first bytes that are not a whole chunk, with a warning (`tolerate`) or an error.
std::vector<Chunk> split_chunks(ByteReader& reader, const char* field,
                                std::span<const std::byte> data_and_after, bool tolerate,
                                const std::function<bool(std::uint32_t)>& loader_reads = {}) {
  tolerate = tolerate && reader.warnings() != nullptr;  // a strict reader refuses what it would warn about
  const std::span<const std::byte> data = reader.data();
  const std::uint64_t base_offset = reader.absolute_offset() - reader.position();
  const std::size_t whole = whole_chunks(data.subspan(reader.position()));
  std::vector<Chunk> chunks(whole);
  // The whole chunks: known to fit, so their headers are read without a check each.
  std::size_t at = reader.position();
  for (Chunk& chunk : chunks) {
    const std::uint32_t raw_id = load_value<std::uint32_t>(data.data() + at, ByteOrder::little);
    const std::uint32_t size = load_value<std::uint32_t>(data.data() + at + 4, ByteOrder::little);
    at += kChunkHeaderSize;
    chunk.id = raw_id & ~kChunkCompressedFlag;
    chunk.compressed = (raw_id & kChunkCompressedFlag) != 0;
    chunk.payload_offset = base_offset + at;
    chunk.payload_and_after = data_and_after.subspan(at);
    chunk.payload = data.subspan(at, size);
    chunk.warnings = reader.warnings();
    at += size;
  }
  reader.seek(at, field);
  if (reader.at_end()) return chunks;
  // What follows them: more chunks than a list may hold, too few bytes for a header, or a chunk whose size
  // runs past the end.
  auto scope = reader.enter(field, whole);
  if (whole == kMostChunksInList)
    reader.fail("", "more than " + std::to_string(kMostChunksInList) +
                        " chunks in one list (real files hold thousands): not read, as its records would "
                        "take " +
                        std::to_string(sizeof(Chunk) / kChunkHeaderSize) +
                        " times the bytes of their headers");
  if (reader.remaining() < kChunkHeaderSize) {
    if (!tolerate) {  // the error of a short read, as before
      (void)reader.u32("id");
      (void)reader.u32("size");
    }
    reader.warn("", std::to_string(reader.remaining()) +
                        " bytes after the last chunk are too few for a chunk header; kept as trailing bytes");
    return chunks;
  }
  const std::size_t start = reader.position();
  const std::uint32_t raw_id = reader.u32("id");
  const std::uint32_t size = reader.u32("size");
  if (!tolerate || (loader_reads && loader_reads(raw_id & ~kChunkCompressedFlag)))
    reader.fail("size", "chunk 0x" + hex(raw_id) + " claims " + std::to_string(size) + " bytes, " +
                            std::to_string(reader.remaining()) + " left");
  reader.warn("size", "chunk 0x" + hex(raw_id) + " claims " + std::to_string(size) + " bytes, " +
                          std::to_string(reader.remaining()) + " left; the " +
                          std::to_string(reader.remaining() + kChunkHeaderSize) +
                          " bytes from its header on are kept as trailing bytes");
  reader.seek(start, "id");
  return chunks;
}

}  // namespace

std::size_t Chunk::read_past_size(const ByteReader& through_file, const char* field) const {
  if (through_file.position() <= payload.size()) return 0;
  const std::size_t past = through_file.position() - payload.size();
  through_file.warn_at(payload_offset - 4, field,
                       "the chunk's size says " + std::to_string(payload.size()) +
                           " bytes, its records take " + std::to_string(through_file.position()) +
                           "; read on " + std::to_string(past) + " bytes past it, as the game does");
  return past;
}

void Chunk::end_of_records(const ByteReader& through_file, const char* field) const {
  if (through_file.position() < payload.size())
    through_file.warn(field, std::to_string(payload.size() - through_file.position()) +
                                 " bytes at the end of the chunk are not read; the chunk is kept as stored");
  else
    read_past_size(through_file, field);
}

std::vector<Chunk> read_chunks(ByteReader& reader, const char* field,
                               const std::function<bool(std::uint32_t)>& loader_reads) {
  return split_chunks(reader, field, reader.data(), true, loader_reads);
}

std::vector<Chunk> read_sub_chunks(const Chunk& parent, std::string_view file, const char* field,
                                   std::span<const std::byte>* trailing) {
  ByteReader reader = parent.reader(file);
  // The bytes after the parent belong to the file too (the engine's readers run on into them).
  const auto after =
      parent.payload_and_after.size() >= parent.payload.size() && !parent.payload_and_after.empty()
          ? parent.payload_and_after
          : parent.payload;
  auto chunks = split_chunks(reader, field, after, trailing != nullptr);
  if (trailing != nullptr) *trailing = reader.data().subspan(reader.position());
  return chunks;
}

std::vector<std::string> describe_kept_chunks(const std::vector<ChunkSlot>& slots) {
  std::vector<std::string> lines;
  for (const auto& slot : slots) {
    if (!slot.kept || slot.absent) continue;
    std::string line = "0x" + hex(slot.raw_id) + ": " + std::to_string(slot.stored().size()) + " bytes";
    if (slot.stored_size) line += " (size field " + std::to_string(*slot.stored_size) + ")";
    lines.push_back(line + (slot.model_fingerprint ? ", decoded, kept as stored" : ", not decoded"));
  }
  return lines;
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
