// Overgrowth `.anm` animations. An animation alone has no skeleton (bone positions come from the .phxbn), so
// it imports as a rig of bare joints placed by its first keyframe, animated by all keyframes; give it as a
// companion of a .phxbn to animate a real rig. The extension is shared with X-Ray SDK animations:
// `recognizes` checks the version and the header values so that content can tell the two apart, and
// `takes_scene` takes only scenes with Overgrowth joints.
#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "../core/handler_base.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "phoenix/rig_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

const Option<std::string>& animation_option() {
  static const auto option = text_option(
      "animation",
      "which of the scene's animations to write (default: the one named like the output, else the first)");
  return option;
}

class AnimationHandler final : public LosslessHandlerBase<&read_animation, &write_animation> {
 public:
  AnimationHandler() {
    auto& d = describe("phoenix-anm", "Overgrowth animation", kOvergrowth, {"anm"});
    d.can_import = d.can_export = d.can_rewrite = true;
    d.way_back = WayBack::exact;
    d.way_back_note =
        "the file travels in the scene extras and comes back while the scene's poses at its key times and "
        "its records (events, IK, shape keys, ...) are the file's, within round-off; an edited clip is "
        "written as v10, uncentred, with float round-off in the bone matrices";
    d.way_back_records = {"phoenix.animations/*/file"};
    d.export_options = {animation_option().spec()};
    d.animation_option = animation_option().spec().name;
  }

  bool recognizes(std::span<const std::byte> head) const override { return looks_like_animation(head); }

  scene::Scene import_scene(const ImportRequest& request) const override {
    const auto animation = read_animation(request.primary.bytes, request.primary.path);
    // Bare joints: a skeleton whose bones are segments 10 cm long along each first-key matrix's Z axis.
    Skeleton skeleton;
    skeleton.version = 8;
    skeleton.rigging_stage = 0;
    const auto first = key_world_matrices(animation, 0, {});
    for (std::size_t b = 0; b < first.size(); ++b) {
      const glm::vec3 middle(first[b][3]);
      const glm::vec3 axis(first[b][2][0] * 0.05f, first[b][2][1] * 0.05f, first[b][2][2] * 0.05f);
      const glm::vec3 start = middle - axis, end = middle + axis;
      skeleton.points.push_back({start.x, start.y, start.z});
      skeleton.points.push_back({end.x, end.y, end.z});
      skeleton.bone_ends.push_back({static_cast<std::int32_t>(2 * b), static_cast<std::int32_t>(2 * b + 1)});
    }
    skeleton.point_parents.assign(skeleton.points.size(), -1);
    skeleton.bone_parents.assign(first.size(), -1);
    Rig rig;
    rig.name = scene_name(request);
    rig.file_name = request.primary.path;
    rig.skeleton = &skeleton;
    rig.clips.push_back({rig.name, &animation, request.primary.bytes});
    auto scene = with_reader_warnings(rig_to_scene(rig), animation.warnings);
    scene::validate_scene(scene, request.primary.path);
    return scene;
  }

  bool takes_scene(const scene::Scene& scene) const override { return scene_has_joints(scene); }

  // A v10 animation from a rig scene (our glTF read back, or re-exported with its extras); see rig_scene.hpp.
  std::vector<std::byte> export_scene(const scene::Scene& scene,
                                      const ExportRequest& request) const override {
    const FieldPath path(request.output_name);
    if (scene.animations.empty())
      path.fail("animations", "the scene has no animation to write", ErrorKind::cannot_write);
    std::string wanted = animation_option().get(request.options, request.output_name);
    const bool named = !wanted.empty();
    if (!named) wanted = std::filesystem::path(request.output_name).stem().string();
    const scene::Animation* chosen = named ? nullptr : &scene.animations.front();
    for (const auto& animation : scene.animations)
      if (animation.name == wanted) chosen = &animation;
    if (chosen == nullptr) path.fail("option animation", "the scene has no animation named '" + wanted + "'");
    const auto written = animation_from_scene(scene, *chosen, request.output_name);
    if (auto kept = unchanged_animation_file(scene, chosen->name, written, request.output_name))
      return std::move(*kept);  // the scene still writes the kept file within round-off (way_back.hpp)
    return write_animation(written, request.output_name);
  }

  nlohmann::json info(const ImportRequest& request) const override {
    const auto a = read_animation(request.primary.bytes, request.primary.path);
    std::size_t events = 0, ik = 0, weapons = 0, mobility = 0;
    nlohmann::json shape_keys = nlohmann::json::array(), status_keys = nlohmann::json::array();
    for (const auto& k : a.keyframes) {
      events += k.events.size();
      ik += k.ik_bones.size();
      weapons += k.weapons.size();
      mobility += k.use_mobility != 0;
      for (const auto& s : k.shape_keys)
        if (std::find(shape_keys.begin(), shape_keys.end(), s.label) == shape_keys.end())
          shape_keys.push_back(s.label);
      for (const auto& s : k.status_keys)
        if (std::find(status_keys.begin(), status_keys.end(), s.label) == status_keys.end())
          status_keys.push_back(s.label);
    }
    return {{"format", description().id},
            {"version", a.version},
            {"looping", a.is_looping()},
            {"centred", a.is_centred()},
            {"length_ms", a.length()},
            {"keyframes", a.keyframes.size()},
            {"bones", a.keyframes.front().bone_matrices.size()},
            {"events", events},
            {"ik_bones", ik},
            {"weapon_keys", weapons},
            {"mobility_keys", mobility},
            {"shape_keys", shape_keys},
            {"status_keys", status_keys},
            {"trailing_bytes", a.trailing_bytes.size()},
            {"warnings", a.warnings}};
  }
};

}  // namespace

std::unique_ptr<FormatHandler> make_phoenix_animation_handler() {
  return std::make_unique<AnimationHandler>();
}

}  // namespace gamefmt::phoenix
