#pragma once
#include <cstddef>

namespace gamefmt::cli {

// A one-line progress bar on standard error; silent when standard error is not a terminal.
class ProgressBar {
 public:
  ProgressBar(std::size_t total, bool enabled) : total_(total), enabled_(enabled) {}
  void advance();
  void clear_line();  // before printing a message over the bar
  void finish();

 private:
  void draw() const;
  std::size_t total_;
  std::size_t done_ = 0;
  bool enabled_;
};

}  // namespace gamefmt::cli
