#include "xray/sdk_way_back.hpp"

#include <algorithm>
#include <cmath>

namespace gamefmt::xray {

glm::vec3 direction_of(const glm::vec3& v) {
  const float length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return length > 0 && std::isfinite(length) ? v / length : v;
}

bool is_left_out_of_gltf(const nlohmann::json& value) {
  if (value.is_number_float()) return !std::isfinite(value.get<double>());
  return (value.is_array() || value.is_object()) && value.empty();
}

bool same_baked_translation(const glm::vec3& expected, const glm::vec3& actual) {
  return same_within_round_off(expected.x, actual.x) && same_within_round_off(expected.y, actual.y) &&
         same_within_round_off(expected.z, actual.z);
}

bool same_baked_rotation(const glm::quat& expected, const glm::quat& actual) {
  const float length =
      std::sqrt(actual.x * actual.x + actual.y * actual.y + actual.z * actual.z + actual.w * actual.w);
  if (!(length > 0.0f) || !std::isfinite(length)) return false;
  float same = 0, opposite = 0;
  for (int c = 0; c < 4; ++c) {
    same = std::max(same, std::fabs(actual[c] / length - expected[c]));
    opposite = std::max(opposite, std::fabs(actual[c] / length + expected[c]));
  }
  return std::min(same, opposite) <= kBakedTolerance;
}

bool same_baked_keys(const scene::NodeAnimation& expected, const scene::NodeAnimation& actual) {
  if (expected.translation.size() != actual.translation.size() ||
      expected.rotation.size() != actual.rotation.size())
    return false;
  for (const auto& key : actual.scale)  // a DCC tool may add scale keys; unit ones change nothing
    if (!same_baked_translation(glm::vec3(1.0f), key.value)) return false;
  for (std::size_t k = 0; k < expected.translation.size(); ++k)
    if (!same_within_round_off(float(expected.translation[k].time), float(actual.translation[k].time)) ||
        !same_baked_translation(expected.translation[k].value, actual.translation[k].value))
      return false;
  for (std::size_t k = 0; k < expected.rotation.size(); ++k)
    if (!same_within_round_off(float(expected.rotation[k].time), float(actual.rotation[k].time)) ||
        !same_baked_rotation(expected.rotation[k].value, actual.rotation[k].value))
      return false;
  return true;
}

bool same_extras_values(const nlohmann::json& expected, const nlohmann::json& actual) {
  if (expected.is_number() && actual.is_number()) {
    const double a = expected.get<double>(), b = actual.get<double>();
    return a == b || (std::isnan(a) && std::isnan(b));
  }
  if (expected.is_object() && actual.is_object()) {
    for (const auto& [key, value] : expected.items())
      if (actual.contains(key) ? !same_extras_values(value, actual[key]) : !is_left_out_of_gltf(value))
        return false;
    for (const auto& [key, value] : actual.items())
      if (!expected.contains(key) && !is_left_out_of_gltf(value)) return false;
    return true;
  }
  if (expected.is_array() && actual.is_array()) {
    if (expected.size() != actual.size()) return false;
    for (std::size_t i = 0; i < expected.size(); ++i)
      if (!same_extras_values(expected[i], actual[i])) return false;
    return true;
  }
  return expected == actual;
}

}  // namespace gamefmt::xray
