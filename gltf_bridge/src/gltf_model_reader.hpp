#pragma once
// The scene of a tinygltf::Model that is already in memory (read_gltf's last step; read_back_gltf's too).
#include <tiny_gltf.h>

#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::gltf {

// `file_name` names errors. Throws FormatError as read_gltf does.
scene::Scene scene_from_model(const tinygltf::Model& model, std::string_view file_name);

}  // namespace gamefmt::gltf
