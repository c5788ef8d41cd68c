#pragma once
// glTF 2.0 (.glb or .gltf) -> aiScene, the way back from an edited file to a game format.
#include <assimp/scene.h>

#include <cstddef>
#include <memory>
#include <span>
#include <string_view>

namespace gamefmt::gltf {

// `file_name` names errors and locates external buffers (.bin) beside a .gltf. Images are not decoded: texture
// file names become material texture paths. Node names are made unique (Assimp refers to nodes by name).
// Animation times become milliseconds (mTicksPerSecond = 1000). Throws FormatError.
std::unique_ptr<aiScene> read_gltf(std::span<const std::byte> data, std::string_view file_name);

// True for GLB data or text that looks like a glTF JSON document.
bool looks_like_gltf(std::span<const std::byte> head);

}  // namespace gamefmt::gltf
