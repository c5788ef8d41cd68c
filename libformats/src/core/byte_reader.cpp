#include "gamefmt/core/byte_reader.hpp"

#include <algorithm>

namespace gamefmt {

void ByteReader::fail_at(std::uint64_t offset, const char* field, std::string problem) const {
  throw FormatError(std::string(file_), offset, path(field), std::move(problem));
}

void ByteReader::warn_at(std::uint64_t offset, const char* field, std::string problem) const {
  if (warnings_ == nullptr) fail_at(offset, field, std::move(problem));
  warnings_->push_back(describe_problem(std::string(file_), offset, path(field), problem));
}

void ByteReader::fail_short(std::size_t n, const char* field) const {
  fail_truncated(field, "need " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
}

void ByteReader::fail_truncated(const char* field, std::string problem) const {
  throw FormatError(std::string(file_), absolute_offset(), path(field), std::move(problem),
                    ErrorKind::truncated);
}

void ByteReader::fail_negative_count(const char* field, long long count) const {
  fail(field, "count " + std::to_string(count) + " is negative");
}

void ByteReader::fail_count(const char* field, std::uint64_t count, std::size_t min_element_size) const {
  std::uint64_t least_bytes = 0;
  const std::string needed = __builtin_mul_overflow(count, std::uint64_t{min_element_size}, &least_bytes)
                                 ? "more than 2^64 bytes"
                                 : "at least " + std::to_string(least_bytes) + " bytes";
  fail_truncated(field, "count " + std::to_string(count) + " needs " + needed + ", " +
                            std::to_string(remaining()) + " left");
}

std::string ByteReader::string_zero_terminated(const char* field) {
  const auto rest = data_.subspan(pos_);
  const auto nul = std::find(rest.begin(), rest.end(), std::byte{0});
  if (nul == rest.end()) fail(field, "string has no terminating NUL before the end of the data");
  const auto length = static_cast<std::size_t>(nul - rest.begin());
  std::string out(reinterpret_cast<const char*>(rest.data()), length);
  pos_ += length + 1;
  return out;
}

}  // namespace gamefmt
