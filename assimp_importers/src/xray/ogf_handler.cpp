#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/xray_ogf.hpp"
#include "gamefmt/assimp/xray_sdk_motions.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

namespace fs = std::filesystem;

// A path inside `root` given with Windows separators and any letter case (the game's file system ignores case).
std::optional<fs::path> find_case_insensitive(const fs::path& root, const std::string& relative) {
  fs::path at = root;
  std::string rest = relative;
  std::replace(rest.begin(), rest.end(), '\\', '/');
  std::size_t start = 0;
  while (start <= rest.size()) {
    const std::size_t slash = std::min(rest.find('/', start), rest.size());
    const std::string part = rest.substr(start, slash - start);
    start = slash + 1;
    if (part.empty()) continue;
    if (fs::exists(at / part)) {
      at /= part;
      continue;
    }
    std::error_code error;
    bool found = false;
    for (const auto& entry : fs::directory_iterator(at, error)) {
      const std::string name = entry.path().filename().string();
      if (name.size() == part.size() &&
          std::equal(name.begin(), name.end(), part.begin(), [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
        at = entry.path();
        found = true;
        break;
      }
    }
    if (!found) return std::nullopt;
  }
  return at;
}

// X-Ray `.ogf` models. Companions: OMF motion files, added after the model's own motions, and SDK motions
// (.skl/.skls), baked onto the skeleton (xray_sdk_motions.hpp). Option `gamedata`: the
// game's data folder; the model's motion references are then loaded from `<gamedata>/meshes/<ref>.omf`.
class OgfHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-ogf";
      d.name = "X-Ray model";
      d.family = "xray";
      d.extensions = {"ogf"};
      d.can_import = d.can_export = d.can_rewrite = true;
      d.companions = {{"motions", "OMF or SDK (.skl, .skls) motion files whose bones are matched by name",
                       {"omf", "skl", "skls"}, true}};
      d.import_options = {{"gamedata",
                           "the game's data folder: the model's motion references are loaded from "
                           "<gamedata>/meshes/<reference>.omf (or <gamedata>/<reference>.omf)",
                           {},
                           ""}};
      d.export_options = {
          {"links",
           "bone links per vertex at most (Shadow of Chernobyl reads 1 and 2)",
           {"1", "2", "3", "4"},
           "4"},
          {"motions",
           "animations embedded in the model: auto (the model's own motions when it came from an OGF, "
           "else all unless it has motion references), embedded (all), none",
           {"auto", "embedded", "none"},
           "auto"}};
      return d;
    }();
    return d;
  }

  // A header chunk first: id 1, 44 bytes, format version 4.
  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 9 && load_value<std::uint32_t>(head.data(), ByteOrder::little) == 1 &&
           load_value<std::uint32_t>(head.data() + 4, ByteOrder::little) == 44 && head[8] == std::byte{4};
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto model = xray::read_ogf(request.primary.bytes, request.primary.path);
    std::vector<XrayMotionFile> motions;
    const std::string gamedata = option(request.options, "gamedata", false);
    if (!gamedata.empty()) {
      for (const auto& ref : model.motion_refs) {
        const std::string utf8 = cp1251_to_utf8(ref);
        if (utf8.find('*') != std::string::npos)
          throw FormatError(request.primary.path, std::nullopt, "motion_refs",
                            "wildcard reference '" + utf8 + "' is not supported; name the OMF files instead");
        auto path = find_case_insensitive(fs::path(gamedata) / "meshes", utf8 + ".omf");
        if (!path) path = find_case_insensitive(fs::path(gamedata), utf8 + ".omf");
        if (!path)
          throw FormatError((fs::path(gamedata) / "meshes" / (utf8 + ".omf")).string(), std::nullopt, "motion_refs",
                            "the model's motion reference '" + utf8 + "' is not in the gamedata folder");
        const auto bytes = read_file_bytes(*path);
        motions.push_back({path->stem().string(), xray::read_omf(bytes, path->string())});
      }
    }
    std::vector<const InputFile*> sdk_motion_files;  // .skl/.skls: SDK motions baked onto the skeleton
    for (const auto& companion : request.companions) {
      std::string extension = fs::path(companion.path).extension().string();
      for (auto& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (extension == ".skl" || extension == ".skls") sdk_motion_files.push_back(&companion);
      else motions.push_back({fs::path(companion.path).stem().string(), xray::read_omf(companion.bytes, companion.path)});
    }
    auto scene = ogf_to_scene(model, fs::path(request.primary.path).stem().string(), motions);
    if (!sdk_motion_files.empty()) {
      std::vector<std::string> bone_names;
      for (const auto& bone : model.bones) bone_names.push_back(cp1251_to_utf8(bone.name));
      for (const InputFile* file : sdk_motion_files) {
        const bool list = fs::path(file->path).extension().string().size() == 5;  // ".skls" (any case), not ".skl"
        const auto sdk = list ? xray::read_skls(file->bytes, file->path).motions
                              : std::vector<xray::SdkMotion>{xray::read_skl(file->bytes, file->path).motion};
        add_sdk_motions(*scene, sdk, bone_names, file->path);
      }
    }
    if (!model.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, model.warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options& options,
                                      std::string_view output_name) const override {
    OgfExportOptions export_options;
    export_options.max_links = std::stoi(choice(options, "links", true, output_name));
    const std::string motions = choice(options, "motions", true, output_name);
    export_options.motions = motions == "embedded" ? OgfExportOptions::Motions::embedded
                             : motions == "none"   ? OgfExportOptions::Motions::none
                                                   : OgfExportOptions::Motions::automatic;
    return xray::write_ogf(scene_to_ogf(scene, export_options, output_name), output_name);
  }

  // Through the model: byte-identical for version 4 models (unknown chunks and trailing bytes are kept); version 3
  // becomes 4.
  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_ogf(xray::read_ogf(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto model = xray::read_ogf(request.primary.bytes, request.primary.path);
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
    return {{"format", description().id},
            {"type", model.header.type},
            {"bones", model.bones.size()},
            {"meshes", meshes},
            {"motion_refs", refs},
            {"embedded_motions", model.motion_keys ? model.motion_keys->motions.size() : 0},
            {"skipped_chunks", model.skipped_chunks},
            {"kept_chunks", xray::describe_kept_chunks(model.layout)},
            {"trailing_bytes", model.trailing_bytes.size()},
            {"warnings", model.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_ogf_handler() { return std::make_unique<OgfHandler>(); }

}  // namespace gamefmt::assimp
