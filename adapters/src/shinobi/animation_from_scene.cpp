#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/engine_space.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/unique_node_names.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = engine_space;
namespace keys = scene_extras;

// Sample and key times are compared in milliseconds: the unit in which this exporter received times through
// Assimp before the scene model, whose roundings (seconds x 1000) decide the last bit of a blend factor.
// Seconds would do as well; milliseconds keep the files written before and after the move identical.
constexpr double kMillisecondsPerSecond = 1000.0;

double milliseconds(double seconds) {
  return seconds * kMillisecondsPerSecond;
}

// The key index at or before the time and the blend factor towards the next key.
template <class Value>
std::pair<std::size_t, float> locate(const std::vector<scene::Key<Value>>& keys, double time_ms) {
  if (keys.empty() || time_ms <= milliseconds(keys.front().time)) return {0, 0.0f};
  if (time_ms >= milliseconds(keys.back().time)) return {keys.size() - 1, 0.0f};
  const auto next =
      std::upper_bound(keys.begin(), keys.end(), time_ms,
                       [](double t, const scene::Key<Value>& k) { return t < milliseconds(k.time); });
  const auto i = static_cast<std::size_t>(next - keys.begin() - 1);
  const double start = milliseconds(keys[i].time);
  const double span = milliseconds(keys[i + 1].time) - start;
  return {i, span > 0 ? static_cast<float>((time_ms - start) / span) : 0.0f};
}

glm::vec3 sample(const std::vector<scene::Key<glm::vec3>>& keys, double time_ms, const glm::vec3& fallback) {
  if (keys.empty()) return fallback;
  const auto [i, f] = locate(keys, time_ms);
  if (f == 0.0f) return keys[i].value;
  return keys[i].value + (keys[i + 1].value - keys[i].value) * f;
}

// Normalised lerp taking the short way, as the engine blends its keys.
glm::quat sample(const std::vector<scene::Key<glm::quat>>& keys, double time_ms, const glm::quat& fallback) {
  if (keys.empty()) return fallback;
  const auto [i, f] = locate(keys, time_ms);
  glm::quat a = keys[i].value;
  if (f != 0.0f) {
    glm::quat b = keys[i + 1].value;
    if (a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w < 0) b = glm::quat(-b.w, -b.x, -b.y, -b.z);
    a = glm::quat(a.w + (b.w - a.w) * f, a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.z + (b.z - a.z) * f);
  }
  const float length = std::sqrt(a.w * a.w + a.x * a.x + a.y * a.y + a.z * a.z);
  return length > 0 && std::isfinite(length)
             ? glm::quat(a.w / length, a.x / length, a.y / length, a.z / length)
             : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

const scene::Animation& choose_animation(const scene::Scene& scene, const AnimationExportChoice& choice,
                                         FieldPath& path) {
  if (scene.animations.empty())
    path.fail("animations", "the scene has no animation", ErrorKind::cannot_write);
  const std::string stem = std::filesystem::path(path.file()).stem().string();
  const std::string& wanted = choice.animation.empty() ? stem : choice.animation;
  for (const scene::Animation& animation : scene.animations)
    if (animation.name == wanted) return animation;
  if (choice.animation.empty() && scene.animations.size() == 1) return scene.animations.front();
  std::string names;
  for (const scene::Animation& animation : scene.animations)
    names += (names.empty() ? "" : ", ") + animation.name;
  path.fail("option animation",
            (choice.animation.empty() ? "the scene has several animations"
                                      : "no animation is named '" + choice.animation + "'") +
                "; choose one of: " + names);
}

std::string number_text(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// In seconds, by way of milliseconds (see kMillisecondsPerSecond).
double last_key_time(const scene::Animation& animation) {
  double last_ms = 0;
  for (const scene::NodeAnimation& channel : animation.channels) {
    if (!channel.translation.empty())
      last_ms = std::max(last_ms, milliseconds(channel.translation.back().time));
    if (!channel.rotation.empty()) last_ms = std::max(last_ms, milliseconds(channel.rotation.back().time));
    if (!channel.scale.empty()) last_ms = std::max(last_ms, milliseconds(channel.scale.back().time));
  }
  return last_ms / kMillisecondsPerSecond;
}

}  // namespace

Animation animation_from_scene(const scene::Scene& scene, const AnimationExportChoice& choice,
                               const Limits& limits, std::string_view output_name) {
  scene::validate_scene(scene, output_name);
  FieldPath path(output_name);
  const scene::Animation& source = choose_animation(scene, choice, path);
  const std::string& name = source.name;
  const scene::Extras& extras = scene.extras;
  Animation out;
  const auto recorded_version = scene::get<double>(extras, keys::animation_key(name, "version"));
  const double version = choice.version != 0 ? choice.version : std::trunc(recorded_version.value_or(1));
  if (version != 1 && version != 3)
    path.fail("option version", "ANIM version " + number_text(version) + "; gamefmt writes 1 and 3",
              ErrorKind::unsupported_version);
  out.version = static_cast<std::int32_t>(version);
  const auto recorded_rate = scene::get<double>(extras, keys::animation_key(name, "frame_rate"));
  out.frame_rate = choice.frame_rate.value_or(static_cast<float>(recorded_rate.value_or(30.0)));
  if (!std::isfinite(out.frame_rate) || !(out.frame_rate > 0))
    path.fail("option frame_rate",
              "frame rate " + std::to_string(out.frame_rate) + " is not a positive number");
  // Version 1 always stores a name (the recorded one, else the animation's); version 3 only when it came with
  // one.
  const auto stored_name = scene::get<std::string>(extras, keys::animation_key(name, "name"));
  if (out.version == 1) out.name = stored_name.value_or(name);
  if (out.version == 3 && stored_name && recorded_version == 3.0) out.name = stored_name;

  // The recorded frame count holds at the recorded rate; otherwise the keys' span decides.
  const auto recorded_frames = scene::get<double>(extras, keys::animation_key(name, "frames"));
  const double frames = recorded_frames && recorded_rate && float(*recorded_rate) == out.frame_rate
                            ? *recorded_frames
                            : std::round(last_key_time(source) * out.frame_rate);
  const double most_frames =
      std::min<double>(double(limits.max_baked_frames), std::numeric_limits<std::int32_t>::max());
  auto animation_field = path.enter_key("animations", name);
  if (!(frames >= 0) || frames > most_frames)
    path.fail("",
              "lasts " + std::to_string(frames) + " frames; at most " +
                  std::to_string(limits.max_baked_frames) + " are written (limit max_baked_frames)",
              ErrorKind::limit);
  out.frame_count = static_cast<std::int32_t>(frames);
  if (double(out.frame_count) * double(source.channels.size()) > double(limits.max_baked_poses))
    path.fail("",
              std::to_string(out.frame_count) + " frames of " + std::to_string(source.channels.size()) +
                  " tracks are more than " + std::to_string(limits.max_baked_poses) +
                  " keys (limit max_baked_poses)",
              ErrorKind::limit);

  const UniqueNodeNames names = unique_node_names(scene);
  for (const scene::NodeAnimation& channel : source.channels) {
    AnimationTrack track;
    track.node_name = names.nodes[channel.node];
    const scene::Trs rest = scene::decompose(scene::matrix_of(scene.nodes[channel.node]));
    track.keys.resize(std::size_t(out.frame_count));
    for (std::size_t f = 0; f < track.keys.size(); ++f) {
      const double time_ms = double(f) / out.frame_rate * kMillisecondsPerSecond;
      AnimationKey& key = track.keys[f];
      key.position = space::to_engine(sample(channel.translation, time_ms, rest.translation));
      key.rotation = space::rotation_to_engine(sample(channel.rotation, time_ms, rest.rotation));
      const glm::vec3 s = sample(channel.scale, time_ms, rest.scale);
      key.scale = {s.x, s.y, s.z};
    }
    out.tracks.push_back(std::move(track));
  }
  return out;
}

}  // namespace gamefmt::shinobi
