#pragma once
#include <assimp/scene.h>

#include <string_view>

namespace gamefmt::assimp {

// Checks what Assimp's post-processing, its exporters and the glTF bridge rely on and Assimp's own checks
// do not (or only by aborting the process): a root node, unique names for referenced nodes, bones and
// animation channels that name existing nodes, indices inside their arrays, ticks per second set, key
// times in order. Throws FormatError naming `file` and the offending field.
void validate_scene(const aiScene& scene, std::string_view file);

}  // namespace gamefmt::assimp
