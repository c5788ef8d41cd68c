#pragma once
#include <assimp/scene.h>

#include <nlohmann/json.hpp>

namespace gamefmt::assimp {

// Counts of what a scene holds (nodes, meshes, vertices, triangles, bones, animations), for `gamefmt info`.
nlohmann::json scene_summary(const aiScene& scene);

}  // namespace gamefmt::assimp
