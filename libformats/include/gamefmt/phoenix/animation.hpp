#pragma once
// Overgrowth (Phoenix engine) `.anm` animation, versions 0 to 11: keyframes of model-space bone matrices
// (bind convention: origin at the bone midpoint, Z along the bone) with optional physics weights, weapon and
// mobility matrices, events, IK bones, shape keys, status keys and centring data. Little-endian; the struct
// keeps every stored field, so write(read(bytes)) == bytes.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::phoenix {

inline constexpr std::int32_t kAnimationMaxVersion = 11;

struct AnimationWeapon {
  Mat4 matrix{};
  std::int32_t relative_id = -1;  // v>=8
  float relative_weight = 0;      // v>=8
  bool operator==(const AnimationWeapon&) const = default;
};

struct AnimationEvent {
  std::int32_t bone = 0;
  std::string name;  // "leftstep", ...
  bool operator==(const AnimationEvent&) const = default;
};

struct AnimationIkBone {
  Vec3 start{}, end{};                  // stored, unused by the engine
  std::vector<std::int32_t> bone_path;  // root -> tip
  std::string label;                    // an IK chain name
  bool operator==(const AnimationIkBone&) const = default;
};

struct AnimationNamedWeight {
  float weight = 0;
  std::string label;
  bool operator==(const AnimationNamedWeight&) const = default;
};

struct AnimationKeyframe {
  std::int32_t time = 0;                          // milliseconds as stored (start not subtracted)
  std::vector<float> weights;                     // v>=4: per-bone physics weights
  std::vector<Mat4> bone_matrices;                // model space
  std::vector<AnimationWeapon> weapons;           // v>=7
  std::uint8_t use_mobility = 0;                  // v>=9 (a stored bool)
  Mat4 mobility{};                                // v>=9 when use_mobility
  std::vector<AnimationEvent> events;             // v>=2
  std::vector<AnimationIkBone> ik_bones;          // v>=3
  std::vector<AnimationNamedWeight> shape_keys;   // v>=5: morph target label -> weight
  std::vector<AnimationNamedWeight> status_keys;  // v>=6: named script channels
  float centre_rotation = 0;                      // centred files: radians about +Y
  Vec3 centre_offset{};                           // centred files
  bool operator==(const AnimationKeyframe&) const = default;
};

struct Animation {
  std::int32_t version = 10;
  std::uint8_t centred = 0;  // v>=10 (a stored bool)
  std::uint8_t looping = 1;  // v>=1 (a stored bool); v0 loops
  std::int32_t start = 0;    // 1<=v<=10; 0 otherwise
  std::int32_t end = 0;      // length = end - start, milliseconds
  std::vector<AnimationKeyframe> keyframes;

  bool is_looping() const { return looping != 0; }
  bool is_centred() const { return centred != 0; }
  std::int32_t length() const { return end - start; }
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
  bool operator==(const Animation&) const = default;
};

// Throws FormatError on truncation, versions outside 0..11, no keyframes or counts beyond the data. Bytes
// after the last keyframe are kept (trailing_bytes), with a warning.
Animation read_animation(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when a field cannot be stored in the version (a v0 animation that does not loop, a start
// time outside v1..v10, events before v2...).
std::vector<std::byte> write_animation(const Animation& animation, std::string_view file_name = {});

// Quick content check for the registry: a version in range and plausible header values.
bool looks_like_animation(std::span<const std::byte> head);

}  // namespace gamefmt::phoenix
