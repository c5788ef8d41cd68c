// X-Ray SDK motion files: `.skl` (one motion in chunk 0x1200) and `.skls` (a motion list). Import bakes the
// motions onto a skeleton (sdk_motion_scene.hpp): a companion `.object` or `.ogf` gives the real skeleton;
// without one the bones are the names the motions carry, flat under a root, with identity rest poses. Export
// writes the scene's animations (`.skl`: the one named by option `motion`, else the first). Bytes a file
// holds outside its motions (after the motion in an `.skl` chunk, after the chunk or the list) travel in the
// scene extras "xray.skl.after_motion", "xray.skl.trailing_bytes" and "xray.skls.trailing_bytes"
// (sdk_way_back.hpp) and are written back.
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <tuple>

#include "../core/handler_base.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

namespace fs = std::filesystem;

// The skeleton scene from a companion model, or nothing.
std::optional<scene::Scene> skeleton_scene(const ImportRequest& request) {
  for (const auto& companion : request.companions) {
    const std::string extension = lower_case_extension(companion.path);
    const std::string stem = fs::path(companion.path).stem().string();
    if (extension == ".object") {
      ObjectImportOptions options;
      options.motions = false;
      options.limits = request.limits;
      return object_to_scene(read_object(companion.bytes, companion.path), stem, options);
    }
    if (extension == ".ogf") return ogf_to_scene(read_ogf(companion.bytes, companion.path), stem, {});
    throw FormatError(companion.path, std::nullopt, "companions",
                      "a skeleton must be an .object or .ogf file");
  }
  return std::nullopt;
}

constexpr const char* kAfterMotionKey = "xray.skl.after_motion";
constexpr const char* kSklTrailingKey = "xray.skl.trailing_bytes";
constexpr const char* kSklsTrailingKey = "xray.skls.trailing_bytes";

void keep_bytes(scene::Scene& scene, const char* key, const std::vector<std::byte>& bytes) {
  if (bytes.empty()) return;
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  scene.extras[key] = kept_bytes_json(bytes);
}

std::vector<std::byte> kept_scene_bytes(const scene::Scene& scene, const char* key) {
  return kept_bytes(scene::get_or<nlohmann::json>(scene.extras, key, nullptr))
      .value_or(std::vector<std::byte>{});
}

// Option `motion` of `.skl` export: the animation to write (the last of that name), else the first.
const Option<std::string>& motion_option() {
  static const auto option = text_option("motion", "the animation to write (default: the first)");
  return option;
}

nlohmann::json motions_info(const std::vector<SdkMotion>& motions) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& m : motions) {
    std::size_t keys = 0;
    for (const auto& bone : m.bones)
      for (const auto& channel : bone.channels) keys += channel.keys.size();
    out.push_back({{"name", cp1251_to_utf8(m.name)},
                   {"version", m.version},
                   {"frame_start", m.frame_start},
                   {"frame_end", m.frame_end},
                   {"fps", m.fps},
                   {"flags", m.flags},
                   {"bone_or_part", m.bone_or_part},
                   {"bones", m.bones.size()},
                   {"keys", keys},
                   {"marks", m.marks.size()}});
  }
  return out;
}

class SdkMotionHandler final : public HandlerBase<> {
 public:
  explicit SdkMotionHandler(bool list) : list_(list) {
    auto& d = list ? describe("xray-skls", "X-Ray SDK skeletal motion list", kXray, {"skls"})
                   : describe("xray-skl", "X-Ray SDK skeletal motion", kXray, {"skl"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "each motion travels in its record and comes back while its keys are what the import baked (edited "
        "fields are applied to its envelopes); an edited motion is written with one key per frame";
    d.way_back_records = {sdk_motions_way_back_record(), kAfterMotionKey, kSklTrailingKey, kSklsTrailingKey};
    d.companions = {{"skeleton",
                     "an .object or .ogf whose bones the motions animate (matched by name)",
                     {"object", "ogf"},
                     false}};
    if (!list) {
      d.export_options = {motion_option().spec()};
      d.animation_option = motion_option().spec().name;
    }
  }

  bool recognizes(std::span<const std::byte> head) const override {
    // .skls has no magic; .skl is one chunk 0x1200.
    return !list_ && head.size() >= 8 &&
           load_value<std::uint32_t>(head.data(), ByteOrder::little) == kChunkSklMotion;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto [motions, warnings, outside] = read(request.primary.bytes, request.primary.path);
    auto scene = skeleton_scene(request);
    if (!scene)
      scene = sdk_motions_to_scene(motions, scene_name(request), request.primary.path, request.limits);
    else
      add_sdk_motions(*scene, motions, scene::tree_order(*scene), request.primary.path, request.limits, true);
    add_reader_warnings(*scene, warnings);
    keep_bytes(*scene, kAfterMotionKey, outside.after_motion);
    keep_bytes(*scene, list_ ? kSklsTrailingKey : kSklTrailingKey, outside.trailing_bytes);
    return std::move(*scene);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    try {
      auto motions = scene_to_sdk_motions(scene, {}, request.output_name, request.limits);
      if (list_)
        return write_skls({std::move(motions), kept_scene_bytes(scene, kSklsTrailingKey)},
                          request.output_name);
      const std::string wanted = motion_option().get(request.options, request.output_name);
      std::size_t chosen = 0;
      if (!wanted.empty()) {
        chosen = scene.animations.size();
        for (std::size_t a = 0; a < scene.animations.size(); ++a)
          if (wanted == scene.animations[a].name) chosen = a;
        if (chosen == scene.animations.size())
          throw FormatError(request.output_name, std::nullopt, "option motion",
                            "the scene has no animation '" + wanted + "'", ErrorKind::bad_value);
      }
      return write_skl({kChunkSklMotion, std::move(motions[chosen]), kept_scene_bytes(scene, kAfterMotionKey),
                        kept_scene_bytes(scene, kSklTrailingKey)},
                       request.output_name);
    } catch (const nlohmann::json::exception& e) {  // a motion record of the extras that is not ours
      throw FormatError(request.output_name, std::nullopt, "extras", e.what());
    }
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    if (list_) return write_skls(read_skls(data, file_name), file_name);
    return write_skl(read_skl(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto [motions, warnings, outside] = read(request.primary.bytes, request.primary.path);
    return {{"format", description().id}, {"motions", motions_info(motions)}, {"warnings", warnings}};
  }

 private:
  // The bytes of a file outside its motions.
  struct Outside {
    std::vector<std::byte> after_motion, trailing_bytes;
  };
  // The motions, what the reader tolerated, and the bytes outside the motions.
  std::tuple<std::vector<SdkMotion>, Warnings, Outside> read(std::span<const std::byte> data,
                                                             const std::string& path) const {
    if (list_) {
      auto file = read_skls(data, path);
      return {std::move(file.motions), std::move(file.warnings), {{}, std::move(file.trailing_bytes)}};
    }
    auto file = read_skl(data, path);
    return {{std::move(file.motion)},
            std::move(file.warnings),
            {std::move(file.after_motion), std::move(file.trailing_bytes)}};
  }

  bool list_;
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_skl_handler() {
  return std::make_unique<SdkMotionHandler>(false);
}
std::unique_ptr<FormatHandler> make_xray_skls_handler() {
  return std::make_unique<SdkMotionHandler>(true);
}

}  // namespace gamefmt::xray
