#include "progress_bar.hpp"

#include <cmath>
#include <cstdio>

namespace gamefmt::cli {

std::string duration_text(double seconds) {
  char text[32];
  if (seconds < 0.01)
    std::snprintf(text, sizeof text, "%.1f ms", seconds * 1e3);
  else if (seconds < 1)
    std::snprintf(text, sizeof text, "%.0f ms", seconds * 1e3);
  else if (seconds < 10)
    std::snprintf(text, sizeof text, "%.2f s", seconds);
  else if (seconds < 60)
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  else if (seconds < 3600)
    std::snprintf(text, sizeof text, "%d min %02d s", int(seconds) / 60, int(seconds) % 60);
  else
    std::snprintf(text, sizeof text, "%d h %02d min", int(seconds) / 3600, int(seconds) / 60 % 60);
  return text;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

ProgressBar::ProgressBar(std::size_t total, bool enabled)
    : total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

void ProgressBar::start_file(const std::string& name) {
  current_ = name;
  draw();
}

void ProgressBar::advance() {
  ++done_;
  draw();
}

void ProgressBar::clear_line() {
  if (enabled_) std::fputs("\r\033[K", stderr);
}

void ProgressBar::finish() {
  if (enabled_ && total_ > 0) std::fputs("\r\033[K", stderr);
}

void ProgressBar::draw() const {
  if (!enabled_ || total_ == 0) return;
  constexpr std::size_t width = 30;
  const std::size_t filled = done_ * width / total_;
  const std::string bar = std::string(filled, '#') + std::string(width - filled, '-');
  const double elapsed = seconds_since(start_);
  std::string eta = "ETA --";
  if (done_ == total_)
    eta = "done";
  else if (done_ > 0)
    eta = "ETA " + duration_text(elapsed / double(done_) * double(total_ - done_));
  std::string name = current_;
  if (name.size() > 40) name = "..." + name.substr(name.size() - 37);
  std::fprintf(stderr, "\r\033[K[%s] %zu/%zu  %s  %s", bar.c_str(), done_, total_, eta.c_str(), name.c_str());
  std::fflush(stderr);
}

}  // namespace gamefmt::cli
