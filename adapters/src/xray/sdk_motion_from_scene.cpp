// Scene animations -> X-Ray SDK motions (sdk_motion_scene.hpp describes the choices).
#include <cmath>
#include <numbers>
#include <optional>
#include <set>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/model_space.hpp"
#include "xray/motion_sampling.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

std::string to_cp1251(const std::string& utf8, const FieldPath& path, std::string_view field) {
  auto text = utf8_to_cp1251(utf8);
  if (!text) path.fail(field, "'" + utf8 + "' has characters cp1251 lacks", ErrorKind::cannot_write);
  return *text;
}

// One envelope from per-frame values: a key per frame, keys inside runs of equal values dropped.
Envelope envelope_of(const std::vector<float>& values, int frame_start, float fps, bool step) {
  Envelope envelope;
  for (std::size_t f = 0; f < values.size(); ++f) {
    const bool same_as_before = f > 0 && values[f] == values[f - 1];
    const bool same_as_after = f + 1 < values.size() && values[f + 1] == values[f];
    if (same_as_before && same_as_after) continue;
    if (step && same_as_before) continue;
    EnvelopeKey key;
    key.value = values[f];
    key.time = static_cast<float>(frame_start + static_cast<int>(f)) / fps;
    key.shape = static_cast<std::uint32_t>(step ? EnvelopeShape::step : EnvelopeShape::linear);
    envelope.keys.push_back(key);
  }
  return envelope;
}

}  // namespace

std::vector<SdkMotion> scene_to_sdk_motions(const scene::Scene& scene, std::vector<scene::NodeIndex> bones,
                                            std::string_view output_name, const Limits& limits,
                                            const std::set<std::string>* only) {
  FieldPath path(output_name);
  if (scene.animations.empty())
    path.fail("animations", "the scene has no animation to write", ErrorKind::cannot_write);
  if (bones.empty()) {
    std::set<scene::NodeIndex> animated;
    for (const auto& animation : scene.animations)
      for (const auto& channel : animation.channels) animated.insert(channel.node);
    for (scene::NodeIndex node : scene::tree_order(scene))
      if (animated.count(node) != 0) bones.push_back(node);
  }
  const auto names = unique_node_names(scene);
  const nlohmann::json params = scene::get_or<nlohmann::json>(scene.extras, kXraySdkMotionsKey, nullptr);
  std::vector<SdkMotion> motions;
  for (const auto& animation : scene.animations) {
    const std::string& name = animation.name;
    if (only != nullptr && only->count(name) == 0) continue;
    auto field = path.enter_key("animations", name);
    const nlohmann::json p = params.is_object() && params.contains(name) && params[name].is_object()
                                 ? params[name]
                                 : nlohmann::json::object();
    auto stored = stored_sdk_motion(scene, animation, p, limits);
    if (stored && same_sdk_motion_fields(*stored, p)) {
      motions.push_back(std::move(*stored));
      continue;
    }
    SdkMotion motion;
    motion.name = to_cp1251(p.value("name", name), path, "name");
    motion.fps = p.contains("fps") && p["fps"].is_number() ? p["fps"].get<float>() : 30.0f;
    if (!(motion.fps > 0 && motion.fps < 1000)) motion.fps = 30.0f;
    motion.frame_start =
        p.contains("frame_start") && p["frame_start"].is_number_integer() ? p["frame_start"].get<int>() : 0;
    const double seconds = sampled_duration(animation);
    if (!(seconds >= 0 && seconds * motion.fps < static_cast<double>(limits.max_baked_frames)))
      path.fail("", "too long to write (more than " + std::to_string(limits.max_baked_frames) + " frames)",
                ErrorKind::limit);
    motion.frame_end = motion.frame_start + static_cast<int>(std::lround(seconds * motion.fps));
    motion.flags = p.value("flags", 0u) & 0xFF;
    motion.bone_or_part = p.value("bone_or_part", 0xFFFFu) & 0xFFFF;
    motion.speed = p.value("speed", 1.0f);
    motion.accrue = p.value("accrue", 2.0f);
    motion.falloff = p.value("falloff", 2.0f);
    motion.power = p.value("power", 1.0f);
    for (const auto& mark : p.value("marks", nlohmann::json::array())) {
      MotionMark out;
      out.name = to_cp1251(mark.value("name", std::string("mark")), path, "marks.name");
      for (const auto& interval : mark.value("intervals", nlohmann::json::array()))
        if (interval.is_array() && interval.size() == 2 && interval[0].is_number() && interval[1].is_number())
          out.intervals.push_back({interval[0].get<float>(), interval[1].get<float>()});
      motion.marks.push_back(std::move(out));
    }
    motion.version = motion.marks.empty() ? 6 : 7;
    const nlohmann::json bone_flags = p.value("bone_flags", nlohmann::json::object());
    if (stored && stored->version == motion.version) {  // edited fields: the stored envelopes, as they are
      motion.bones = std::move(stored->bones);
      for (auto& bone : motion.bones) {
        const std::string bone_name = cp1251_to_utf8(bone.name);
        bone.flags = bone_flags.contains(bone_name) && bone_flags[bone_name].is_number_integer()
                         ? static_cast<std::uint32_t>(bone_flags[bone_name].get<std::int64_t>()) & 0xFF
                         : 0;
      }
      motions.push_back(std::move(motion));
      continue;
    }
    const bool step = animation.interpolation == scene::Interpolation::step;
    const std::size_t frames = static_cast<std::size_t>(motion.frame_end - motion.frame_start + 1);
    for (scene::NodeIndex node : bones) {
      const std::string& bone_name = names.at(node);
      std::optional<ChannelSampler> channel;
      for (std::size_t c = 0; c < animation.channels.size() && !channel; ++c)
        if (animation.channels[c].node == node) channel.emplace(animation.channels[c]);
      const scene::Trs rest = scene::decompose(scene::matrix_of(scene.nodes[node]));
      std::array<std::vector<float>, 6> values;
      for (auto& v : values) v.resize(frames);
      for (std::size_t f = 0; f < frames; ++f) {
        const double time = static_cast<double>(f) / motion.fps;
        const glm::vec3 position =
            xray_space::vector(channel ? channel->translation(time, rest.translation) : rest.translation);
        const auto euler = xray_space::euler_rotation_from_scene(
            channel ? channel->rotation(time, rest.rotation) : rest.rotation);
        const std::array<float, 6> v{position.x, position.y, position.z, euler[1], euler[0], euler[2]};
        for (std::size_t c = 0; c < 6; ++c) {
          float value = v[c];
          if (c >= 3 && f > 0) {  // keep angles continuous: the nearest turn to the previous frame
            const float previous = values[c][f - 1];
            value += static_cast<float>(2 * std::numbers::pi) *
                     std::round((previous - value) / static_cast<float>(2 * std::numbers::pi));
          }
          values[c][f] = value;
        }
      }
      SdkBoneMotion bone;
      bone.name = to_cp1251(lower_ascii(bone_name), path, "bones.name");
      if (bone_flags.contains(bone_name) && bone_flags[bone_name].is_number_integer())
        bone.flags = static_cast<std::uint32_t>(bone_flags[bone_name].get<std::int64_t>()) & 0xFF;
      for (std::size_t c = 0; c < 6; ++c)
        bone.channels[c] = envelope_of(values[c], motion.frame_start, motion.fps, step);
      motion.bones.push_back(std::move(bone));
    }
    motions.push_back(std::move(motion));
  }
  return motions;
}

}  // namespace gamefmt::xray
