#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::test {

std::filesystem::path source_dir();
std::filesystem::path samples_dir();
// GAMEFMT_CORPUS, or nothing when it is unset.
std::optional<std::filesystem::path> corpus_dir();
// Files with the extension (no dot, lower case) below a folder, sorted.
std::vector<std::filesystem::path> files_with_extension(const std::filesystem::path& folder,
                                                        const std::string& extension);
std::vector<std::byte> read_bytes(const std::filesystem::path& path);
// Writes the file, making its folders first.
void put(const std::filesystem::path& file, std::span<const std::byte> bytes);
void put_text(const std::filesystem::path& file, std::string_view text);

// A fresh empty folder under the system temp folder, removed when the object goes away.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

struct CommandResult {
  int exit_code = -1;
  std::string output;  // standard output and standard error together
};
// Runs a program (a path, or a name looked up in PATH) with the arguments, each quoted for the shell.
CommandResult run_program(const std::vector<std::string>& program_and_arguments);
// Runs the gamefmt program with the arguments (each quoted for the shell).
CommandResult run_gamefmt(const std::vector<std::string>& arguments);
// run_gamefmt, measured: the wall time and the peak resident memory of the program (from wait4, or, where
// that only repeats this process's own peak, from /proc while it ran). A run that takes longer than
// `time_limit_seconds` is killed (timed_out; exit code 128 + SIGKILL), so that a hang fails a test instead of
// stopping it.
struct MeasuredRun : CommandResult {
  double seconds = 0;
  std::uint64_t peak_memory_bytes = 0;
  bool timed_out = false;
};
MeasuredRun run_gamefmt_measured(const std::vector<std::string>& arguments, double time_limit_seconds = 120);

// Whether Blender is installed (the Blender checks are skipped without it).
bool blender_installed();
// Runs tests/blender/<script> in headless Blender (factory settings, no audio) with `arguments` after "--".
// The output is Blender's log; the exit code is non-zero when the script failed.
CommandResult run_blender_script(const std::string& script, const std::vector<std::string>& arguments);
// The JSON a check script printed after "<marker> " on one line of `log`, or null when there is none.
nlohmann::json marked_json(const std::string& log, const std::string& marker);

}  // namespace gamefmt::test
