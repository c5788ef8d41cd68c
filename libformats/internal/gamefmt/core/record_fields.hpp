#pragma once
// One description of a fixed binary record for both directions, so that a reader and its writer cannot drift:
//
//   template <class IO, RecordOf<Triangle> T>
//   void fields(IO& io, T& t) { io(t.corners, "corners"); io(t.flags, "flags"); }
//
// `IO` is a FieldReader (fills the record from a ByteReader, every field named in errors) or a FieldWriter
// (appends the record to a ByteWriter) or a FieldHasher (feeds the written fields to a Fingerprinter); `T` is
// the record, const when writing. A field is a number, a std::array of numbers (or of such arrays, each under
// the same name), or a record with its own `fields` (found by argument-dependent lookup), which is entered as
// a path element. Conditional layouts take their condition as an extra argument of `fields`.
#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/field_trail.hpp"
#include "gamefmt/core/fingerprint.hpp"

namespace gamefmt {

// `T` is `Record`, possibly const: the parameter type of a `fields` function shared by reading and writing.
template <class T, class Record>
concept RecordOf = std::same_as<std::remove_const_t<T>, Record>;

namespace record_detail {
template <class T>
struct is_number_array : std::false_type {};
template <class T, std::size_t N>
struct is_number_array<std::array<T, N>> : std::is_arithmetic<T> {};
template <class T>
struct is_array : std::false_type {};
template <class T, std::size_t N>
struct is_array<std::array<T, N>> : std::true_type {};
}  // namespace record_detail

class FieldReader {
 public:
  static constexpr bool reading = true;
  explicit FieldReader(ByteReader& reader) noexcept : r_(reader) {}

  template <class T>
  void operator()(T& value, const char* name) {
    if constexpr (std::is_arithmetic_v<T>) {
      value = r_.read<T>(name);
    } else if constexpr (record_detail::is_number_array<T>::value) {
      r_.read_array(value, name);
    } else if constexpr (record_detail::is_array<T>::value) {
      for (auto& element : value) (*this)(element, name);
    } else {
      auto scope = r_.enter(name);
      fields(*this, value);
    }
  }
  // A zero-terminated string.
  void string_z(std::string& value, const char* name) { value = r_.string_zero_terminated(name); }
  // A field stored wider than the record keeps it (a u32 bone index held as u16): a stored value that does
  // not fit is an error.
  template <class Stored, class T>
  void stored_as(T& value, const char* name) {
    const Stored stored = r_.read<Stored>(name);
    if (!std::in_range<T>(stored)) r_.fail(name, "value " + std::to_string(stored) + " is out of range");
    value = static_cast<T>(stored);
  }
  // An optional field being read: made present, to be filled.
  template <class T>
  T& present(std::optional<T>& value) {
    return value.emplace();
  }
  [[nodiscard]] FieldTrail::Scope enter(const char* name, std::size_t index = FieldTrail::no_index) {
    return r_.enter(name, index);
  }
  ByteReader& reader() noexcept { return r_; }

 private:
  ByteReader& r_;
};

class FieldWriter {
 public:
  static constexpr bool reading = false;
  explicit FieldWriter(ByteWriter& writer) noexcept : w_(writer) {}

  template <class T>
  void operator()(const T& value, const char* name) {
    if constexpr (std::is_arithmetic_v<T>) {
      w_.write(value);
    } else if constexpr (record_detail::is_number_array<T>::value) {
      w_.write_array(value);
    } else if constexpr (record_detail::is_array<T>::value) {
      for (const auto& element : value) (*this)(element, name);
    } else {
      auto scope = w_.enter(name);
      fields(*this, value);
    }
  }
  void string_z(const std::string& value, const char* name) {
    if (value.find('\0') != std::string::npos) w_.fail(name, "a zero-terminated string cannot hold a NUL");
    w_.string_zero_terminated(value);
  }
  template <class Stored, class T>
  void stored_as(const T& value, const char* name) {
    if (!std::in_range<Stored>(value)) w_.fail(name, "value " + std::to_string(value) + " is out of range");
    w_.write(static_cast<Stored>(value));
  }
  // An optional field being written: the caller writes only present ones.
  template <class T>
  const T& present(const std::optional<T>& value) {
    return value.value();
  }
  [[nodiscard]] FieldTrail::Scope enter(const char* name, std::size_t index = FieldTrail::no_index) {
    return w_.enter(name, index);
  }
  ByteWriter& writer() noexcept { return w_; }

 private:
  ByteWriter& w_;
};

// Feeds the fields a FieldWriter would write to a Fingerprinter, without encoding them: a record's fields
// fingerprinted when it was read and again before it is written tell whether it was edited.
class FieldHasher {
 public:
  static constexpr bool reading = false;
  explicit FieldHasher(Fingerprinter& fingerprinter) noexcept : f_(fingerprinter) {}

  template <class T>
  void operator()(const T& value, const char* name) {
    if constexpr (std::is_arithmetic_v<T>) {
      f_.value(value);
    } else if constexpr (record_detail::is_number_array<T>::value) {
      f_.bytes(value.data(), sizeof value);  // numbers of one type: no padding
    } else if constexpr (record_detail::is_array<T>::value) {
      for (const auto& element : value) (*this)(element, name);
    } else {
      fields(*this, value);
    }
  }
  void string_z(const std::string& value, const char*) { f_.string(value); }
  template <class Stored, class T>
  void stored_as(const T& value, const char*) {
    f_.value(value);
  }
  template <class T>
  const T& present(const std::optional<T>& value) {
    return value.value();
  }
  struct NoScope {};
  NoScope enter(const char*, std::size_t = FieldTrail::no_index) { return {}; }
  Fingerprinter& fingerprinter() noexcept { return f_; }

 private:
  Fingerprinter& f_;
};

// Each record of `records` (sized by the caller), entered as `name[i]`.
template <class IO, class Records>
void record_list(IO& io, Records& records, const char* name) {
  for (std::size_t i = 0; i < records.size(); ++i) {
    auto scope = io.enter(name, i);
    fields(io, records[i]);
  }
}

}  // namespace gamefmt
