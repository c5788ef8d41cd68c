#pragma once
// Small helpers for building aiScene objects with Assimp's ownership rules (arrays from new[], freed by
// Assimp).
#include <assimp/scene.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::assimp {

template <class T>
T** release_to_array(std::vector<std::unique_ptr<T>>& items, unsigned int& count) {
  count = static_cast<unsigned int>(items.size());
  if (items.empty()) return nullptr;
  T** out = new T*[items.size()];
  for (std::size_t i = 0; i < items.size(); ++i) out[i] = items[i].release();
  items.clear();
  return out;
}

template <class T>
T* copy_to_array(const std::vector<T>& values) {
  if (values.empty()) return nullptr;
  T* out = new T[values.size()];
  std::copy(values.begin(), values.end(), out);
  return out;
}

aiNode* make_node(std::string_view name);
// Skins `mesh`: one aiBone per joint (weights[j] may be empty), named joint_names[j], whose offset is the
// inverse of the joint's bind transform bind_globals[j] with an exact (0, 0, 0, 1) bottom row (glTF checks it
// to the bit).
void set_mesh_bones(aiMesh& mesh, const std::vector<std::string>& joint_names,
                    const std::vector<aiMatrix4x4>& bind_globals,
                    std::vector<std::vector<aiVertexWeight>> weights);
void set_children(aiNode& parent, std::vector<aiNode*> children);
void set_meshes(aiNode& node, const std::vector<unsigned int>& mesh_indices);
// Adds a key to the node's metadata (creating it), keeping earlier keys.
void add_metadata(aiMetadata*& metadata, std::string_view key, const aiString& value);
void add_metadata(aiMetadata*& metadata, std::string_view key, double value);
void add_metadata(aiMetadata*& metadata, std::string_view key, bool value);
void add_metadata(aiMetadata*& metadata, std::string_view key, int value);
// A string metadata value, if the key is there and holds a string.
bool find_metadata_string(const aiMetadata* metadata, std::string_view key, std::string& out);
// The node's transform relative to the scene root.
aiMatrix4x4 global_transform(const aiNode& node);
aiNode* find_node(aiNode& root, std::string_view name);
// Moves every member of `from` into `into` (an Assimp-owned scene handed to an importer).
void move_scene_into(aiScene& into, aiScene& from);
std::unique_ptr<aiMaterial> make_material(std::string_view name, aiColor4D base_color);

}  // namespace gamefmt::assimp
