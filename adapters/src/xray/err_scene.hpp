#pragma once
// X-Ray .err (compiler error geometry) -> aiScene: a node "t_junctions" with a points mesh, "edges" with a lines
// mesh and "invalid_faces" with a triangles mesh (each only when the file has some). Level-Editor faces carry
// their colour as vertex colours (read as a D3DCOLOR, 0xAARRGGBB). Node metadata "xray.err.kind" names the
// list. Axes: Z mirrored, winding flipped (xray_axes).
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/xray/err.hpp"

namespace gamefmt::assimp {

std::unique_ptr<aiScene> err_to_scene(const xray::Err& err, std::string_view name);

}  // namespace gamefmt::assimp
