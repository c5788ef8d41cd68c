#include "gamefmt/xray/level_chunk_layout.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/record_fields.hpp"
#include "gamefmt/xray/chunks.hpp"

namespace gamefmt::xray {
namespace {
bool is_known(std::initializer_list<std::uint32_t> known_ids, std::uint32_t id) {
  return std::find(known_ids.begin(), known_ids.end(), id) != known_ids.end();
}
}  // namespace

KnownChunks split_level_chunks(const std::vector<Chunk>& chunks,
                               std::initializer_list<std::uint32_t> known_ids, LevelChunkLayout& layout) {
  KnownChunks known;
  layout = {};
  layout.order.reserve(chunks.size());
  for (const auto& chunk : chunks) {
    layout.order.push_back(chunk.raw_id());
    if (!chunk.compressed && is_known(known_ids, chunk.id) && !known.contains(chunk.id)) {
      known.add(chunk.id, &chunk);
    } else {
      layout.others.push_back({chunk.raw_id(), {chunk.payload.begin(), chunk.payload.end()}});
    }
  }
  return known;
}

LevelChunks read_level_chunks(ByteReader& file, std::initializer_list<std::uint32_t> known_ids,
                              LevelChunkLayout& layout) {
  LevelChunks out;
  out.chunks =
      read_chunks(file, "chunks", [&known_ids](std::uint32_t id) { return is_known(known_ids, id); });
  out.known = split_level_chunks(out.chunks, known_ids, layout);
  const auto rest = file.bytes(file.remaining(), "trailing_bytes");
  layout.trailing_bytes.assign(rest.begin(), rest.end());
  return out;
}

void keep_stored_level_chunks(LevelChunkLayout& layout, const KnownChunks& known,
                              const std::function<void(std::uint32_t, ByteWriter&)>& write_known) {
  for (const auto& [id, chunk] : known) {
    ByteWriter encoded(ByteOrder::little);
    write_known(id, encoded);
    if (std::equal(encoded.buffer().begin(), encoded.buffer().end(), chunk->payload.begin(),
                   chunk->payload.end()))
      continue;
    layout.stored.push_back(
        {id, {chunk->payload.begin(), chunk->payload.end()}, fingerprint(encoded.buffer())});
  }
}

std::vector<std::string> describe_kept_chunks(const LevelChunkLayout& layout) {
  std::vector<ChunkSlot> slots;
  for (const auto& other : layout.others) slots.push_back({other.raw_id, true, other.payload, {}, {}});
  for (const auto& stored : layout.stored)
    slots.push_back({stored.id, true, stored.payload, {}, stored.model_fingerprint});
  return describe_kept_chunks(slots);
}

const Chunk& require_level_chunk(const KnownChunks& known, std::uint32_t id, const ByteReader& file_reader,
                                 const char* field) {
  const auto found = known.find(id);
  if (found == known.end())
    file_reader.fail(field, "the file has no chunk " + std::to_string(id) + " (" + field + ")");
  return *found->second;
}

std::size_t level_chunk_records(const Chunk& chunk, std::size_t element_size, const ByteReader& file_reader,
                                const char* field) {
  if (chunk.payload.size() % element_size != 0)
    file_reader.warn_at(chunk.payload_offset - 4, field,
                        "chunk " + std::to_string(chunk.id) + " holds " +
                            std::to_string(chunk.payload.size()) + " bytes, not a multiple of the " +
                            std::to_string(element_size) +
                            "-byte record; the whole records are read and the chunk is kept as stored");
  return chunk.payload.size() / element_size;
}

std::uint32_t read_level_u32_chunk(const Chunk& chunk, std::string_view file_name, const char* field) {
  ByteReader r = chunk.reader(file_name);
  const std::uint32_t value = r.u32(field);
  if (!r.at_end())
    r.warn(field, "chunk " + std::to_string(chunk.id) + " holds " + std::to_string(chunk.payload.size()) +
                      " bytes, not 4; the first 4 are read and the chunk is kept as stored");
  return value;
}

bool looks_like_level_record_file(std::span<const std::byte> head, std::size_t record_size) {
  if (head.size() < 24) return false;
  auto u32_at = [&](std::size_t at) {
    return load_value<std::uint32_t>(head.data() + at, ByteOrder::little);
  };
  if (u32_at(0) != 0 || u32_at(4) != 4 || u32_at(8) != 0 || u32_at(12) != 1) return false;
  const std::uint64_t size = u32_at(16);
  return size % record_size == 0 &&
         (size + 20 == head.size() || (head.size() == 65536 && size + 20 > head.size()));
}

void write_level_chunks(ByteWriter& writer, const LevelChunkLayout& layout,
                        std::initializer_list<std::uint32_t> known_ids,
                        std::vector<std::uint32_t> default_order,
                        const std::function<void(std::uint32_t, ByteWriter&)>& write_known) {
  ChunkWriter chunks(writer);
  const auto& order = layout.order.empty() ? default_order : layout.order;
  std::set<std::uint32_t> written;
  std::size_t next_other = 0;
  const auto write_one = [&](std::uint32_t id) {
    const auto stored = std::find_if(layout.stored.begin(), layout.stored.end(),
                                     [&](const StoredLevelChunk& chunk) { return chunk.id == id; });
    if (stored == layout.stored.end()) {
      const auto at = chunks.begin(id);
      write_known(id, writer);
      chunks.end(at);
      return;
    }
    ByteWriter encoded(ByteOrder::little);
    write_known(id, encoded);
    chunks.write(id, fingerprint(encoded.buffer()) == stored->model_fingerprint
                         ? std::span<const std::byte>(stored->payload)
                         : std::span<const std::byte>(encoded.buffer()));
  };
  for (const std::uint32_t raw_id : order) {
    if (is_known(known_ids, raw_id) && !written.contains(raw_id)) {
      written.insert(raw_id);
      write_one(raw_id);
    } else if (next_other < layout.others.size()) {
      const auto& other = layout.others[next_other++];
      chunks.write(other.raw_id, other.payload);
    }
  }
  // Known chunks an edited layout no longer lists, then raw chunks it forgot, so nothing is dropped.
  for (const std::uint32_t id : known_ids)
    if (!written.contains(id) &&
        std::find(default_order.begin(), default_order.end(), id) != default_order.end())
      write_one(id);
  for (; next_other < layout.others.size(); ++next_other)
    chunks.write(layout.others[next_other].raw_id, layout.others[next_other].payload);
  writer.bytes(layout.trailing_bytes);
}

}  // namespace gamefmt::xray
