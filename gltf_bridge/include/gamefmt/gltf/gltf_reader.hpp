#pragma once
// glTF 2.0 (.glb or .gltf) -> scene model: the way back from an edited file to a game format.
#include <cstddef>
#include <span>
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::gltf {

// `file_name` names errors and locates external buffers (.bin) beside a .gltf. Nodes of the default scene
// (or, without one, every node that is no node's child) are read depth-first; node names are made unique with
// ".1",
// ".2" suffixes (game formats name bones by them). Each primitive becomes a scene mesh (strips and fans as
// triangles, line loops and strips as lines); a skinned primitive gets a bone binding for every joint of its
// skin. Images are not decoded: a texture keeps its image's file path; the game's texture names come back
// from the material extras "gamefmt_textures". CUBICSPLINE keys keep their values; an animation with any STEP
// sampler is STEP. Extras come back as JSON (whole reals as integers). Throws FormatError.
scene::Scene read_gltf(std::span<const std::byte> data, std::string_view file_name);

// True for GLB data or text that looks like a glTF JSON document.
bool looks_like_gltf(std::span<const std::byte> head);

}  // namespace gamefmt::gltf
