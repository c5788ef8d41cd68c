#include "progress_bar.hpp"

#include <cstdio>
#include <string>

namespace gamefmt::cli {

void ProgressBar::advance() {
  ++done_;
  draw();
}

void ProgressBar::clear_line() {
  if (enabled_) std::fputs("\r\033[K", stderr);
}

void ProgressBar::finish() {
  if (enabled_) std::fputs("\n", stderr);
}

void ProgressBar::draw() const {
  if (!enabled_ || total_ == 0) return;
  constexpr std::size_t width = 40;
  const std::size_t filled = done_ * width / total_;
  const std::string bar = std::string(filled, '#') + std::string(width - filled, '-');
  std::fprintf(stderr, "\r[%s] %zu/%zu", bar.c_str(), done_, total_);
  std::fflush(stderr);
}

}  // namespace gamefmt::cli
