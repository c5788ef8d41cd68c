#include <algorithm>
#include <exception>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "../core/found_companions.hpp"
#include "../core/handler_base.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/motion_record.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/ogf_way_back.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_game_data.hpp"

namespace gamefmt::xray {
namespace {

namespace fs = std::filesystem;

// Options, declared once: their specs are what `gamefmt formats` lists, and they read the values.
struct OgfOptions {
  Option<int> links =
      choice_option<int>("links", "bone links per vertex at most (Shadow of Chernobyl reads 1 and 2)",
                         {{"1", 1}, {"2", 2}, {"3", 3}, {"4", 4}}, "4");
  Option<OgfExportOptions::Motions> motions =
      choice_option<OgfExportOptions::Motions>("motions",
                                               "animations embedded in the model: auto (the model's own "
                                               "motions when it came from an OGF, else all unless "
                                               "it has motion references), embedded (all), none",
                                               {{"auto", OgfExportOptions::Motions::automatic},
                                                {"embedded", OgfExportOptions::Motions::embedded},
                                                {"none", OgfExportOptions::Motions::none}},
                                               "auto");
};

const OgfOptions& ogf_options() {
  static const OgfOptions options;
  return options;
}

// The model's motion references, loaded from <gamedata>/meshes/<reference>.omf (or
// <gamedata>/<reference>.omf), letter case and separators as the game reads them. A referenced file that the
// user also gave as a companion, or that was `found` beside the model, is not loaded twice. A reference that
// is not there is a warning, unless motion files were given or found (they are the model's motions); without
// a gamedata folder, one warning says that the model names motions and how to load them.
std::vector<XrayMotionFile> referenced_motions(const OgfModel& model, const ImportRequest& request,
                                               std::span<const InputFile> found, bool motions_given,
                                               std::vector<std::string>& warnings) {
  std::vector<XrayMotionFile> motions;
  if (model.motion_refs.empty()) return motions;
  std::vector<std::string> references;
  for (const auto& ref : model.motion_refs) {
    std::string normalised = cp1251_to_utf8(ref);
    std::replace(normalised.begin(), normalised.end(), '\\', '/');
    references.push_back(normalised);
  }
  const auto game_data = xray_game_data(request);
  if (!game_data) {
    if (motions_given) return motions;
    std::string list;
    for (const auto& ref : references) list += (list.empty() ? "" : ", ") + ref;
    warnings.push_back("the model names " + std::to_string(references.size()) + " motion file" +
                       (references.size() == 1 ? "" : "s") + " (" + list +
                       "); to load them, give the game's data folder (--gamedata DIR, which holds "
                       "meshes/), or the .omf files with the model");
    return motions;
  }
  for (const auto& ref : references) {
    if (ref.find('*') != std::string::npos) {
      if (!motions_given)
        warnings.push_back(
            "motion reference '" + ref +
            "' is a wildcard, which gamefmt does not expand; give the .omf files with the model");
      continue;
    }
    const auto lookup = game_data->find_first({"meshes/" + ref + ".omf", ref + ".omf"});
    for (const auto& refusal : lookup.refused)
      warnings.push_back("motion reference '" + ref + "': " + refusal + ": not read");
    if (!lookup.found) {
      if (!motions_given && lookup.refused.empty())
        warnings.push_back("motion reference '" + ref + "' not found (looked for " +
                           lookup.candidates.front().string() + ")");
      continue;
    }
    std::vector<std::byte> bytes;
    try {
      bytes = game_data->read(*lookup.found, {request.limits.max_file_bytes, "max_file_bytes"});
    } catch (const FormatError& e) {
      warnings.push_back("motion reference '" + ref + "': " + e.what() + ": not read");
      continue;
    }
    if (is_given(request, lookup.found->string(), bytes, found)) continue;
    motions.push_back({lookup.found->stem().string(), read_omf(bytes, lookup.found->string())});
  }
  return motions;
}

constexpr std::string_view kMotionExtensions[] = {".omf", ".skl", ".skls"};

// X-Ray `.ogf` models. Companions: OMF motion files, added after the model's own motions and those its motion
// references name, and SDK motions (.skl/.skls), baked onto the skeleton (sdk_motion_scene.hpp). Textures
// from the game's data folder (xray_game_data.hpp).
class OgfHandler final : public LosslessHandlerBase<&read_ogf, &write_ogf> {
 public:
  OgfHandler() {
    auto& d = describe("xray-ogf", "X-Ray model", kXray, {"ogf"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::own;
    d.own_animations = "/xray.ogf/embedded_motions";
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the same bytes (the file travels in the extras); after an edit, each mesh that still holds its "
        "triangles over its vertices comes back as stored, detail levels included; an edited mesh gets its "
        "vertices merged and tangents computed as the SDK does and, if it was progressive, is written "
        "plain with a warning";
    d.way_back_records = omf_way_back_records();
    d.way_back_records.push_back("xray.ogf.file");
    d.way_back_records.push_back(sdk_motions_way_back_record());
    d.companions = {{"motions",
                     "OMF or SDK (.skl, .skls) motion files whose bones are matched by name",
                     {"omf", "skl", "skls"},
                     true}};
    d.export_options = {ogf_options().links.spec(), ogf_options().motions.spec()};
  }

  // A header chunk first: id 1, 44 bytes, format version 4.
  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 9 && load_value<std::uint32_t>(head.data(), ByteOrder::little) == 1 &&
           load_value<std::uint32_t>(head.data() + 4, ByteOrder::little) == 44 && head[8] == std::byte{4};
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto model = read_ogf(request.primary.bytes, request.primary.path);
    std::vector<std::string> warnings;
    // Motions: the model's references (in the game data), the files given, and those named after the model
    // beside it (<model>.omf, .skl, .skls); each file once. None are looked up with -O animations=0.
    const bool animations = animations_option(request.options, request.primary.path);
    std::vector<InputFile> beside;
    if (animations) beside = files_named_after(request, kMotionExtensions);
    std::vector<XrayMotionFile> motions;
    if (animations)
      motions = referenced_motions(model, request, beside, !request.companions.empty() || !beside.empty(),
                                   warnings);
    std::vector<const InputFile*> sdk_motion_files;  // .skl/.skls: SDK motions baked onto the skeleton
    std::vector<const InputFile*> motion_files;
    for (const auto& companion : request.companions) motion_files.push_back(&companion);
    for (const auto& found : beside) motion_files.push_back(&found);
    for (const InputFile* file : motion_files) {
      const std::string extension = lower_case_extension(file->path);
      if (extension == ".skl" || extension == ".skls")
        sdk_motion_files.push_back(file);
      else
        motions.push_back({fs::path(file->path).stem().string(), read_omf(file->bytes, file->path)});
    }
    const std::string name = scene_name(request);
    // The file kept for the way back (keeps_way_back_records) is deflated beside the scene's making.
    std::optional<KeptOgfRecord> kept;
    std::exception_ptr failed;
    std::thread keeping;
    if (keeps_way_back_records(request))
      keeping = std::thread([&] {
        try {
          kept = kept_ogf_record(request.primary.bytes, name);
        } catch (...) {
          failed = std::current_exception();
        }
      });
    scene::Scene scene;
    try {
      scene = ogf_to_scene(model, name, motions, motion_records_for(request));
    } catch (...) {
      if (keeping.joinable()) keeping.join();
      throw;
    }
    if (keeping.joinable()) keeping.join();
    if (failed) std::rethrow_exception(failed);
    if (kept) keep_ogf_record(scene, std::move(*kept));
    // ogf_to_scene makes the model's bones nodes 0 .. bones-1.
    std::vector<scene::NodeIndex> bones(model.bones.size());
    for (std::size_t i = 0; i < bones.size(); ++i) bones[i] = i;
    for (const InputFile* file : sdk_motion_files) {
      const bool list =
          fs::path(file->path).extension().string().size() == 5;  // ".skls" (any case), not ".skl"
      const auto sdk = list ? read_skls(file->bytes, file->path).motions
                            : std::vector<SdkMotion>{read_skl(file->bytes, file->path).motion};
      add_sdk_motions(scene, sdk, bones, file->path, request.limits);
    }
    add_reader_warnings(scene, warnings);
    add_reader_warnings(scene, model.warnings);
    attach_xray_textures(scene, request);
    return scene;
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    OgfExportOptions options;
    options.max_links = ogf_options().links.get(request.options, request.output_name);
    options.motions = ogf_options().motions.get(request.options, request.output_name);
    try {
      const auto kept = kept_ogf_file(scene, request.output_name);
      if (kept && scene_holds_kept_ogf(scene, *kept, options)) return kept->bytes;
      options.kept_model = kept ? &kept->model : nullptr;
      std::vector<std::string> warnings;
      const auto model = scene_to_ogf(scene, options, request.output_name, &warnings);
      if (kept && written_as_kept_ogf(model, *kept)) return kept->bytes;
      if (request.warnings != nullptr)
        request.warnings->insert(request.warnings->end(), warnings.begin(), warnings.end());
      return write_ogf(model, request.output_name);
    } catch (const nlohmann::json::exception& e) {  // a motion record of the extras that is not ours
      throw FormatError(request.output_name, std::nullopt, "extras", e.what());
    }
  }

  // Through the model: byte-identical for version 4 models (unknown chunks and trailing bytes are kept);
  // version 3 becomes 4.

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = read_ogf(request.primary.bytes, request.primary.path);
    nlohmann::json meshes = nlohmann::json::array();
    for (const auto& mesh : model.meshes)
      meshes.push_back({{"texture", cp1251_to_utf8(mesh.texture)},
                        {"shader", cp1251_to_utf8(mesh.shader)},
                        {"vertices", mesh.vertices.size()},
                        {"triangles", mesh.full_detail_indices().size() / 3},
                        {"links", mesh.links},
                        {"progressive", mesh.progressive()},
                        {"detail_levels", mesh.sliding_windows ? mesh.sliding_windows->windows.size() : 1}});
    nlohmann::json refs = nlohmann::json::array();
    for (const auto& ref : model.motion_refs) refs.push_back(cp1251_to_utf8(ref));
    std::vector<std::string> textures;
    for (const auto& mesh : model.meshes) textures.push_back(cp1251_to_utf8(mesh.texture));
    return {{"format", description().id},
            {"type", model.header.type},
            {"bones", model.bones.size()},
            {"meshes", meshes},
            {"motion_refs", refs},
            {"textures", xray_textures_info(request, textures)},
            {"embedded_motions", model.motion_keys ? model.motion_keys->motions.size() : 0},
            {"skipped_chunks", model.skipped_chunks},
            {"kept_chunks", describe_kept_ogf_chunks(model)},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_ogf_handler() {
  return std::make_unique<OgfHandler>();
}

}  // namespace gamefmt::xray
