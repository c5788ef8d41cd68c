// X-Ray SDK `.anm` object/camera paths: import (sampled animation), export (LINE keys), lossless rewrite.
// The extension is shared with Overgrowth animations; `recognizes` tells them apart by content (chunk
// 0x1100). Scene layout, sampling rule and metadata: see xray_anm.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/xray_anm.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

class AnmHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "xray-anm";
      d.name = "X-Ray SDK object/camera path (.anm)";
      d.family = "xray";
      d.extensions = {"anm"};
      d.can_import = d.can_export = d.can_rewrite = true;
      d.import_options = {
          {"fps",
           "samples per second of the glTF animation (the envelopes' TCB, Hermite and Bezier curves "
           "have no glTF form); every key time is sampled too. Default: the motion's own fps",
           {},
           ""}};
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override { return xray::looks_like_xray_anm(head); }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const auto anm = xray::read_anm(request.primary.bytes, request.primary.path);
    auto scene = anm_to_scene(anm.motion, std::filesystem::path(request.primary.path).stem().string(),
                              sample_rate(request));
    if (!anm.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, anm.warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options&,
                                      std::string_view output_name) const override {
    return xray::write_anm(scene_to_anm(scene, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return xray::write_anm(xray::read_anm(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto anm = xray::read_anm(request.primary.bytes, request.primary.path);
    const auto& m = anm.motion;
    static const char* names[] = {"x", "y", "z", "h", "p", "b"};
    nlohmann::json channels = nlohmann::json::object();
    for (std::size_t c = 0; c < 6; ++c) {
      const auto& e = m.channel(xray::AnmChannel(c));
      nlohmann::json shapes = nlohmann::json::object();
      for (const auto& k : e.keys) {
        const std::string shape = std::to_string(k.shape & 0xFF);
        shapes[shape] = shapes.value(shape, 0) + 1;
      }
      channels[names[c]] = {
          {"keys", e.keys.size()}, {"pre", e.behaviour_pre}, {"post", e.behaviour_post}, {"keys_per_shape", shapes}};
    }
    return {{"format", description().id},   {"name", cp1251_to_utf8(m.name)}, {"version", m.version},
            {"frame_start", m.frame_start}, {"frame_end", m.frame_end},       {"fps", m.fps},
            {"channels", channels},
            {"kept_chunks", xray::describe_kept_chunks(anm.layout)},
            {"trailing_bytes", anm.layout.trailing_bytes.size()},
            {"warnings", anm.warnings}};
  }

 private:
  double sample_rate(const ImportRequest& request) const {
    const std::string text = option(request.options, "fps", false);
    if (text.empty()) return 0.0;
    double value = 0;
    try {
      std::size_t used = 0;
      value = std::stod(text, &used);
      if (used != text.size()) value = 0;
    } catch (const std::exception&) {
      value = 0;
    }
    if (!(value > 0 && value <= 1000))
      throw FormatError(request.primary.path, std::nullopt, "option fps",
                        "'" + text + "' is not a number in (0, 1000]");
    return value;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_anm_handler() {
  return std::make_unique<AnmHandler>();
}

}  // namespace gamefmt::assimp
