#pragma once
// The bone record X-Ray models, SDK objects and `.bones` files share in metadata (glTF extras of a bone
// node), "xray.bone", with raw X-Ray values (engine axes, radians):
//   { game_material, shape { type, flags, box { rotate, translate, half_size }, sphere, cylinder },
//     joint { type, limits [ { min, max, spring, damping } x3 ], spring, damping }, ik_flags, break [force,
//     torque], friction, mass, center_of_mass }
// plus what one source has: `.object`/`.bones` version, weight_map, length; `.ogf` box (the bone's box from
// the bone names chunk) and ik_version. Joint limits are in the editor's convention; OGF files store them
// negated and swapped for ODE (lo = -max, hi = -min), which ogf_joint()/set_ogf_joint() undo and redo. Also:
// lenient readers of JSON fields (metadata read back from glTF holds integers as signed numbers) and the bone
// hierarchy by name, as the engine resolves it.
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/sdk_bone.hpp"

namespace gamefmt::assimp {

inline constexpr const char* kXrayBoneKey = "xray.bone";

namespace json_fields {
// The field's value when `object` has it with the right type, else `fallback`.
float number(const nlohmann::json& object, const char* key, float fallback);
std::uint32_t unsigned_number(const nlohmann::json& object, const char* key, std::uint32_t fallback);
std::string text(const nlohmann::json& object, const char* key, const std::string& fallback);
// Copies an array of N - offset numbers into out[offset..]; false (out unchanged) when the field is not one.
template <std::size_t N>
bool floats(const nlohmann::json& object, const char* key, std::array<float, N>& out,
            std::size_t offset = 0) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_array() ||
      object[key].size() != N - offset)
    return false;
  for (const auto& value : object[key])
    if (!value.is_number()) return false;
  for (std::size_t i = 0; i + offset < N; ++i) out[i + offset] = object[key][i].get<float>();
  return true;
}
}  // namespace json_fields

nlohmann::json xray_shape_json(const xray::OgfShape& shape);
// The record's shape; without one: no shape, identity box.
xray::OgfShape xray_shape_from_record(const nlohmann::json& bone_record);
nlohmann::json xray_joint_json(const xray::SdkJoint& joint);
// The record's joint, or nothing when it has none.
std::optional<xray::SdkJoint> xray_joint_from_record(const nlohmann::json& bone_record);
nlohmann::json xray_box_json(const xray::OgfBox& box);
bool xray_box_from_json(const nlohmann::json& value, xray::OgfBox& box);

// An OGF bone's joint in the editor's convention, and back.
xray::SdkJoint ogf_joint(const xray::OgfBone& bone);
void set_ogf_joint(xray::OgfBone& bone, const xray::SdkJoint& joint);

// Parent index of each bone, by name, case-insensitively, after all bones are known (children may come before
// their parents); -1 for roots, unknown parents and bones caught in a cycle.
std::vector<int> xray_bone_parents(const std::vector<std::string_view>& names,
                                   const std::vector<std::string_view>& parents);

}  // namespace gamefmt::assimp
