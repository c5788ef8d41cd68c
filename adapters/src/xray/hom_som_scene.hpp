#pragma once
// X-Ray level.hom (visual occluders) and level.som (sound occluders) <-> scene. Both are triangle soups:
// every polygon gets its own three vertices (flat normals). Polygons are grouped into one child node of the
// root per distinct per-polygon value, kept in node extras:
//   hom: "xray.hom.flags" (bit 0 = two-sided); material "hom_two_sided" (double-sided) or "hom_one_sided";
//   som: "xray.som.two_sided" (u32 as stored) and "xray.som.occlusion" (the sound-occlusion factor);
//        material "som_two_sided" (double-sided) or "som_one_sided".
// Root extras "xray.hom.version" / "xray.som.version". On export a node without the extras takes them from
// its nearest ancestor, else from its material's double-sided flag (occlusion 1). Axes: X mirrored, winding
// flipped (xray_space).
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/som.hpp"

namespace gamefmt::xray {

scene::Scene hom_to_scene(const Hom& hom, std::string_view name);
Hom hom_from_scene(const scene::Scene& scene);
scene::Scene som_to_scene(const Som& som, std::string_view name);
Som som_from_scene(const scene::Scene& scene);

}  // namespace gamefmt::xray
