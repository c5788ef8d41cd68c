#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/scene_extras.hpp"
#include "shinobi/shinobi_space.hpp"

namespace gamefmt::shinobi {
namespace {

namespace space = shinobi_space;
namespace keys = scene_extras;

// What a track name refers to: nothing (the track is left out and listed as unbound), or a node. A track may
// also be bound to no node: one naming the file root that the scene leaves out (model_scene.hpp), which no
// animation moves.
struct TrackBinding {
  bool bound = false;
  std::optional<scene::NodeIndex> node;
};

std::string unique_animation_name(const scene::Scene& scene, std::string_view wanted) {
  std::set<std::string> taken;
  for (const scene::Animation& animation : scene.animations) taken.insert(animation.name);
  std::string name(wanted);
  for (int n = 1; taken.count(name) != 0; ++n) name = std::string(wanted) + "." + std::to_string(n);
  return name;
}

// Keys at frames 0..n-1 and a closing key at frame n equal to frame 0.
scene::NodeAnimation make_channel(scene::NodeIndex node, const AnimationTrack& track, double frame_rate) {
  const std::size_t n = track.keys.size();
  scene::NodeAnimation channel;
  channel.node = node;
  channel.translation.reserve(n + 1);
  channel.rotation.reserve(n + 1);
  channel.scale.reserve(n + 1);
  for (std::size_t k = 0; k <= n; ++k) {
    const AnimationKey& key = track.keys[k == n ? 0 : k];
    const double seconds = double(k) / frame_rate;
    channel.translation.push_back({seconds, space::to_scene(key.position)});
    channel.rotation.push_back({seconds, space::rotation_to_scene(key.rotation)});
    channel.scale.push_back({seconds, glm::vec3(key.scale[0], key.scale[1], key.scale[2])});
  }
  return channel;
}

// The file's rotations of a track, which glTF normalises and may negate: [key count, the x, y, z, w floats
// of every key as text (bytes_as_text.hpp)].
nlohmann::json stored_rotations(const AnimationTrack& track) {
  std::vector<std::byte> bytes(track.keys.size() * 16);
  for (std::size_t k = 0; k < track.keys.size(); ++k)
    for (std::size_t c = 0; c < 4; ++c)
      store_value<float>(bytes.data() + 16 * k + 4 * c, track.keys[k].rotation[c], ByteOrder::little);
  return nlohmann::json::array({track.keys.size(), bytes_to_text(bytes)});
}

// Adds the scene animation of the tracks that `bind` binds (the first keyed track of a name wins) and records
// the file's facts in the scene extras.
template <class Bind>
void add_animation(scene::Scene& scene, const Animation& animation, std::string_view wanted_name,
                   std::string_view file, Bind bind) {
  if (!std::isfinite(animation.frame_rate) || !(animation.frame_rate > 0))
    FieldPath(file).fail("frame_rate",
                         "frame rate " + std::to_string(animation.frame_rate) + " is not a positive number");
  const double frame_rate = animation.frame_rate;
  scene::Animation out;
  out.name = unique_animation_name(scene, wanted_name);
  std::set<std::string> seen;
  std::string unbound;
  nlohmann::json rotations = nlohmann::json::object(), order = nlohmann::json::array();
  std::size_t longest = 0;
  for (const AnimationTrack& track : animation.tracks) {
    const TrackBinding binding = bind(track.node_name);
    if (!binding.bound) {
      unbound += (unbound.empty() ? "" : ",") + track.node_name;
      continue;
    }
    if (track.keys.empty() || !binding.node || !seen.insert(track.node_name).second) continue;
    longest = std::max(longest, track.keys.size());
    out.channels.push_back(make_channel(*binding.node, track, frame_rate));
    rotations[track.node_name] = stored_rotations(track);
    order.push_back(track.node_name);
  }
  const std::size_t frames = std::max<std::size_t>(longest, std::size_t(std::max(animation.frame_count, 0)));
  out.duration = static_cast<double>(frames) / frame_rate;
  scene.extras[keys::animation_key(out.name, "version")] = static_cast<int>(animation.version);
  scene.extras[keys::animation_key(out.name, "frame_rate")] = frame_rate;
  scene.extras[keys::animation_key(out.name, "frames")] = static_cast<int>(animation.frame_count);
  if (animation.name) scene.extras[keys::animation_key(out.name, "name")] = *animation.name;
  if (!unbound.empty()) scene.extras[keys::animation_key(out.name, "unbound_tracks")] = unbound;
  if (!rotations.empty()) scene.extras[keys::animation_key(out.name, "rotations")] = rotations;
  if (!order.empty()) scene.extras[keys::animation_key(out.name, "tracks")] = order;
  scene.animations.push_back(std::move(out));
}

}  // namespace

scene::Scene animation_to_scene(const Animation& animation, std::string_view name, std::string_view file) {
  scene::Scene scene;
  scene.name = std::string(name);
  const scene::NodeIndex root = scene.add_node(std::string(name));
  scene.nodes[root].extras[keys::kSyntheticRoot] = true;
  std::unordered_map<std::string, scene::NodeIndex> node_by_name;
  for (const AnimationTrack& track : animation.tracks)
    if (track.node_name != name && node_by_name.count(track.node_name) == 0)
      node_by_name.emplace(track.node_name, scene.add_node(track.node_name, root));
  // A track named like the root is not bound to it: the root is not part of any file.
  add_animation(scene, animation, name, file, [&](const std::string& track) {
    const auto it = node_by_name.find(track);
    return it == node_by_name.end() ? TrackBinding{} : TrackBinding{true, it->second};
  });
  return scene;
}

void add_animation_to_scene(scene::Scene& scene, const Animation& animation, std::string_view name,
                            std::string_view file) {
  if (scene.nodes.empty())
    FieldPath(file).fail("", "the scene has no nodes to animate", ErrorKind::cannot_write);
  std::unordered_map<std::string, scene::NodeIndex> node_by_name;  // the first of a name in tree order
  for (scene::NodeIndex n : scene::tree_order(scene)) node_by_name.emplace(scene.nodes[n].name, n);
  add_animation(scene, animation, name, file, [&](const std::string& track) {
    if (const auto it = node_by_name.find(track); it != node_by_name.end())
      return TrackBinding{true, it->second};
    return TrackBinding{track == scene.name, std::nullopt};
  });
}

}  // namespace gamefmt::shinobi
