#pragma once
// The one error type of gamefmt: a problem with a file, located by byte offset and field path.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace gamefmt {

// Problems a reader tolerated, one line each ("file: offset 0x..: field: problem"), in reading order; each
// format struct keeps its reader's in a `warnings` member (not written to the file).
using Warnings = std::vector<std::string>;

// What kind of problem an error reports, for programs that react to it (the Blender add-on,
// --error-format=json).
enum class ErrorKind {
  truncated,            // the data ends before a field it must hold
  bad_value,            // a field holds a value the format does not allow (the default)
  unsupported_version,  // a version, variant or platform gamefmt cannot read or write
  limit,                // a count or size beyond a limit (the format's own, or one of gamefmt's Limits)
  cannot_write,         // a scene the output format cannot express
  io,                   // a file that cannot be opened, read or written
};
// "truncated", "bad_value", ...
const char* to_string(ErrorKind kind);
// "file: offset 0x1a4: field.path: problem": the text of a FormatError, and of a warning (byte_reader.hpp).
std::string describe_problem(const std::string& file, const std::optional<std::uint64_t>& offset,
                             const std::string& field, const std::string& problem);

class FormatError : public std::runtime_error {
 public:
  // offset may be absent for problems that are not at a byte position (a missing file, a scene that
  // cannot be written in a format).
  FormatError(std::string file, std::optional<std::uint64_t> offset, std::string field, std::string problem,
              ErrorKind kind = ErrorKind::bad_value);

  const std::string& file() const noexcept { return file_; }
  const std::optional<std::uint64_t>& offset() const noexcept { return offset_; }
  const std::string& field() const noexcept { return field_; }
  const std::string& problem() const noexcept { return problem_; }
  ErrorKind kind() const noexcept { return kind_; }

  // The same error, attributed to another file name (readers of in-memory data learn the name late).
  FormatError with_file(std::string file) const;

 private:
  std::string file_;
  std::optional<std::uint64_t> offset_;
  std::string field_;
  std::string problem_;
  ErrorKind kind_;
};

}  // namespace gamefmt
