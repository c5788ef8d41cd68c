// tinygltf compiled here, from Debian's header, rather than linked from Debian's libtinygltf.so: that library
// (2.7.0+dfsg-2) was built with a tinygltf::Sampler one int longer than the installed header's, so every
// sampler it reads lands shifted in the caller's vector (and their strings are freed as garbage). Compiling
// the implementation with the header we use keeps both sides one layout. Images are never decoded or encoded
// by tinygltf here (the reader installs its own image loader, the writer embeds encoded bytes by buffer
// view), so stb_image is left out (TINYGLTF_NO_STB_IMAGE*, set for the whole target).
// Also here: tinygltf's serialisers of single model parts (tinygltf_elements.hpp), which only this file can
// reach.
// tinygltf_elements.hpp first: tiny_gltf.h guards its declarations but not its implementation, which must
// be included once.
#include "tinygltf_elements.hpp"
// clang-format off
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>
// clang-format on

#include <sstream>

namespace gamefmt::gltf {
namespace {

template <class Part, class Serialiser>
std::string part_json(const Part& part, Serialiser serialise) {
  nlohmann::json out;  // tinygltf writes its JSON with nlohmann::json (it is not built for RapidJSON here)
  serialise(part, out);
  return tinygltf::JsonToString(out);
}

}  // namespace

std::string tinygltf_json(const tinygltf::Accessor& accessor) {
  return part_json(accessor, tinygltf::SerializeGltfAccessor);
}

std::string tinygltf_json(const tinygltf::BufferView& view) {
  return part_json(view, tinygltf::SerializeGltfBufferView);
}

std::string tinygltf_json(const tinygltf::Animation& animation) {
  return part_json(animation, tinygltf::SerializeGltfAnimation);
}

std::string tinygltf_json(const tinygltf::Asset& asset) {
  return part_json(asset, tinygltf::SerializeGltfAsset);
}

std::string tinygltf_document(const tinygltf::Model& model, bool binary) {
  std::ostringstream stream;
  if (!tinygltf::TinyGLTF().WriteGltfSceneToStream(&model, stream, false, binary)) return {};
  return std::move(stream).str();
}

}  // namespace gamefmt::gltf
