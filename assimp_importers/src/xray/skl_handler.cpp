// X-Ray SDK motion files: `.skl` (one motion in chunk 0x1200) and `.skls` (a motion list). Import bakes the
// motions onto a skeleton (xray_sdk_motions.hpp): a companion `.object` or `.ogf` gives the real skeleton; without
// one the bones are the names the motions carry, flat under a root, with identity rest poses. Export writes the
// scene's animations (`.skl`: the one named by option `motion`, else the first).
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/xray_object.hpp"
#include "gamefmt/assimp/xray_ogf.hpp"
#include "gamefmt/assimp/xray_sdk_motions.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

namespace fs = std::filesystem;

void collect_names(const aiNode& node, std::vector<std::string>& out) {
  out.push_back(node.mName.C_Str());
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_names(*node.mChildren[i], out);
}

std::string lower_extension(const std::string& path) {
  std::string extension = fs::path(path).extension().string();
  for (auto& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// The skeleton scene from a companion model, or null.
std::unique_ptr<aiScene> skeleton_scene(const ImportRequest& request) {
  for (const auto& companion : request.companions) {
    const std::string extension = lower_extension(companion.path);
    const std::string stem = fs::path(companion.path).stem().string();
    if (extension == ".object") {
      ObjectImportOptions options;
      options.motions = false;
      return object_to_scene(xray::read_object(companion.bytes, companion.path), stem, options);
    }
    if (extension == ".ogf") return ogf_to_scene(xray::read_ogf(companion.bytes, companion.path), stem, {});
    throw FormatError(companion.path, std::nullopt, "companions", "a skeleton must be an .object or .ogf file");
  }
  return nullptr;
}

nlohmann::json motions_info(const std::vector<xray::SdkMotion>& motions) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : motions) {
    std::size_t keys = 0;
    for (const auto& bone : m.bones)
      for (const auto& channel : bone.channels) keys += channel.keys.size();
    out.push_back({{"name", cp1251_to_utf8(m.name)}, {"version", m.version}, {"frame_start", m.frame_start},
                   {"frame_end", m.frame_end}, {"fps", m.fps}, {"flags", m.flags}, {"bone_or_part", m.bone_or_part},
                   {"bones", m.bones.size()}, {"keys", keys}, {"marks", m.marks.size()}});
  }
  return out;
}

class SdkMotionHandler final : public FormatHandler {
 public:
  explicit SdkMotionHandler(bool list) : list_(list) {}

  const FormatDescription& description() const override { return list_ ? list_description() : single_description(); }

  bool recognizes(std::span<const std::byte> head) const override {
    // .skls has no magic; .skl is one chunk 0x1200.
    return !list_ && head.size() >= 8 && load_value<std::uint32_t>(head.data(), ByteOrder::little) == xray::kChunkSklMotion;
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto [motions, warnings] = read(request.primary.bytes, request.primary.path);
    auto scene = skeleton_scene(request);
    if (!scene) {
      scene = sdk_motions_to_scene(motions, fs::path(request.primary.path).stem().string(), request.primary.path);
    } else {
      std::vector<std::string> names;
      collect_names(*scene->mRootNode, names);
      add_sdk_motions(*scene, motions, names, request.primary.path);
    }
    if (!warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options& options, std::string_view output_name) const override {
    try {
      auto motions = scene_to_sdk_motions(scene, {}, output_name);
      if (list_) return xray::write_skls({std::move(motions)});
      const std::string wanted = option(options, "motion", true);
      std::size_t chosen = 0;
      if (!wanted.empty()) {
        chosen = scene.mNumAnimations;
        for (unsigned a = 0; a < scene.mNumAnimations; ++a)
          if (wanted == scene.mAnimations[a]->mName.C_Str()) chosen = a;
        if (chosen == scene.mNumAnimations)
          throw FormatError(std::string(output_name), std::nullopt, "option motion", "the scene has no animation '" + wanted + "'");
      }
      return xray::write_skl({xray::kChunkSklMotion, std::move(motions[chosen])});
    } catch (const nlohmann::json::exception& e) {
      throw FormatError(std::string(output_name), std::nullopt, "metadata", e.what());
    }
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    if (list_) return xray::write_skls(xray::read_skls(data, file_name));
    return xray::write_skl(xray::read_skl(data, file_name));
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto [motions, warnings] = read(request.primary.bytes, request.primary.path);
    return {{"format", description().id}, {"motions", motions_info(motions)}, {"warnings", warnings}};
  }

 private:
  std::pair<std::vector<xray::SdkMotion>, Warnings> read(std::span<const std::byte> data, const std::string& path) const {
    if (list_) {
      auto file = xray::read_skls(data, path);
      return {std::move(file.motions), std::move(file.warnings)};
    }
    auto file = xray::read_skl(data, path);
    return {{std::move(file.motion)}, std::move(file.warnings)};
  }

  static FormatDescription common() {
    FormatDescription d;
    d.family = "xray";
    d.can_import = d.can_export = d.can_rewrite = true;
    d.companions = {{"skeleton", "an .object or .ogf whose bones the motions animate (matched by name)", {"object", "ogf"}, false}};
    return d;
  }
  static const FormatDescription& single_description() {
    static const FormatDescription d = [] {
      FormatDescription d = common();
      d.id = "xray-skl";
      d.name = "X-Ray SDK skeletal motion";
      d.extensions = {"skl"};
      d.export_options = {{"motion", "the animation to write (default: the first)", {}, ""}};
      return d;
    }();
    return d;
  }
  static const FormatDescription& list_description() {
    static const FormatDescription d = [] {
      FormatDescription d = common();
      d.id = "xray-skls";
      d.name = "X-Ray SDK skeletal motion list";
      d.extensions = {"skls"};
      return d;
    }();
    return d;
  }

  bool list_;
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_skl_handler() { return std::make_unique<SdkMotionHandler>(false); }
std::unique_ptr<FormatHandler> make_xray_skls_handler() { return std::make_unique<SdkMotionHandler>(true); }

}  // namespace gamefmt::assimp
