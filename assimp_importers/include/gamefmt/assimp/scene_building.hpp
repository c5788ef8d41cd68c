#pragma once
// Small helpers for building aiScene objects with Assimp's ownership rules (arrays from new[], freed by Assimp).
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
