#pragma once
// The extras keys that the Shinobi adapters write into a scene and read back from it (documented in
// model_scene.hpp and animation_scene.hpp), and the text form in which a file transform travels.
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>

#include "gamefmt/shinobi/model.hpp"

namespace gamefmt::shinobi::scene_extras {

// Node extras.
inline constexpr const char* kCastShadow = "shinobi.cast_shadow";
inline constexpr const char* kBoneCount = "shinobi.bone_count";
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

// "shinobi.animation.<animation>.<leaf>": version, frame_rate, frames, name, unbound_tracks.
inline std::string animation_key(std::string_view animation, std::string_view leaf) {
  return "shinobi.animation." + std::string(animation) + "." + std::string(leaf);
}

// The 12 numbers of a file transform (x, y, z, position), each with the 9 digits that give the float back.
inline std::string matrix_text(const Mat4x3& m) {
  std::string out;
  char number[32];
  for (const auto* v : {&m.x, &m.y, &m.z, &m.position})
    for (float f : *v) {
      std::snprintf(number, sizeof number, "%.9g", f);
      out += (out.empty() ? "" : " ") + std::string(number);
    }
  return out;
}

inline std::optional<Mat4x3> matrix_from_text(const std::string& text) {
  std::istringstream in(text);
  Mat4x3 m;
  for (auto* v : {&m.x, &m.y, &m.z, &m.position})
    for (float& f : *v)
      if (!(in >> f)) return std::nullopt;
  return m;
}

}  // namespace gamefmt::shinobi::scene_extras
