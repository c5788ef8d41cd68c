#include "gamefmt/scene/channel_sampling.hpp"

#include <algorithm>

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::scene {
namespace {

// The index of the last key at or before `seconds` (0 when before the first); keys sorted by time.
template <class KeyList>
std::size_t key_before(const KeyList& keys, double seconds) {
  const auto after = std::upper_bound(keys.begin(), keys.end(), seconds,
                                      [](double t, const auto& key) { return t < key.time; });
  return after == keys.begin() ? 0 : static_cast<std::size_t>(after - keys.begin() - 1);
}

template <class KeyType>
float blend_factor(const KeyType& a, const KeyType& b, double seconds) {
  const double span = b.time - a.time;
  if (span <= 0) return 0.0f;
  return static_cast<float>(std::clamp((seconds - a.time) / span, 0.0, 1.0));
}

glm::vec3 sample_vector(const std::vector<Key<glm::vec3>>& keys, double seconds, const glm::vec3& fallback) {
  if (keys.empty()) return fallback;
  const std::size_t i = key_before(keys, seconds);
  if (i + 1 >= keys.size() || seconds <= keys[0].time) return keys[seconds <= keys[0].time ? 0 : i].value;
  const float f = blend_factor(keys[i], keys[i + 1], seconds);
  return keys[i].value + (keys[i + 1].value - keys[i].value) * f;
}

}  // namespace

glm::vec3 sample_translation(const NodeAnimation& channel, double seconds, const glm::vec3& fallback) {
  return sample_vector(channel.translation, seconds, fallback);
}

glm::vec3 sample_scale(const NodeAnimation& channel, double seconds, const glm::vec3& fallback) {
  return sample_vector(channel.scale, seconds, fallback);
}

glm::quat sample_rotation(const NodeAnimation& channel, double seconds, const glm::quat& fallback) {
  const auto& keys = channel.rotation;
  if (keys.empty()) return fallback;
  const std::size_t i = key_before(keys, seconds);
  if (i + 1 >= keys.size() || seconds <= keys[0].time) return keys[seconds <= keys[0].time ? 0 : i].value;
  return normalize(slerp(keys[i].value, keys[i + 1].value, blend_factor(keys[i], keys[i + 1], seconds)));
}

}  // namespace gamefmt::scene
