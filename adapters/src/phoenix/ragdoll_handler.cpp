// Overgrowth `.fzx` ragdoll volumes: lossless rewrite, `info` (each object with the body part, side and
// mirror flag the engine reads from its label; labels the engine would ignore are listed, never dropped
// silently), and export from a scene. As a companion of a .phxbn (skeleton_handler.cpp) the volumes sit under
// their bones; imported on their own they sit at the model's origin, with proxy meshes unless
// `ragdoll_proxies=0`.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

const Option<bool>& ragdoll_proxies_option() {
  static const auto option = boolean_option("ragdoll_proxies", "a visible mesh for each volume", true);
  return option;
}

class RagdollHandler final : public LosslessHandlerBase<&read_ragdoll, &write_ragdoll> {
 public:
  RagdollHandler() {
    auto& d = describe("phoenix-fzx", "Overgrowth ragdoll volumes", kOvergrowth, {"fzx"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the file travels in the scene extras and comes back while every volume is where and as large as "
        "the file put it, within round-off; edited volumes are written as placed, with float round-off in "
        "their transforms";
    d.way_back_records = {"phoenix.ragdoll/file"};
    d.import_options = {ragdoll_proxies_option().spec()};
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return head.size() >= kFzxMagic.size() &&
           std::equal(kFzxMagic.begin(), kFzxMagic.end(), head.begin(),
                      [](std::uint8_t a, std::byte b) { return a == std::to_integer<std::uint8_t>(b); });
  }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto ragdoll = read_ragdoll(request.primary.bytes, request.primary.path);
    const bool proxies = ragdoll_proxies_option().get(request.options, request.primary.path);
    auto scene = with_reader_warnings(
        ragdoll_to_scene(ragdoll, scene_name(request), proxies, request.primary.path, request.primary.bytes),
        ragdoll.warnings);
    scene::validate_scene(scene, request.primary.path);
    return scene;
  }

  // The volumes of a rig scene (ragdoll_scene.hpp), placed where their nodes are.
  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const auto written = ragdoll_from_scene(scene, request.output_name);
    if (auto kept = unchanged_ragdoll_file(scene, written, request.output_name))
      return std::move(*kept);  // the scene still writes the kept file within round-off (way_back.hpp)
    return write_ragdoll(written, request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto ragdoll = read_ragdoll(request.primary.bytes, request.primary.path);
    nlohmann::json objects = nlohmann::json::array(), unmatched = nlohmann::json::array();
    for (const auto& o : ragdoll.objects) {
      nlohmann::json entry = {{"label", o.label},
                              {"rotation_wxyz", o.rotation_wxyz},
                              {"location", o.location},
                              {"scale", o.scale}};
      if (const auto label = parse_ragdoll_label(o.label)) {
        entry["shape"] = ragdoll_shape_name(label->shape);
        entry["part"] = label->part;
        if (label->side != 0) entry["side"] = std::string(1, label->side);
        entry["mirrored"] = label->mirrored;
      } else {
        unmatched.push_back(o.label);
      }
      objects.push_back(entry);
    }
    return {{"format", description().id},
            {"version", ragdoll.version},
            {"objects", objects},
            {"unmatched_labels", unmatched},
            {"bytes_before_footer", ragdoll.bytes_before_footer.size()},
            {"warnings", ragdoll.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_phoenix_ragdoll_handler() {
  return std::make_unique<RagdollHandler>();
}

}  // namespace gamefmt::phoenix
