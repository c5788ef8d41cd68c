#pragma once
// Checks shared by the [lenient] tests: files the game accepts although they bend the format (short chunk
// sizes, bytes after the end, unknown chunks, derived fields that disagree) convert with a warning and
// rewrite byte for byte.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gamefmt::test {

// Through the command line: `gamefmt convert <name> -o <name>.glb` succeeds and prints a warning that
// contains `warning_text`; `gamefmt info <name> --json` lists it; converting the file to its own format gives
// it back byte for byte.
void check_cli_tolerates(const std::vector<std::byte>& bytes, const std::string& name,
                         const std::string& warning_text);

// Whether one of `warnings` contains every one of `parts`.
bool has_warning(const std::vector<std::string>& warnings, const std::vector<std::string>& parts);

// The offsets of the chunk headers of a little-endian X-Ray chunk list that fills `bytes` from `start` to
// `end`.
std::vector<std::size_t> xray_chunk_offsets(const std::vector<std::byte>& bytes, std::size_t start,
                                            std::size_t end);

// Little-endian u32 at `at`.
std::uint32_t u32_at(const std::vector<std::byte>& bytes, std::size_t at);
void set_u32_at(std::vector<std::byte>& bytes, std::size_t at, std::uint32_t value);

}  // namespace gamefmt::test
