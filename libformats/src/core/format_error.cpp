#include "gamefmt/core/format_error.hpp"

#include <cstdio>

namespace gamefmt {

FormatError::FormatError(std::string file, std::optional<std::uint64_t> offset, std::string field,
                         std::string problem)
    : std::runtime_error(describe_problem(file, offset, field, problem)),
      file_(std::move(file)),
      offset_(offset),
      field_(std::move(field)),
      problem_(std::move(problem)) {}

FormatError FormatError::with_file(std::string file) const {
  return {std::move(file), offset_, field_, problem_};
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
