#include "gamefmt/adapters/format_handler.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_messages.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_summary.hpp"

namespace gamefmt {

bool FormatHandler::recognizes(std::span<const std::byte>) const {
  return false;
}

scene::Scene FormatHandler::import_scene(const ImportRequest& request) const {
  throw FormatError(request.primary.path, std::nullopt, "",
                    description().name + " files cannot be converted to a scene",
                    ErrorKind::unsupported_version);
}

std::string not_written_problem(const FormatDescription& target, std::string_view source) {
  const std::string from = "; not from " + std::string(source);
  if (!target.export_note.empty())
    return "gamefmt writes " + target.name + " files " + target.export_note + from;
  if (target.can_rewrite && !target.extensions.empty())
    return "gamefmt writes " + target.name + " files only by rewriting one (`gamefmt convert in." +
           target.extensions.front() + " -o out." + target.extensions.front() + "`)" + from;
  return "gamefmt does not write " + target.name + " files";
}

std::vector<std::byte> FormatHandler::export_scene(const scene::Scene&, const ExportRequest& request) const {
  throw FormatError(request.output_name, std::nullopt, "", not_written_problem(description(), "a scene"),
                    ErrorKind::cannot_write);
}

bool FormatHandler::takes_scene(const scene::Scene&) const {
  return true;
}

std::vector<std::byte> FormatHandler::rewrite(std::span<const std::byte>, std::string_view file_name) const {
  throw FormatError(std::string(file_name), std::nullopt, "",
                    "gamefmt cannot rewrite " + description().name + " files", ErrorKind::cannot_write);
}

nlohmann::json FormatHandler::info(const ImportRequest& request) const {
  return {{"format", description().id}, {"scene", scene::scene_summary(import_scene(request))}};
}

std::optional<std::vector<std::byte>> FormatHandler::convert_to(const ImportRequest&, const FormatHandler&,
                                                                const ExportRequest&) const {
  return std::nullopt;
}

std::optional<std::vector<std::byte>> FormatHandler::convert_from(const ImportRequest&, const FormatHandler*,
                                                                  const ExportRequest&) const {
  return std::nullopt;
}

std::string FormatHandler::option(const Options& options, std::string_view name, bool for_export) const {
  if (const auto it = options.find(name); it != options.end()) return it->second;
  const auto& specs = for_export ? description().export_options : description().import_options;
  for (const auto& spec : specs)
    if (spec.name == name) return spec.default_value;
  return {};
}

std::string FormatHandler::choice(const Options& options, std::string_view name, bool for_export,
                                  std::string_view file) const {
  const std::string value = option(options, name, for_export);
  const auto& specs = for_export ? description().export_options : description().import_options;
  for (const auto& spec : specs) {
    if (spec.name != name || spec.choices.empty()) continue;
    if (std::find(spec.choices.begin(), spec.choices.end(), value) != spec.choices.end()) return value;
    std::string list;
    for (std::size_t i = 0; i < spec.choices.size(); ++i)
      list += (i == 0 ? "" : i + 1 == spec.choices.size() ? " or " : ", ") + spec.choices[i];
    throw FormatError(std::string(file), std::nullopt, "option " + std::string(name),
                      "unknown value '" + value + "' (" + list + ")");
  }
  return value;
}

}  // namespace gamefmt
