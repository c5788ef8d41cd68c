#pragma once
// The X-Ray chunk container: a sequence of { u32 id, u32 size, size bytes }, little-endian. Bit 31 of the id
// marks an LZHUF-compressed payload (decompress it with the LZHUF codec; this layer only carries the flag).
// Payloads may themselves be chunk lists (nesting). Order is kept so files can be rewritten byte for byte.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kChunkCompressedFlag = 1u << 31;
inline constexpr std::size_t kChunkHeaderSize = 8;

// Chunks one list may hold: an 8-byte header makes a Chunk record of some 60 bytes, so a file of empty chunks
// (an all-zero file reads as one) would take seven times its size in records. The largest lists of real files
// (a level's visuals, an .omf's motions) hold thousands.
inline constexpr std::size_t kMostChunksInList = std::size_t{1} << 18;

struct Chunk {
  std::uint32_t id = 0;  // without the compression flag
  bool compressed = false;
  std::span<const std::byte> payload;  // as stored (still compressed when flagged)
  std::uint64_t payload_offset = 0;    // absolute offset of payload[0] in the file
  // The payload and every byte after it to the end of the data the list was read from (for a nested list, to
  // the end of its parent's): the engine reads some records by their count straight from the file, on past a
  // size field that is too short (reader_through_file).
  std::span<const std::byte> payload_and_after;
  Warnings* warnings = nullptr;  // where readers of this chunk record the problems they tolerate

  std::uint32_t raw_id() const { return compressed ? (id | kChunkCompressedFlag) : id; }
  // A little-endian reader over the stored payload that reports absolute offsets.
  ByteReader reader(std::string_view file) const {
    ByteReader r(payload, file, ByteOrder::little, payload_offset);
    r.collect_warnings(warnings);
    return r;
  }
  // The same from the payload on to the end of the file, for a record the engine reads by its count: see
  // read_past_size.
  ByteReader reader_through_file(std::string_view file) const {
    ByteReader r(payload_and_after.empty() ? payload : payload_and_after, file, ByteOrder::little,
                 payload_offset);
    r.collect_warnings(warnings);
    return r;
  }
  // After a record was read with reader_through_file: how many bytes it read past the chunk's size (0 when
  // none), with a warning naming `field`.
  std::size_t read_past_size(const ByteReader& through_file, const char* field) const;
  // The same, and bytes of the chunk the records left unread are tolerated with a warning too (the engine
  // reads the records and no more).
  void end_of_records(const ByteReader& through_file, const char* field) const;
};

// Splits everything the reader has left into chunks. The engine's chunk search (find_chunk) steps over a
// chunk whose size runs past the end and stops there; so does this, with a warning, and leaves the reader at
// the bytes that are not a whole chunk (fewer than 8, or such a chunk): the caller keeps them as the file's
// trailing bytes. A chunk with an id that `loader_reads` (the ids the format's loader looks up) is refused
// all the same: the engine would find it and read past the end of the file. A reader without a warning sink
// refuses them all.
std::vector<Chunk> read_chunks(ByteReader& reader, const char* field,
                               const std::function<bool(std::uint32_t)>& loader_reads = {});
// Splits a chunk's payload into its sub-chunks. With `trailing`, bytes at the end that are not a whole chunk
// are tolerated with a warning and returned there; without, they are an error.
std::vector<Chunk> read_sub_chunks(const Chunk& parent, std::string_view file, const char* field,
                                   std::span<const std::byte>* trailing = nullptr);
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

// What a model writes for a chunk, as a fingerprint (0: it writes no such chunk).
inline std::uint64_t encoding_fingerprint(const std::optional<std::vector<std::byte>>& encoded) {
  return encoded ? fingerprint(*encoded) : 0;
}

// For a modelled slot (not kept) that still holds its stored payload: keeps the payload, with the model's
// fingerprint, when the model does not write those bytes (or the size field differs); else drops the payload.
template <class Encode>
void keep_if_model_differs(ChunkSlot& slot, Encode&& encode) {
  if (slot.kept) return;
  const std::optional<std::vector<std::byte>> encoded = encode(slot.raw_id);
  const auto stored = slot.stored();
  if (encoded && std::equal(encoded->begin(), encoded->end(), stored.begin(), stored.end()) &&
      !slot.stored_size) {
    slot.payload.clear();
    slot.source.reset();
    slot.source_size = 0;
    return;
  }
  slot.kept = true;
  slot.model_fingerprint = encoding_fingerprint(encoded);
}

// What a parser made of a chunk for read_chunk_slots.
enum class ChunkParse {
  not_modelled,      // an id it does not know: the chunk is kept as stored
  to_its_end,        // its fields, to the chunk's last byte
  with_bytes_after,  // its fields, and bytes after them that it does not read
};

// Reads a chunk list into slots in one pass, without encoding what it read: `parse(chunk)` models the first
// chunk (not flagged compressed) of each id it knows. A chunk read to its end is what the writer makes of the
// fields read (the parser's contract: every field reads and writes its bytes as they are, a string up to its
// NUL), so it is a modelled slot with no bytes. A chunk with bytes after its fields is kept as stored, with
// the fingerprint of `encode_into(id, writer)`, which appends what the model writes and returns false when
// it writes no such chunk; once the model is edited, the model's own bytes go back.
template <class Parse, class EncodeInto>
std::vector<ChunkSlot> read_chunk_slots(const std::vector<Chunk>& chunks, Parse&& parse,
                                        EncodeInto&& encode_into) {
  std::vector<ChunkSlot> slots(chunks.size());
  std::vector<std::uint32_t> modelled;
  modelled.reserve(chunks.size());
  std::vector<std::size_t> with_bytes_after;  // encoded once every chunk is parsed
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const Chunk& chunk = chunks[i];
    ChunkSlot& slot = slots[i];
    slot.raw_id = chunk.raw_id();
    slot.kept = true;
    const ChunkParse parsed =
        !chunk.compressed && std::find(modelled.begin(), modelled.end(), chunk.id) == modelled.end()
            ? parse(chunk)
            : ChunkParse::not_modelled;
    if (parsed != ChunkParse::not_modelled) modelled.push_back(chunk.id);
    if (parsed == ChunkParse::to_its_end) {
      slot.kept = false;
      continue;
    }
    if (parsed == ChunkParse::with_bytes_after) with_bytes_after.push_back(i);
    slot.payload.assign(chunk.payload.begin(), chunk.payload.end());
  }
  for (const std::size_t i : with_bytes_after) {
    ByteWriter encoded(ByteOrder::little);
    slots[i].model_fingerprint = encode_into(slots[i].raw_id, encoded) ? fingerprint(encoded.buffer()) : 0;
  }
  return slots;
}

// A kept slot whose stored bytes are the chunk's payload, as a range of `source`, the copy of `file` (the
// bytes the chunks were split from) that the slots of a file share.
inline ChunkSlot stored_slot(const Chunk& chunk, std::span<const std::byte> file,
                             const std::shared_ptr<const std::vector<std::byte>>& source) {
  ChunkSlot slot;
  slot.raw_id = chunk.raw_id();
  slot.kept = true;
  slot.source = source;
  slot.source_offset = static_cast<std::size_t>(chunk.payload.data() - file.data());
  slot.source_size = chunk.payload.size();
  return slot;
}

// Reads a chunk list into slots in one pass, without encoding: the first chunk of each id (not flagged
// compressed) for which `fields(id)` gives a fingerprint of the model's fields is a modelled slot taken as
// stored (fields_fingerprint, see write_chunk_slots); the others are kept. Stored bytes as stored_slot.
template <class Fields>
std::vector<ChunkSlot> read_stored_slots(const std::vector<Chunk>& chunks, std::span<const std::byte> file,
                                         const std::shared_ptr<const std::vector<std::byte>>& source,
                                         Fields&& fields) {
  std::vector<ChunkSlot> slots;
  slots.reserve(chunks.size());
  std::vector<std::uint32_t> modelled;
  for (const auto& chunk : chunks) {
    ChunkSlot slot = stored_slot(chunk, file, source);
    if (!chunk.compressed && std::find(modelled.begin(), modelled.end(), chunk.id) == modelled.end())
      if (const std::optional<std::uint64_t> fingerprint = fields(chunk.id)) {
        modelled.push_back(chunk.id);
        slot.kept = false;
        slot.fields_fingerprint = fingerprint;
      }
    slots.push_back(std::move(slot));
  }
  return slots;
}

// A chunk list read into slots taken as stored, for a format whose parser decides what it models:
// `parse(chunk)` models the first chunk of each id it knows and returns true (as read_chunk_slots); once all
// are parsed, each modelled slot gets `fields(id)`, the fingerprint of the model's fields that chunk encodes
// (nothing: the model writes no such chunk, and the slot is kept). Stored bytes as stored_slot.
template <class Parse, class Fields>
std::vector<ChunkSlot> read_parsed_stored_slots(const std::vector<Chunk>& chunks,
                                                std::span<const std::byte> file,
                                                const std::shared_ptr<const std::vector<std::byte>>& source,
                                                Parse&& parse, Fields&& fields) {
  std::vector<ChunkSlot> slots;
  slots.reserve(chunks.size());
  std::vector<std::uint32_t> modelled;
  for (const auto& chunk : chunks) {
    ChunkSlot slot = stored_slot(chunk, file, source);
    if (!chunk.compressed && std::find(modelled.begin(), modelled.end(), chunk.id) == modelled.end() &&
        parse(chunk)) {
      modelled.push_back(chunk.id);
      slot.kept = false;
    }
    slots.push_back(std::move(slot));
  }
  for (auto& slot : slots) {
    if (slot.kept) continue;
    slot.fields_fingerprint = fields(slot.raw_id);
    if (!slot.fields_fingerprint) {
      slot.kept = true;
      slot.model_fingerprint = 0;
    }
  }
  return slots;
}

// Feeds what a writer makes of a layout, apart from the model's fields, to `f`: for the fingerprint of a
// chunk that holds chunk lists of their own (an OGF's children, an .object's meshes).
inline void fingerprint_layout(Fingerprinter& f, const std::vector<ChunkSlot>& slots) {
  f.value(slots.size());
  for (const auto& slot : slots) {
    f.value(slot.raw_id);
    f.value(static_cast<int>(slot.kept) | static_cast<int>(slot.absent) << 1);
    f.value(slot.stored_size.value_or(~std::uint32_t{0}));
    f.value(slot.fields_fingerprint.value_or(0));
    f.value(slot.model_fingerprint.value_or(0));
    if (slot.source) {  // immutable: where they are says which bytes they are
      f.value(reinterpret_cast<std::uintptr_t>(slot.source.get()));
      f.value(slot.source_offset);
      f.value(slot.source_size);
    } else {
      f.bytes(slot.payload.data(), slot.payload.size());
    }
  }
}

// Adds an absent slot for each id of `order` that the model writes but `slots` lack, so that what an edit
// adds to the model is written too.
template <class Encode>
void add_absent_slots(std::vector<ChunkSlot>& slots, const std::vector<std::uint32_t>& order,
                      Encode&& encode) {
  for (const std::uint32_t id : order) {
    if (std::any_of(slots.begin(), slots.end(), [&](const ChunkSlot& slot) { return slot.raw_id == id; }))
      continue;
    ChunkSlot slot;
    slot.raw_id = id;
    slot.kept = slot.absent = true;
    slot.model_fingerprint = encoding_fingerprint(encode(id));
    slots.push_back(std::move(slot));
  }
}

// One line per chunk kept as stored, for `gamefmt info`: "0x80637546: 0 bytes, not decoded" or "0x18: 52
// bytes, decoded, kept as stored".
std::vector<std::string> describe_kept_chunks(const std::vector<ChunkSlot>& slots);
// The same for a list whose modelled slots a reader took as stored (fields_fingerprint): each is encoded
// (`encode(id)`) and compared with its stored bytes; one the model does not reproduce is described as kept.
template <class Encode>
std::vector<std::string> describe_kept_chunks(std::vector<ChunkSlot> slots, Encode&& encode) {
  for (auto& slot : slots) {
    if (slot.kept || !slot.fields_fingerprint) continue;
    const std::optional<std::vector<std::byte>> encoded = encode(slot.raw_id);
    const auto stored = slot.stored();
    if (encoded && !slot.stored_size &&
        std::equal(encoded->begin(), encoded->end(), stored.begin(), stored.end()))
      continue;
    slot.kept = true;
    slot.model_fingerprint = encoding_fingerprint(encoded);
  }
  return describe_kept_chunks(slots);
}

// What a writer passes for a list without slots taken as stored.
struct NoFieldsFingerprint {
  std::optional<std::uint64_t> operator()(std::uint32_t) const { return std::nullopt; }
};

// Writes slots in order, modelled ones through `encode(id)` (which returns nothing for an absent chunk).
// Empty slots = a list built from scratch: then every id of `default_order` that `encode` has, in that order.
// A slot taken as stored (fields_fingerprint) goes back as stored while `fields(id)`, the fingerprint of the
// model's fields that chunk encodes, is still the one it was read with; else through `encode`.
template <class Encode, class Fields = NoFieldsFingerprint>
void write_chunk_slots(ByteWriter& out, const std::vector<ChunkSlot>& slots,
                       const std::vector<std::uint32_t>& default_order, Encode&& encode,
                       Fields&& fields = {}) {
  ChunkWriter chunks(out);
  std::set<std::uint32_t> written;
  const auto write_modelled = [&](std::uint32_t id) {
    if (!written.insert(id).second) return;
    if (const std::optional<std::vector<std::byte>> payload = encode(id)) chunks.write(id, *payload);
  };
  const auto write_stored = [&](const ChunkSlot& slot) {
    out.u32(slot.raw_id);
    const auto stored = slot.stored();
    out.u32(slot.stored_size.value_or(static_cast<std::uint32_t>(stored.size())));
    out.bytes(stored);
  };
  for (const auto& slot : slots) {
    if (!slot.kept && slot.fields_fingerprint) {
      if (!written.insert(slot.raw_id).second) continue;
      if (fields(slot.raw_id) == slot.fields_fingerprint) {
        write_stored(slot);
      } else if (const std::optional<std::vector<std::byte>> payload = encode(slot.raw_id)) {
        chunks.write(slot.raw_id, *payload);
      }
    } else if (!slot.kept) {
      write_modelled(slot.raw_id);
    } else if (!slot.model_fingerprint) {
      write_stored(slot);
    } else if (written.insert(slot.raw_id).second) {
      const std::optional<std::vector<std::byte>> payload = encode(slot.raw_id);
      if (encoding_fingerprint(payload) != *slot.model_fingerprint) {
        if (payload) chunks.write(slot.raw_id, *payload);
      } else if (!slot.absent) {
        write_stored(slot);
      }
    }
  }
  if (slots.empty())
    for (const std::uint32_t id : default_order) write_modelled(id);
}

}  // namespace gamefmt::xray
