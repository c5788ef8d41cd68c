#include "core/ai_channel_sampling.hpp"

#include <algorithm>

namespace gamefmt::assimp {
namespace {

// The index of the last key at or before `ticks` (0 when before the first), keys sorted by time.
template <class Key>
unsigned key_before(const Key* keys, unsigned count, double ticks) {
  const Key* after = std::upper_bound(keys, keys + count, ticks, [](double t, const Key& k) { return t < k.mTime; });
  return after == keys ? 0u : static_cast<unsigned>(after - keys - 1);
}

template <class Key>
float blend_factor(const Key& a, const Key& b, double ticks) {
  const double span = b.mTime - a.mTime;
  if (span <= 0) return 0.0f;
  return static_cast<float>(std::clamp((ticks - a.mTime) / span, 0.0, 1.0));
}

aiVector3D sample_vector(const aiVectorKey* keys, unsigned count, double ticks, const aiVector3D& fallback) {
  if (count == 0 || keys == nullptr) return fallback;
  const unsigned i = key_before(keys, count, ticks);
  if (i + 1 >= count || ticks <= keys[0].mTime) return keys[ticks <= keys[0].mTime ? 0 : i].mValue;
  const float f = blend_factor(keys[i], keys[i + 1], ticks);
  return keys[i].mValue + (keys[i + 1].mValue - keys[i].mValue) * f;
}

}  // namespace

aiVector3D sample_position(const aiNodeAnim& channel, double ticks, const aiVector3D& fallback) {
  return sample_vector(channel.mPositionKeys, channel.mNumPositionKeys, ticks, fallback);
}

aiVector3D sample_scaling(const aiNodeAnim& channel, double ticks, const aiVector3D& fallback) {
  return sample_vector(channel.mScalingKeys, channel.mNumScalingKeys, ticks, fallback);
}

aiQuaternion sample_rotation(const aiNodeAnim& channel, double ticks, const aiQuaternion& fallback) {
  const auto* keys = channel.mRotationKeys;
  const unsigned count = channel.mNumRotationKeys;
  if (count == 0 || keys == nullptr) return fallback;
  const unsigned i = key_before(keys, count, ticks);
  if (i + 1 >= count || ticks <= keys[0].mTime) return keys[ticks <= keys[0].mTime ? 0 : i].mValue;
  aiQuaternion out;
  aiQuaternion::Interpolate(out, keys[i].mValue, keys[i + 1].mValue, blend_factor(keys[i], keys[i + 1], ticks));
  return out.Normalize();
}

}  // namespace gamefmt::assimp
