#pragma once
// What makes a compiled level more than its visuals, added to the level scene (level_to_scene.cpp):
// - sectors: a node "sector_<i>" per sector under the root, holding its root visual's subtree; extras
//   "xray.level.sector" (index) and "xray.level.portals" (its portal indices);
// - portals: a node "portals" over one node "portal_<i>" per portal whose mesh is the portal's polygon
//   (a fan over its used vertices, two-sided); its record in extras "xray.level.portal";
// - dynamic lights: a node "lights" over one node "light_<i>" per light, carrying a KHR_lights_punctual
//   light (point, spot or directional, from the Direct3D 9 type) placed at the light's position and turned
//   so that its -Z looks along the light's direction; the colour is the diffuse RGB scaled to at most 1 with
//   the scale as the intensity; range and cone half-angles (theta / 2, phi / 2) as glTF has them; the
//   engine's controller and every field of the record in extras "xray.level.light";
// - glows: a node "glows" over one node "glow_<i>" per glow at its position, with a square of the glow's
//   radius facing +Z (glTF has no camera-facing sprite) drawn with the glow shader's texture (blended,
//   unlit, two-sided); its record in extras "xray.level.glow" and the shader entry in
//   "xray.level.glow_shader";
// - LOD billboards: each LOD visual (type 6) with a LODDEF2 chunk gets a child node "lod_billboards" whose
//   mesh is its 8 quads (positions, UVs, and the light as COLOR_0: RGB and hemi in A; the sun in extras).
// Every group node has extras "gamefmt.role" ("sector", "portals", "lights", "glows", "lod_billboards"), so
// that tools can put them in collections and hide what the game does not draw (portals).
#include <cstdint>
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/level.hpp"

namespace gamefmt::xray {

void add_level_contents(const Level& level, scene::Scene& scene);

// The material for shader-list entry `shader_id` (an entry the list lacks counts as empty): named `prefix`
// and the entry's texture, or `fallback_prefix` and the id when it names none; that texture as its base
// colour
// ("<texture>.dds"); drawn as its engine shader says (xray_shader_drawing.hpp). Shared by the visuals'
// meshes (level_to_scene.cpp), the glows and the LOD billboards.
scene::Material level_shader_material(const Level& level, std::uint16_t shader_id, std::string_view prefix,
                                      std::string_view fallback_prefix);

}  // namespace gamefmt::xray
