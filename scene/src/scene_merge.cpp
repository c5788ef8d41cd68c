#include "gamefmt/scene/scene_merge.hpp"

#include <string>

namespace gamefmt::scene {

void append_scene(Scene& into, Scene part, NodeIndex parent, std::string_view warning_prefix) {
  const NodeIndex node_base = into.nodes.size();
  const MeshIndex mesh_base = into.meshes.size();
  const MaterialIndex material_base = into.materials.size();
  const ImageIndex image_base = into.images.size();
  for (auto& mesh : part.meshes) {
    if (mesh.material) *mesh.material += material_base;
    for (auto& bone : mesh.bones) bone.node += node_base;
    into.meshes.push_back(std::move(mesh));
  }
  const auto images = [&](std::optional<TextureReference>& texture) {
    if (texture) texture->image += image_base;
  };
  for (auto& material : part.materials) {
    images(material.base_color_texture);
    images(material.metallic_roughness_texture);
    images(material.normal_texture);
    images(material.occlusion_texture);
    images(material.emissive_texture);
    into.materials.push_back(std::move(material));
  }
  for (auto& image : part.images) into.images.push_back(std::move(image));
  for (auto& node : part.nodes) {
    for (auto& child : node.children) child += node_base;
    for (auto& mesh : node.meshes) mesh += mesh_base;
    into.nodes.push_back(std::move(node));
  }
  for (const NodeIndex root : part.roots) into.nodes[parent].children.push_back(root + node_base);
  for (auto& animation : part.animations) {
    for (auto& channel : animation.channels) channel.node += node_base;
    for (auto& channel : animation.morph_channels) channel.node += node_base;
    into.animations.push_back(std::move(animation));
  }
  for (auto& warning : part.warnings) into.warnings.push_back(std::string(warning_prefix) + warning);
  if (part.gltf_extensions.is_object())
    for (auto& [name, value] : part.gltf_extensions.items()) {
      if (into.gltf_extensions.is_object() && into.gltf_extensions.contains(name)) {
        into.warnings.push_back(std::string(warning_prefix) + "its glTF extension " + name +
                                " is dropped (the scene has one already)");
        continue;
      }
      if (!into.gltf_extensions.is_object()) into.gltf_extensions = nlohmann::json::object();
      into.gltf_extensions[name] = std::move(value);
    }
}

}  // namespace gamefmt::scene
