#include "gamefmt/adapters/compact_way_back.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/two_threads.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/base64.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/reference_patch.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/rest_frames.hpp"

namespace gamefmt {
namespace {

// "<size>:<fingerprint in hex>" of the writer's bytes.
std::string reference_id(std::span<const std::byte> written) {
  Fingerprinter fingerprinter;
  fingerprinter.bytes(written.data(), written.size());
  char hex[17] = {};
  const auto end = std::to_chars(hex, hex + 16, fingerprinter.digest(), 16).ptr;
  return std::to_string(written.size()) + ":" + std::string(hex, end);
}

struct PatchRecord {
  const std::string* name = nullptr;       // the file name the writer was given
  const std::string* reference = nullptr;  // reference_id of what it wrote
  const std::string* patch = nullptr;      // base64 text
};

// The records of `format` among `patches` that have the right shape.
std::vector<PatchRecord> patch_records(const nlohmann::json& patches, const FormatHandler& format) {
  std::vector<PatchRecord> out;
  if (!patches.is_object()) return out;
  const auto list = patches.find(format.description().id);
  if (list == patches.end() || !list->is_array()) return out;
  for (const auto& record : *list) {
    if (!record.is_array() || record.size() != 3 ||
        !std::all_of(record.begin(), record.end(), [](const auto& field) { return field.is_string(); }))
      continue;
    out.push_back({&record[0].get_ref<const std::string&>(), &record[1].get_ref<const std::string&>(),
                   &record[2].get_ref<const std::string&>()});
  }
  return out;
}

// The file name a format's writer is given for the reference: the imported file's own, or the imported
// file's stem with the format's extension.
std::string reference_name(const FormatHandler& format, const FormatHandler& imported,
                           const ImportRequest& request) {
  const std::filesystem::path path(request.primary.path);
  const auto& extensions = format.description().extensions;
  if (&format == &imported || extensions.empty()) return path.filename().string();
  return path.stem().string() + "." + extensions.front();
}

// Whether files of `other` go with files of `format` as companions.
bool is_companion(const FormatDescription& format, const FormatDescription& other) {
  for (const auto& spec : format.companions)
    for (const auto& extension : spec.extensions)
      if (std::find(other.extensions.begin(), other.extensions.end(), extension) != other.extensions.end())
        return true;
  return false;
}

// One file to give back: its format, the export options that write it from the scene (which animation),
// and its bytes (a companion's; the imported file's are the request's).
struct Variant {
  const FormatHandler* format;
  Options options;
  std::vector<std::byte> file;
};

ExportRequest request_for(const Variant& variant, const FormatHandler& imported, const ImportRequest& request,
                          std::vector<std::string>& warnings) {
  ExportRequest export_request;
  export_request.options = variant.options;
  export_request.limits = request.limits;
  export_request.output_name = reference_name(*variant.format, imported, request);
  export_request.warnings = &warnings;
  return export_request;
}

// The companion files of `format` the import was given or read, in that order, without repeats.
std::vector<std::string> companion_paths(const ImportRequest& request, const FormatDescription& format) {
  std::vector<std::string> paths;
  const auto take = [&](const std::string& path) {
    const std::string extension = lower_case_extension(path);
    if (!extension.empty() &&
        std::find(format.extensions.begin(), format.extensions.end(), extension.substr(1)) !=
            format.extensions.end() &&
        std::find(paths.begin(), paths.end(), path) == paths.end())
      paths.push_back(path);
  };
  for (const auto& companion : request.companions) take(companion.path);
  if (request.files != nullptr)
    for (const auto& path : request.files->read_paths()) take(path);
  return paths;
}

// The bytes of a companion file: as given, else read again through the request's file source.
std::optional<std::vector<std::byte>> companion_bytes(const ImportRequest& request, const std::string& path) {
  for (const auto& companion : request.companions)
    if (companion.path == path) return companion.bytes;
  return request.files != nullptr ? request.files->read(path) : std::nullopt;
}

}  // namespace

bool compact_way_back(scene::Scene& scene, const FormatHandler& imported, const ImportRequest& request,
                      const SceneReadBack& read_back) {
  const FormatDescription& own = imported.description();
  if (!own.can_export) return true;  // no way back to keep
  // The files to patch: the imported one, and the companion files it read of formats that keep way-back
  // records and write this scene (a model's motion files). A format whose file holds one animation gets one
  // per animation: the file named after it, or the only one. Several files of another format (motion files
  // that an export would write as one) have no file to give back.
  std::vector<Variant> variants{{&imported, {}, {}}};
  for (const FormatHandler* other : format_handlers()) {
    const auto& d = other->description();
    if (other == &imported || !d.can_export || d.way_back_records.empty() || !is_companion(own, d) ||
        !other->takes_scene(scene))
      continue;
    const auto paths = companion_paths(request, d);
    const auto add = [&](const std::string& path, Options options) {
      if (auto bytes = companion_bytes(request, path))
        variants.push_back({other, std::move(options), std::move(*bytes)});
    };
    if (d.animation_option.empty()) {
      if (paths.size() == 1) add(paths.front(), {});
      continue;
    }
    for (const auto& animation : scene.animations) {
      const auto named = std::find_if(paths.begin(), paths.end(), [&](const std::string& path) {
        return std::filesystem::path(path).stem().string() == animation.name;
      });
      if (named != paths.end())
        add(*named, {{d.animation_option, animation.name}});
      else if (paths.size() == 1 && scene.animations.size() == 1)
        add(paths.front(), {{d.animation_option, animation.name}});
    }
  }
  if (own.way_back_records.empty() && variants.size() == 1) return true;  // the scene gives the file back
  std::optional<scene::Scene> as_read_back;
  try {
    as_read_back = read_back(scene);
  } catch (const FormatError&) {
    return false;  // a scene glTF cannot hold
  }
  // The rest frames are restored once here, as export_file would restore them in a copy for each writer.
  scene::restore_rest_frames(*as_read_back);
  // What each variant's format writes of the scene read back, and the patch between that and the file; a
  // model's and its motions' on two threads.
  std::vector<std::optional<nlohmann::json>> records(variants.size());
  for_each_on_two_threads(variants.size(), true, [&](std::size_t v) {
    const Variant& variant = variants[v];
    std::vector<std::string> ignored;
    const ExportRequest export_request = request_for(variant, imported, request, ignored);
    try {
      const auto written = variant.format->export_file(*as_read_back, export_request);
      const auto patch = make_reference_patch(
          v == 0 ? std::span<const std::byte>(request.primary.bytes) : variant.file, written);
      if (!patch.empty())
        records[v] =
            nlohmann::json::array({export_request.output_name, reference_id(written), base64_encode(patch)});
    } catch (const FormatError&) {
      // A format that cannot write the scene: no way back to that file.
    }
  });
  if (!records[0]) return false;
  nlohmann::json kept = nlohmann::json::object();
  for (std::size_t v = 0; v < variants.size(); ++v)
    if (records[v]) kept[variants[v].format->description().id].push_back(std::move(*records[v]));
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[kCompactWayBackKey] = std::move(kept);
  return true;
}

bool holds_compact_way_back(const scene::Scene& scene) {
  return scene.extras.is_object() && scene.extras.contains(kCompactWayBackKey);
}

nlohmann::json take_compact_way_back(scene::Scene& scene) {
  if (!scene.extras.is_object()) return nullptr;
  const auto found = scene.extras.find(kCompactWayBackKey);
  if (found == scene.extras.end()) return nullptr;
  nlohmann::json patches = std::move(*found);
  scene.extras.erase(found);
  return patches;
}

std::vector<std::byte> export_with_compact_way_back(const scene::Scene& plain, const nlohmann::json& patches,
                                                    const FormatHandler& format, const ExportRequest& request,
                                                    const SceneWriter& write) {
  const auto records = patch_records(patches, format);
  // What the writer makes under each recorded name (one, but for records a DCC tool merged), each compared
  // with the references of that name; under the output's own name it is also the file when none matches.
  std::optional<std::vector<std::byte>> as_output;
  std::vector<std::string> output_warnings;
  // Each name costs a writing of the scene: a stranger's glTF that lists many gets its first few tried.
  constexpr std::size_t kMostNames = 8;
  std::vector<std::string> names;
  for (const auto& record : records)
    if (names.size() < kMostNames && std::find(names.begin(), names.end(), *record.name) == names.end())
      names.push_back(*record.name);
  for (const auto& name : names) {
    std::vector<std::string> warnings;
    ExportRequest as_recorded = request;
    as_recorded.output_name = name;
    as_recorded.warnings = &warnings;
    auto written = write(plain, as_recorded);
    const std::string id = reference_id(written);
    for (const auto& record : records) {
      if (*record.name != name || *record.reference != id) continue;
      const auto patch = base64_decode(*record.patch);
      // The file may be larger than the text by what a patch of a stranger's file may claim beyond its
      // reference (bytes_as_text.hpp's allowance for kept bytes).
      if (!patch) continue;
      if (auto file = apply_reference_patch(*patch, written, written.size() + most_bytes_from(patch->size())))
        return std::move(*file);
    }
    if (name == request.output_name) {
      as_output = std::move(written);
      output_warnings = std::move(warnings);
    }
  }
  if (!as_output) return write(plain, request);
  if (request.warnings != nullptr)
    request.warnings->insert(request.warnings->end(), output_warnings.begin(), output_warnings.end());
  return std::move(*as_output);
}

}  // namespace gamefmt
