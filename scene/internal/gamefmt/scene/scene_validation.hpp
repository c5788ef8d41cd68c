#pragma once
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// Checks what every writer relies on: indices inside their arrays (roots, children, meshes, materials,
// images, bone and channel nodes), a node tree without cycles in which every node has at most one parent,
// vertex streams and morph targets as long as the positions, face and weight indices inside the mesh, finite
// non-negative weights, finite key times in order. Throws FormatError naming `file` and the offending field.
void validate_scene(const Scene& scene, std::string_view file);

}  // namespace gamefmt::scene
