#pragma once
// X-Ray level.hom (visual occluders) and level.som (sound occluders) <-> aiScene. Both are triangle soups: every
// polygon gets its own three vertices (flat normals). Polygons are grouped into one child node per distinct
// per-polygon value, kept in node metadata:
//   hom: "xray.hom.flags" (bit 0 = two-sided); material "hom_two_sided" (double-sided) or "hom_one_sided";
//   som: "xray.som.two_sided" (u32 as stored) and "xray.som.occlusion" (the sound-occlusion factor);
//        material "som_two_sided" (double-sided) or "som_one_sided".
// On export a node without the metadata takes it from its nearest ancestor, else from its material's
// double-sided flag (occlusion 1). Axes: Z mirrored, winding flipped (xray_axes).
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/som.hpp"

namespace gamefmt::assimp {

std::unique_ptr<aiScene> hom_to_scene(const xray::Hom& hom, std::string_view name);
xray::Hom scene_to_hom(const aiScene& scene);
std::unique_ptr<aiScene> som_to_scene(const xray::Som& som, std::string_view name);
xray::Som scene_to_som(const aiScene& scene);

}  // namespace gamefmt::assimp
