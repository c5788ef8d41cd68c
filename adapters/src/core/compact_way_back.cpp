#include "gamefmt/adapters/compact_way_back.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "core/way_back_records.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/base64.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/fingerprint.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/reference_patch.hpp"
#include "gamefmt/core/text_encoding.hpp"

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

// The records of `format` in `scene` that have the right shape.
std::vector<PatchRecord> patch_records(const scene::Scene& scene, const FormatHandler& format) {
  std::vector<PatchRecord> out;
  if (!scene.extras.is_object()) return out;
  const auto records = scene.extras.find(kCompactWayBackKey);
  if (records == scene.extras.end() || !records->is_object()) return out;
  const auto list = records->find(format.description().id);
  if (list == records->end() || !list->is_array()) return out;
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

// Whether `scene` holds records that a companion file of format `other` brought: the imported `format`
// lists all of `other`'s records among its own (it keeps what such companions bring: a model's motions), or
// the scene holds one that only `other` lists. (Records both list without that, such as SDK motions that an
// .object holds itself, are the imported file's.)
bool kept_records_of(const scene::Scene& scene, const FormatDescription& format,
                     const FormatDescription& other) {
  std::vector<std::string> only_other;
  for (const auto& pattern : other.way_back_records)
    if (std::find(format.way_back_records.begin(), format.way_back_records.end(), pattern) ==
        format.way_back_records.end())
      only_other.push_back(pattern);
  return only_other.empty() ? holds_way_back_records(scene, other.way_back_records)
                            : holds_way_back_records(scene, only_other);
}

// One file a format writes of the scene: with `options` (which animation), and what it holds (empty: what
// the format writes from the scene with its records).
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

// The bytes of the one companion file of `format` the import was given or read (named `stem`, when given);
// empty when there is none or more than one.
std::vector<std::byte> companion_file(const ImportRequest& request, const FormatDescription& format,
                                      std::string_view stem) {
  const auto fits = [&](const std::string& path) {
    const std::string extension = lower_case_extension(path);
    return !extension.empty() &&
           std::find(format.extensions.begin(), format.extensions.end(), extension.substr(1)) !=
               format.extensions.end() &&
           (stem.empty() || std::filesystem::path(path).stem().string() == stem);
  };
  const InputFile* given = nullptr;
  std::vector<std::string> read;
  for (const auto& companion : request.companions)
    if (fits(companion.path)) {
      if (given != nullptr) return {};
      given = &companion;
    }
  if (request.files != nullptr)
    for (const auto& path : request.files->read_paths())
      if (fits(path) && (given == nullptr || path != given->path)) read.push_back(path);
  if (given != nullptr) return read.empty() ? given->bytes : std::vector<std::byte>{};
  if (read.size() != 1) return {};
  return request.files->read(read.front()).value_or(std::vector<std::byte>{});
}

}  // namespace

void compact_way_back(scene::Scene& scene, const FormatHandler& imported, const ImportRequest& request,
                      const SceneReadBack& read_back) {
  const FormatDescription& own = imported.description();
  if (!own.can_export) return;
  // The files to patch: the imported one, and those of companion formats whose records the import kept (a
  // model's motion files; one per animation for a format whose file holds one).
  std::vector<Variant> variants{{&imported, {}, request.primary.bytes}};
  std::vector<std::string> patterns = own.way_back_records;
  for (const FormatHandler* other : format_handlers()) {
    const auto& d = other->description();
    if (other == &imported || !d.can_export || d.way_back_records.empty() || !is_companion(own, d) ||
        !kept_records_of(scene, own, d) || !other->takes_scene(scene))
      continue;
    patterns.insert(patterns.end(), d.way_back_records.begin(), d.way_back_records.end());
    if (d.animation_option.empty() || scene.animations.empty()) {
      variants.push_back({other, {}, companion_file(request, d, "")});
      continue;
    }
    for (const auto& animation : scene.animations)
      variants.push_back(
          {other, {{d.animation_option, animation.name}}, companion_file(request, d, animation.name)});
  }
  if (patterns.empty()) return;  // the format keeps nothing: the scene gives the file back as it is
  scene::Scene plain = scene;
  drop_way_back_records(plain, patterns);
  std::optional<scene::Scene> as_read_back;
  try {
    as_read_back = read_back(plain);
  } catch (const FormatError&) {
    return;  // a scene glTF cannot hold: the records stay whole
  }
  // Each variant on its own thread: a companion's file as its records give it back when it was not read
  // here, what the format writes of the scene read back, and the patch between the two.
  std::vector<std::optional<nlohmann::json>> records(variants.size());
  std::vector<std::thread> threads;
  const auto patch_variant = [&](std::size_t v) {
    Variant& variant = variants[v];
    std::vector<std::string> ignored;
    const ExportRequest export_request = request_for(variant, imported, request, ignored);
    try {
      if (variant.file.empty()) variant.file = variant.format->export_file(scene, export_request);
      const auto written = variant.format->export_file(*as_read_back, export_request);
      const auto patch = make_reference_patch(variant.file, written);
      if (!patch.empty())
        records[v] =
            nlohmann::json::array({export_request.output_name, reference_id(written), base64_encode(patch)});
    } catch (const FormatError&) {
      // A format that cannot write the scene: the imported file's records stay whole; a companion's
      // way back is not kept.
    }
  };
  for (std::size_t v = 1; v < variants.size(); ++v) threads.emplace_back(patch_variant, v);
  patch_variant(0);
  for (auto& thread : threads) thread.join();
  if (!records[0]) return;
  nlohmann::json kept = nlohmann::json::object();
  for (std::size_t v = 0; v < variants.size(); ++v)
    if (records[v]) kept[variants[v].format->description().id].push_back(std::move(*records[v]));
  if (!plain.extras.is_object()) plain.extras = nlohmann::json::object();
  plain.extras[kCompactWayBackKey] = std::move(kept);
  scene = std::move(plain);
}

bool holds_compact_way_back(const scene::Scene& scene) {
  return scene.extras.is_object() && scene.extras.contains(kCompactWayBackKey);
}

std::vector<std::byte> export_with_compact_way_back(const scene::Scene& scene, const FormatHandler& format,
                                                    const ExportRequest& request, const SceneWriter& write) {
  scene::Scene plain = scene;
  plain.extras.erase(kCompactWayBackKey);
  const auto records = patch_records(scene, format);
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
