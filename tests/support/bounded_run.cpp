#include "bounded_run.hpp"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gamefmt::test {

BoundedRun run_gamefmt_bounded(const std::vector<std::string>& arguments, double stop_after_seconds) {
  TempDir dir;
  const auto peak_file = dir / "peak";
  const bool gnu_time = std::filesystem::exists("/usr/bin/time");
  std::vector<std::string> command = {"timeout", "-k", "5", std::to_string(stop_after_seconds)};
  if (gnu_time) command.insert(command.end(), {"/usr/bin/time", "-f", "%M", "-o", peak_file.string()});
  command.push_back(GAMEFMT_CLI_PATH);
  command.insert(command.end(), arguments.begin(), arguments.end());
  BoundedRun out;
  const auto start = std::chrono::steady_clock::now();
  out.run = run_program(command);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (gnu_time) {
    std::ifstream in(peak_file);
    std::string line, last;
    while (std::getline(in, line))
      if (!line.empty()) last = line;  // "Command exited with non-zero status N" may come first
    std::istringstream number(last);
    double kib = 0;
    if (number >> kib) out.peak_mib = kib / 1024;
  }
  return out;
}

}  // namespace gamefmt::test
