#include "xray/object_way_back.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <utility>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/imported_scene_match.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kKeptFileKey = "xray.object.file";

// The rule the import used, or "" for the per-mesh default.
const char* smoothing_name(const std::optional<SmoothingRule>& rule) {
  return rule ? smoothing_rule_name(*rule) : "";
}

}  // namespace

void keep_object_file(scene::Scene& scene, std::span<const std::byte> bytes, std::string_view name,
                      const ObjectImportOptions& options) {
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[kKeptFileKey] = {{"bytes", kept_bytes_json(bytes)},
                                {"name", std::string(name)},
                                {"smoothing", smoothing_name(options.smoothing)}};
}

std::optional<ObjectFile> unchanged_object_file(const scene::Scene& scene, std::string_view output_name,
                                                const Limits& limits, ObjectMotions motions) {
  const nlohmann::json record = scene::get_or<nlohmann::json>(scene.extras, kKeptFileKey, nullptr);
  if (!record.is_object()) return std::nullopt;
  const auto bytes = kept_bytes(record.value("bytes", nlohmann::json()));
  const auto name = scene::get<std::string>(record, "name");
  const auto smoothing = scene::get<std::string>(record, "smoothing");
  if (!bytes || !name || !smoothing) return std::nullopt;
  try {
    ObjectFile kept = read_object(*bytes, output_name);
    ObjectImportOptions options;
    options.smoothing = smoothing_rule_named(*smoothing);
    options.source = std::string(output_name);
    options.limits = limits;
    if (motions == ObjectMotions::none && kept.motions && !kept.motions->empty()) return std::nullopt;
    // Animations of motion companions may come in addition, unless the export embeds them too.
    if (!same_imported_scene(object_to_scene(kept, *name, options), scene,
                             {.other_animations = motions != ObjectMotions::embedded}))
      return std::nullopt;
    kept.warnings.clear();
    return kept;
  } catch (const FormatError&) {
    return std::nullopt;  // not a file the importer read, or one these limits do not take
  }
}

}  // namespace gamefmt::xray
