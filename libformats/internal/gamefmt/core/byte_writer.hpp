#pragma once
// Appends binary data in a chosen byte order to a growing buffer. Like ByteReader, it keeps the path of the
// field being written, so that a value the format cannot store fails with the file name and the field path
// ("meshes[2].vertices[7].bones") through the one error type.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/field_trail.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt {

class ByteWriter {
 public:
  static constexpr std::size_t no_index = FieldTrail::no_index;

  // `file` names errors (the output's name; may be empty) and must outlive the writer. `reserve`: the bytes
  // expected, allocated at once (the buffer still grows past them).
  explicit ByteWriter(ByteOrder order, std::size_t reserve = 0, std::string_view file = {})
      : order_(order), file_(file) {
    buffer_.reserve(reserve);
  }

  // Adds one element to the field path while alive: `auto f = w.enter("vertices", i);` (string literals
  // only).
  [[nodiscard]] FieldTrail::Scope enter(const char* name, std::size_t index = no_index) {
    return path_.enter(name, index);
  }
  // A value that cannot be written: FormatError naming the file and the field path, without a byte offset.
  [[noreturn]] void fail(const char* field, std::string problem,
                         ErrorKind kind = ErrorKind::bad_value) const {
    throw FormatError(std::string(file_), std::nullopt, path_.text(field), std::move(problem), kind);
  }
  std::string_view file() const noexcept { return file_; }

  template <class T>
  void write(T value) {
    store_value<T>(grow(sizeof(T)), value, order_);
  }
  void u8(std::uint8_t v) { write(v); }
  void i8(std::int8_t v) { write(v); }
  void u16(std::uint16_t v) { write(v); }
  void i16(std::int16_t v) { write(v); }
  void u32(std::uint32_t v) { write(v); }
  void i32(std::int32_t v) { write(v); }
  void u64(std::uint64_t v) { write(v); }
  void i64(std::int64_t v) { write(v); }
  void f32(float v) { write(v); }
  void f64(double v) { write(v); }

  template <class Array>
  void write_array(const Array& values) {
    using T = std::remove_cv_t<std::remove_reference_t<decltype(*std::data(values))>>;
    const std::size_t n = std::size(values);
    store_values<T, fixed_extent<Array>>(grow(sizeof(T) * n), std::data(values), n, order_);
  }

  void bytes(std::span<const std::byte> data) {
    if (!data.empty()) std::memcpy(grow(data.size()), data.data(), data.size());
  }
  void bytes(std::string_view text) { bytes(std::as_bytes(std::span(text.data(), text.size()))); }
  void fill(std::size_t n, std::byte value) {
    if (n != 0) std::memset(grow(n), static_cast<int>(value), n);
  }
  void string_zero_terminated(std::string_view text) {
    bytes(text);
    u8(0);
  }
  template <class LengthType>
  void string_prefixed(std::string_view text) {
    write(static_cast<LengthType>(text.size()));
    bytes(text);
  }

  // Overwrites a value written earlier (sizes and offsets known only later).
  template <class T>
  void patch(std::size_t at, T value) {
    store_value<T>(buffer_.data() + at, value, order_);
  }
  // Pads with `value` up to a multiple of `alignment` (relative to the start of the buffer).
  void align(std::size_t alignment, std::byte value) {
    if (alignment > 1 && size_ % alignment != 0) fill(alignment - size_ % alignment, value);
  }

  std::size_t size() const noexcept { return size_; }
  ByteOrder order() const noexcept { return order_; }
  // The bytes written so far (valid until the next write).
  std::span<const std::byte> buffer() const noexcept { return {buffer_.data(), size_}; }
  std::vector<std::byte> take() {
    buffer_.resize(size_);
    size_ = 0;
    return std::move(buffer_);
  }

 private:
  // Room for `n` more bytes, counted as written. The vector's size runs ahead of what is written by up to
  // kStep zeroed bytes, so that a value costs a comparison and a store (growing a std::vector by each value's
  // size costs a call per value).
  std::byte* grow(std::size_t n) {
    if (buffer_.size() - size_ < n) extend(n);
    std::byte* out = buffer_.data() + size_;
    size_ += n;
    return out;
  }
  // Makes the vector's size at least size_ + n, at most kStep more, within a capacity that doubles (so that
  // a file larger than its reserve is not zeroed and touched twice over).
  void extend(std::size_t n) {
    constexpr std::size_t kStep = 64 * 1024;
    const std::size_t need = size_ + n;
    if (buffer_.capacity() < need) buffer_.reserve(std::max(need, 2 * buffer_.capacity()));
    buffer_.resize(std::min(buffer_.capacity(), std::max(need, size_ + kStep)));
  }

  ByteOrder order_;
  std::string_view file_;
  std::vector<std::byte> buffer_;  // its first size_ bytes are written
  std::size_t size_ = 0;
  FieldTrail path_;  // last: the members every write touches stay together at the front
};

}  // namespace gamefmt
