#include "xray/motion_sampling.hpp"

#include "gamefmt/scene/channel_sampling.hpp"

namespace gamefmt::xray {
namespace {

constexpr double kMillisecondsPerSecond = 1000.0;

template <class Value>
std::vector<scene::Key<Value>> in_milliseconds(const std::vector<scene::Key<Value>>& keys) {
  std::vector<scene::Key<Value>> out = keys;
  for (auto& key : out) key.time *= kMillisecondsPerSecond;
  return out;
}

}  // namespace

ChannelSampler::ChannelSampler(const scene::NodeAnimation& channel) {
  in_milliseconds_.node = channel.node;
  in_milliseconds_.translation = in_milliseconds(channel.translation);
  in_milliseconds_.rotation = in_milliseconds(channel.rotation);
}

glm::vec3 ChannelSampler::translation(double seconds, const glm::vec3& fallback) const {
  return scene::sample_translation(in_milliseconds_, seconds * kMillisecondsPerSecond, fallback);
}

glm::quat ChannelSampler::rotation(double seconds, const glm::quat& fallback) const {
  return scene::sample_rotation(in_milliseconds_, seconds * kMillisecondsPerSecond, fallback);
}

double sampled_duration(const scene::Animation& animation) {
  return animation.duration * kMillisecondsPerSecond / kMillisecondsPerSecond;
}

}  // namespace gamefmt::xray
