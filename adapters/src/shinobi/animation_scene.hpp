#pragma once
// Shinobi ANIM animation <-> aiScene animations. Ticks are frames and mTicksPerSecond is the frame rate; each
// track has one key per frame, plus a closing key at frame_count equal to frame 0 (the engine's looping clips
// blend the last frame into the first), so an animation lasts frame_count / frame_rate seconds.
//
// Scene metadata per animation NAME (read back by scene_to_animation):
//   shinobi.animation.NAME.version (int), .frame_rate (double), .frames (int), .name (string: the stored name),
//   .unbound_tracks (string: tracks naming no node of the model, comma-separated; they are left out).
#include <assimp/scene.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gamefmt/shinobi/animation.hpp"

namespace gamefmt::assimp {

// A scene of the animation alone: one node per track under a root named `name`, flagged incomplete.
std::unique_ptr<aiScene> animation_to_scene(const shinobi::Animation& animation, std::string_view name, std::string_view file);

// Adds the animation, named `name` (made unique), to a scene whose nodes the tracks name.
void add_animation_to_scene(aiScene& scene, const shinobi::Animation& animation, std::string_view name, std::string_view file);

struct AnimationExportChoice {
  std::string animation;              // which scene animation; empty: the one named like the output, or the only one
  std::int32_t version = 0;           // 1 or 3; 0: as recorded in the scene, else 1
  std::optional<float> frame_rate;    // default: as recorded, else 30
};

// Samples the chosen animation once per frame (linear, rotations normalised-lerped) for every animated node.
// Frame count: as recorded, else duration * frame rate. Throws FormatError naming `output_name`.
shinobi::Animation scene_to_animation(const aiScene& scene, const AnimationExportChoice& choice, std::string_view output_name);

}  // namespace gamefmt::assimp
