#pragma once
// The compiled level's portals, dynamic lights and glows as the scene holds them, both ways: each record
// whole in its node's extras (for the way back), and where it lies (a light's position and direction, a
// glow's position) as the node's transform in scene axes. What a user edits in a viewer is the transform (and
// a portal's mesh); level_from_scene.cpp takes those edits over the records.
#include <glm/gtc/quaternion.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>
#include <optional>

#include "gamefmt/xray/level.hpp"

namespace gamefmt::xray {

inline constexpr const char* kPortalKey = "xray.level.portal";
inline constexpr const char* kLightKey = "xray.level.light";
inline constexpr const char* kGlowKey = "xray.level.glow";

nlohmann::json portal_json(const LevelPortal& portal);
nlohmann::json light_json(const LevelLight& light);
nlohmann::json glow_json(const LevelGlow& glow);
// The record from its JSON; nothing when a field is missing or of the wrong type.
std::optional<LevelPortal> portal_from_json(const nlohmann::json& record);
std::optional<LevelLight> light_from_json(const nlohmann::json& record);
std::optional<LevelGlow> glow_from_json(const nlohmann::json& record);

// KHR_lights_punctual's name of a Direct3D 9 light type (1 "point", 2 "spot", 3 "directional"); null for
// any other type, which is no glTF light (the record stays in extras).
const char* light_type_name(std::uint32_t type);

// An engine point or direction in scene axes, and back (xray_space).
glm::vec3 scene_point(const std::array<float, 3>& p);
std::array<float, 3> engine_point(const glm::vec3& p);

// The rotation that turns -Z (where glTF lights look) to `direction` (any length; identity for zero).
glm::quat looking_along(const glm::vec3& direction);

}  // namespace gamefmt::xray
