#pragma once
// Shinobi ANIM animation <-> scene animations. Frame f is at f / frame_rate seconds; each track has one key
// per frame, plus a closing key at frame_count equal to frame 0 (the engine's looping clips blend the last
// frame into the first), so an animation lasts frame_count / frame_rate seconds.
//
// Scene extras per animation NAME (read back by animation_from_scene):
//   shinobi.animation.NAME.version (int), .frame_rate (double), .frames (int), .name (string: the stored
//   name), .unbound_tracks (string: tracks naming no node of the model, comma-separated; they are left out),
//   .tracks (the track names in file order), .rotations ({track: [key count, the stored x, y, z, w floats as
//   text (gamefmt/core/bytes_as_text.hpp)]}: glTF normalises quaternions and may negate them).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/shinobi/animation.hpp"

namespace gamefmt::shinobi {

// A scene of the animation alone: under a synthetic root named `name` (extras shinobi.synthetic_root), one
// node per track name. Throws FormatError naming `file` for a frame rate that is not a positive number.
scene::Scene animation_to_scene(const Animation& animation, std::string_view name, std::string_view file);

// Adds the animation, named `name` (suffixed ".1", ".2"... when taken), to a scene whose nodes its tracks
// name (the first node of the name in tree order; the first track of a name wins, tracks without keys are
// left out). Throws FormatError naming `file` for a frame rate that is not a positive number.
void add_animation_to_scene(scene::Scene& scene, const Animation& animation, std::string_view name,
                            std::string_view file);

struct AnimationExportChoice {
  std::string animation;     // which scene animation; empty: the one named like the output, or the only one
  std::int32_t version = 0;  // 1 or 3; 0: as recorded in the scene, else 1
  std::optional<float> frame_rate;  // default: as recorded, else 30
};

// One key per frame for every channel: the channel's key at the frame's time (as a float, the way glTF stores
// times) taken as it is (a rotation as stored while it is the same rotation within 1e-5, else normalised),
// else sampled (linear, rotations normalised-lerped); a part without keys holds the node's rest transform.
// Tracks in the recorded order. Frame count: as recorded (at the recorded rate), else the last key's time *
// frame rate. Tracks are named after their nodes (unique_node_names). Throws FormatError naming
// `output_name`; ErrorKind::limit beyond limits.max_baked_frames frames or limits.max_baked_poses frames x
// tracks.
Animation animation_from_scene(const scene::Scene& scene, const AnimationExportChoice& choice,
                               const Limits& limits, std::string_view output_name);

}  // namespace gamefmt::shinobi
