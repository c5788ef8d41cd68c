#pragma once
// Evaluates an animation channel at any time (in ticks), for exporters that store one key per frame.
// Between keys: linear for positions and scalings, spherical for rotations; before the first and after the last
// key the end value holds. A channel without keys of that kind gives `fallback`.
#include <assimp/anim.h>

namespace gamefmt::assimp {

aiVector3D sample_position(const aiNodeAnim& channel, double ticks, const aiVector3D& fallback);
aiQuaternion sample_rotation(const aiNodeAnim& channel, double ticks, const aiQuaternion& fallback);
aiVector3D sample_scaling(const aiNodeAnim& channel, double ticks, const aiVector3D& fallback);

}  // namespace gamefmt::assimp
