#include "gamefmt/adapters/format_handler.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/way_back_records.hpp"
#include "found_companions.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/adapters/compact_way_back.hpp"
#include "gamefmt/adapters/format_messages.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/rest_frames.hpp"
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

namespace {

// A companion the format does not take is refused by its extension, before any reader sees it.
void check_companion_kinds(const FormatDescription& d, const ImportRequest& request) {
  std::vector<std::string> taken;
  for (const auto& spec : d.companions)
    for (const auto& extension : spec.extensions)
      if (std::find(taken.begin(), taken.end(), extension) == taken.end()) taken.push_back(extension);
  std::sort(taken.begin(), taken.end());
  const std::string own = d.extensions.empty() ? d.name : "." + d.extensions.front();
  for (const auto& companion : request.companions) {
    const std::string extension = lower_case_extension(companion.path);
    if (!extension.empty() && std::find(taken.begin(), taken.end(), extension.substr(1)) != taken.end())
      continue;
    std::string expected;
    for (const auto& e : taken) expected += (expected.empty() ? "" : ", ") + ("." + e);
    const std::string name = std::filesystem::path(companion.path).filename().string();
    throw FormatError(companion.path, std::nullopt, "",
                      name + " is not a companion of " + own +
                          " files: " + (taken.empty() ? "they take none" : "expected " + expected));
  }
}

}  // namespace

scene::Scene FormatHandler::import_file(const ImportRequest& request) const {
  check_companion_kinds(description(), request);
  auto scene = import_scene(request);
  if (request.files != nullptr)
    for (const auto& refusal : request.files->refusals())
      if (std::find(scene.warnings.begin(), scene.warnings.end(), refusal) == scene.warnings.end())
        scene.warnings.push_back(refusal);
  if (!animations_option(request.options, request.primary.path)) scene.animations.clear();
  if (!keeps_way_back_records(request)) drop_way_back_records(scene, description().way_back_records);
  scene::record_rest_frames(scene);
  return scene;
}

std::vector<std::byte> FormatHandler::export_file(const scene::Scene& scene,
                                                  const ExportRequest& request) const {
  const bool recorded = std::any_of(scene.nodes.begin(), scene.nodes.end(), [](const scene::Node& node) {
    return node.extras.is_object() && node.extras.contains(scene::kRestFrameKey);
  });
  const bool patched = holds_compact_way_back(scene);
  // One copy for both: the rest frames restored in it, the way back's patches taken out of it.
  std::optional<scene::Scene> copy;
  if (recorded || patched) copy = scene;
  if (recorded) {
    const auto report = scene::restore_rest_frames(*copy);
    if (const auto warning = scene::rest_frame_warning(report);
        !warning.empty() && request.warnings != nullptr)
      request.warnings->push_back(warning);
  }
  if (!patched) return export_scene(copy ? *copy : scene, request);
  const nlohmann::json patches = take_compact_way_back(*copy);
  return export_with_compact_way_back(
      *copy, patches, *this, request,
      [this](const scene::Scene& plain, const ExportRequest& r) { return export_scene(plain, r); });
}

std::vector<std::string> FileSource::list(const std::string&) const {
  return {};
}

std::optional<std::vector<std::byte>> FileSource::read_named(const std::string& path) const {
  return read(path);
}

std::vector<std::string> FileSource::refusals() const {
  return {};
}

std::vector<std::string> FileSource::read_paths() const {
  return {};
}

const char* to_string(AnimationsWritten animations) {
  switch (animations) {
    case AnimationsWritten::own:
      return "own";
    case AnimationsWritten::none:
      return "none";
    case AnimationsWritten::all:
      break;
  }
  return "all";
}

bool FormatHandler::recognizes(std::span<const std::byte>) const {
  return false;
}

scene::Scene FormatHandler::import_scene(const ImportRequest& request) const {
  std::string problem = description().name + " files cannot be converted to a scene";
  // A companion on its own: say which file it goes with, and how to give both.
  const std::filesystem::path file(request.primary.path);
  const std::string extension = lower_case_extension(request.primary.path);
  for (const FormatHandler* owner : format_handlers()) {
    const auto& d = owner->description();
    if (d.extensions.empty() || !d.can_import) continue;
    for (const auto& spec : d.companions)
      if (!extension.empty() && std::find(spec.extensions.begin(), spec.extensions.end(),
                                          extension.substr(1)) != spec.extensions.end()) {
        const std::string model = file.stem().string() + "." + d.extensions.front();
        problem += "; a " + extension + " goes with a ." + d.extensions.front() + " (" + d.name +
                   "): convert " + model + ", which finds " + file.filename().string() +
                   " beside it when they are named alike, or give both: gamefmt convert " + model + " " +
                   file.filename().string() + " -o OUTPUT";
        throw FormatError(request.primary.path, std::nullopt, "", problem, ErrorKind::unsupported_version);
      }
  }
  throw FormatError(request.primary.path, std::nullopt, "", problem, ErrorKind::unsupported_version);
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
