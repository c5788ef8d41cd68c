#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/metadata_json.hpp"
#include "gamefmt/assimp/shinobi_animation.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/shinobi/animation.hpp"

namespace gamefmt::assimp {
namespace {

// Shinobi engine ANIM animations (Legend of Grimrock v1, Druidstone v3). On its own, an animation becomes a
// scene of one node per track (flagged incomplete); with a model, convert the model and name the animations as
// its companions. Metadata keys: see shinobi_animation.hpp.
class ShinobiAnimationHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "shinobi-animation";
      d.name = "Shinobi animation (Legend of Grimrock, Druidstone)";
      d.family = "shinobi";
      d.extensions = {"animation"};
      d.can_import = d.can_export = d.can_rewrite = true;
      d.export_options = {
          {"version", "ANIM version to write: 1 (Legend of Grimrock), 3 (Druidstone), or auto (as read, else 1)", {"auto", "1", "3"}, "auto"},
          {"animation", "which animation of the scene to write (default: the one named like the output file, or the only one)", {}, ""},
          {"frame_rate", "frames per second to sample at (default: the rate the animation was read with, else 30)", {}, ""}};
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= 8 && std::memcmp(head.data(), "ANIM", 4) == 0;
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    if (!request.companions.empty())
      throw FormatError(request.companions.front().path, std::nullopt, "",
                        "an animation takes no companions; name the model first and its animations after it");
    const auto animation = shinobi::read_animation(request.primary.bytes, request.primary.path);
    auto scene = animation_to_scene(animation, std::filesystem::path(request.primary.path).stem().string(), request.primary.path);
    if (!animation.warnings.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, animation.warnings);
    return scene;
  }

  std::vector<std::byte> export_scene(const aiScene& scene, const Options& options, std::string_view output_name) const override {
    const std::string file(output_name);
    AnimationExportChoice choice;
    const std::string version = option(options, "version", true);
    if (version == "1" || version == "3") {
      choice.version = std::stoi(version);
    } else if (version != "auto") {
      throw FormatError(file, std::nullopt, "option version", "unknown value '" + version + "' (auto, 1 or 3)");
    }
    choice.animation = option(options, "animation", true);
    if (const std::string rate = option(options, "frame_rate", true); !rate.empty()) {
      try {
        std::size_t used = 0;
        choice.frame_rate = std::stof(rate, &used);
        if (used != rate.size()) throw std::invalid_argument(rate);
      } catch (const std::exception&) {
        throw FormatError(file, std::nullopt, "option frame_rate", "'" + rate + "' is not a number");
      }
    }
    return shinobi::write_animation(scene_to_animation(scene, choice, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return shinobi::write_animation(shinobi::read_animation(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto animation = shinobi::read_animation(request.primary.bytes, request.primary.path);
    nlohmann::json tracks = nlohmann::json::array();
    for (const auto& track : animation.tracks) tracks.push_back({{"node", track.node_name}, {"keys", track.keys.size()}});
    nlohmann::json out = {{"format", description().id},
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

std::unique_ptr<FormatHandler> make_shinobi_animation_handler() { return std::make_unique<ShinobiAnimationHandler>(); }

}  // namespace gamefmt::assimp
