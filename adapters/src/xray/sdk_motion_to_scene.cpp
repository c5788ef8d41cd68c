// X-Ray SDK motions -> scene animations (sdk_motion_scene.hpp describes the layout).
#include <algorithm>
#include <cmath>
#include <map>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kFlagNames[] = {"fx",         "stop_at_end", "no_mix", "sync_part",
                                      "foot_steps", "root_mover",  "idle",   "use_weapon_bone"};

bool all_step(const SdkMotion& motion) {
  for (const auto& bone : motion.bones)
    for (const auto& channel : bone.channels)
      for (std::size_t k = 1; k < channel.keys.size(); ++k)
        if ((channel.keys[k].shape & 0xFF) != static_cast<std::uint32_t>(EnvelopeShape::step)) return false;
  return true;
}

}  // namespace

nlohmann::json sdk_motion_record(const SdkMotion& motion) {
  nlohmann::json flags = nlohmann::json::array();
  for (int bit = 0; bit < 8; ++bit)
    if (motion.flags & (1u << bit)) flags.push_back(kFlagNames[bit]);
  nlohmann::json marks = nlohmann::json::array();
  for (const auto& mark : motion.marks) {
    nlohmann::json intervals = nlohmann::json::array();
    for (const auto& interval : mark.intervals) intervals.push_back({interval[0], interval[1]});
    marks.push_back({{"name", cp1251_to_utf8(mark.name)}, {"intervals", intervals}});
  }
  nlohmann::json bone_flags = nlohmann::json::object();
  for (const auto& bone : motion.bones)
    if (bone.flags != 0) bone_flags[cp1251_to_utf8(bone.name)] = bone.flags;
  return {{"name", cp1251_to_utf8(motion.name)},
          {"version", motion.version},
          {"fps", motion.fps},
          {"frame_start", motion.frame_start},
          {"frame_end", motion.frame_end},
          {"flags", motion.flags},
          {"flag_names", flags},
          {"bone_or_part", motion.bone_or_part},
          {"speed", motion.speed},
          {"accrue", motion.accrue},
          {"falloff", motion.falloff},
          {"power", motion.power},
          {"marks", marks},
          {"bone_flags", bone_flags}};
}

namespace {

std::int64_t baked_frames(const SdkMotion& motion, const Limits& limits) {
  const auto most = static_cast<std::int64_t>(std::min<std::uint64_t>(limits.max_baked_frames, INT64_MAX));
  return std::clamp<std::int64_t>(std::int64_t{motion.frame_end} - motion.frame_start + 1, 1,
                                  std::max<std::int64_t>(most, 1));
}

}  // namespace

scene::Animation bake_sdk_motion(const SdkMotion& motion,
                                 const std::map<std::string, scene::NodeIndex>& bone_by_name,
                                 const Limits& limits) {
  const float fps = std::isfinite(motion.fps) && motion.fps > 0 ? motion.fps : 30.0f;
  const std::int64_t frames = baked_frames(motion, limits);
  scene::Animation animation;
  animation.duration = static_cast<double>(frames - 1) / static_cast<double>(fps);
  std::map<scene::NodeIndex, bool> done;
  for (const auto& bone : motion.bones) {
    const auto found = bone_by_name.find(lower_ascii(cp1251_to_utf8(bone.name)));
    if (found == bone_by_name.end() || done[found->second]) continue;
    done[found->second] = true;
    scene::NodeAnimation channel;
    channel.node = found->second;
    channel.translation.reserve(static_cast<std::size_t>(frames));
    channel.rotation.reserve(static_cast<std::size_t>(frames));
    glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
    for (std::int64_t f = 0; f < frames; ++f) {
      // f32 time, as the engine computes it, so key times hit exactly.
      const float t = static_cast<float>(motion.frame_start + f) / fps;
      std::array<float, 6> v{};
      for (std::size_t c = 0; c < 6; ++c) v[c] = evaluate_envelope(bone.channels[c], t);
      glm::quat q = xray_space::euler_rotation(v[4], v[3], v[5]);  // P about X, H about Y, B about Z
      if (f > 0 && q.x * previous.x + q.y * previous.y + q.z * previous.z + q.w * previous.w < 0)
        q = glm::quat(-q.w, -q.x, -q.y, -q.z);
      previous = q;
      const double time = static_cast<double>(f) / static_cast<double>(fps);
      channel.translation.push_back({time, xray_space::vector(glm::vec3(v[0], v[1], v[2]))});
      channel.rotation.push_back({time, q});
    }
    animation.channels.push_back(std::move(channel));
  }
  if (all_step(motion)) animation.interpolation = scene::Interpolation::step;
  return animation;
}

void add_sdk_motions(scene::Scene& scene, const std::vector<SdkMotion>& motions,
                     const std::vector<scene::NodeIndex>& skeleton, std::string_view source,
                     const Limits& limits, bool keep_for_way_back) {
  if (motions.empty()) return;
  FieldPath path(source);
  std::map<std::string, scene::NodeIndex> bone_by_name;
  for (scene::NodeIndex node : skeleton) bone_by_name.emplace(lower_ascii(scene.nodes.at(node).name), node);
  std::uint64_t poses = 0;
  for (std::size_t m = 0; m < motions.size(); ++m) {
    std::uint64_t matched = 0;
    for (const auto& bone : motions[m].bones)
      matched += bone_by_name.count(lower_ascii(cp1251_to_utf8(bone.name)));
    poses += matched * static_cast<std::uint64_t>(baked_frames(motions[m], limits));
    if (poses > limits.max_baked_poses) {
      auto field = path.enter("motions", m);
      path.fail("", "baking would make more than " + std::to_string(limits.max_baked_poses) + " bone poses",
                ErrorKind::limit);
    }
  }
  // As before the scene model, only the first motion set added to a scene keeps its parameters (later sets
  // are named against them but not stored).
  const bool first_set = !(scene.extras.is_object() && scene.extras.contains(kXraySdkMotionsKey));
  nlohmann::json params = scene::get_or<nlohmann::json>(scene.extras, kXraySdkMotionsKey, nullptr);
  if (!params.is_object()) params = nlohmann::json::object();

  for (const auto& motion : motions) {
    std::string name = cp1251_to_utf8(motion.name);
    if (name.empty()) name = "motion";
    for (int n = 2; params.contains(name); ++n) name = cp1251_to_utf8(motion.name) + "#" + std::to_string(n);
    scene::Animation animation = bake_sdk_motion(motion, bone_by_name, limits);
    animation.name = name;
    params[name] = sdk_motion_record(motion);
    if (keep_for_way_back) params[name][kKeptMotionKey] = kept_sdk_motion_json(motion);
    scene.animations.push_back(std::move(animation));
  }
  if (first_set) scene.extras[kXraySdkMotionsKey] = params;
  normalize_extras_numbers(scene);
}

scene::Scene sdk_motions_to_scene(const std::vector<SdkMotion>& motions, std::string_view root_name,
                                  std::string_view source, const Limits& limits) {
  std::vector<std::string> names;
  std::map<std::string, bool> seen;
  for (const auto& motion : motions)
    for (const auto& bone : motion.bones) {
      const std::string name = cp1251_to_utf8(bone.name);
      if (seen.emplace(lower_ascii(name), true).second) names.push_back(name);
    }
  scene::Scene scene;
  std::string root(root_name.empty() ? "motions" : root_name);
  while (seen.count(lower_ascii(root)) != 0) root += "_root";
  scene.name = root;
  std::vector<scene::NodeIndex> bones;
  for (const auto& name : names) bones.push_back(scene.add_node(name));
  if (bones.empty()) scene.add_node(root);  // nothing but the file: one node for it
  add_sdk_motions(scene, motions, bones, source, limits, true);
  return scene;
}

}  // namespace gamefmt::xray
