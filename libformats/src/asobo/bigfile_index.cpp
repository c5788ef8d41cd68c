// The object list of a BigFile from its headers (bigfile_index.hpp). The checks on what it reads are those of
// bigfile_reader.cpp; everything it skips is left to read_bigfile.
#include "gamefmt/asobo/bigfile_index.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "bigfile_layout.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {
namespace {

using layout::pad_to_sector;

// Reads through a window of at most kWindow bytes, so that many small records cost few reads and large
// bodies between them are never read.
class WindowedReader {
 public:
  static constexpr std::size_t kWindow = 16 * 1024;

  WindowedReader(const RandomAccess& file, std::string_view file_name, ByteOrder order)
      : file_(file), name_(file_name), order_(order) {}

  // A reader over [offset, offset + n) of the file; fails naming `field` when the file ends before.
  ByteReader at(std::uint64_t offset, std::size_t n, const char* field) {
    if (offset > file_.size() || n > file_.size() - offset)
      throw FormatError(std::string(name_), offset, field,
                        "needs " + std::to_string(n) + " bytes, the file ends " +
                            std::to_string(offset > file_.size() ? 0 : file_.size() - offset) +
                            " bytes after it",
                        ErrorKind::truncated);
    if (offset < start_ || offset + n > start_ + window_.size()) {
      window_.resize(std::max<std::size_t>(n, std::min<std::uint64_t>(kWindow, file_.size() - offset)));
      file_.read(offset, window_);
      start_ = offset;
      bytes_read_ += window_.size();
    }
    return ByteReader(std::span(window_).subspan(offset - start_, n), name_, order_, offset);
  }
  std::uint32_t u32(std::uint64_t offset, const char* field) { return at(offset, 4, field).u32(field); }
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  const RandomAccess& file_;
  std::string_view name_;
  ByteOrder order_;
  std::vector<std::byte> window_;
  std::uint64_t start_ = 0;
  std::uint64_t bytes_read_ = 0;
};

struct RecordHeader {
  std::uint32_t link_size = 0, decompressed = 0, compressed = 0, class_name = 0, name = 0;
  std::uint64_t size() const { return kResourceHeaderSize + std::uint64_t{link_size} + body_size(); }
  std::uint64_t body_size() const { return compressed != 0 ? compressed : decompressed; }
};

// A record's 24-byte header; its data_size must be the link header and body it announces.
RecordHeader read_record_header(WindowedReader& w, std::uint64_t offset) {
  auto r = w.at(offset, kResourceHeaderSize, "resource");
  const auto data_size = r.u32("data_size");
  RecordHeader h;
  h.link_size = r.u32("link_header_size");
  h.decompressed = r.u32("decompressed_size");
  h.compressed = r.u32("compressed_size");
  h.class_name = r.u32("class_name");
  h.name = r.u32("name");
  if (data_size != h.link_size + h.body_size())
    r.fail_at(offset, "data_size",
              "is " + std::to_string(data_size) + " but link_header_size and the body size give " +
                  std::to_string(h.link_size + h.body_size()));
  return h;
}

}  // namespace

RandomAccessFile::RandomAccessFile(const std::filesystem::path& path) : path_(path.string()) {
  if (const auto problem = regular_file_problem(path))
    throw FormatError(path_, std::nullopt, "", *problem, ErrorKind::io);
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  struct stat info {};
  if (fd_ < 0 || ::fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) {
    const std::string problem =
        fd_ < 0 ? std::string("cannot open: ") + std::strerror(errno) : std::string("is not a regular file");
    if (fd_ >= 0) ::close(fd_);
    throw FormatError(path_, std::nullopt, "", problem, ErrorKind::io);
  }
  size_ = static_cast<std::uint64_t>(info.st_size);
}

RandomAccessFile::~RandomAccessFile() {
  ::close(fd_);
}

void RandomAccessFile::read(std::uint64_t offset, std::span<std::byte> out) const {
  std::size_t done = 0;
  while (done < out.size()) {
    const auto n = ::pread(fd_, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw FormatError(path_, offset + done, "",
                        n == 0 ? std::string("the file ended early (it shrank while being read)")
                               : std::string("cannot read: ") + std::strerror(errno),
                        ErrorKind::io);
    done += static_cast<std::size_t>(n);
  }
}

void RandomAccessBytes::read(std::uint64_t offset, std::span<std::byte> out) const {
  if (out.empty()) return;  // an empty span's data() may be null, which memcpy must not be given
  std::memcpy(out.data(), bytes_.data() + offset, out.size());
}

BigFileIndex read_bigfile_index(const RandomAccess& file, std::string_view file_name) {
  std::vector<std::byte> head(std::min<std::uint64_t>(file.size(), 0x108));
  file.read(0, head);
  auto order = bigfile_byte_order_for_name(file_name);
  if (!order) order = detect_bigfile_byte_order(head);
  return read_bigfile_index(file, file_name, order.value_or(ByteOrder::little));
}

BigFileIndex read_bigfile_index(const RandomAccess& file, std::string_view file_name, ByteOrder order) {
  BigFileIndex index;
  index.byte_order = order;
  index.file_size = file.size();
  WindowedReader w(file, file_name, order);
  const auto fail = [&](std::uint64_t offset, const char* field, const std::string& problem,
                        ErrorKind kind = ErrorKind::bad_value) {
    throw FormatError(std::string(file_name), offset, field, problem, kind);
  };

  // ---- header ----
  auto r = w.at(0, kBigFileHeaderSize, "header");
  const auto version_field = r.bytes(kBigFileVersionSize, "version");
  const auto nul = std::find(version_field.begin(), version_field.end(), std::byte{0});
  if (nul == version_field.end()) r.fail_at(0, "version", "has no terminating NUL");
  const std::string version_text(reinterpret_cast<const char*>(version_field.data()),
                                 static_cast<std::size_t>(nul - version_field.begin()));
  const auto start = layout::read_header_start(r, version_text);
  index.version = start.version;
  index.bigfile_type = start.bigfile_type;
  const auto block_count = start.block_count;
  index.block_count = block_count;
  struct Block {
    std::uint32_t resource_count, padded_size, data_size;
  };
  std::vector<Block> blocks(block_count);
  r.seek(0x120, "block_descriptions");
  for (auto& b : blocks) {
    b = {r.u32("resource_count"), r.u32("padded_size"), r.u32("data_size")};
    r.skip(12, "block_descriptions");
  }
  r.seek(0x724, "pool_offset");
  const auto pool_offset = r.u32("pool_offset");

  // ---- blocks: record headers only ----
  std::uint64_t offset = kBigFileHeaderSize;
  std::vector<bool> link_only;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const auto& d = blocks[b];
    const std::uint64_t desc_offset = 0x120 + 24 * b;
    if (d.data_size > d.padded_size || d.padded_size != pad_to_sector(d.data_size))
      fail(desc_offset + 4, "padded_size",
           std::to_string(d.padded_size) + " is not data_size " + std::to_string(d.data_size) +
               " rounded up to 2048");
    if (d.padded_size > file.size() - offset)
      fail(desc_offset + 4, "padded_size",
           "block of " + std::to_string(d.padded_size) + " bytes, " + std::to_string(file.size() - offset) +
               " left",
           ErrorKind::truncated);
    if (d.resource_count > d.data_size / kResourceHeaderSize)
      fail(desc_offset, "resource_count",
           "count " + std::to_string(d.resource_count) + " needs at least " +
               std::to_string(std::uint64_t{d.resource_count} * kResourceHeaderSize) + " bytes, " +
               std::to_string(d.data_size) + " in the block",
           ErrorKind::truncated);
    const std::uint64_t end = offset + d.data_size;
    std::uint64_t at = offset;
    for (std::uint32_t i = 0; i < d.resource_count; ++i) {
      if (end - at < kResourceHeaderSize)
        fail(at, "resource", "the block's data ends inside the record", ErrorKind::truncated);
      const auto h = read_record_header(w, at);
      if (h.size() > end - at)
        fail(at, "resource",
             "record of " + std::to_string(h.size()) + " bytes, " + std::to_string(end - at) +
                 " left in the block",
             ErrorKind::truncated);
      index.objects.push_back({static_cast<std::uint32_t>(b), i, h.class_name, h.name, h.link_size,
                               h.decompressed, static_cast<std::uint32_t>(h.body_size()), h.compressed != 0,
                               false});
      link_only.push_back(h.compressed == 0 && h.decompressed == 0);
      at += h.size();
    }
    offset += d.padded_size;
  }

  // ---- pool: its tables, then each record's header ----
  index.has_pool = pool_offset != 0 && pool_offset != 0xFFFFFFFF;
  if (index.has_pool) {
    if (std::uint64_t{pool_offset} * kBigFileSectorSize != offset)
      fail(0x724, "pool_offset",
           "is " + std::to_string(std::uint64_t{pool_offset} * kBigFileSectorSize) +
               " but the end of the blocks give " + std::to_string(offset));
    std::uint64_t at = offset + 12;  // buffer_size, sector_size, names_count_sum
    const auto left = [&] { return file.size() - std::min(file.size(), at); };
    const auto counted = [&](const char* field, std::uint64_t element_size) {
      const auto n = w.u32(at, field);
      at += 4;
      if (n > left() / element_size)
        fail(at - 4, field,
             "count " + std::to_string(n) + " needs at least " + std::to_string(n * element_size) +
                 " bytes, " + std::to_string(left()) + " left",
             ErrorKind::truncated);
      return n;
    };
    const auto u32_array = [&](std::uint32_t n, const char* field) {
      std::vector<std::uint32_t> values(n);
      for (auto& v : values) {
        v = w.u32(at, field);
        at += 4;
      }
      return values;
    };
    const auto indices = u32_array(counted("resource_indices", 4), "resource_indices");
    const auto entry_count = counted("names", 16);
    const auto names = u32_array(entry_count, "names");
    for (const char* parallel : {"reference_counts", "padded_sizes", "reference_record_indices"}) {
      const auto n = w.u32(at, parallel);
      if (n != entry_count)
        fail(at, parallel,
             "is " + std::to_string(n) + " but the names array's count give " + std::to_string(entry_count));
      at += 4 + 4 * std::uint64_t{entry_count};
    }
    const auto record_count = counted("reference_records", kPoolReferenceRecordSize);
    at += kPoolReferenceRecordSize * (std::uint64_t{record_count} + 1);  // with the all-zero sentinel
    for (std::size_t i = 0; i < indices.size(); ++i)
      if (indices[i] >= entry_count)
        fail(
            offset + 16 + 4 * i, "resource_indices",
            "index " + std::to_string(indices[i]) + " is past the " + std::to_string(entry_count) + " names");
    index.pool_entries = entry_count;
    index.pool_body_records = indices.size();
    index.pool_reference_records = record_count;

    // The first body record of each name gives the sizes of the pooled objects of that name.
    std::unordered_map<std::uint32_t, RecordHeader> first_record;
    at = pad_to_sector(at);
    for (const auto i : indices) {
      const auto h = read_record_header(w, at);
      if (h.link_size != 0) fail(at + 4, "link_header_size", "a pool record has a link header");
      if (h.size() > left())
        fail(at, "pool_resources",
             "record of " + std::to_string(h.size()) + " bytes, " + std::to_string(left()) + " left",
             ErrorKind::truncated);
      first_record.try_emplace(names[i], h);
      at = pad_to_sector(at + h.size());
    }
    const std::unordered_set<std::uint32_t> pooled_names(names.begin(), names.end());
    for (std::size_t k = 0; k < index.objects.size(); ++k) {
      auto& object = index.objects[k];
      object.pooled = link_only[k] && pooled_names.count(object.name) != 0;
      if (const auto it = first_record.find(object.name); object.pooled && it != first_record.end()) {
        object.body_size = it->second.decompressed;
        object.stored_size = static_cast<std::uint32_t>(it->second.body_size());
        object.compressed = it->second.compressed != 0;
      }
    }
  }
  index.bytes_read = w.bytes_read();
  return index;
}

}  // namespace gamefmt::asobo
