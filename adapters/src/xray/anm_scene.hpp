#pragma once
// X-Ray SDK `.anm` object/camera path <-> scene.
// Import: a neutral root "<name>_root" (extras "xray.format" = ".anm") over one node "<name>" (the motion's
// name, else the file's) animated by one animation of the same name. glTF cannot hold Euler
// TCB/Bezier/Hermite curves, so the six envelopes are evaluated (engine semantics) and sampled: every 1/rate
// s from frame_start/fps to frame_end/fps (rate = the motion's fps unless `sampling.fps` > 0) plus the time
// of every key in that span, so the glTF is exact at every key. Rotation q = Ry(-H)·Rx(-P)·Rz(B), position
// (-X, Y, Z) (xray_space); consecutive quaternions share a hemisphere.
//
// Node extras kept for the way back: "xray.anm.name" (UTF-8), "xray.anm.version", "xray.anm.fps",
// "xray.anm.frame_start", "xray.anm.frame_end", "xray.anm.behaviours" ("pre,post" per channel X Y Z H P B,
// space-separated).
//
// Export: the first animated node of the first animation that has one; its translation and rotation keys are
// merged into one time list and each becomes a LINE key in all six envelopes (H, P, B unwrapped to stay
// continuous), so the file reproduces the scene at every key time. Version from extras (3..5, else 5); fps,
// frame range, name and behaviours from extras, else 30 fps, the keys' range, "" and CONSTANT.
//
// The way back (sdk_way_back.hpp): the import keeps the file's bytes in the node's extras "xray.anm.file".
// While every translation and rotation key of the scene is the kept envelopes' pose at its time, the kept
// file is written (its envelopes with their shapes, chunks and trailing bytes), with the name, fps, frame
// range and behaviours of the extras: an unedited trip gives back the same bytes. Edited keys are written as
// above.
#include <cstdint>
#include <span>
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/anm.hpp"

namespace gamefmt::xray {

struct AnmSampling {
  double fps = 0;  // samples per second; 0 = the motion's own fps
  std::uint64_t max_samples = 1'000'000;
};

// Throws FormatError (limit, naming `file`) when the frame range at the rate would take more than
// `sampling.max_samples` samples.
scene::Scene anm_to_scene(const ObjectMotion& motion, std::string_view file, const AnmSampling& sampling);
// Throws FormatError when the scene has no animated node (cannot_write), more than 65535 key times (limit) or
// a name Windows-1251 cannot hold (cannot_write).
AnmFile anm_from_scene(const scene::Scene& scene, std::string_view output_name);

// What the importer makes of a pose: the node's translation and rotation (non-finite values taken as 0).
glm::vec3 anm_pose_translation(const AnmPose& pose);
glm::quat anm_pose_rotation(const AnmPose& pose);

// Keeps `bytes`, the file anm_to_scene made `scene` of, for the way back.
void keep_anm_file(scene::Scene& scene, std::span<const std::byte> bytes);
// The kept file with `written`'s name, fps, frame range and behaviours, when `node` keeps one of the same
// version whose envelopes give every key of `channel`; else `written`.
AnmFile with_kept_anm_file(const scene::Node& node, const scene::NodeAnimation& channel, AnmFile written,
                           std::string_view output_name);

}  // namespace gamefmt::xray
