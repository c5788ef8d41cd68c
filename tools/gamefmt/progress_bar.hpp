#pragma once
// A one-line progress bar on standard error, with the file being converted and an estimate of the time left;
// silent when standard error is not a terminal (or with --quiet).
#include <chrono>
#include <cstddef>
#include <string>

namespace gamefmt::cli {

class ProgressBar {
 public:
  ProgressBar(std::size_t total, bool enabled);
  void start_file(const std::string& name);  // the file a worker starts on
  void advance();
  void clear_line();  // before printing a message over the bar
  void finish();

 private:
  void draw() const;
  std::size_t total_;
  std::size_t done_ = 0;
  bool enabled_;
  std::string current_;
  std::chrono::steady_clock::time_point start_;
};

// "0.4 ms", "85 ms", "3.42 s", "12.3 s", "2 min 05 s", "1 h 02 min".
std::string duration_text(double seconds);
double seconds_since(std::chrono::steady_clock::time_point start);

}  // namespace gamefmt::cli
