#pragma once
// X-Ray compiled level (`level` + `level.geom`) -> scene: the level's static geometry.
// Nodes follow the visual hierarchy: visuals no other visual lists as a child are the root node's children,
// hierarchy (type 1) and LOD (type 6) visuals become group nodes over their CHILDREN_L visuals, and every
// visual with a GCONTAINER becomes a node "visual_<index>" holding one mesh (vertices decoded per the
// buffer's D3D9 declaration: positions, normals, base UVs and lightmap UVs as the second set). Progressive
// visuals use sliding window 0 (full detail). Tree visuals (types 7, 11) put their TREEDEF2 matrix on the
// node, and visuals that reference the same buffer range and shader share one mesh. Sectors, portals,
// dynamic lights, glows and LOD billboards: level_contents_scene.hpp. A visual listed by two parents is
// placed under the first; cycles are broken. Materials: one per shader-list entry in use, named after the
// entry's texture, diffuse texture
// "<texture>.dds" (texture_names "base_color"). Node extras: "xray.level.visual" (index), "xray.level.type"
// (OGF model type), "xray.level.shader" (engine shader), "xray.level.texture", "xray.level.lightmaps"
// (comma-separated). Root extras: "xray.format" = "level", "xray.level.xrlc_version". Axes: X mirrored,
// winding flipped. There is no way back: a level is compiled from the SDK's scene by the game's tools.
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/level.hpp"
#include "gamefmt/xray/level_geom.hpp"

namespace gamefmt::xray {

// Throws FormatError (naming `geom_name`) when a visual references a buffer, range or index outside
// level.geom.
scene::Scene level_to_scene(const Level& level, const LevelGeom& geom, std::string_view name,
                            std::string_view geom_name);

}  // namespace gamefmt::xray
