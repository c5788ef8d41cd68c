#pragma once
// The 16-byte name fields of the Westwood voxel files (.vxl's magic and limb names, .hva's file and section
// names), read and written as stored: NUL padding and whatever follows the NUL kept.
#include <cstring>
#include <string_view>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

inline NameField read_name(ByteReader& r, const char* field) {
  NameField name;
  const auto bytes = r.bytes(name.size(), field);
  std::memcpy(name.data(), bytes.data(), name.size());
  return name;
}

inline void write_name(ByteWriter& w, const NameField& name) {
  w.bytes(std::string_view(name.data(), name.size()));
}

}  // namespace gamefmt::westwood
