// The registry: the handlers of format_handlers.hpp (the one list of formats), found by id, by file name and
// by content. Where the rest of a new format goes: docs/adding-a-format.md.
#include "gamefmt/adapters/format_registry.hpp"

#include <algorithm>
#include <cctype>

#include "format_handlers.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt {
const std::vector<const FormatHandler*>& format_handlers() {
  static const std::vector<std::unique_ptr<FormatHandler>> owned = [] {
    std::vector<std::unique_ptr<FormatHandler>> all;
    for (const auto& make : kHandlerFactories) all.push_back(make());
    return all;
  }();
  static const std::vector<const FormatHandler*> handlers = [] {
    std::vector<const FormatHandler*> all;
    for (const auto& handler : owned) all.push_back(handler.get());
    return all;
  }();
  return handlers;
}

const FormatHandler* find_handler_by_id(std::string_view id) {
  for (const auto* handler : format_handlers())
    if (handler->description().id == id) return handler;
  return nullptr;
}

std::vector<const FormatHandler*> handlers_for_name(const std::filesystem::path& path) {
  const std::string file_name = lower_ascii(path.filename().string());
  // Longest matching extension wins, so "geomx" is not taken for "x"; several formats may share it.
  std::vector<const FormatHandler*> found;
  std::size_t best_length = 0;
  for (const auto* handler : format_handlers()) {
    for (const auto& ext : handler->description().extensions) {
      const std::string suffix = "." + ext;
      if (file_name.size() <= suffix.size() || !file_name.ends_with(suffix) || suffix.size() < best_length)
        continue;
      if (suffix.size() > best_length) found.clear();
      best_length = suffix.size();
      if (found.empty() || found.back() != handler) found.push_back(handler);
    }
  }
  if (!found.empty()) return found;
  for (const auto* handler : format_handlers())
    for (const auto& name : handler->description().file_names)
      if (file_name == name) found.push_back(handler);
  return found;
}

const FormatHandler* find_handler_by_name(const std::filesystem::path& path) {
  const auto found = handlers_for_name(path);
  return found.empty() ? nullptr : found.front();
}

const FormatHandler* find_handler(const std::filesystem::path& path, std::span<const std::byte> head) {
  const auto named = handlers_for_name(path);
  if (named.size() == 1) return named.front();
  // Formats sharing an extension (Overgrowth and X-Ray `.anm`) are told apart by content.
  for (const auto* handler : named)
    if (handler->recognizes(head)) return handler;
  if (!named.empty()) return named.front();
  for (const auto* handler : format_handlers())
    if (handler->recognizes(head)) return handler;
  return nullptr;
}

}  // namespace gamefmt
