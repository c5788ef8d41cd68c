#pragma once
// X-Ray SDK `.bones` (bone physics data and bone parts) -> scene. The file has no bind pose or hierarchy, so
// the scene is one root node per bone (names made unique with "#2"...), named after the file, with the bone's
// data in node extras "xray.bone" (as for `.object` bones, object_scene.hpp) and the parts in scene extras
// "xray.bone_parts_sdk": [ { name, bones: [names] } ] (absent when the file has no parts chunk).
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/bones_file.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXrayBonePartsSdkKey = "xray.bone_parts_sdk";

scene::Scene bones_to_scene(const BonesFile& file, std::string_view root_name);
// The parts as the extras hold them.
nlohmann::json sdk_bone_parts_json(const std::vector<SdkBonePart>& parts);

}  // namespace gamefmt::xray
