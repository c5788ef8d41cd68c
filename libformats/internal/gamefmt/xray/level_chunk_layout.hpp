#pragma once
// Keeps a chunked level file's chunk order and the chunks a reader does not decode, so that files with the
// known chunks in an unusual order, duplicated or flagged chunks, or extra chunks are rewritten byte for
// byte. The first uncompressed chunk of each known id is decoded by the format's reader; every other chunk is
// kept raw. Used by level.hom, level.som, .err and level.details.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {

// The known chunks of a list, by id in increasing order (a reader knows at most kMostIds ids): a fixed array,
// so that splitting a small file's chunks allocates nothing. Looks like a map: find, end, and [id, chunk]
// pairs when iterated.
class KnownChunks {
 public:
  static constexpr std::size_t kMostIds = 12;
  struct Entry {  // no initialisers: an array of them is left as it is until set
    std::uint32_t first;
    const Chunk* second;
  };

  KnownChunks() = default;
  // Copies only the entries that are set (the array is not cleared: zeroing it costs more than a small
  // file's whole split).
  KnownChunks(const KnownChunks& other) : count_(other.count_) {
    std::copy_n(other.entries_.begin(), count_, entries_.begin());
  }
  KnownChunks& operator=(const KnownChunks& other) {
    count_ = other.count_;
    std::copy_n(other.entries_.begin(), count_, entries_.begin());
    return *this;
  }

  const Entry* begin() const { return entries_.data(); }
  const Entry* end() const { return entries_.data() + count_; }
  const Entry* find(std::uint32_t id) const {
    const Entry* at = begin();
    while (at != end() && at->first != id) ++at;
    return at;
  }
  bool contains(std::uint32_t id) const { return find(id) != end(); }
  // Adds `chunk` under `id`, which must not be there yet; at most kMostIds ids (a reader's constant list).
  void add(std::uint32_t id, const Chunk* chunk) {
    if (count_ == kMostIds) throw std::logic_error("KnownChunks: more known ids than kMostIds");
    std::size_t at = count_++;
    for (; at > 0 && entries_[at - 1].first > id; --at) entries_[at] = entries_[at - 1];
    entries_[at] = {id, chunk};
  }

 private:
  std::array<Entry, kMostIds> entries_;  // the first count_ are set
  std::size_t count_ = 0;
};

// The chunks of a whole file, split as split_level_chunks does: bytes at the end that are not a whole chunk
// go to layout.trailing_bytes with a warning (a truncated chunk of a known id is an error: the engine would
// read past the end of the file). `file` needs a warning sink to tolerate them.
struct LevelChunks {
  std::vector<Chunk> chunks;
  KnownChunks known;  // into `chunks` (which a move keeps in place)
};
LevelChunks read_level_chunks(ByteReader& file, std::initializer_list<std::uint32_t> known_ids,
                              LevelChunkLayout& layout);

// After the known chunks were decoded: keeps each whose bytes `write_known` does not give back as stored.
void keep_stored_level_chunks(LevelChunkLayout& layout, const KnownChunks& known,
                              const std::function<void(std::uint32_t, ByteWriter&)>& write_known);

// Splits `chunks` into the known ones (first uncompressed chunk per id in `known_ids`, returned by id) and
// the layout that records everything else.
KnownChunks split_level_chunks(const std::vector<Chunk>& chunks,
                               std::initializer_list<std::uint32_t> known_ids, LevelChunkLayout& layout);

// The known chunk with this id; throws FormatError naming `field` when the file has none.
const Chunk& require_level_chunk(const KnownChunks& known, std::uint32_t id, const ByteReader& file_reader,
                                 const char* field);
// The count of whole `element_size` records in a chunk; bytes after them are tolerated with a warning (the
// engine reads records to the chunk's end), or refused by a reader without a warning sink.
std::size_t level_chunk_records(const Chunk& chunk, std::size_t element_size, const ByteReader& file_reader,
                                const char* field);

// A chunk that holds one u32 (a version); bytes after it are tolerated with a warning (see above).
std::uint32_t read_level_u32_chunk(const Chunk& chunk, std::string_view file_name, const char* field);

// Content check for level.hom / level.som as the SDK writes them: chunk 0 = { u32 0 }, then chunk 1 whose
// records of `record_size` bytes run to the end of the file (decisive only when `head` is the whole file).
bool looks_like_level_record_file(std::span<const std::byte> head, std::size_t record_size);

// One line per chunk kept as stored, for `gamefmt info` (as describe_kept_chunks of chunk slots).
std::vector<std::string> describe_kept_chunks(const LevelChunkLayout& layout);

// Writes the chunks in the layout's order (or `default_order` when it has none), then the trailing bytes;
// `write_known(id, writer)` writes the payload of a known chunk (or its stored bytes go back, see above).
void write_level_chunks(ByteWriter& writer, const LevelChunkLayout& layout,
                        std::initializer_list<std::uint32_t> known_ids,
                        std::vector<std::uint32_t> default_order,
                        const std::function<void(std::uint32_t, ByteWriter&)>& write_known);

}  // namespace gamefmt::xray
