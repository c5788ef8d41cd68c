#pragma once
// X-Ray level.cform <-> aiScene. One child node per distinct (material, suppress flags, sector) with its own
// mesh; node metadata keeps the values: "xray.cform.material" (game-material id), "xray.cform.sector",
// "xray.cform.suppress_shadows", "xray.cform.suppress_wallmarks". One aiMaterial per game-material id
// ("gamemtl_<id>"). Axes: X-Ray Z mirrored, winding flipped (xray_axes).
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/xray/cform.hpp"

namespace gamefmt::assimp {

std::unique_ptr<aiScene> cform_to_scene(const xray::Cform& cform, std::string_view name);
// Every triangle of every node, with the node's (or its nearest ancestor's) cform metadata; missing values
// are 0 / false. Vertices are shared by exact position; the bounding box is recomputed.
xray::Cform scene_to_cform(const aiScene& scene, std::string_view output_name);

}  // namespace gamefmt::assimp
