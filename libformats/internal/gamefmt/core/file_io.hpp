#pragma once
// Whole-file reading and atomic file output, and the rule for every file gamefmt opens on a file's behalf.
//
// The rule (issue 28). Mods come from strangers: a file that a game file, a script or a glTF document names,
// or that gamefmt finds beside an input (a companion, a texture, a motion, a buffer), is read only when
//   1. it lies inside the folder it was looked up in (the game-data folder, the mod folder, the model's
//      folder, the glTF file's folder), once symbolic links are resolved in both: a link inside the folder
//      may point elsewhere inside it, never out of it;
//   2. it is a regular file: not a FIFO (opening one would wait for a writer), a device, a socket or a
//   folder;
//   3. its size is at most a limit, checked before anything is read (a sparse file costs nothing on disk).
// read_contained_file applies all three in one call; GameFolder (game_folder.hpp) applies 1 and 2 to its
// lookups before anything is read, with contained_real_path. Files the user names on the command line are
// the user's choice and may lie anywhere, but read_file_bytes holds them to 2 as well (and to 3 when given a
// limit). A refusal is a FormatError naming the file and saying why; a caller that can go on without the
// file makes it a warning.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt {

// The most bytes a read may take, and the name of the option that sets it (for the message).
struct SizeLimit {
  std::uint64_t max_bytes = std::numeric_limits<std::uint64_t>::max();
  std::string_view option;  // "max_texture_bytes"; empty: the message gives the number only
};

// Reads a whole regular file (rule 2). Throws FormatError naming the file when it cannot be read, is not a
// regular file, or is larger than the limit.
std::vector<std::byte> read_file_bytes(const std::filesystem::path& path);
std::vector<std::byte> read_file_bytes(const std::filesystem::path& path, const SizeLimit& limit);
// The first `bytes` bytes of a regular file (all of a shorter one), for recognising its format.
std::vector<std::byte> read_file_head(const std::filesystem::path& path, std::size_t bytes);

// The rule in one call: reads `path` when its real path lies inside `folder`'s, it is a regular file and no
// larger than the limit. `folder_name` names the folder in the message ("the game-data folder"). Throws
// FormatError naming `path` as given.
std::vector<std::byte> read_contained_file(const std::filesystem::path& folder,
                                           const std::filesystem::path& path, const SizeLimit& limit,
                                           std::string_view folder_name = "the folder it was looked up in");

// Rule 1 alone: the real path of `path` (symbolic links resolved), which lies inside `folder`'s real path
// (for a caller that reads it later, or keys a cache by it). Throws FormatError as read_contained_file does.
std::filesystem::path real_path_inside(const std::filesystem::path& folder, const std::filesystem::path& path,
                                       std::string_view folder_name = "the folder it was looked up in");
// The same, nothing instead of an error (also when the file does not exist).
std::optional<std::filesystem::path> contained_real_path(const std::filesystem::path& folder,
                                                         const std::filesystem::path& path);
// Whether `real_path` is `real_folder` or lies below it, comparing whole components (both already resolved:
// no "..", no links).
bool lies_inside(const std::filesystem::path& real_folder, const std::filesystem::path& real_path);
// Rule 2 alone: nothing for a regular file (links followed), else the problem: "is not a regular file (a
// FIFO)", "... (a folder)", "does not exist"...
std::optional<std::string> regular_file_problem(const std::filesystem::path& path);

// Writes to a temporary file in the target's folder, then renames it into place, so a failure never leaves
// a partial file at `path`. Throws FormatError naming the file on failure.
void write_file_atomically(const std::filesystem::path& path, std::span<const std::byte> data);
void write_file_atomically(const std::filesystem::path& path, std::string_view data);

}  // namespace gamefmt
