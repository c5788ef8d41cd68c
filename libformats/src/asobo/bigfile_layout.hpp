#pragma once
// Sizes and pool tables that BigFile headers store but that follow from the contents. The reader checks the
// file's values against these and the writer writes them, so both agree on one definition.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::asobo::layout {

constexpr std::size_t pad_to_sector(std::size_t n) {
  return (n + kBigFileSectorSize - 1) / kBigFileSectorSize * kBigFileSectorSize;
}

// Bytes of a block record: 24-byte header, link header, body (none when pooled).
std::size_t resource_record_size(const BigFileResource& resource);
// Bytes of a pool body record before its 0xFF padding.
std::size_t pool_record_size(const PoolResource& resource);

struct PoolTables {
  std::size_t padded_header_size = 0;  // the pool manifest, 0xFF-padded to 2048
  std::uint32_t names_count_sum = 0;
  std::vector<std::uint32_t> reference_counts;  // per entry: resource_indices naming the entry's name
  std::vector<std::uint32_t> padded_sectors;    // per entry: sectors of the last body record with its name
  std::vector<std::uint32_t> start_chunks;      // per reference record, absolute sector numbers
  std::vector<std::uint32_t> end_chunks;
};

// The fields that open the header, checked alike by read_bigfile and read_bigfile_index: the version (its
// text, read from the first 256 bytes), then bigfile_type and block_count, read from `r` at 0x100.
struct HeaderStart {
  BigFileVersion version;
  std::uint32_t bigfile_type = 1;
  std::uint32_t block_count = 0;
};
HeaderStart read_header_start(ByteReader& r, const std::string& version_text);

// `pool_begin` is the pool's file offset. Indices must have been checked: resource_indices < entries.size(),
// reference ranges inside resource_indices, one resource per index.
PoolTables pool_tables(const BigFilePool& pool, std::size_t pool_begin);

// The archive with every derived field computed, without its stored bytes and trailing bytes (file_size
// counts these). Throws FormatError as write_bigfile does.
std::vector<std::byte> write_computed(const BigFile& archive, std::string_view file_name);

}  // namespace gamefmt::asobo::layout
