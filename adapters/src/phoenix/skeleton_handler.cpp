// Overgrowth `.phxbn` skeletons. Importing one builds the whole rig: the skeleton's joints, the model OBJ it
// weights (a companion, or <base>.obj beside it) as a skinned mesh, any `.anm` companions as animations, and
// the
// `.fzx` ragdoll volumes (a companion, or <model base>.fzx beside the model) as physics nodes under the
// joints. The scene and its extras are documented in rig_scene.hpp and ragdoll_scene.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "../core/texture_images.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "phoenix/rig_inputs.hpp"
#include "phoenix/rig_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

const Option<bool>& ragdoll_proxies_option() {
  static const auto option = boolean_option(
      "ragdoll_proxies", "also give each ragdoll volume a visible capsule/box/sphere mesh", false);
  return option;
}

class SkeletonHandler final : public HandlerBase<> {
 public:
  SkeletonHandler() {
    auto& d = describe("phoenix-phxbn", "Overgrowth skeleton", kOvergrowth, {"phxbn"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.animations = AnimationsWritten::none;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the file travels in the scene extras and comes back while the joints' rest places, their records "
        "and the skin's weights are the file's, within round-off (without the model OBJ the file's weights "
        "stay); an edited rig is written as v11 with the weights taken from the skin and float round-off "
        "in the points";
    d.way_back_records = {"phoenix.skeleton/file", "phoenix.skeleton/file_corners",
                          "phoenix.animations/*/file", "phoenix.ragdoll/file"};
    d.companions = {
        {"model",
         "the rig's model OBJ, whose triangle corners the weights belong to (default: <base>.obj beside "
         "it); "
         "further OBJs named <model>_<label>.obj are morph targets (default: those beside the model for "
         "the "
         "animations' shape keys)",
         {"obj"},
         true},
        {"animations",
         "Overgrowth animations played on the skeleton, one glTF animation each",
         {"anm"},
         true},
        {"ragdoll",
         "the ragdoll volumes (default: <model base>.fzx beside the model OBJ), nodes under their bones",
         {"fzx"},
         false},
        {"texture",
         "a picture for the model's texture (Overgrowth names it in its object XML, not here); default: "
         "one "
         "with the model OBJ's or the skeleton's base name beside them",
         picture_extensions(), false},
    };
    d.import_options = {ragdoll_proxies_option().spec()};
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_skeleton(head); }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const RigInputs inputs = read_rig_inputs(request);
    Rig rig;
    rig.name = scene_name(request);
    rig.file_name = request.primary.path;
    rig.skeleton = &inputs.skeleton;
    rig.model = inputs.model ? &*inputs.model : nullptr;
    for (std::size_t c = 0; c < inputs.animations.size(); ++c)
      rig.clips.push_back(
          {inputs.animations[c].first, &inputs.animations[c].second, inputs.animation_files[c]});
    rig.ragdoll = inputs.ragdoll ? &*inputs.ragdoll : nullptr;
    rig.skeleton_file = request.primary.bytes;
    rig.ragdoll_file = inputs.ragdoll_file;
    for (const auto& [label, morph] : inputs.morphs) rig.morphs.push_back({label, &morph});
    rig.ragdoll_proxies = ragdoll_proxies_option().get(request.options, request.primary.path);
    auto scene = with_reader_warnings(rig_to_scene(rig), inputs.warnings);
    attach_picture_texture(scene, request,
                           inputs.model_path.empty() ? request.primary.path : inputs.model_path);
    scene::validate_scene(scene, request.primary.path);
    return scene;
  }

  // A v11 skeleton from a rig scene (our glTF read back, or re-exported with its extras); see rig_scene.hpp.
  // The kept file while the scene writes it within round-off (way_back.hpp).
  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const auto written = skeleton_from_scene(scene, request.output_name);
    if (auto kept = unchanged_skeleton_file(scene, written, request.output_name)) return std::move(*kept);
    return write_skeleton(written, request.output_name);
  }

  // Not a LosslessHandler: read_skeleton takes a third argument (the rig's corner count), which is not needed
  // here.
  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return write_skeleton(read_skeleton(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const RigInputs inputs = read_rig_inputs(request, false);
    const auto& s = inputs.skeleton;
    nlohmann::json ik = nlohmann::json::object();
    for (const auto& chain : s.ik_bones)
      ik[chain.name] = {{"tip_bone", chain.bone_id}, {"chain_length", chain.chain_length}};
    nlohmann::json joints = {{"hinge", 0}, {"amotor", 0}, {"fixed", 0}, {"other", 0}};
    for (const auto& j : s.joints) {
      auto& counter = joints[j.type == 0   ? "hinge"
                             : j.type == 1 ? "amotor"
                             : j.type == 2 ? "fixed"
                                           : "other"];
      counter = counter.get<int>() + 1;
    }
    return {{"format", description().id},
            {"version", s.version},
            {"rigging_stage", s.rigging_stage},
            {"points", s.points.size()},
            {"bones", s.bone_ends.size()},
            {"weighted_corners", s.corner_weights.size()},
            {"joints", joints},
            {"ik_chains", ik},
            {"model", inputs.model ? nlohmann::json(inputs.model_path) : nlohmann::json()},
            {"ragdoll_objects",
             inputs.ragdoll ? nlohmann::json(inputs.ragdoll->objects.size()) : nlohmann::json()},
            {"trailing_bytes", s.trailing_bytes.size()},
            {"warnings", inputs.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_phoenix_skeleton_handler() {
  return std::make_unique<SkeletonHandler>();
}

}  // namespace gamefmt::phoenix
