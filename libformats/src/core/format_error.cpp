#include "gamefmt/core/format_error.hpp"

#include <cstdio>

namespace gamefmt {

const char* to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::truncated:
      return "truncated";
    case ErrorKind::bad_value:
      return "bad_value";
    case ErrorKind::unsupported_version:
      return "unsupported_version";
    case ErrorKind::limit:
      return "limit";
    case ErrorKind::cannot_write:
      return "cannot_write";
    case ErrorKind::io:
      return "io";
  }
  return "bad_value";
}

FormatError::FormatError(std::string file, std::optional<std::uint64_t> offset, std::string field,
                         std::string problem, ErrorKind kind)
    : std::runtime_error(describe_problem(file, offset, field, problem)),
      file_(std::move(file)),
      offset_(offset),
      field_(std::move(field)),
      problem_(std::move(problem)),
      kind_(kind) {}

FormatError FormatError::with_file(std::string file) const {
  return {std::move(file), offset_, field_, problem_, kind_};
}

std::string describe_problem(const std::string& file, const std::optional<std::uint64_t>& offset,
                             const std::string& field, const std::string& problem) {
  std::string text = file.empty() ? std::string("<memory>") : file;
  if (offset) {
    char hex[32];
    std::snprintf(hex, sizeof hex, "%llx", static_cast<unsigned long long>(*offset));
    text += ": offset 0x";
    text += hex;
  }
  if (!field.empty()) text += ": " + field;
  text += ": " + problem;
  return text;
}

}  // namespace gamefmt
