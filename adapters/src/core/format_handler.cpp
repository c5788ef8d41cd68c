#include "gamefmt/adapters/format_handler.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_messages.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_summary.hpp"

namespace gamefmt {

const char* to_string(WayBack way_back) {
  switch (way_back) {
    case WayBack::exact:
      return "exact";
    case WayBack::second_pass:
      return "second_pass";
    case WayBack::not_exact:
      break;
  }
  return "not_exact";
}

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

}  // namespace gamefmt
