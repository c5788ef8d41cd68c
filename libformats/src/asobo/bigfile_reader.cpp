// Reading BigFile archives: every count is checked against the bytes left and every derived field against the
// contents. What locates data must agree; what the contents give anyway (sums, padding, names the records
// repeat) may disagree, with a warning, and is kept as stored so a file that is read is written back byte for
// byte.
#include <algorithm>
#include <string>
#include <unordered_set>

#include "bigfile_layout.hpp"
#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::asobo {
namespace {

using layout::pad_to_sector;

struct BlockDescription {
  std::uint32_t resource_count, padded_size, data_size, working_buffer_offset, first_resource_name;
  std::int32_t checksum;
};

void expect_value(ByteReader& r, std::uint64_t field_offset, const char* field, std::uint64_t found,
                  std::uint64_t expected, const char* why) {
  if (found != expected)
    r.fail_at(field_offset, field,
              "is " + std::to_string(found) + " but " + why + " give " + std::to_string(expected));
}

// A field the contents give anyway (a sum, a count, a name a record repeats): another value is kept as
// stored.
void derived_value(ByteReader& r, std::uint64_t field_offset, const char* field, std::uint64_t found,
                   std::uint64_t expected, const char* why) {
  if (found != expected)
    r.warn_at(field_offset, field,
              "is " + std::to_string(found) + " but " + why + " give " + std::to_string(expected) +
                  "; the stored value is kept");
}

// A fixed-size text field: the text, then NULs. Without a NUL (allowed only when `nul_needed` is false) the
// text is its first size - 1 bytes; the stored bytes are kept either way.
std::string read_fixed_text(ByteReader& r, std::size_t size, const char* field, bool nul_needed) {
  const auto start = r.absolute_offset();
  const auto bytes = r.bytes(size, field);
  auto nul = std::find(bytes.begin(), bytes.end(), std::byte{0});
  if (nul == bytes.end()) {
    if (nul_needed) r.fail_at(start, field, "has no terminating NUL");
    r.warn_at(start, field,
              "has no terminating NUL; read as its first " + std::to_string(size - 1) +
                  " bytes, the stored ones are kept");
    nul = bytes.end() - 1;
  } else if (const auto other = std::find_if(nul, bytes.end(), [](std::byte b) { return b != std::byte{0}; });
             other != bytes.end()) {
    r.warn_at(start + (other - bytes.begin()), field,
              "has a non-zero byte after its text (not canonical); the stored bytes are kept");
  }
  return {reinterpret_cast<const char*>(bytes.data()), static_cast<std::size_t>(nul - bytes.begin())};
}

// Padding the game skips: other bytes than the canonical ones are kept as stored.
void read_padding(ByteReader& r, std::size_t n, std::byte value, const char* field) {
  const auto start = r.absolute_offset();
  const auto bytes = r.bytes(n, field);
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (bytes[i] != value) {
      r.warn_at(start + i, field,
                "padding byte is " + std::to_string(static_cast<int>(bytes[i])) + ", expected " +
                    std::to_string(static_cast<int>(value)) + "; the stored padding is kept");
      return;
    }
}

// A stored body of `size` bytes; a compressed one must carry a consistent LZ header.
StoredBody read_body(ByteReader& r, std::uint32_t decompressed_size, std::uint32_t compressed_size) {
  StoredBody body;
  body.compressed = compressed_size != 0;
  body.decompressed_size = decompressed_size;
  const std::size_t size = body.compressed ? compressed_size : decompressed_size;
  const auto start = r.absolute_offset();
  const auto bytes = r.bytes(size, "body");
  body.bytes.assign(bytes.begin(), bytes.end());
  if (body.compressed) {
    ByteReader lz(bytes, r.file(), ByteOrder::little, start);
    auto field = lz.enter("lz");
    const auto claimed = lz.u32("decompressed_size");
    if (claimed != decompressed_size)
      lz.fail_at(
          start, "decompressed_size",
          "is " + std::to_string(claimed) + " but the record says " + std::to_string(decompressed_size));
    const auto blob_size = lz.u32("compressed_size");
    if (blob_size != compressed_size)
      lz.fail_at(
          start + 4, "compressed_size",
          "is " + std::to_string(blob_size) + " but the record says " + std::to_string(compressed_size));
  }
  return body;
}

struct RawResource {
  BigFileResource resource;
  bool link_only = false;  // the shape of a pooled record (also that of an empty raw body)
};

RawResource read_resource(ByteReader& r) {
  RawResource out;
  auto& res = out.resource;
  const auto data_size_offset = r.absolute_offset();
  const auto data_size = r.u32("data_size");
  const auto link_size = r.u32("link_header_size");
  const auto decompressed = r.u32("decompressed_size");
  const auto compressed = r.u32("compressed_size");
  res.class_name = r.u32("class_name");
  res.name = r.u32("name");
  const std::uint64_t body_size = compressed != 0 ? compressed : decompressed;
  expect_value(r, data_size_offset, "data_size", data_size, std::uint64_t{link_size} + body_size,
               "link_header_size and the body size");
  const auto link = r.bytes(r.count(link_size, 1, "link_header"), "link_header");
  res.link_header.assign(link.begin(), link.end());
  out.link_only = compressed == 0 && decompressed == 0;
  res.body = read_body(r, decompressed, compressed);
  return out;
}

BigFilePool read_pool(ByteReader& r, std::vector<std::uint32_t>& padded_sectors_found,
                      std::vector<std::array<std::uint32_t, 2>>& chunks_found,
                      std::vector<std::uint32_t>& reference_counts_found,
                      std::uint32_t& names_count_sum_found, std::uint64_t& names_count_sum_offset,
                      std::uint64_t& tables_offset) {
  BigFilePool pool;
  auto field = r.enter("pool");
  const auto magic_offset = r.absolute_offset();
  derived_value(r, magic_offset, "buffer_size", r.u32("buffer_size"), 0x80000, "all known files");
  derived_value(r, magic_offset + 4, "sector_size", r.u32("sector_size"), 0x800, "all known files");
  names_count_sum_offset = r.absolute_offset();
  names_count_sum_found = r.u32("names_count_sum");
  tables_offset = r.absolute_offset();

  pool.resource_indices.resize(r.count(r.u32("resource_indices"), 4, "resource_indices"));
  for (auto& index : pool.resource_indices) index = r.u32("resource_indices");

  const auto entry_count = r.count(r.u32("names"), 4 * 4, "names");
  pool.entries.resize(entry_count);
  for (auto& e : pool.entries) e.name = r.u32("names");
  const auto read_parallel = [&](const char* name, std::vector<std::uint32_t>& values) {
    const auto count_offset = r.absolute_offset();
    expect_value(r, count_offset, name, r.u32(name), entry_count, "the names array's count");
    values.resize(entry_count);
    for (auto& v : values) v = r.u32(name);
  };
  std::vector<std::uint32_t> reference_record_indices;
  read_parallel("reference_counts", reference_counts_found);
  read_parallel("padded_sizes", padded_sectors_found);
  read_parallel("reference_record_indices", reference_record_indices);
  for (std::size_t i = 0; i < entry_count; ++i)
    pool.entries[i].reference_record_index = reference_record_indices[i];

  const auto record_count =
      r.count(r.u32("reference_records"), kPoolReferenceRecordSize, "reference_records");
  pool.reference_records.resize(record_count);
  for (std::size_t i = 0; i <= record_count; ++i) {  // the last one is the all-zero sentinel
    auto rf = r.enter("reference_records", i);
    const auto start = r.absolute_offset();
    std::array<std::uint32_t, 2> chunks{r.u32("start_chunk"), r.u32("end_chunk")};
    const auto names_start = r.u32("names_start_index");
    derived_value(r, start + 12, "bigfile_index", r.u16("bigfile_index"), 0, "all known files");
    const auto names_count = r.u16("names_count");
    for (int k = 0; k < 3; ++k)
      derived_value(r, r.absolute_offset(), "placeholder", r.u32("placeholder"), 0xFFFFFFFF,
                    "all known files");
    if (i == record_count) {
      if (chunks[0] != 0 || chunks[1] != 0 || names_start != 0 || names_count != 0)
        r.warn_at(start, "sentinel",
                  "the record after the last reference record is not all zero; the stored record is kept");
      break;
    }
    chunks_found.push_back(chunks);
    pool.reference_records[i] = {names_start, names_count};
    if (std::uint64_t{names_start} + names_count > pool.resource_indices.size())
      r.fail_at(start + 8, "names_start_index",
                "names " + std::to_string(names_start) + "+" + std::to_string(names_count) + " exceed the " +
                    std::to_string(pool.resource_indices.size()) + " resource indices");
  }
  for (std::size_t i = 0; i < pool.resource_indices.size(); ++i)
    if (pool.resource_indices[i] >= entry_count)
      r.fail_at(tables_offset + 4 + 4 * i, "resource_indices",
                "index " + std::to_string(pool.resource_indices[i]) + " is past the " +
                    std::to_string(entry_count) + " names");
  return pool;
}

// Compares the file with what the writer computes for the archive and keeps the file's bytes where they
// differ. Only values of fixed size may differ (everything that moves data is checked above), so both have
// one length.
void keep_stored_bytes(BigFile& archive, std::span<const std::byte> data, std::string_view file_name) {
  const auto computed = layout::write_computed(archive, file_name);
  const auto stored = data.first(data.size() - archive.trailing_bytes.size());
  if (computed.size() != stored.size())
    throw FormatError(std::string(file_name), std::nullopt, "",
                      "the archive's layout cannot be rebuilt (" + std::to_string(computed.size()) +
                          " bytes for " + std::to_string(stored.size()) + ")");
  constexpr std::size_t kJoin = 8;  // runs closer than this are kept as one
  for (std::size_t at = 0; at < stored.size(); ++at) {
    if (stored[at] == computed[at]) continue;
    std::size_t end = at + 1, same = 0;
    for (std::size_t k = end; k < stored.size() && same < kJoin; ++k) {
      if (stored[k] == computed[k]) {
        ++same;
      } else {
        same = 0;
        end = k + 1;
      }
    }
    archive.stored_bytes.push_back({at,
                                    {stored.begin() + static_cast<std::ptrdiff_t>(at),
                                     stored.begin() + static_cast<std::ptrdiff_t>(end)}});
    at = end;
  }
  archive.computed_fingerprint = fingerprint(computed);
}

}  // namespace

std::optional<ByteOrder> bigfile_byte_order_for_name(std::string_view file_name) {
  const auto dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  const std::string ext = lower_ascii(file_name.substr(dot + 1));
  if (ext == "dpc") return ByteOrder::little;
  if (ext == "d36" || ext == "dp3" || ext == "drv" || ext == "dgc") return ByteOrder::big;
  return std::nullopt;
}

std::optional<ByteOrder> detect_bigfile_byte_order(std::span<const std::byte> head) {
  if (head.size() < 0x108) return std::nullopt;
  for (const auto order : {ByteOrder::little, ByteOrder::big}) {
    const auto type = load_value<std::uint32_t>(head.data() + 0x100, order);
    const auto blocks = load_value<std::uint32_t>(head.data() + 0x104, order);
    if (type <= 1 && blocks <= kBigFileMaxBlocks) return order;
  }
  return std::nullopt;
}

BigFile read_bigfile(std::span<const std::byte> data, std::string_view file_name) {
  auto order = bigfile_byte_order_for_name(file_name);
  if (!order) order = detect_bigfile_byte_order(data);
  return read_bigfile(data, file_name, order.value_or(ByteOrder::little));
}

BigFile read_bigfile(std::span<const std::byte> data, std::string_view file_name, ByteOrder order) {
  BigFile archive;
  ByteReader r(data, file_name, order);
  r.collect_warnings(&archive.warnings);
  archive.byte_order = order;

  // ---- header ----
  const auto start = layout::read_header_start(r, read_fixed_text(r, kBigFileVersionSize, "version", true));
  archive.version = start.version;
  archive.bigfile_type = start.bigfile_type;
  const auto block_count = start.block_count;
  archive.working_buffer_capacity_even = r.u32("working_buffer_capacity_even");
  archive.working_buffer_capacity_odd = r.u32("working_buffer_capacity_odd");
  const auto total_padded_size = r.u32("total_padded_block_size");
  r.read_array(archive.version_triple, "version_triple");

  std::vector<BlockDescription> descriptions(block_count);
  for (std::size_t i = 0; i < kBigFileMaxBlocks; ++i) {
    auto f = r.enter("block_descriptions", i);
    const auto start = r.absolute_offset();
    BlockDescription d{r.u32("resource_count"),        r.u32("padded_size"),         r.u32("data_size"),
                       r.u32("working_buffer_offset"), r.u32("first_resource_name"), r.i32("checksum")};
    if (i < block_count) {
      descriptions[i] = d;
    } else if (d.resource_count || d.padded_size || d.data_size || d.working_buffer_offset ||
               d.first_resource_name || d.checksum) {
      r.warn_at(start, "block_descriptions",
                "an unused slot (past block_count) is not zero; the stored slot is kept");
    }
  }
  const auto pool_manifest_sectors = r.u32("pool_manifest_padded_size");
  const auto pool_offset_offset = r.absolute_offset();
  const auto pool_offset = r.u32("pool_offset");
  r.read_array(archive.pool_manifest_unused, "pool_manifest_unused");
  archive.pool_decompression_buffer_sectors = r.u32("pool_decompression_buffer_capacity");
  const auto block_padding_sum = r.u32("block_sector_padding_size");
  const auto pool_padding_sum = r.u32("pool_sector_padding_size");
  const auto file_size = r.u32("file_size");
  archive.incredibuilder = read_fixed_text(r, kBigFileIncrediBuilderSize, "incredibuilder", false);
  r.read_array(archive.reserved, "reserved");

  derived_value(r, 0x73C, "file_size", file_size, data.size(), "the file's length");
  std::uint64_t padded_sum = 0;
  for (const auto& d : descriptions) padded_sum += d.padded_size;
  derived_value(r, 0x110, "total_padded_block_size", total_padded_size, padded_sum, "the block descriptions");
  const bool has_pool = pool_offset != 0 && pool_offset != 0xFFFFFFFF;
  if (!has_pool) archive.no_pool_offset = pool_offset;

  // ---- blocks ----
  std::vector<std::vector<bool>> link_only(block_count);
  std::uint64_t block_padding = 0;
  for (std::size_t b = 0; b < block_count; ++b) {
    auto f = r.enter("blocks", b);
    const auto& d = descriptions[b];
    const std::uint64_t desc_offset = 0x120 + 24 * b;
    if (d.padded_size % kBigFileSectorSize != 0 || d.data_size > d.padded_size ||
        d.padded_size != pad_to_sector(d.data_size))
      r.fail_at(desc_offset + 4, "padded_size",
                std::to_string(d.padded_size) + " is not data_size " + std::to_string(d.data_size) +
                    " rounded up to 2048");
    if (d.padded_size > r.remaining())
      r.fail_at(
          desc_offset + 4, "padded_size",
          "block of " + std::to_string(d.padded_size) + " bytes, " + std::to_string(r.remaining()) + " left");
    auto block_reader = r.sub_reader(d.data_size, "data");
    BigFileBlock block;
    block.working_buffer_offset = d.working_buffer_offset;
    block.checksum = d.checksum;
    block.resources.resize(block_reader.count(d.resource_count, kResourceHeaderSize, "resource_count"));
    for (std::size_t i = 0; i < block.resources.size(); ++i) {
      auto rf = block_reader.enter("resources", i);
      auto raw = read_resource(block_reader);
      block.resources[i] = std::move(raw.resource);
      link_only[b].push_back(raw.link_only);
    }
    if (!block_reader.at_end()) {  // the game reads resource_count records: the rest is kept as it is
      block_reader.warn("data_size",
                        std::to_string(block_reader.remaining()) +
                            " bytes after the last resource; kept as the block's trailing bytes");
      const auto rest = block_reader.bytes(block_reader.remaining(), "trailing_bytes");
      block.trailing_bytes.assign(rest.begin(), rest.end());
    }
    const std::uint32_t first_name = block.resources.empty() ? 0 : block.resources.front().name;
    derived_value(r, desc_offset + 16, "first_resource_name", d.first_resource_name, first_name,
                  "the block's first resource");
    read_padding(r, d.padded_size - d.data_size, std::byte{0x00}, "block_padding");
    block_padding += d.padded_size - d.data_size;
    archive.blocks.push_back(std::move(block));
  }
  derived_value(r, 0x734, "block_sector_padding_size", block_padding_sum, block_padding, "the blocks");

  // ---- pool ----
  if (!has_pool) {
    derived_value(r, 0x720, "pool_manifest_padded_size", pool_manifest_sectors, 0, "an archive without pool");
    derived_value(r, 0x738, "pool_sector_padding_size", pool_padding_sum, 0, "an archive without pool");
  } else {
    const std::size_t pool_begin = r.position();
    expect_value(r, pool_offset_offset, "pool_offset", std::uint64_t{pool_offset} * kBigFileSectorSize,
                 pool_begin, "the end of the blocks");
    std::vector<std::uint32_t> padded_found, references_found;
    std::vector<std::array<std::uint32_t, 2>> chunks_found;
    std::uint32_t names_sum_found = 0;
    std::uint64_t names_sum_offset = 0, tables_offset = 0;
    BigFilePool pool = read_pool(r, padded_found, chunks_found, references_found, names_sum_found,
                                 names_sum_offset, tables_offset);
    const std::size_t manifest_end = pad_to_sector(r.position());
    read_padding(r, manifest_end - r.position(), std::byte{0xFF}, "pool_manifest_padding");
    derived_value(r, 0x720, "pool_manifest_padded_size",
                  std::uint64_t{pool_manifest_sectors} * kBigFileSectorSize, manifest_end - pool_begin,
                  "the pool manifest");

    std::uint64_t pool_padding = 0;
    pool.resources.resize(pool.resource_indices.size());
    for (std::size_t i = 0; i < pool.resources.size(); ++i) {
      auto rf = r.enter("pool_resources", i);
      const auto start = r.absolute_offset();
      auto raw = read_resource(r);
      if (!raw.resource.link_header.empty())
        r.fail_at(start + 4, "link_header_size", "a pool record has a link header");
      // The record repeats its entry's name: another name is kept as stored, the entry's is the model's.
      const auto expected_name = pool.entries[pool.resource_indices[i]].name;
      derived_value(r, start + 20, "name", raw.resource.name, expected_name, "the pool's resource index");
      pool.resources[i] = {raw.resource.class_name, expected_name, std::move(raw.resource.body)};
      const auto end = pad_to_sector(r.position());
      pool_padding += end - r.position();
      read_padding(r, end - r.position(), std::byte{0xFF}, "pool_padding");
    }
    derived_value(r, 0x738, "pool_sector_padding_size", pool_padding_sum, pool_padding, "the pool records");

    const auto tables = layout::pool_tables(pool, pool_begin);
    derived_value(r, names_sum_offset, "names_count_sum", names_sum_found, tables.names_count_sum,
                  "the reference records");
    const std::uint64_t counts_offset =
        tables_offset + 4 + 4 * pool.resource_indices.size() + 4 + 4 * pool.entries.size();
    for (std::size_t i = 0; i < pool.entries.size(); ++i) {
      derived_value(r, counts_offset + 4 + 4 * i, "reference_counts", references_found[i],
                    tables.reference_counts[i], "the resource indices");
      derived_value(r, counts_offset + 4 + 4 * pool.entries.size() + 4 + 4 * i, "padded_sizes",
                    padded_found[i], tables.padded_sectors[i], "the pool records");
    }
    for (std::size_t i = 0; i < chunks_found.size(); ++i) {
      if (chunks_found[i][0] != tables.start_chunks[i] || chunks_found[i][1] != tables.end_chunks[i])
        r.warn("reference_records",
               "record " + std::to_string(i) + " spans sectors " + std::to_string(chunks_found[i][0]) + ".." +
                   std::to_string(chunks_found[i][1]) + " but its names' records are at " +
                   std::to_string(tables.start_chunks[i]) + ".." + std::to_string(tables.end_chunks[i]) +
                   "; the stored sectors are kept");
    }

    std::unordered_set<std::uint32_t> pooled_names;
    for (const auto& e : pool.entries) pooled_names.insert(e.name);
    for (std::size_t b = 0; b < archive.blocks.size(); ++b)
      for (std::size_t i = 0; i < archive.blocks[b].resources.size(); ++i) {
        auto& res = archive.blocks[b].resources[i];
        res.pooled = link_only[b][i] && pooled_names.count(res.name) != 0;
      }
    archive.pool = std::move(pool);
  }
  if (!r.at_end()) {
    r.warn("end",
           std::to_string(r.remaining()) + " bytes after the archive's last section; kept as trailing bytes");
    const auto rest = r.bytes(r.remaining(), "trailing_bytes");
    archive.trailing_bytes.assign(rest.begin(), rest.end());
  }
  if (!archive.warnings.empty()) keep_stored_bytes(archive, data, file_name);
  return archive;
}

}  // namespace gamefmt::asobo
