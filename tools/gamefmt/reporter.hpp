#pragma once
// How the gamefmt program talks to the user: errors, warnings and notes on standard error, as text
// ("gamefmt: ...") or as one JSON object per line (--error-format=json, for programs such as the Blender
// add-on). Safe to call from the batch worker threads.
#include <exception>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::cli {

enum class MessageFormat { text, json };

struct OutputStyle {
  bool quiet = false;    // errors only: no warnings, progress or summary
  bool verbose = false;  // also a line per converted file
  MessageFormat format = MessageFormat::text;
};

class Reporter {
 public:
  explicit Reporter(OutputStyle style) : style_(style) {}

  const OutputStyle& style() const { return style_; }
  // A FormatError gives its file, offset, field, problem and kind; a UsageError the kind "usage"; any other
  // exception its message.
  void error(const std::exception& error);
  // A problem the conversion of `file` worked around ("gamefmt: warning: file: text").
  void warning(std::string_view file, std::string_view text);
  // The same problem in the conversions of several files: shown once, with their count and the first few
  // names ("gamefmt: warning: text (32 files: a.model, b.model, c.model and 29 more)"; as JSON with every
  // name in "files").
  void warning(const std::vector<std::string>& files, std::string_view text);
  // Progress facts (shown with --verbose) and the batch summary (hidden with --quiet).
  void note(std::string_view text);
  void summary(std::string_view text);
  // Runs `print` (which writes to standard error) while holding the output lock.
  template <class Print>
  void locked(Print print) {
    std::lock_guard lock(mutex_);
    print();
  }

 private:
  void line(std::string_view level, const std::string& json_fields, std::string_view text);
  OutputStyle style_;
  std::mutex mutex_;
};

}  // namespace gamefmt::cli
