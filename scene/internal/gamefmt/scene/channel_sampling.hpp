#pragma once
// Evaluates a node's animation at any time, for exporters that store one key per frame. Between keys: linear
// for translations and scales, spherical for rotations; before the first and after the last key the end value
// holds. A channel without keys of that kind gives `fallback`.
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

glm::vec3 sample_translation(const NodeAnimation& channel, double seconds, const glm::vec3& fallback);
glm::quat sample_rotation(const NodeAnimation& channel, double seconds, const glm::quat& fallback);
glm::vec3 sample_scale(const NodeAnimation& channel, double seconds, const glm::vec3& fallback);

}  // namespace gamefmt::scene
