#pragma once
// Asobo BigFile archives (.DPC and relatives) of Zouna games, versions v1.220.50.07 to v1.381.67.09 (FUEL):
// a 2048-byte header, up to 64 blocks of object records (each padded to 2048 bytes with 0x00) and an optional
// pool of shared object bodies (padded with 0xFF). PC files are little-endian; Xbox 360, PS3, Wii and
// GameCube files are big-endian.
//
// The struct keeps what cannot be derived; the writer recomputes every count, size, offset and padding. A
// derived field that disagrees with the contents (sizes left as 0xFFFFFFFF by a repacker), padding that is
// not the canonical 0x00/0xFF, a text field without its NUL and bytes after the last section tell the game
// nothing it needs: the reader warns about them and keeps the stored bytes (`stored_bytes`,
// `trailing_bytes`), which the writer puts back as long as the archive still has the layout it was read with,
// so write(read(bytes)) == bytes. An edited archive is written with every field computed.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {

inline constexpr std::size_t kBigFileSectorSize = 2048;
inline constexpr std::size_t kBigFileMaxBlocks = 64;
inline constexpr std::size_t kBigFileHeaderSize = 0x800;
inline constexpr std::size_t kBigFileVersionSize = 256;
inline constexpr std::size_t kBigFileIncrediBuilderSize = 128;
inline constexpr std::size_t kBigFileReservedSize = 64;  // at 0x7C0, 0xFF in the files bff writes
inline constexpr std::size_t kResourceHeaderSize = 24;
inline constexpr std::size_t kPoolReferenceRecordSize = 28;

// A body as stored in a record: raw, or an Asobo LZ blob (see lz.hpp) whose header gives the decompressed
// size.
struct StoredBody {
  std::vector<std::byte> bytes;
  bool compressed = false;
  std::uint32_t decompressed_size = 0;  // equals bytes.size() when raw
};

// One object record of a block.
struct BigFileResource {
  std::uint32_t class_name = 0;        // name_hash("<Class>_Z")
  std::uint32_t name = 0;              // name_hash(object name)
  std::vector<std::byte> link_header;  // never compressed
  // The body lives in the pool: this record holds only the link header, and `body` stays empty.
  bool pooled = false;
  StoredBody body;
};

struct BigFileBlock {
  std::uint32_t working_buffer_offset = 0;  // streaming buffer slack, see raise_buffer_sizes
  std::int32_t checksum = 0;                // 0 in FUEL
  std::vector<BigFileResource> resources;
  std::vector<std::byte> trailing_bytes;  // inside data_size after the last record (the game reads by count)
};

struct PoolEntry {
  std::uint32_t name = 0;
  std::uint32_t reference_record_index = 0;
};

struct PoolReferenceRecord {
  std::uint32_t names_start_index = 0;  // into resource_indices
  std::uint16_t names_count = 0;
};

// A body record of the pool; one per entry of BigFilePool::resource_indices, in that order.
struct PoolResource {
  std::uint32_t class_name = 0;
  std::uint32_t name = 0;  // the name of entries[resource_indices[i]]
  StoredBody body;
};

struct BigFilePool {
  std::vector<std::uint32_t> resource_indices;  // into entries; an entry may be listed more than once
  std::vector<PoolEntry> entries;
  std::vector<PoolReferenceRecord> reference_records;
  std::vector<PoolResource> resources;
};

struct BigFileVersion {
  std::uint16_t major = 1, minor = 381, build = 67, revision = 9;
  auto operator<=>(const BigFileVersion&) const = default;
};
inline constexpr BigFileVersion kBigFileOldestVersion{1, 220, 50, 7};
inline constexpr BigFileVersion kBigFileNewestVersion{1, 381, 67, 9};
// "v1.381.67.09 - Asobo Studio - Internal Cross Technology"
std::string format_bigfile_version(const BigFileVersion& version);
std::optional<BigFileVersion> parse_bigfile_version(std::string_view text);

struct BigFile {
  ByteOrder byte_order = ByteOrder::little;
  BigFileVersion version;
  std::uint32_t bigfile_type = 1;  // 0 = RTC, 1 = normal
  std::uint32_t working_buffer_capacity_even = 0;
  std::uint32_t working_buffer_capacity_odd = 0;
  std::array<std::uint32_t, 3> version_triple{};
  std::uint32_t no_pool_offset = 0;  // what pool_offset holds when there is no pool: 0 or 0xFFFFFFFF
  std::array<std::uint32_t, 2> pool_manifest_unused{};
  std::uint32_t pool_decompression_buffer_sectors = 0;
  std::string incredibuilder;  // the 128-byte text field, NULs after it
  std::array<std::byte, kBigFileReservedSize> reserved{};
  std::vector<BigFileBlock> blocks;
  std::optional<BigFilePool> pool;

  // Bytes after the archive's last section, written back after it (file_size counts them).
  std::vector<std::byte> trailing_bytes;
  // Where the file differs from what the writer computes for these contents, the file's bytes. They are
  // written back while the computed file is still the one the reader compared them with
  // (`computed_fingerprint`).
  struct StoredBytes {
    std::uint64_t offset = 0;
    std::vector<std::byte> bytes;
  };
  std::vector<StoredBytes> stored_bytes;
  std::uint64_t computed_fingerprint = 0;
  Warnings
      warnings;  // problems the reader tolerated, as "file: offset: field: problem"; not written to the file
};

// .DPC is little-endian; .D36 (Xbox 360), .DP3 (PS3), .DRV (Wii), .DGC (GameCube) are big-endian. Other
// names: nothing.
std::optional<ByteOrder> bigfile_byte_order_for_name(std::string_view file_name);
// The byte order whose block count is at most 64; nothing when the data is too short or neither fits.
std::optional<ByteOrder> detect_bigfile_byte_order(std::span<const std::byte> head);

// Throws FormatError (file, offset, field) on what cannot be read: counts past the data, record and block
// sizes that disagree with their contents, unknown versions. Tolerates, with warnings, what the struct
// comment lists.
BigFile read_bigfile(std::span<const std::byte> data, std::string_view file_name, ByteOrder order);
// The byte order comes from the name's extension, else from the header.
BigFile read_bigfile(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when the archive cannot be written: more than 64 blocks, a pooled resource without pool
// entry, pool indices out of range, sizes beyond 32 bits.
std::vector<std::byte> write_bigfile(const BigFile& archive, std::string_view file_name = {});

// Raises each block's working_buffer_offset, the even/odd working buffer capacities and the pool
// decompression buffer to at least what bff's rules compute for the current contents (values already larger
// are kept, so the game's own numbers survive a repack). Call after editing objects.
void raise_buffer_sizes(BigFile& archive);

}  // namespace gamefmt::asobo
