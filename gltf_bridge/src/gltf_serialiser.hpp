#pragma once
// A tinygltf::Model as the bytes of a .glb or a .gltf: the same bytes as tinygltf's
// WriteGltfSceneToStream(model, stream, prettyPrint = false, binary), written several times faster for
// models with many animations.
//
// Why: tinygltf builds a JSON tree of the whole document before printing it, a few allocations per number;
// an animated character is tens of thousands of accessors, buffer views and animation channels (the corpus
// dog with its 79 motions: 5244 accessors), and that tree took half of `gamefmt convert`. Those three
// arrays are printed here directly, the parts with names, extras or extensions by tinygltf's own serialisers
// (tinygltf_elements.hpp); everything else in the document by tinygltf itself.
#include <tiny_gltf.h>

#include <cstddef>
#include <vector>

namespace gamefmt::gltf {

// Throws what tinygltf's JSON library throws for text that is not UTF-8 (nlohmann::json::type_error).
// Returns an empty vector when tinygltf reports a failure.
std::vector<std::byte> serialise_gltf(tinygltf::Model model, bool binary);

}  // namespace gamefmt::gltf
