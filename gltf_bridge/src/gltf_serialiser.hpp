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
//
// Extras printed ahead: an element's extras (a scene's, a node's: they hold the kept bytes of the way back,
// megabytes of text for a character with its motions) may be printed by PrintedExtras::add when the model is
// built, straight from the scene's JSON, instead of going through tinygltf::Value and tinygltf's JSON tree
// (three copies of every string). The model then holds a placeholder string there, which serialise_gltf
// replaces by the printed text.
#include <tiny_gltf.h>

#include <cstddef>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::gltf {

class PrintedExtras {
 public:
  // What tinygltf prints for to_value(extras) (json_values.hpp), with `added_value` as its member
  // `added_key` when given (extras an object): kept, and returned as the placeholder value to put in the
  // model's element. A null Value when to_value(extras) would be null (nothing is printed then).
  tinygltf::Value add(const nlohmann::json& extras, const char* added_key = nullptr,
                      const nlohmann::json* added_value = nullptr);
  // Appends `document` (part of a glTF JSON text) to `out` with the placeholders replaced by their text.
  void append_resolved(std::string& out, std::string_view document) const;
  // The bytes of all the printed texts: what append_resolved adds at most.
  std::size_t printed_size() const;
  // The model's placeholders replaced by the Values they stand for (for tinygltf to print).
  void restore(tinygltf::Model& model) const;
  // The Value `value` stands for, when it is one of the placeholders (what restore puts in its place).
  std::optional<tinygltf::Value> value_of(const tinygltf::Value& value) const;
  bool empty() const { return texts_.empty(); }

 private:
  std::vector<std::string> texts_;
};

// Throws what tinygltf's JSON library throws for text that is not UTF-8 (nlohmann::json::type_error).
// Returns an empty vector when tinygltf reports a failure.
std::vector<std::byte> serialise_gltf(tinygltf::Model model, bool binary,
                                      const PrintedExtras* printed = nullptr);

}  // namespace gamefmt::gltf
