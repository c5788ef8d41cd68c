#pragma once
// Questions about a scene's node tree that converters ask often. All take a scene that passed validate_scene.
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// The parent of every node (nothing for roots).
std::vector<std::optional<NodeIndex>> parents_of(const Scene& scene);
// Every node in depth-first pre-order from the roots (children in their order).
std::vector<NodeIndex> tree_order(const Scene& scene);
// The node's transform relative to the scene (its parents' transforms applied).
glm::mat4 global_transform(const Scene& scene, NodeIndex node);
// The global transform of every node, in node order.
std::vector<glm::mat4> global_transforms(const Scene& scene);
// The first node in tree order with this name.
std::optional<NodeIndex> find_node(const Scene& scene, std::string_view name);
// Nodes that some mesh's bones name, in the order the meshes first name them.
std::vector<NodeIndex> joint_nodes(const Scene& scene);
// Whether some animation channel moves the node.
bool is_animated(const Scene& scene, NodeIndex node);

}  // namespace gamefmt::scene
