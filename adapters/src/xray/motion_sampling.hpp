#pragma once
// Sampling of scene animation channels for the X-Ray motion exporters (.omf, motions embedded in .ogf, SDK
// motions), which store one key per frame. The arithmetic is that of gamefmt before its scene model, which
// sampled on a time line in milliseconds (key and sample times multiplied by 1000): the values are those of
// scene::sample_translation and scene::sample_rotation up to the last bit of rounding, and this keeps
// exported motions as they were to the bit (sampled in seconds, 3 bytes of near-zero angles in the 79 motions
// of the corpus dog written as an .object changed).
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

class ChannelSampler {
 public:
  explicit ChannelSampler(const scene::NodeAnimation& channel);
  // The channel's value at `seconds`, or `fallback` when it has no keys of that kind.
  glm::vec3 translation(double seconds, const glm::vec3& fallback) const;
  glm::quat rotation(double seconds, const glm::quat& fallback) const;

 private:
  scene::NodeAnimation in_milliseconds_;
};

// The animation's duration in seconds as it came through that time line (times 1000, then divided by 1000).
double sampled_duration(const scene::Animation& animation);

}  // namespace gamefmt::xray
