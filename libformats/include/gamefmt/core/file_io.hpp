#pragma once
// Whole-file reading and atomic file output.
#include <cstddef>
#include <filesystem>
#include <span>
#include <string_view>
#include <vector>

namespace gamefmt {

// Reads a whole file. Throws FormatError naming the file when it cannot be read.
std::vector<std::byte> read_file_bytes(const std::filesystem::path& path);

// Writes to a temporary file in the target's folder, then renames it into place, so a failure never leaves
// a partial file at `path`. Throws FormatError naming the file on failure.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> data);
void write_file_atomically(const std::filesystem::path& path, std::string_view data);

}  // namespace gamefmt
