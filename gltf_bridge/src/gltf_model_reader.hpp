#pragma once
// The scene of a tinygltf::Model that is already in memory (read_gltf's last step; BuiltGltf::read_back's
// too).
#include <tiny_gltf.h>

#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::gltf {

class PrintedExtras;

// `file_name` names errors. Extras that are placeholders of `printed` (a model the writer built,
// gltf_serialiser.hpp) are read as the text they stand for. Throws FormatError as read_gltf does.
scene::Scene scene_from_model(const tinygltf::Model& model, std::string_view file_name,
                              const PrintedExtras* printed = nullptr);

}  // namespace gamefmt::gltf
