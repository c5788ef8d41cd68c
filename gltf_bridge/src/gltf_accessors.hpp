#pragma once
// Reads glTF accessors of a tinygltf model as numbers, bounds-checked.
#include <tiny_gltf.h>

#include <string>
#include <vector>

#include "gamefmt/core/field_path.hpp"

namespace gamefmt::gltf {

class AccessorReader {
 public:
  AccessorReader(const tinygltf::Model& model, const FieldPath& path) : model_(model), path_(path) {}

  const tinygltf::Accessor& accessor(int index, const std::string& field) const;
  // Every element of the accessor as doubles, `components` per element (normalised integers scaled to their
  // range), sparse substitution applied. Throws FormatError naming `field` when the accessor does not exist,
  // has another type or runs past its buffer.
  std::vector<double> read(int index, int components, const std::string& field) const;

 private:
  void read_view(int view_index, std::size_t offset, std::size_t count, int components, int component_type,
                 bool normalized, std::vector<double>& out, const std::string& field) const;
  [[noreturn]] void fail(const std::string& field, std::string problem) const {
    path_.fail(field, std::move(problem));
  }

  const tinygltf::Model& model_;
  const FieldPath& path_;
};

// An accessor value used as an index: in [0, limit). Indices and joints are unsigned integers, but a damaged
// file may hold anything, and converting a negative or NaN double to an unsigned type is undefined.
bool index_below(double value, std::size_t limit);
// A number for a message: integral when it is one.
std::string shown(double value);

}  // namespace gamefmt::gltf
