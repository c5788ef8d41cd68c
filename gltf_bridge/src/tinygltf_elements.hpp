#pragma once
// tinygltf's own writing of a model and of single parts of it: a part's JSON text is exactly what its writer
// puts into a document (compact, members in key order). Implemented in tinygltf_implementation.cpp, the one
// file that compiles tinygltf's writer and so can call its per-part serialisers. gltf_serialiser.cpp writes
// the common parts itself and asks these for the rest.
#include <tiny_gltf.h>

#include <string>

namespace gamefmt::gltf {

std::string tinygltf_json(const tinygltf::Accessor& accessor);
std::string tinygltf_json(const tinygltf::BufferView& view);
std::string tinygltf_json(const tinygltf::Animation& animation);
std::string tinygltf_json(const tinygltf::Asset& asset);

// The whole model as TinyGLTF::WriteGltfSceneToStream(model, stream, prettyPrint = false, binary) writes it
// (a .glb, or JSON text and a line end); empty when it reports a failure.
std::string tinygltf_document(const tinygltf::Model& model, bool binary);

}  // namespace gamefmt::gltf
