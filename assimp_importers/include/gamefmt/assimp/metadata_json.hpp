#pragma once
// Structured metadata as JSON: nested objects and arrays become nested aiMetadata (arrays as keys "0", "1", ...,
// which the glTF bridge writes back as JSON arrays), so a format can put a whole record in one extras entry and
// read it back after a glTF round trip.
#include <assimp/scene.h>

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::assimp {

// Adds `value` under `key` (objects and arrays nested; numbers as double, or int32 when integral and in range).
void add_metadata_json(aiMetadata*& metadata, std::string_view key, const nlohmann::json& value);
// The value under `key` as JSON (nested metadata with keys "0".."n-1" in order becomes an array), or null.
nlohmann::json find_metadata_json(const aiMetadata* metadata, std::string_view key);

// Scene metadata key for problems an importer met but worked around (a list of lines; they also land in the
// glTF scene extras). `gamefmt convert` prints them.
inline constexpr const char* kWarningsKey = "gamefmt.warnings";
std::vector<std::string> scene_warnings(const aiScene& scene);

}  // namespace gamefmt::assimp
