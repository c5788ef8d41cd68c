#pragma once
// Structured metadata as JSON: nested objects and arrays become nested aiMetadata (arrays as keys "0", "1",
// ..., which the glTF bridge writes back as JSON arrays), so a format can put a whole record in one extras
// entry and read it back after a glTF round trip.
#include <assimp/scene.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::assimp {

// Adds `value` under `key` (objects and arrays nested; numbers as double, or int32 when integral and in
// range).
void add_metadata_json(aiMetadata*& metadata, std::string_view key, const nlohmann::json& value);
// The value under `key` as JSON (nested metadata with keys "0".."n-1" in order becomes an array), or null.
// A value flattened by flatten_nested_metadata (entries "key/pointer") is put back together.
nlohmann::json find_metadata_json(const aiMetadata* metadata, std::string_view key);

// Assimp 5.2's Exporter copies every scene before exporting it, and that copy aborts on nested aiMetadata
// (fixed upstream after 5.2.5, assimp PR #5092). Scenes handed to Assimp through its API are therefore given
// flat metadata: each nested value under `key` becomes one entry per leaf, keyed `key` + its JSON pointer
// (RFC 6901, e.g. "xray.ik/limits/0/range/1"). Empty objects and arrays are left out. Scene and node
// metadata.
void flatten_nested_metadata(aiScene& scene);
// The first part of a flattened key ("xray.ik" of "xray.ik/limits/0"), or the key itself.
std::string_view unflattened_key(std::string_view key);

// Scene metadata key for problems an importer met but worked around (a list of lines; they also land in the
// glTF scene extras). `gamefmt convert` prints them.
inline constexpr const char* kWarningsKey = "gamefmt.warnings";
std::vector<std::string> scene_warnings(const aiScene& scene);

}  // namespace gamefmt::assimp
