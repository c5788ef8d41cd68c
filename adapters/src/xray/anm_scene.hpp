#pragma once
// X-Ray SDK `.anm` object/camera path <-> aiScene.
// Import: a neutral root "<name>_root" over one node "<name>" (the motion's name, else the file's) animated
// by one animation of the same name. glTF cannot hold Euler TCB/Bezier/Hermite curves, so the six envelopes
// are evaluated (engine semantics) and sampled: every 1/rate s from frame_start/fps to frame_end/fps (rate =
// the motion's fps unless `sample_fps` > 0) plus the time of every key in that span, so the glTF is exact at
// every key. Rotation q = Ry(-H)·Rx(-P)·Rz(B), position (X, Y, -Z) (xray_axes); consecutive quaternions share
// a hemisphere. Ticks are motion frames (mTicksPerSecond = fps, mTime = seconds * fps).
//
// Node metadata kept for the way back: "xray.anm.name" (UTF-8), "xray.anm.version", "xray.anm.fps",
// "xray.anm.frame_start", "xray.anm.frame_end", "xray.anm.behaviours" ("pre,post" per channel X Y Z H P B,
// space-separated).
//
// Export: the first animated node of the first animation; its position and rotation keys are merged into one
// time list and each becomes a LINE key in all six envelopes (H, P, B unwrapped to stay continuous), so the
// file reproduces the scene at every key time. Version from metadata (3..5, else 5); fps, frame range, name
// and behaviours from metadata, else 30 fps, the keys' range, "" and CONSTANT.
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/xray/anm.hpp"

namespace gamefmt::assimp {

std::unique_ptr<aiScene> anm_to_scene(const xray::ObjectMotion& motion, std::string_view file_stem,
                                      double sample_fps);
// Throws FormatError when the scene has no animated node or more than 65535 keys.
xray::AnmFile scene_to_anm(const aiScene& scene, std::string_view output_name);

}  // namespace gamefmt::assimp
