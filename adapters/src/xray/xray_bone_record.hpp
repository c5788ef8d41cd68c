#pragma once
// The bone record X-Ray models, SDK objects and `.bones` files share in the extras of a bone node,
// "xray.bone", with raw X-Ray values (engine axes, radians):
//   { game_material, shape { type, flags, box { rotate, translate, half_size }, sphere, cylinder },
//     joint { type, limits [ { min, max, spring, damping } x3 ], spring, damping }, ik_flags, break [force,
//     torque], friction, mass, center_of_mass }
// plus what one source has: `.object`/`.bones` version, weight_map, length; `.ogf` box (the bone's box from
// the bone names chunk) and ik_version. Joint limits are in the editor's convention; OGF files store them
// negated and swapped for ODE (lo = -max, hi = -min), which ogf_joint()/set_ogf_joint() undo and redo. Also:
// the bone hierarchy by name, as the engine resolves it.
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXrayBoneKey = "xray.bone";

nlohmann::json xray_shape_json(const OgfShape& shape);
// The record's shape; without one: no shape, identity box.
OgfShape xray_shape_from_record(const nlohmann::json& bone_record);
nlohmann::json xray_joint_json(const SdkJoint& joint);
// The record's joint, or nothing when it has none.
std::optional<SdkJoint> xray_joint_from_record(const nlohmann::json& bone_record);
nlohmann::json xray_box_json(const OgfBox& box);
// Sets the box fields `value` holds (rotate, translate, half_size); false when it holds none of them.
bool xray_box_from_json(const nlohmann::json& value, OgfBox& box);

// An OGF bone's joint in the editor's convention, and back.
SdkJoint ogf_joint(const OgfBone& bone);
void set_ogf_joint(OgfBone& bone, const SdkJoint& joint);

// Parent index of each bone, by name, case-insensitively, after all bones are known (children may come before
// their parents); -1 for roots, unknown parents and bones caught in a cycle.
std::vector<int> xray_bone_parents(const std::vector<std::string_view>& names,
                                   const std::vector<std::string_view>& parents);

}  // namespace gamefmt::xray
