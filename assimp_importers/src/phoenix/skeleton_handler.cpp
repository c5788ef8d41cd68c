// Overgrowth `.phxbn` skeletons. Importing one builds the whole rig: the skeleton's joints, the model OBJ it
// weights (a companion, or <base>.obj beside it) as a skinned mesh, any `.anm` companions as animations, and
// the
// `.fzx` ragdoll volumes (a companion, or <model base>.fzx beside the model) as physics nodes under the
// joints. Scene metadata is documented in gamefmt/assimp/phoenix_rig.hpp.
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/format_handlers.hpp"
#include "gamefmt/assimp/phoenix_rig.hpp"
#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "phoenix_inputs.hpp"

namespace gamefmt::assimp {
namespace {

class SkeletonHandler final : public FormatHandler {
 public:
  const FormatDescription& description() const override {
    static const FormatDescription d = [] {
      FormatDescription d;
      d.id = "phoenix-phxbn";
      d.name = "Overgrowth skeleton";
      d.family = "phoenix";
      d.extensions = {"phxbn"};
      d.can_import = d.can_export = d.can_rewrite = true;
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
      };
      d.import_options = {{"ragdoll_proxies",
                           "also give each ragdoll volume a visible capsule/box/sphere mesh",
                           {"0", "1"},
                           "0"}};
      return d;
    }();
    return d;
  }

  bool recognizes(std::span<const std::byte> head) const override {
    return phoenix_looks_like_skeleton(head);
  }

  std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const override {
    const PhoenixInputs inputs = read_phoenix_inputs(request);
    PhoenixRig rig;
    rig.name = std::filesystem::path(request.primary.path).stem().string();
    rig.file_name = request.primary.path;
    rig.skeleton = &inputs.skeleton;
    rig.model = inputs.model ? &*inputs.model : nullptr;
    for (const auto& [name, animation] : inputs.animations) rig.clips.push_back({name, &animation});
    rig.ragdoll = inputs.ragdoll ? &*inputs.ragdoll : nullptr;
    for (const auto& [label, morph] : inputs.morphs) rig.morphs.push_back({label, &morph});
    rig.ragdoll_proxies = option(request.options, "ragdoll_proxies", false) == "1";
    auto scene = phoenix_rig_to_scene(rig);
    add_reader_warnings(*scene, inputs.warnings);
    return scene;
  }

  // A v11 skeleton from a rig scene (our glTF read back, or re-exported with its extras); see
  // phoenix_rig.hpp.
  std::vector<std::byte> export_scene(const aiScene& scene, const Options&,
                                      std::string_view output_name) const override {
    return phoenix::write_skeleton(phoenix_skeleton_from_scene(scene, output_name), output_name);
  }

  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const override {
    return phoenix::write_skeleton(phoenix::read_skeleton(data, file_name), file_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const PhoenixInputs inputs = read_phoenix_inputs(request, false);
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

}  // namespace gamefmt::assimp
