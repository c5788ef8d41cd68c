#pragma once
// X-Ray SDK skeletal motions (.skl, .skls, .object SMOTIONS) <-> scene animations. Axes: xray_space.hpp.
//
// Each motion is baked as the SDK bakes it for the game: every frame from frame_start to frame_end
// (inclusive) is evaluated with the engine's envelope rules; key i is at i / fps seconds. A bone's local
// transform is T(X, Y, Z)·Ry(H)·Rx(P)·Rz(B) in X-Ray axes (the same convention as the bind pose). Motion
// bones are matched to skeleton nodes by name, case-insensitively; bones the skeleton lacks are left out. A
// motion whose keys are all STEP is a STEP animation. Parameters go to the scene extras:
//   "xray.sdk_motions": { <animation name>: { name (as stored), version, fps, frame_start, frame_end, flags,
//                         flag_names, bone_or_part, speed, accrue, falloff, power, marks, bone_flags: {bone:
//                         u8} } }
// The way back samples each animation once per frame and writes one LINE (or STEP) key per frame and channel,
// dropping keys inside constant runs.
//
// The way back to the stored envelopes (sdk_way_back.hpp): an import that keeps them adds the motion's bytes
// to its record, "stored" (sdk_way_back.hpp). An animation whose record (the rest of it) and keys are still
// what the import made of those bytes is written as the stored motion (every bone, key shape and field as
// stored); one whose keys are but whose record was edited gets the stored bones (envelopes) with the record's
// fields, when the record's fields keep the stored version (6, or 7 with marks); edited keys are baked as
// below.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/sdk_motion.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXraySdkMotionsKey = "xray.sdk_motions";
inline constexpr const char* kKeptMotionKey = "stored";
// The stored motions, as FormatDescription::way_back_records.
inline std::string sdk_motions_way_back_record() {
  return std::string(kXraySdkMotionsKey) + "/*/" + kKeptMotionKey;
}

// Adds one animation per motion to the scene (after the animations it has) and the extras above. `skeleton`:
// the nodes the motions' bones may name. Throws FormatError (limit) naming `source` when the baked keys would
// exceed limits.max_baked_poses (bones x frames over all motions); a motion is baked over at most
// limits.max_baked_frames frames. `keep_for_way_back`: the records keep the motions' bytes (see above).
void add_sdk_motions(scene::Scene& scene, const std::vector<SdkMotion>& motions,
                     const std::vector<scene::NodeIndex>& skeleton, std::string_view source,
                     const Limits& limits, bool keep_for_way_back = false);

// The animation (unnamed) add_sdk_motions makes of `motion`; `bone_by_name` maps lower-case names to the
// nodes the motion's bones may animate.
scene::Animation bake_sdk_motion(const SdkMotion& motion,
                                 const std::map<std::string, scene::NodeIndex>& bone_by_name,
                                 const Limits& limits);
// The record of a motion in "xray.sdk_motions" (without its stored bytes).
nlohmann::json sdk_motion_record(const SdkMotion& motion);
// The stored bytes of `motion`, as its record keeps them.
nlohmann::json kept_sdk_motion_json(const SdkMotion& motion);
// The motion `record` stores, when `animation`'s keys are still what the import baked of it (its nodes found
// by name in `scene`).
std::optional<SdkMotion> stored_sdk_motion(const scene::Scene& scene, const scene::Animation& animation,
                                           const nlohmann::json& record, const Limits& limits);
// Whether `record`, but for the stored bytes, is still sdk_motion_record(motion).
bool same_sdk_motion_fields(const SdkMotion& motion, const nlohmann::json& record);

// A scene for motions alone: one node per bone name the motions carry (first motion first), as roots with
// identity rest transforms, the scene named `root_name`; the records keep the motions' bytes.
scene::Scene sdk_motions_to_scene(const std::vector<SdkMotion>& motions, std::string_view root_name,
                                  std::string_view source, const Limits& limits);

// Every animation of the scene as an SDK motion: the stored one while unchanged, else baked (version 6, or
// 7 when it has marks). `bones` are the nodes
// written as motion bones, in order; empty: every animated node in tree order. Throws FormatError:
// cannot_write when the scene has no animation, limit when an animation is longer than
// limits.max_baked_frames frames. `only`: the names of the animations to write (null: all).
std::vector<SdkMotion> scene_to_sdk_motions(const scene::Scene& scene, std::vector<scene::NodeIndex> bones,
                                            std::string_view output_name, const Limits& limits,
                                            const std::set<std::string>* only = nullptr);

}  // namespace gamefmt::xray
