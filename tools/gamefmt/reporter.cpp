#include "reporter.hpp"

#include <iostream>
#include <nlohmann/json.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::cli {

void Reporter::line(std::string_view level, const std::string& json_fields, std::string_view text) {
  std::lock_guard lock(mutex_);
  if (style_.format == MessageFormat::json)
    std::cerr << R"({"level":")" << level << '"' << json_fields << "}\n";
  else
    std::cerr << "gamefmt: " << (level == "warning" ? "warning: " : "") << text << '\n';
}

void Reporter::error(const std::exception& error) {
  nlohmann::json fields = {{"message", error.what()}};
  if (const auto* format_error = dynamic_cast<const FormatError*>(&error)) {
    fields["file"] = format_error->file();
    if (format_error->offset()) fields["offset"] = *format_error->offset();
    fields["field"] = format_error->field();
    fields["problem"] = format_error->problem();
    fields["kind"] = to_string(format_error->kind());
  } else if (dynamic_cast<const UsageError*>(&error) != nullptr) {
    fields["kind"] = "usage";  // the request, not a file: exit status 2
  }
  std::string text = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line("error", "," + text.substr(1, text.size() - 2), error.what());
}

void Reporter::warning(std::string_view file, std::string_view text) {
  if (style_.quiet) return;
  const nlohmann::json fields = {{"file", file}, {"message", text}};
  const std::string json = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line("warning", "," + json.substr(1, json.size() - 2),
       file.empty() ? std::string(text) : std::string(file) + ": " + std::string(text));
}

void Reporter::warning(const std::vector<std::string>& files, std::string_view text) {
  if (files.size() == 1) return warning(files.front(), text);
  if (style_.quiet || files.empty()) return;
  constexpr std::size_t kNamed = 3;
  std::string names;
  for (std::size_t i = 0; i < files.size() && i < kNamed; ++i) names += (i == 0 ? "" : ", ") + files[i];
  if (files.size() > kNamed) names += " and " + std::to_string(files.size() - kNamed) + " more";
  const nlohmann::json fields = {
      {"file", files.front()}, {"files", files}, {"count", files.size()}, {"message", text}};
  const std::string json = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line("warning", "," + json.substr(1, json.size() - 2),
       std::string(text) + " (" + std::to_string(files.size()) + " files: " + names + ")");
}

void Reporter::note(std::string_view text) {
  if (!style_.verbose || style_.quiet) return;
  const nlohmann::json fields = {{"message", text}};
  const std::string json = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line("note", "," + json.substr(1, json.size() - 2), text);
}

void Reporter::summary(std::string_view text) {
  if (style_.quiet) return;
  const nlohmann::json fields = {{"message", text}};
  const std::string json = fields.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line("summary", "," + json.substr(1, json.size() - 2), text);
}

}  // namespace gamefmt::cli
