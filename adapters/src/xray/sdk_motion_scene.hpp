#pragma once
// X-Ray SDK skeletal motions (.skl, .skls, .object SMOTIONS) <-> aiAnimation. Axes: xray_axes.hpp.
//
// Each motion is baked as the SDK bakes it for the game: every frame from frame_start to frame_end (inclusive) is
// evaluated with the engine's envelope rules; key i is at tick i (frame_start + i), mTicksPerSecond = the motion's
// fps. A bone's local transform is T(X, Y, Z)·Ry(H)·Rx(P)·Rz(B) in X-Ray axes (the same convention as the bind
// pose). Motion bones are matched to skeleton nodes by name, case-insensitively; bones the skeleton lacks are
// left out. A motion whose keys are all STEP gets STEP samplers. Parameters go to scene metadata:
//   "xray.sdk_motions": { <animation name>: { name (as stored), version, fps, frame_start, frame_end, flags,
//                         flag_names, bone_or_part, speed, accrue, falloff, power, marks, bone_flags: {bone: u8} } }
// The way back samples each animation once per frame and writes one LINE (or STEP) key per frame and channel,
// dropping keys inside constant runs.
#include <assimp/scene.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/sdk_motion.hpp"

namespace gamefmt::assimp {

inline constexpr const char* kXraySdkMotionsKey = "xray.sdk_motions";

// Adds one animation per motion to the scene (keeping animations already there) and the metadata above.
// `bone_names` are the skeleton's node names (UTF-8). Throws FormatError naming `source` when the baked keys would
// exceed kMaxBakedPoses (bones x frames over all motions).
inline constexpr std::size_t kMaxBakedPoses = std::size_t{1} << 23;
void add_sdk_motions(aiScene& scene, const std::vector<xray::SdkMotion>& motions,
                     const std::vector<std::string>& bone_names, std::string_view source);

// A scene for motions alone: one node per bone name the motions carry (first motion first), flat under a root
// named `root_name`, with identity rest transforms.
std::unique_ptr<aiScene> sdk_motions_to_scene(const std::vector<xray::SdkMotion>& motions, std::string_view root_name,
                                              std::string_view source);

// Every animation of the scene as an SDK motion (version 6, or 7 when it has marks). `bone_names` are the nodes
// written as motion bones, in order; empty: every animated node in tree order. Throws FormatError when the scene
// has no animation.
std::vector<xray::SdkMotion> scene_to_sdk_motions(const aiScene& scene, std::vector<std::string> bone_names,
                                                  std::string_view output_name);

}  // namespace gamefmt::assimp
