#pragma once
// The objects of a BigFile by name, with pooled bodies resolved: what the scene import and `gamefmt info`
// read classes from.
#include <cstdint>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bigfile.hpp"

namespace gamefmt::asobo {

struct ArchiveObject {
  std::uint32_t class_name = 0;
  std::uint32_t name = 0;
  const BigFileResource* resource = nullptr;
  const StoredBody* body =
      nullptr;  // the record's, or the pool's for a pooled object; null: none in the pool
};

// The first object of each name, in archive order.
std::vector<ArchiveObject> list_objects(const BigFile& archive);

// The object's body decompressed. Throws FormatError naming `object_file` for a pooled object without body or
// a corrupt LZ blob.
std::vector<std::byte> object_body(const ArchiveObject& object, const std::string& object_file);

}  // namespace gamefmt::asobo
