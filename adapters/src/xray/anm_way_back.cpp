// The .anm way back from glTF (anm_scene.hpp): the kept file while the scene's keys are its envelopes' poses.
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/extras.hpp"
#include "xray/anm_scene.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kKeptFileKey = "xray.anm.file";

// Every key of `channel` is what the importer made of `motion`'s pose at its time.
bool keys_are_poses_of(const ObjectMotion& motion, const scene::NodeAnimation& channel) {
  scene::NodeAnimation poses;
  for (const auto& key : channel.translation)
    poses.translation.push_back({key.time, anm_pose_translation(evaluate_anm(motion, float(key.time)))});
  for (const auto& key : channel.rotation)
    poses.rotation.push_back({key.time, anm_pose_rotation(evaluate_anm(motion, float(key.time)))});
  return same_baked_keys(poses, channel);
}

}  // namespace

void keep_anm_file(scene::Scene& scene, std::span<const std::byte> bytes) {
  if (scene.animations.empty() || scene.animations.front().channels.empty()) return;
  const scene::NodeIndex node = scene.animations.front().channels.front().node;
  scene.nodes.at(node).extras[kKeptFileKey] = kept_bytes_json(bytes);
}

AnmFile with_kept_anm_file(const scene::Node& node, const scene::NodeAnimation& channel, AnmFile written,
                           std::string_view output_name) {
  const auto bytes = kept_bytes(scene::get_or<nlohmann::json>(node.extras, kKeptFileKey, nullptr));
  if (!bytes) return written;
  AnmFile kept;
  try {
    kept = read_anm(*bytes, output_name);
  } catch (const FormatError&) {
    return written;  // not a file the importer read
  }
  // Envelopes keep their layout only in a file of their version.
  if (kept.motion.version != written.motion.version || !keys_are_poses_of(kept.motion, channel))
    return written;
  auto& motion = kept.motion;
  motion.name = written.motion.name;
  motion.fps = written.motion.fps;
  motion.frame_start = written.motion.frame_start;
  motion.frame_end = written.motion.frame_end;
  for (std::size_t c = 0; c < 6; ++c) {
    motion.channel(AnmChannel(c)).behaviour_pre = written.motion.channel(AnmChannel(c)).behaviour_pre;
    motion.channel(AnmChannel(c)).behaviour_post = written.motion.channel(AnmChannel(c)).behaviour_post;
  }
  kept.warnings.clear();
  return kept;
}

}  // namespace gamefmt::xray
