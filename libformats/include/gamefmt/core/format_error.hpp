#pragma once
// The one error type of gamefmt: a problem with a file, located by byte offset and field path.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace gamefmt {

// "file: offset 0x1a4: field.path: problem": the text of a FormatError, and of a warning (byte_reader.hpp).
std::string describe_problem(const std::string& file, const std::optional<std::uint64_t>& offset,
                             const std::string& field, const std::string& problem);

class FormatError : public std::runtime_error {
 public:
  // offset may be absent for problems that are not at a byte position (a missing file, a scene that
  // cannot be written in a format).
  FormatError(std::string file, std::optional<std::uint64_t> offset, std::string field, std::string problem);

  const std::string& file() const noexcept { return file_; }
  const std::optional<std::uint64_t>& offset() const noexcept { return offset_; }
  const std::string& field() const noexcept { return field_; }
  const std::string& problem() const noexcept { return problem_; }

  // The same error, attributed to another file name (readers of in-memory data learn the name late).
  FormatError with_file(std::string file) const;

 private:
  std::string file_;
  std::optional<std::uint64_t> offset_;
  std::string field_;
  std::string problem_;
};

}  // namespace gamefmt
