#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

NodeIndex Scene::add_node(std::string name, std::optional<NodeIndex> parent) {
  const NodeIndex index = nodes.size();
  Node node;
  node.name = std::move(name);
  nodes.push_back(std::move(node));
  if (parent)
    nodes.at(*parent).children.push_back(index);
  else
    roots.push_back(index);
  return index;
}

MeshIndex Scene::add_mesh(Mesh mesh) {
  meshes.push_back(std::move(mesh));
  return meshes.size() - 1;
}

MaterialIndex Scene::add_material(Material material) {
  materials.push_back(std::move(material));
  return materials.size() - 1;
}

}  // namespace gamefmt::scene
