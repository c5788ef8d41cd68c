#pragma once
// A BigFile's object list from its headers alone (`gamefmt bigfile list` and `info`): the archive header, the
// 24-byte header of each record and the pool's tables are read at their offsets, bodies and link headers are
// skipped. Memory grows with the number of objects, not with the archive's size.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"

namespace gamefmt::asobo {

// Bytes at given offsets of something: a file on disk or bytes in memory.
class RandomAccess {
 public:
  virtual ~RandomAccess() = default;
  virtual std::uint64_t size() const = 0;
  // Fills `out` from `offset`; offset + out.size() <= size(). Throws FormatError when it cannot.
  virtual void read(std::uint64_t offset, std::span<std::byte> out) const = 0;
};

// A regular file (the rule of gamefmt/core/file_io.hpp: not a FIFO, device or folder), read with pread.
class RandomAccessFile final : public RandomAccess {
 public:
  explicit RandomAccessFile(const std::filesystem::path& path);
  ~RandomAccessFile() override;
  RandomAccessFile(const RandomAccessFile&) = delete;
  RandomAccessFile& operator=(const RandomAccessFile&) = delete;
  std::uint64_t size() const override { return size_; }
  void read(std::uint64_t offset, std::span<std::byte> out) const override;

 private:
  std::string path_;
  int fd_ = -1;
  std::uint64_t size_ = 0;
};

class RandomAccessBytes final : public RandomAccess {
 public:
  explicit RandomAccessBytes(std::span<const std::byte> bytes) : bytes_(bytes) {}
  std::uint64_t size() const override { return bytes_.size(); }
  void read(std::uint64_t offset, std::span<std::byte> out) const override;

 private:
  std::span<const std::byte> bytes_;
};

struct BigFileIndexEntry {
  std::uint32_t block = 0, index = 0;
  std::uint32_t class_name = 0, name = 0;
  std::uint32_t link_header_size = 0;
  // The body as stored: a pooled object's are those of the pool's first record of its name.
  std::uint32_t body_size = 0;    // decompressed
  std::uint32_t stored_size = 0;  // in the file
  bool compressed = false;
  bool pooled = false;
};

struct BigFileIndex {
  ByteOrder byte_order = ByteOrder::little;
  BigFileVersion version;
  std::uint32_t bigfile_type = 1;
  std::size_t block_count = 0;
  std::vector<BigFileIndexEntry> objects;
  bool has_pool = false;
  std::size_t pool_entries = 0, pool_body_records = 0, pool_reference_records = 0;
  std::uint64_t file_size = 0;
  std::uint64_t bytes_read = 0;  // of the file, headers and tables
};

// Throws FormatError (file, offset, field) where read_bigfile would on the parts it reads: counts past the
// data, record sizes that disagree with their blocks, unknown versions. Does not check what only the bodies
// or the derived fields tell (read_bigfile does).
BigFileIndex read_bigfile_index(const RandomAccess& file, std::string_view file_name, ByteOrder order);
// The byte order from the name's extension, else from the header (as read_bigfile).
BigFileIndex read_bigfile_index(const RandomAccess& file, std::string_view file_name);

}  // namespace gamefmt::asobo
