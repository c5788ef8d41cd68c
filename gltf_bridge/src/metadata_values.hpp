#pragma once
// aiMetadata <-> tinygltf::Value (glTF extras).
#include <assimp/scene.h>
#include <tiny_gltf.h>

#include <string_view>

namespace gamefmt::gltf {

// Metadata keys starting with this prefix steer the writer ("gltf.extensions") and are not copied to extras.
inline constexpr const char* kReservedPrefix = "gltf.";

// An object value; keys whose values cannot be expressed are skipped. Returns an empty Value for no entries.
tinygltf::Value metadata_to_value(const aiMetadata& metadata);
// The value under `key`, nested or flattened (gamefmt/assimp/metadata_json.hpp), or an empty Value.
tinygltf::Value metadata_value(const aiMetadata* metadata, std::string_view key);
// Objects become nested aiMetadata; arrays become nested aiMetadata keyed "0", "1", ...; numbers become double
// (integers int32 when they fit). Returns null for anything but a non-empty object.
aiMetadata* value_to_metadata(const tinygltf::Value& value);

}  // namespace gamefmt::gltf
