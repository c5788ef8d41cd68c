// X-Ray SDK `.anm` object/camera paths: import (sampled animation), export (LINE keys), lossless rewrite.
// The extension is shared with Overgrowth animations; `recognizes` tells them apart by content (chunk
// 0x1100). Scene layout, sampling rule and extras: see anm_scene.hpp.
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "xray/anm_scene.hpp"

namespace gamefmt::xray {
namespace {

const Option<double>& sample_fps() {
  static const auto option = number_option(
      "fps",
      "samples per second of the glTF animation (the envelopes' TCB, Hermite and Bezier curves have no glTF "
      "form); every key time is sampled too. 0: the motion's own fps",
      0, 0, 1000);
  return option;
}

class AnmHandler final : public LosslessHandlerBase<&read_anm, &write_anm> {
 public:
  AnmHandler() {
    auto& d = describe("xray-anm", "X-Ray SDK object/camera path (.anm)", kXray, {"anm"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the file travels in the path node's extras and comes back while the keys are its envelopes' poses "
        "(edited name, fps, frame range or behaviours are applied to it); edited keys are written as LINE "
        "keys, one per key time";
    d.way_back_records = {"xray.anm.file"};
    d.import_options = {sample_fps().spec()};
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_xray_anm(head); }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto anm = read_anm(request.primary.bytes, request.primary.path);
    auto scene = anm_to_scene(
        anm.motion, request.primary.path,
        {sample_fps().get(request.options, request.primary.path), request.limits.max_path_samples});
    keep_anm_file(scene, request.primary.bytes);
    return with_reader_warnings(std::move(scene), anm.warnings);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    return write_anm(anm_from_scene(scene, request.output_name), request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto anm = read_anm(request.primary.bytes, request.primary.path);
    const auto& m = anm.motion;
    static const char* names[] = {"x", "y", "z", "h", "p", "b"};
    nlohmann::json channels = nlohmann::json::object();
    for (std::size_t c = 0; c < 6; ++c) {
      const auto& e = m.channel(AnmChannel(c));
      nlohmann::json shapes = nlohmann::json::object();
      for (const auto& k : e.keys) {
        const std::string shape = std::to_string(k.shape & 0xFF);
        shapes[shape] = shapes.value(shape, 0) + 1;
      }
      channels[names[c]] = {{"keys", e.keys.size()},
                            {"pre", e.behaviour_pre},
                            {"post", e.behaviour_post},
                            {"keys_per_shape", shapes}};
    }
    return {{"format", description().id},
            {"name", cp1251_to_utf8(m.name)},
            {"version", m.version},
            {"frame_start", m.frame_start},
            {"frame_end", m.frame_end},
            {"fps", m.fps},
            {"channels", channels},
            {"kept_chunks", describe_kept_chunks(anm.layout)},
            {"trailing_bytes", anm.layout.trailing_bytes.size()},
            {"warnings", anm.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_xray_anm_handler() {
  return std::make_unique<AnmHandler>();
}

}  // namespace gamefmt::xray
