#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <sstream>
#include <unordered_map>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_validation.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/shinobi_space.hpp"
#include "shinobi/unique_node_names.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = shinobi_space;
namespace keys = scene_extras;

// Sample and key times are compared in milliseconds: the unit in which this exporter received times through
// Assimp before the scene model, whose roundings (seconds x 1000) decide the last bit of a blend factor.
// Seconds would do as well; milliseconds keep the files written before and after the move identical.
constexpr double kMillisecondsPerSecond = 1000.0;

// A rotation key glTF gave back differs from the file's by round-off, not more.
constexpr float kUnchangedRotationTolerance = 1e-5f;

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

glm::quat unit_or_identity(const glm::quat& a) {
  const float length = std::sqrt(a.w * a.w + a.x * a.x + a.y * a.y + a.z * a.z);
  return length > 0 && std::isfinite(length)
             ? glm::quat(a.w / length, a.x / length, a.y / length, a.z / length)
             : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
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
  return unit_or_identity(a);
}

// The key at the time of a frame: glTF stores times as floats, so a key whose time rounds to the same float
// as the frame's is that frame's key (the importer put one at every frame).
template <class Value>
const scene::Key<Value>* key_at(const std::vector<scene::Key<Value>>& keys, double seconds) {
  const float time = static_cast<float>(seconds);
  const auto it = std::lower_bound(keys.begin(), keys.end(), time, [](const scene::Key<Value>& key, float t) {
    return static_cast<float>(key.time) < t;
  });
  return it != keys.end() && static_cast<float>(it->time) == time ? &*it : nullptr;
}

// The file's rotations of each track (animation_scene.hpp: extras .rotations), by track name.
std::unordered_map<std::string, std::vector<std::array<float, 4>>> stored_rotations(
    const scene::Extras& extras, const std::string& animation) {
  std::unordered_map<std::string, std::vector<std::array<float, 4>>> out;
  for (const auto& [track, value] :
       scene::object_or_empty(extras, keys::animation_key(animation, "rotations")).items()) {
    if (!value.is_array() || value.size() != 2 || !value[1].is_string()) continue;
    const auto count = scene::extras_detail::convert<std::uint32_t>(value[0]);
    if (!count) continue;
    const auto bytes = bytes_from_text(value[1].get<std::string>(), std::size_t(*count) * 16);
    if (!bytes) continue;
    auto& rotations = out[track];
    rotations.resize(*count);
    for (std::size_t k = 0; k < rotations.size(); ++k)
      for (std::size_t c = 0; c < 4; ++c)
        rotations[k][c] = load_value<float>(bytes->data() + 16 * k + 4 * c, ByteOrder::little);
  }
  return out;
}

// The stored rotation while the scene's key is what the importer made of it: the same rotation within
// round-off (glTF normalises it and may negate it to keep neighbouring keys in one hemisphere).
bool is_stored_rotation(const glm::quat& scene_key, const std::array<float, 4>& stored) {
  const glm::quat expected = space::rotation_to_scene(stored);
  const float length = std::sqrt(expected.x * expected.x + expected.y * expected.y + expected.z * expected.z +
                                 expected.w * expected.w);
  if (!(length > 0.0f) || !std::isfinite(length)) return false;
  float same = 0, opposite = 0;
  for (int c = 0; c < 4; ++c) {
    same = std::max(same, std::fabs(scene_key[c] - expected[c] / length));
    opposite = std::max(opposite, std::fabs(scene_key[c] + expected[c] / length));
  }
  return std::min(same, opposite) <= kUnchangedRotationTolerance;
}

// The file's order of the tracks (extras .tracks; glTF readers may order channels by node); tracks it does
// not name follow in their own order.
void keep_track_order(std::vector<AnimationTrack>& tracks, const nlohmann::json& order) {
  if (!order.is_array()) return;
  std::unordered_map<std::string, std::size_t> place;
  for (const auto& name : order)
    if (name.is_string()) place.emplace(name.get<std::string>(), place.size());
  std::stable_sort(tracks.begin(), tracks.end(), [&](const AnimationTrack& a, const AnimationTrack& b) {
    const auto pa = place.find(a.node_name), pb = place.find(b.node_name);
    return (pa == place.end() ? place.size() : pa->second) < (pb == place.end() ? place.size() : pb->second);
  });
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
  const auto rotations = stored_rotations(extras, name);
  for (const scene::NodeAnimation& channel : source.channels) {
    AnimationTrack track;
    track.node_name = names.nodes[channel.node];
    const scene::Trs rest = scene::decompose(scene::matrix_of(scene.nodes[channel.node]));
    const auto stored = rotations.find(scene.nodes[channel.node].name);
    track.keys.resize(std::size_t(out.frame_count));
    for (std::size_t f = 0; f < track.keys.size(); ++f) {
      const double seconds = double(f) / out.frame_rate;
      const double time_ms = seconds * kMillisecondsPerSecond;
      AnimationKey& key = track.keys[f];
      // A frame with a key of its own takes that key as it is: sampling would round it.
      const auto* translation = key_at(channel.translation, seconds);
      const auto* rotation = key_at(channel.rotation, seconds);
      const auto* scale = key_at(channel.scale, seconds);
      key.position = space::to_engine(translation ? translation->value
                                                  : sample(channel.translation, time_ms, rest.translation));
      if (rotation && stored != rotations.end() && f < stored->second.size() &&
          is_stored_rotation(rotation->value, stored->second[f]))
        key.rotation = stored->second[f];
      else
        key.rotation = space::rotation_to_engine(rotation ? unit_or_identity(rotation->value)
                                                          : sample(channel.rotation, time_ms, rest.rotation));
      const glm::vec3 s = scale ? scale->value : sample(channel.scale, time_ms, rest.scale);
      key.scale = {s.x, s.y, s.z};
    }
    out.tracks.push_back(std::move(track));
  }
  keep_track_order(out.tracks, scene::get_or(extras, keys::animation_key(name, "tracks"), nlohmann::json()));
  return out;
}

}  // namespace gamefmt::shinobi
