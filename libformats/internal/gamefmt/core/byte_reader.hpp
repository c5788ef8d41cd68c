#pragma once
// Bounds-checked reading of binary data. Every read names its field; a failed read throws FormatError with
// the file, the absolute byte offset and the full field path (e.g. "triangles[12].gx").
//
// Readers accept what the game's own loader accepts: a problem the game tolerates (a size field shorter than
// what it reads, bytes after the end, a derived field that disagrees) is recorded with warn(), in the same
// words as an error, in a Warnings list that the reader and its sub-readers share.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/field_trail.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt {

class ByteReader {
 public:
  static constexpr std::size_t no_index = FieldTrail::no_index;

  // `file` must outlive the reader (it is only used to name errors). `base_offset` is the absolute offset of
  // data[0] in the file, so errors in sub-readers report file offsets.
  ByteReader(std::span<const std::byte> data, std::string_view file, ByteOrder order,
             std::uint64_t base_offset = 0) noexcept
      : data_(data), file_(file), order_(order), base_offset_(base_offset) {}

  // Adds one element to the field path while alive: `auto f = r.enter("triangles", i);` Field names must be
  // string literals (they are stored as pointers).
  [[nodiscard]] FieldTrail::Scope enter(const char* name, std::size_t index = no_index) {
    return path_.enter(name, index);
  }

  ByteOrder order() const noexcept { return order_; }
  void set_order(ByteOrder order) noexcept { order_ = order; }
  std::size_t position() const noexcept { return pos_; }
  std::uint64_t absolute_offset() const noexcept { return base_offset_ + pos_; }
  std::size_t size() const noexcept { return data_.size(); }
  std::size_t remaining() const noexcept { return data_.size() - pos_; }
  bool at_end() const noexcept { return pos_ == data_.size(); }
  std::string_view file() const noexcept { return file_; }
  std::span<const std::byte> data() const noexcept { return data_; }

  // Where warn() records; shared with sub-readers. `sink` must outlive the reader and its sub-readers.
  // Without a sink a reader is strict: warn() throws the problem as a FormatError.
  void collect_warnings(Warnings* sink) noexcept { warnings_ = sink; }
  Warnings* warnings() const noexcept { return warnings_; }
  // Records a problem the game tolerates, at the current offset (or at `absolute_offset`).
  void warn(const char* field, std::string problem) const {
    warn_at(absolute_offset(), field, std::move(problem));
  }
  void warn_at(std::uint64_t absolute_offset, const char* field, std::string problem) const;

  template <class T>
  T read(const char* field) {
    require(sizeof(T), field);
    T value = load_value<T>(data_.data() + pos_, order_);
    pos_ += sizeof(T);
    return value;
  }
  std::uint8_t u8(const char* field) { return read<std::uint8_t>(field); }
  std::int8_t i8(const char* field) { return read<std::int8_t>(field); }
  std::uint16_t u16(const char* field) { return read<std::uint16_t>(field); }
  std::int16_t i16(const char* field) { return read<std::int16_t>(field); }
  std::uint32_t u32(const char* field) { return read<std::uint32_t>(field); }
  std::int32_t i32(const char* field) { return read<std::int32_t>(field); }
  std::uint64_t u64(const char* field) { return read<std::uint64_t>(field); }
  std::int64_t i64(const char* field) { return read<std::int64_t>(field); }
  float f32(const char* field) { return read<float>(field); }
  double f64(const char* field) { return read<double>(field); }

  template <class T, std::size_t N>
  void read_array(T (&out)[N], const char* field) {
    require(sizeof(T) * N, field);
    load_values<T, N>(out, data_.data() + pos_, N, order_);
    pos_ += sizeof(T) * N;
  }
  template <class Array>
  void read_array(Array& out, const char* field) {
    using T = typename Array::value_type;
    const std::size_t n = out.size();
    require(sizeof(T) * n, field);
    load_values<T, fixed_extent<Array>>(out.data(), data_.data() + pos_, n, order_);
    pos_ += sizeof(T) * n;
  }

  // Checks a count read from the file against the bytes left (each element needs at least
  // `min_element_size` bytes) before anything is allocated for it. Negative counts are rejected.
  template <class Int>
  std::size_t count(Int n, std::size_t min_element_size, const char* field) const {
    if constexpr (std::numeric_limits<Int>::is_signed) {
      if (n < 0) fail_negative_count(field, static_cast<long long>(n));
    }
    const auto value = static_cast<std::uint64_t>(n);
    // No division on the way: the count is checked for every string and list a reader meets.
    std::uint64_t least_bytes = 0;
    if (__builtin_mul_overflow(value, std::uint64_t{min_element_size}, &least_bytes) ||
        least_bytes > remaining())
      fail_count(field, value, min_element_size);
    return static_cast<std::size_t>(value);
  }

  std::span<const std::byte> bytes(std::size_t n, const char* field) {
    require(n, field);
    auto out = data_.subspan(pos_, n);
    pos_ += n;
    return out;
  }
  void skip(std::size_t n, const char* field) { (void)bytes(n, field); }
  void seek(std::size_t position, const char* field) {
    if (position > data_.size())
      fail(field, "position " + std::to_string(position) + " is past the end (" +
                      std::to_string(data_.size()) + " bytes)");
    pos_ = position;
  }

  // Exactly n bytes, NULs included.
  std::string string_of_size(std::size_t n, const char* field) {
    auto b = bytes(n, field);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }
  // Bytes up to a NUL, which is consumed but not returned. A missing NUL is an error.
  std::string string_zero_terminated(const char* field);
  // A length-prefixed string: the length is a T read first.
  template <class LengthType>
  std::string string_prefixed(const char* field) {
    const auto length = count(read<LengthType>(field), 1, field);
    return string_of_size(length, field);
  }
  // The same, into `out`: one copy, where building a string and moving it in costs two for short ones.
  template <class LengthType>
  void string_prefixed(std::string& out, const char* field) {
    const auto b = bytes(count(read<LengthType>(field), 1, field), field);
    out.clear();  // then append: libstdc++'s shortest path into a string's own buffer
    out.append(reinterpret_cast<const char*>(b.data()), b.size());
  }

  // A reader over the next n bytes (consumed here); errors in it report absolute offsets and this path.
  ByteReader sub_reader(std::size_t n, const char* field) {
    const auto start = absolute_offset();
    auto span = bytes(n, field);
    ByteReader sub(span, file_, order_, start);
    sub.path_ = path_;
    sub.warnings_ = warnings_;
    return sub;
  }

  void require(std::size_t n, const char* field) const {
    if (n > remaining()) fail_short(n, field);
  }

  [[noreturn]] void fail(const char* field, std::string problem) const {
    fail_at(absolute_offset(), field, problem);
  }
  [[noreturn]] void fail_at(std::uint64_t absolute_offset, const char* field, std::string problem) const;
  std::string path(const char* leaf) const { return path_.text(leaf); }

 private:
  [[noreturn]] void fail_short(std::size_t n, const char* field) const;
  [[noreturn]] void fail_truncated(const char* field, std::string problem) const;
  [[noreturn]] void fail_negative_count(const char* field, long long count) const;
  [[noreturn]] void fail_count(const char* field, std::uint64_t count, std::size_t min_element_size) const;

  std::span<const std::byte> data_;
  std::string_view file_;
  ByteOrder order_;
  std::uint64_t base_offset_;
  std::size_t pos_ = 0;
  Warnings* warnings_ = nullptr;
  FieldTrail path_;  // last: the members every read touches stay together at the front
};

}  // namespace gamefmt
