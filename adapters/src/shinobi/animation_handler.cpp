#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "shinobi/animation_scene.hpp"

namespace gamefmt::shinobi {
namespace {

// The export options; each reads as AnimationExportChoice's field of the same name.
struct AnimationOptions {
  Option<std::int32_t> version = choice_option<std::int32_t>(
      "version", "ANIM version to write: 1 (Legend of Grimrock), 3 (Druidstone), or auto (as read, else 1)",
      {{"auto", 0}, {"1", 1}, {"3", 3}}, "auto");
  Option<std::string> animation = text_option(
      "animation",
      "which animation of the scene to write (default: the one named like the output file, or the only one)");
  // Given or not: an animation keeps the rate it was read with unless the user asks for another.
  Option<double> frame_rate = number_option(
      "frame_rate", "frames per second to sample at (default: the rate the animation was read with, else 30)",
      30.0, 0.0, std::numeric_limits<float>::max());
};

const AnimationOptions& options() {
  static const AnimationOptions declared;
  return declared;
}

// Shinobi engine ANIM animations (Legend of Grimrock v1, Druidstone v3). On its own, an animation becomes a
// scene of one node per track; with a model, convert the model and name the animations as its companions.
// Extras keys: see animation_scene.hpp.
class ShinobiAnimationHandler final : public LosslessHandlerBase<&read_animation, &write_animation> {
 public:
  ShinobiAnimationHandler() {
    auto& d = describe("shinobi-animation", "Shinobi animation (Legend of Grimrock, Druidstone)", kGrimrock,
                       {"animation"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.way_back_note = "edited keys are written as edited, one key per frame";
    d.way_back_records = {"shinobi.animation.*.rotations"};
    d.way_back = WayBack::exact;
    d.export_options = {options().version.spec(), options().animation.spec(), options().frame_rate.spec()};
    d.animation_option = options().animation.spec().name;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 8 && std::memcmp(head.data(), "ANIM", 4) == 0;
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    if (!request.companions.empty())
      throw FormatError(request.companions.front().path, std::nullopt, "",
                        "an animation takes no companions; name the model first and its animations after it");
    const Animation animation = read_animation(request.primary.bytes, request.primary.path);
    return with_reader_warnings(animation_to_scene(animation, scene_name(request), request.primary.path),
                                animation.warnings);
  }

  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const std::string_view file = request.output_name;
    AnimationExportChoice choice;
    choice.version = options().version.get(request.options, file);
    choice.animation = options().animation.get(request.options, file);
    if (options().frame_rate.given(request.options))
      choice.frame_rate = static_cast<float>(options().frame_rate.get(request.options, file));
    return write_animation(animation_from_scene(scene, choice, request.limits, file), file);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const Animation animation = read_animation(request.primary.bytes, request.primary.path);
    nlohmann::json tracks = nlohmann::json::array();
    for (const AnimationTrack& track : animation.tracks)
      tracks.push_back({{"node", track.node_name}, {"keys", track.keys.size()}});
    nlohmann::json out = {
        {"format", description().id},
        {"version", animation.version},
        {"frame_rate", animation.frame_rate},
        {"frames", animation.frame_count},
        {"duration_seconds", animation.frame_rate > 0 ? animation.frame_count / animation.frame_rate : 0.0f},
        {"tracks", tracks},
        {"trailing_bytes", animation.trailing.size()},
        {"warnings", animation.warnings}};
    if (animation.name) out["name"] = *animation.name;
    return out;
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_shinobi_animation_handler() {
  return std::make_unique<ShinobiAnimationHandler>();
}

}  // namespace gamefmt::shinobi
