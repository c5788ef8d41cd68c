#pragma once
// Model nodes and animation tracks refer to nodes by name, so every node of a scene written to a Shinobi file
// needs a name of its own.
#include <string>
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::shinobi {

struct UniqueNodeNames {
  std::vector<std::string> nodes;  // by node index
  std::string scene;               // scene.name, not the name of any node
};

// Names in node order, a name already taken suffixed ".1", ".2"..., then the scene's name the same way (the
// names the Assimp boundary gave the nodes and its root when the exporters read an aiScene, kept so that
// files written before and after read the same).
UniqueNodeNames unique_node_names(const scene::Scene& scene);

}  // namespace gamefmt::shinobi
