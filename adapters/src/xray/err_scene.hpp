#pragma once
// X-Ray .err (compiler error geometry) -> scene: child nodes of the root "t_junctions" with a points mesh,
// "edges" with a lines mesh and "invalid_faces" with a triangles mesh (each only when the file has some).
// Level-Editor faces carry their colour as vertex colours (read as a D3DCOLOR, 0xAARRGGBB). Node extras
// "xray.err.kind" name the list; root extras "xray.err.layout" ("compiler" or "level_editor"). Axes: Z
// mirrored, winding flipped (xray_space). The game tools never read .err back: there is no way back.
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/err.hpp"

namespace gamefmt::xray {

scene::Scene err_to_scene(const Err& err, std::string_view name);

}  // namespace gamefmt::xray
