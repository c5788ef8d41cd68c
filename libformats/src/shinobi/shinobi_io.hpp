#pragma once
// Pieces shared by the MDL1 and ANIM readers and writers: magic tags, length-prefixed strings, 4x3 matrices,
// and the refusal a writer throws.
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi {

inline void read_magic(ByteReader& r, const char (&magic)[5], const char* field) {
  const auto at = r.absolute_offset();
  const auto bytes = r.bytes(4, field);
  if (std::memcmp(bytes.data(), magic, 4) != 0) {
    std::string found;
    for (auto b : bytes) {
      const auto c = static_cast<unsigned char>(b);
      found += (c >= 0x20 && c < 0x7F) ? static_cast<char>(c) : '?';
    }
    r.fail_at(at, field, std::string("expected \"") + magic + "\", found \"" + found + "\"");
  }
}

// A string is an int32 length and that many bytes, no terminator.
inline std::string read_string(ByteReader& r, const char* field) {
  return r.string_prefixed<std::int32_t>(field);
}

inline Mat4x3 read_mat4x3(ByteReader& r, const char* field) {
  auto scope = r.enter(field);
  Mat4x3 m;
  r.read_array(m.x, "x");
  r.read_array(m.y, "y");
  r.read_array(m.z, "z");
  r.read_array(m.position, "position");
  return m;
}

inline void write_mat4x3(ByteWriter& w, const Mat4x3& m) {
  w.write_array(m.x);
  w.write_array(m.y);
  w.write_array(m.z);
  w.write_array(m.position);
}

struct Refuse {
  explicit Refuse(std::string_view file) : file(file) {}
  [[noreturn]] void operator()(const std::string& field, const std::string& problem) const {
    throw FormatError(std::string(file), std::nullopt, field, problem);
  }
  std::string_view file;
};

inline std::int32_t checked_count(std::size_t n, const std::string& field, const Refuse& refuse) {
  if (n > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    refuse(field, std::to_string(n) + " entries do not fit a 32-bit count");
  return static_cast<std::int32_t>(n);
}

inline void write_string(ByteWriter& w, std::string_view text, const std::string& field,
                         const Refuse& refuse) {
  w.i32(checked_count(text.size(), field, refuse));
  w.bytes(text);
}

}  // namespace gamefmt::shinobi
