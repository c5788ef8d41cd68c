#pragma once
#include <nlohmann/json.hpp>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// Counts of what a scene holds (nodes, meshes, vertices, triangles, bones, animations), for `gamefmt info`.
nlohmann::json scene_summary(const Scene& scene);

}  // namespace gamefmt::scene
