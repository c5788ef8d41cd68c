#pragma once
// The way back to a compiled level. A level is compiled by the game's tools (xrLC) from the SDK's scene, so
// gamefmt writes back a level it converted: the file as it was read (kept in the level node's extras,
// "xray.level.stored"), with its portals, dynamic lights and glows taken from the scene's nodes (level_
// contents_scene.hpp): a light or glow moved or turned in a viewer, a portal whose corners moved (3 to 6),
// and records left out or duplicated are written so; geometry edits are not (the visuals and level.geom are
// the compiler's). An unedited scene gives the file's bytes back.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

inline constexpr const char* kStoredLevelKey = "xray.level.stored";

// Throws FormatError (naming `output_name`) when the scene has no stored level (not a converted level, or
// its stored level was taken out), or a portal's mesh has fewer than 3 or more than 6 corners.
std::vector<std::byte> level_from_scene(const scene::Scene& scene, std::string_view output_name,
                                        std::vector<std::string>* warnings);

}  // namespace gamefmt::xray
