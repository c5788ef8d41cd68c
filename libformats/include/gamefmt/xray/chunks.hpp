#pragma once
// The X-Ray chunk container: a sequence of { u32 id, u32 size, size bytes }, little-endian. Bit 31 of the id
// marks an LZHUF-compressed payload (decompress it with the LZHUF codec; this layer only carries the flag).
// Payloads may themselves be chunk lists (nesting). Order is kept so files can be rewritten byte for byte.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
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

// One chunk of a list whose order is kept for rewriting. A `kept` chunk is written back from `payload` as stored:
// chunks nobody models, duplicates of a modelled id (the engine reads only the first) and chunks whose modelled
// fields would not reproduce their bytes. Other slots are written from the modelled fields.
struct ChunkSlot {
  std::uint32_t raw_id = 0;
  bool kept = false;
  std::vector<std::byte> payload;
};

// Reads a chunk list into slots. `parse(chunk)` models the first chunk of each id it knows and returns true;
// `encode(id)` must then give the bytes the model writes, and a chunk whose bytes differ is kept as stored.
template <class Parse, class Encode>
std::vector<ChunkSlot> read_chunk_slots(const std::vector<Chunk>& chunks, Parse&& parse, Encode&& encode) {
  std::vector<ChunkSlot> slots;
  std::set<std::uint32_t> modelled;
  for (const auto& chunk : chunks) {
    ChunkSlot slot{chunk.raw_id(), true, {chunk.payload.begin(), chunk.payload.end()}};
    if (!chunk.compressed && modelled.count(chunk.id) == 0 && parse(chunk)) {
      modelled.insert(chunk.id);
      slot.kept = false;
    }
    slots.push_back(std::move(slot));
  }
  for (auto& slot : slots) {
    if (slot.kept) continue;
    const std::optional<std::vector<std::byte>> encoded = encode(slot.raw_id);
    if (!encoded || *encoded != slot.payload) slot.kept = true;
    else slot.payload.clear();
  }
  return slots;
}

// Writes slots in order, modelled ones through `encode(id)` (which returns nothing for an absent chunk). Empty
// slots = a list built from scratch: then every id of `default_order` that `encode` has, in that order.
template <class Encode>
void write_chunk_slots(ByteWriter& out, const std::vector<ChunkSlot>& slots, const std::vector<std::uint32_t>& default_order,
                       Encode&& encode) {
  ChunkWriter chunks(out);
  std::set<std::uint32_t> written;
  const auto write_modelled = [&](std::uint32_t id) {
    if (!written.insert(id).second) return;
    if (const std::optional<std::vector<std::byte>> payload = encode(id)) chunks.write(id, *payload);
  };
  for (const auto& slot : slots) {
    if (slot.kept) chunks.write(slot.raw_id, slot.payload);
    else write_modelled(slot.raw_id);
  }
  if (slots.empty())
    for (const std::uint32_t id : default_order) write_modelled(id);
}

}  // namespace gamefmt::xray
