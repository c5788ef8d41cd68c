#include "test_support.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <thread>

#include "gamefmt/core/file_io.hpp"

namespace gamefmt::test {
namespace fs = std::filesystem;

fs::path source_dir() {
  return GAMEFMT_SOURCE_DIR;
}
fs::path samples_dir() {
  return source_dir() / "samples";
}

std::optional<fs::path> corpus_dir() {
  const char* value = std::getenv("GAMEFMT_CORPUS");
  if (value == nullptr || value[0] == '\0') return std::nullopt;
  return fs::path(value);
}

std::vector<fs::path> files_with_extension(const fs::path& folder, const std::string& extension) {
  std::vector<fs::path> out;
  if (!fs::is_directory(folder)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    std::string ext = entry.path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
    if (entry.is_regular_file() && ext == "." + extension) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void put(const std::filesystem::path& file, std::span<const std::byte> bytes) {
  std::filesystem::create_directories(file.parent_path());
  write_file_atomically(file, bytes);
}

void put_text(const std::filesystem::path& file, std::string_view text) {
  put(file, std::span(reinterpret_cast<const std::byte*>(text.data()), text.size()));
}

std::vector<std::byte> read_bytes(const fs::path& path) {
  return read_file_bytes(path);
}

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "gamefmt-test-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

namespace {
std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs a shell command, its standard error joined to its standard output.
CommandResult run_command(const std::string& command) {
  CommandResult result;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return result;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) result.output.append(buffer, n);
  const int status = ::pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}
}  // namespace

CommandResult run_program(const std::vector<std::string>& program_and_arguments) {
  std::string command;
  for (const auto& a : program_and_arguments) command += (command.empty() ? "" : " ") + shell_quote(a);
  return run_command(command);
}

CommandResult run_gamefmt(const std::vector<std::string>& arguments) {
  std::string command = shell_quote(GAMEFMT_CLI_PATH);
  for (const auto& a : arguments) command += " " + shell_quote(a);
  return run_command(command);
}

namespace {
// VmHWM of a running process (its peak resident memory since its exec), 0 when it cannot be read.
std::uint64_t peak_resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::strtoull(line.c_str() + 6, nullptr, 10);
  return 0;
}
}  // namespace

MeasuredRun run_gamefmt_measured(const std::vector<std::string>& arguments, double time_limit_seconds) {
  MeasuredRun result;
  // The output goes to a file (a pipe would fill up while nobody reads it).
  std::string log_name = (fs::temp_directory_path() / "gamefmt-run-XXXXXX").string();
  const int log = ::mkstemp(log_name.data());
  if (log < 0) return result;
  std::vector<std::string> argv_text = {GAMEFMT_CLI_PATH};
  argv_text.insert(argv_text.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  ::posix_spawn_file_actions_init(&actions);
  ::posix_spawn_file_actions_adddup2(&actions, log, STDOUT_FILENO);
  ::posix_spawn_file_actions_adddup2(&actions, log, STDERR_FILENO);
  ::posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int spawned = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  ::posix_spawn_file_actions_destroy(&actions);
  if (spawned == 0) {
    int status = 0;
    rusage usage{};
    std::uint64_t polled_kib = 0;
    for (;;) {
      const pid_t done = ::wait4(pid, &status, WNOHANG, &usage);
      if (done == pid || done < 0) break;
      polled_kib = std::max(polled_kib, peak_resident_kib(pid));
      const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
      if (elapsed.count() > time_limit_seconds && !result.timed_out) {
        ::kill(pid, SIGKILL);
        result.timed_out = true;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // The child's ru_maxrss starts at this process's own peak (posix_spawn clones this process's memory
    // before the exec, and Linux carries that memory's high-water mark over): above it, it is the child's
    // own; otherwise the child's peak is what /proc showed while it ran.
    rusage self{};
    ::getrusage(RUSAGE_SELF, &self);
    const auto child_kib = static_cast<std::uint64_t>(usage.ru_maxrss);  // Linux: kilobytes
    result.peak_memory_bytes =
        (child_kib > static_cast<std::uint64_t>(self.ru_maxrss) ? child_kib : polled_kib) * 1024;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }
  ::close(log);
  try {
    const auto bytes = read_file_bytes(log_name);
    result.output.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  } catch (const std::exception&) {
  }
  ::unlink(log_name.c_str());
  return result;
}

bool blender_installed() {
  return std::system("command -v blender >/dev/null 2>&1") == 0;
}

CommandResult run_blender_script(const std::string& script, const std::vector<std::string>& arguments) {
  // HOME may be unset under CI; Blender wants somewhere to keep its settings.
  std::string command =
      "HOME=${HOME:-/tmp} blender -b --factory-startup -noaudio --python-exit-code 1 --python " +
      shell_quote((source_dir() / "tests/blender" / script).string()) + " --";
  for (const auto& a : arguments) command += " " + shell_quote(a);
  return run_command(command);
}

nlohmann::json marked_json(const std::string& log, const std::string& marker) {
  const auto at = log.find(marker + " ");
  if (at == std::string::npos) return nullptr;
  const auto start = at + marker.size() + 1;
  const auto end = log.find('\n', start);
  return nlohmann::json::parse(log.substr(start, end == std::string::npos ? std::string::npos : end - start),
                               nullptr, false);
}

}  // namespace gamefmt::test
