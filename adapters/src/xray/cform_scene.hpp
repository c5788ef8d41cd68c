#pragma once
// X-Ray level.cform <-> scene. One child node of the root per distinct (material, suppress flags, sector)
// with its own mesh; node extras keep the values: "xray.cform.material" (game-material id),
// "xray.cform.sector", "xray.cform.suppress_shadows", "xray.cform.suppress_wallmarks"; root extras
// "xray.cform.version". One material per game-material id ("gamemtl_<id>"). Axes: X-Ray X mirrored, winding
// flipped (xray_space).
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/cform.hpp"

namespace gamefmt::xray {

scene::Scene cform_to_scene(const Cform& cform, std::string_view name);
// Every triangle of every node, with the node's (or its nearest ancestor's) cform extras; missing values are
// 0 / false. Vertices are shared by exact position; the bounding box is recomputed. Throws FormatError
// (cannot_write) for a material past 14 bits or a sector past 16 bits.
Cform cform_from_scene(const scene::Scene& scene, std::string_view output_name);

}  // namespace gamefmt::xray
