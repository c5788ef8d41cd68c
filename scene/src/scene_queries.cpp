#include "gamefmt/scene/scene_queries.hpp"

#include <algorithm>
#include <set>

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::scene {

std::vector<std::optional<NodeIndex>> parents_of(const Scene& scene) {
  std::vector<std::optional<NodeIndex>> parents(scene.nodes.size());
  for (NodeIndex n = 0; n < scene.nodes.size(); ++n)
    for (NodeIndex child : scene.nodes[n].children) parents.at(child) = n;
  return parents;
}

std::vector<NodeIndex> tree_order(const Scene& scene) {
  std::vector<NodeIndex> order;
  order.reserve(scene.nodes.size());
  std::vector<NodeIndex> stack(scene.roots.rbegin(), scene.roots.rend());
  while (!stack.empty()) {
    const NodeIndex n = stack.back();
    stack.pop_back();
    order.push_back(n);
    const auto& children = scene.nodes.at(n).children;
    stack.insert(stack.end(), children.rbegin(), children.rend());
  }
  return order;
}

namespace {
// Parent transforms are applied one by one from the node upwards (parent * (node)), always in this order, so
// that every caller gets the same bits for the same node.
glm::mat4 global_transform(const Scene& scene, const std::vector<std::optional<NodeIndex>>& parents,
                           NodeIndex node) {
  glm::mat4 m = matrix_of(scene.nodes.at(node));
  for (auto p = parents[node]; p; p = parents[*p]) m = matrix_of(scene.nodes[*p]) * m;
  return m;
}
}  // namespace

glm::mat4 global_transform(const Scene& scene, NodeIndex node) {
  return global_transform(scene, parents_of(scene), node);
}

std::vector<glm::mat4> global_transforms(const Scene& scene) {
  const auto parents = parents_of(scene);
  std::vector<glm::mat4> out;
  out.reserve(scene.nodes.size());
  for (NodeIndex n = 0; n < scene.nodes.size(); ++n) out.push_back(global_transform(scene, parents, n));
  return out;
}

std::optional<NodeIndex> find_node(const Scene& scene, std::string_view name) {
  for (NodeIndex n : tree_order(scene))
    if (scene.nodes[n].name == name) return n;
  return std::nullopt;
}

std::vector<NodeIndex> joint_nodes(const Scene& scene) {
  std::vector<NodeIndex> out;
  std::set<NodeIndex> seen;
  for (const auto& mesh : scene.meshes)
    for (const auto& bone : mesh.bones)
      if (seen.insert(bone.node).second) out.push_back(bone.node);
  return out;
}

bool is_animated(const Scene& scene, NodeIndex node) {
  for (const auto& animation : scene.animations) {
    for (const auto& channel : animation.channels)
      if (channel.node == node) return true;
    for (const auto& channel : animation.morph_channels)
      if (channel.node == node) return true;
  }
  return false;
}

}  // namespace gamefmt::scene
