#pragma once
// glTF's JSON must be UTF-8; game files name things in whatever bytes they like.
#include <tiny_gltf.h>

#include <string>

namespace gamefmt::gltf {

// The text with every invalid UTF-8 sequence replaced by U+FFFD.
std::string valid_utf8(const std::string& text);
// Makes every name in the model valid UTF-8.
void make_names_utf8(tinygltf::Model& model);

}  // namespace gamefmt::gltf
