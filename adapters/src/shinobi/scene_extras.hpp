#pragma once
// The extras keys that the Shinobi adapters write into a scene and read back from it (documented in
// model_scene.hpp and animation_scene.hpp), and the text form in which a file transform travels.
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/extras.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi::scene_extras {

// Node extras.
inline constexpr const char* kNodeIndex = "shinobi.node";
inline constexpr const char* kMesh = "shinobi.mesh";  // mesh_record.hpp
inline constexpr const char* kScale = "shinobi.scale";
inline constexpr const char* kSharedName = "shinobi.name";  // a name the file gives several nodes
inline constexpr const char* kCastShadow = "shinobi.cast_shadow";
inline constexpr const char* kParent = "shinobi.parent";
inline constexpr const char* kTransform = "shinobi.transform";
inline constexpr const char* kSyntheticRoot = "shinobi.synthetic_root";
inline constexpr const char* kSkeletonRoot = "shinobi.skeleton_root";
inline constexpr const char* kLightType = "shinobi.light.type";
inline constexpr const char* kLightRed = "shinobi.light.r";
inline constexpr const char* kLightGreen = "shinobi.light.g";
inline constexpr const char* kLightBlue = "shinobi.light.b";
inline constexpr const char* kLightRange = "shinobi.light.range";
inline constexpr const char* kLightSpotAngle = "shinobi.light.spot_angle";
inline constexpr const char* kLightSpotSharpness = "shinobi.light.spot_sharpness";
inline constexpr const char* kLightCastShadow = "shinobi.light.cast_shadow";

// Material extras.
inline constexpr const char* kMaterialName = "shinobi.material_name";

// Scene extras.
inline constexpr const char* kModelVersion = "shinobi.model_version";
inline constexpr const char* kRootName = "shinobi.root_name";

// "shinobi.animation.<animation>.<leaf>": version, frame_rate, frames, name, unbound_tracks, tracks,
// rotations.
inline std::string animation_key(std::string_view animation, std::string_view leaf) {
  return "shinobi.animation." + std::string(animation) + "." + std::string(leaf);
}

// A flag written as true: Blender gives such extras back as 1.
inline bool flag(const nlohmann::json& extras, const char* key) {
  return scene::get<bool>(extras, key).value_or(scene::get<int>(extras, key).value_or(0) != 0);
}

// Floats as text, each with the 9 digits that give it back (JSON numbers would lose a zero's sign, and NaN).
inline std::string numbers_text(std::span<const float> values) {
  std::string out;
  char number[32];
  for (float f : values) {
    std::snprintf(number, sizeof number, "%.9g", f);
    out += (out.empty() ? "" : " ") + std::string(number);
  }
  return out;
}

// True when `text` holds exactly as many numbers as `values` (which then receives them).
inline bool numbers_from_text(const std::string& text, std::span<float> values) {
  const char* at = text.c_str();
  for (float& value : values) {
    char* end = nullptr;
    value = std::strtof(at, &end);
    if (end == at) return false;
    at = end;
  }
  while (*at == ' ') ++at;
  return *at == '\0';
}

// The numbers of vectors (a file transform: x, y, z, position; a version-4 scale).
inline std::string vectors_text(std::initializer_list<const Vec3*> vectors) {
  std::vector<float> values;
  for (const Vec3* v : vectors) values.insert(values.end(), v->begin(), v->end());
  return numbers_text(values);
}

inline bool vectors_from_text(const std::string& text, std::initializer_list<Vec3*> vectors) {
  std::vector<float> values(3 * vectors.size());
  if (!numbers_from_text(text, values)) return false;
  std::size_t i = 0;
  for (Vec3* v : vectors)
    for (float& f : *v) f = values[i++];
  return true;
}

inline std::string matrix_text(const Mat4x3& m) {
  return vectors_text({&m.x, &m.y, &m.z, &m.position});
}

inline std::optional<Mat4x3> matrix_from_text(const std::string& text) {
  Mat4x3 m;
  if (!vectors_from_text(text, {&m.x, &m.y, &m.z, &m.position})) return std::nullopt;
  return m;
}

}  // namespace gamefmt::shinobi::scene_extras
