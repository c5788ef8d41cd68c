// Writing BigFile archives. Every derived header field (counts, sizes, offsets, paddings, pool tables) is
// computed here from the contents; what the struct holds is written as it is, and the stored bytes of a file
// that was read go back over the computed ones while the contents are unchanged.
#include <algorithm>
#include <limits>
#include <string>
#include <unordered_set>

#include "bigfile_layout.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {
namespace {

using layout::pad_to_sector;

struct BlockDescription {
  std::uint32_t resource_count = 0, padded_size = 0, data_size = 0, working_buffer_offset = 0,
                first_resource_name = 0;
  std::int32_t checksum = 0;
};

[[noreturn]] void fail(std::string_view file, const std::string& field, const std::string& problem) {
  throw FormatError(std::string(file), std::nullopt, field, problem);
}

std::uint32_t u32_size(std::size_t n, std::string_view file, const std::string& field) {
  if (n > std::numeric_limits<std::uint32_t>::max())
    fail(file, field, std::to_string(n) + " bytes do not fit a 32-bit size");
  return static_cast<std::uint32_t>(n);
}

void check_body(const StoredBody& body, std::string_view file, const std::string& field) {
  if (!body.compressed) {
    if (body.decompressed_size != body.bytes.size())
      fail(file, field,
           "a raw body of " + std::to_string(body.bytes.size()) + " bytes claims " +
               std::to_string(body.decompressed_size) + " decompressed bytes");
    return;
  }
  if (body.bytes.size() < kLzHeaderSize ||
      load_value<std::uint32_t>(body.bytes.data(), ByteOrder::little) != body.decompressed_size ||
      load_value<std::uint32_t>(body.bytes.data() + 4, ByteOrder::little) != body.bytes.size())
    fail(file, field, "the LZ blob's header does not match its size and decompressed size");
}

void write_fixed_text(ByteWriter& w, const std::string& text, std::size_t size, std::string_view file,
                      const char* field) {
  if (text.size() >= size || text.find('\0') != std::string::npos)
    fail(file, field,
         "text of " + std::to_string(text.size()) + " bytes does not fit " + std::to_string(size) +
             " bytes with its NUL");
  w.bytes(text);
  w.fill(size - text.size(), std::byte{0});
}

void write_record_header(ByteWriter& w, std::size_t link_size, const StoredBody& body,
                         std::uint32_t class_name, std::uint32_t name, std::string_view file,
                         const std::string& field) {
  w.u32(u32_size(link_size + body.bytes.size(), file, field));
  w.u32(static_cast<std::uint32_t>(link_size));
  w.u32(body.compressed ? body.decompressed_size : static_cast<std::uint32_t>(body.bytes.size()));
  w.u32(body.compressed ? static_cast<std::uint32_t>(body.bytes.size()) : 0);
  w.u32(class_name);
  w.u32(name);
}

}  // namespace

std::vector<std::byte> layout::write_computed(const BigFile& archive, std::string_view file_name) {
  if (archive.blocks.size() > kBigFileMaxBlocks)
    fail(file_name, "blocks", std::to_string(archive.blocks.size()) + " blocks, at most 64 fit the header");
  if (archive.version < kBigFileOldestVersion || archive.version > kBigFileNewestVersion)
    fail(file_name, "version", format_bigfile_version(archive.version) + " is not a supported version");
  if (!archive.pool && archive.no_pool_offset != 0 && archive.no_pool_offset != 0xFFFFFFFF)
    fail(file_name, "no_pool_offset", "must be 0 or 0xFFFFFFFF");

  std::unordered_set<std::uint32_t> pooled_names;
  if (archive.pool)
    for (const auto& e : archive.pool->entries) pooled_names.insert(e.name);

  ByteWriter w(archive.byte_order);
  w.fill(kBigFileHeaderSize, std::byte{0});  // the header goes in last, when every size is known

  std::vector<BlockDescription> descriptions;
  std::uint64_t block_padding = 0;
  for (std::size_t b = 0; b < archive.blocks.size(); ++b) {
    const auto& block = archive.blocks[b];
    const std::size_t start = w.size();
    for (std::size_t i = 0; i < block.resources.size(); ++i) {
      const auto& res = block.resources[i];
      const std::string field = "blocks[" + std::to_string(b) + "].resources[" + std::to_string(i) + "]";
      if (res.pooled) {
        if (!res.body.bytes.empty())
          fail(file_name, field, "a pooled resource keeps its body in the pool, not here");
        if (pooled_names.count(res.name) == 0)
          fail(file_name, field, "pooled, but the pool has no entry of its name");
        write_record_header(w, res.link_header.size(), StoredBody{}, res.class_name, res.name, file_name,
                            field);
        w.bytes(res.link_header);
        continue;
      }
      check_body(res.body, file_name, field);
      write_record_header(w, res.link_header.size(), res.body, res.class_name, res.name, file_name, field);
      w.bytes(res.link_header);
      w.bytes(res.body.bytes);
    }
    w.bytes(block.trailing_bytes);
    BlockDescription d;
    d.resource_count = static_cast<std::uint32_t>(block.resources.size());
    d.data_size = u32_size(w.size() - start, file_name, "blocks");
    w.align(kBigFileSectorSize, std::byte{0x00});
    d.padded_size = u32_size(w.size() - start, file_name, "blocks");
    d.working_buffer_offset = block.working_buffer_offset;
    d.first_resource_name = block.resources.empty() ? 0 : block.resources.front().name;
    d.checksum = block.checksum;
    block_padding += d.padded_size - d.data_size;
    descriptions.push_back(d);
  }

  std::uint32_t pool_manifest_sectors = 0, pool_offset = archive.no_pool_offset;
  std::uint64_t pool_padding = 0;
  if (archive.pool) {
    const auto& pool = *archive.pool;
    if (pool.resources.size() != pool.resource_indices.size())
      fail(file_name, "pool.resources",
           std::to_string(pool.resources.size()) + " body records for " +
               std::to_string(pool.resource_indices.size()) + " resource indices");
    for (std::size_t i = 0; i < pool.resource_indices.size(); ++i) {
      if (pool.resource_indices[i] >= pool.entries.size())
        fail(file_name, "pool.resource_indices[" + std::to_string(i) + "]", "past the entries");
      if (pool.resources[i].name != pool.entries[pool.resource_indices[i]].name)
        fail(file_name, "pool.resources[" + std::to_string(i) + "]", "name differs from its entry's");
      check_body(pool.resources[i].body, file_name, "pool.resources[" + std::to_string(i) + "]");
    }
    for (std::size_t i = 0; i < pool.reference_records.size(); ++i) {
      const auto& rec = pool.reference_records[i];
      if (std::uint64_t{rec.names_start_index} + rec.names_count > pool.resource_indices.size())
        fail(file_name, "pool.reference_records[" + std::to_string(i) + "]",
             "names past the resource indices");
    }
    const std::size_t pool_begin = w.size();
    const auto tables = layout::pool_tables(pool, pool_begin);
    pool_offset = static_cast<std::uint32_t>(pool_begin / kBigFileSectorSize);
    w.u32(0x80000);
    w.u32(0x800);
    w.u32(tables.names_count_sum);
    w.u32(static_cast<std::uint32_t>(pool.resource_indices.size()));
    w.write_array(pool.resource_indices);
    const auto entry_count = static_cast<std::uint32_t>(pool.entries.size());
    w.u32(entry_count);
    for (const auto& e : pool.entries) w.u32(e.name);
    w.u32(entry_count);
    w.write_array(tables.reference_counts);
    w.u32(entry_count);
    w.write_array(tables.padded_sectors);
    w.u32(entry_count);
    for (const auto& e : pool.entries) w.u32(e.reference_record_index);
    w.u32(static_cast<std::uint32_t>(pool.reference_records.size()));
    for (std::size_t i = 0; i <= pool.reference_records.size(); ++i) {
      const bool sentinel = i == pool.reference_records.size();
      w.u32(sentinel ? 0 : tables.start_chunks[i]);
      w.u32(sentinel ? 0 : tables.end_chunks[i]);
      w.u32(sentinel ? 0 : pool.reference_records[i].names_start_index);
      w.u16(0);
      w.u16(sentinel ? 0 : pool.reference_records[i].names_count);
      for (int k = 0; k < 3; ++k) w.u32(0xFFFFFFFF);
    }
    w.align(kBigFileSectorSize, std::byte{0xFF});
    pool_manifest_sectors = static_cast<std::uint32_t>((w.size() - pool_begin) / kBigFileSectorSize);
    for (std::size_t i = 0; i < pool.resources.size(); ++i) {
      const auto& res = pool.resources[i];
      write_record_header(w, 0, res.body, res.class_name, res.name, file_name,
                          "pool.resources[" + std::to_string(i) + "]");
      w.bytes(res.body.bytes);
      const auto before = w.size();
      w.align(kBigFileSectorSize, std::byte{0xFF});
      pool_padding += w.size() - before;
    }
  }
  const auto file_size = u32_size(w.size() + archive.trailing_bytes.size(), file_name, "file_size");

  ByteWriter h(archive.byte_order, kBigFileHeaderSize);
  write_fixed_text(h, format_bigfile_version(archive.version), kBigFileVersionSize, file_name, "version");
  h.u32(archive.bigfile_type);
  h.u32(static_cast<std::uint32_t>(descriptions.size()));
  h.u32(archive.working_buffer_capacity_even);
  h.u32(archive.working_buffer_capacity_odd);
  std::uint64_t padded_sum = 0;
  for (const auto& d : descriptions) padded_sum += d.padded_size;
  h.u32(static_cast<std::uint32_t>(padded_sum));
  h.write_array(archive.version_triple);
  for (std::size_t i = 0; i < kBigFileMaxBlocks; ++i) {
    const BlockDescription d = i < descriptions.size() ? descriptions[i] : BlockDescription{};
    h.u32(d.resource_count);
    h.u32(d.padded_size);
    h.u32(d.data_size);
    h.u32(d.working_buffer_offset);
    h.u32(d.first_resource_name);
    h.i32(d.checksum);
  }
  h.u32(pool_manifest_sectors);
  h.u32(pool_offset);
  h.write_array(archive.pool_manifest_unused);
  h.u32(archive.pool_decompression_buffer_sectors);
  h.u32(static_cast<std::uint32_t>(block_padding));
  h.u32(static_cast<std::uint32_t>(pool_padding));
  h.u32(file_size);
  write_fixed_text(h, archive.incredibuilder, kBigFileIncrediBuilderSize, file_name, "incredibuilder");
  h.write_array(archive.reserved);

  auto bytes = w.take();
  std::copy(h.buffer().begin(), h.buffer().end(), bytes.begin());
  return bytes;
}

std::vector<std::byte> write_bigfile(const BigFile& archive, std::string_view file_name) {
  auto bytes = layout::write_computed(archive, file_name);
  // The file's own bytes where they differ, while the contents still give the file they were compared with.
  if (!archive.stored_bytes.empty() && fingerprint(bytes) == archive.computed_fingerprint)
    for (const auto& stored : archive.stored_bytes)
      if (stored.offset + stored.bytes.size() <= bytes.size())
        std::copy(stored.bytes.begin(), stored.bytes.end(),
                  bytes.begin() + static_cast<std::ptrdiff_t>(stored.offset));
  bytes.insert(bytes.end(), archive.trailing_bytes.begin(), archive.trailing_bytes.end());
  return bytes;
}

void raise_buffer_sizes(BigFile& archive) {
  for (std::size_t b = 0; b < archive.blocks.size(); ++b) {
    auto& block = archive.blocks[b];
    // A compressed body that decompresses to more than its offset in the block would overwrite records not
    // yet read, so the block is loaded that far into its working buffer.
    std::size_t offset = 0, needed = 0;
    for (const auto& res : block.resources) {
      if (!res.pooled && res.body.compressed && res.body.decompressed_size > offset)
        needed = std::max<std::size_t>(needed, res.body.decompressed_size);
      offset += layout::resource_record_size(res);
    }
    block.working_buffer_offset =
        std::max(block.working_buffer_offset, static_cast<std::uint32_t>(pad_to_sector(needed)));
    const auto capacity = static_cast<std::uint32_t>(pad_to_sector(offset) + block.working_buffer_offset);
    auto& slot = b % 2 == 0 ? archive.working_buffer_capacity_even : archive.working_buffer_capacity_odd;
    slot = std::max(slot, capacity);
  }
  if (archive.pool)
    for (const auto& res : archive.pool->resources)
      archive.pool_decompression_buffer_sectors = std::max(
          archive.pool_decompression_buffer_sectors,
          static_cast<std::uint32_t>(pad_to_sector(res.body.decompressed_size) / kBigFileSectorSize));
}

}  // namespace gamefmt::asobo
