#pragma once
// Overgrowth (Phoenix engine) `.phxbn` skeleton, versions 5 to 11: points, bones between them, masses, the
// rigging weights of the character model (one set per triangle corner of its OBJ), physics joints and simple
// IK chains. Little-endian. The struct keeps every stored field, so write(read(bytes)) == bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::phoenix {

using Vec3 = std::array<float, 3>;
using Mat4 = std::array<float, 16>;  // column-major, translation in [12..14]

inline constexpr std::int32_t kSkeletonMinVersion = 5;  // v5 has no version field
inline constexpr std::int32_t kSkeletonMaxVersion = 11;

// Rigging stages as the engine names them; only "control joints" (and "animate", read the same way) carry the
// weights and joints block.
enum class RiggingStage : std::int32_t {
  nothing = -1,
  create_bones = 0,
  control_joints = 1,
  animate = 2,
  pose_weights = 3
};

enum class JointType : std::int32_t { hinge = 0, amotor = 1, fixed = 2 };

struct SkeletonJoint {
  std::int32_t type = 0;                   // JointType; other values carry no angles, like fixed
  std::array<float, 6> stop_angles{};      // radians as stored: amotor uses 6, hinge the first 2, others none
  std::array<std::int32_t, 2> bone_ids{};  // (this bone, parent bone)
  Vec3 axis{};                             // hinge only
  bool operator==(const SkeletonJoint&) const = default;
};

struct SkeletonIkBone {
  std::string name;               // "head", "torso", "leftarm", "left_leg", "tail", ...
  std::int32_t bone_id = 0;       // tip bone of the chain
  std::int32_t chain_length = 0;  // bones from the tip up the parent chain
  bool operator==(const SkeletonIkBone&) const = default;
};

struct Skeleton {
  std::int32_t version = kSkeletonMaxVersion;
  std::int32_t rigging_stage = 1;  // as stored
  std::vector<Vec3> points;
  std::vector<std::int32_t> point_parents;             // v>=8, one per point
  std::vector<std::array<std::int32_t, 2>> bone_ends;  // point indices
  std::vector<std::int32_t> bone_parents;              // v>=8, one per bone
  std::vector<float> bone_masses;                      // v>=6
  std::vector<Vec3> bone_centres_of_mass;              // v>=7
  std::vector<Mat4> bone_matrices;                     // v>=9 (the engine reads and discards them)
  // Weights block (rigging stage 1 or 2): four weights and four bone indices (stored as floats) per triangle
  // corner of the model OBJ, then the bone hierarchy and the joints.
  std::vector<std::array<float, 4>> corner_weights;
  std::vector<std::array<float, 4>> corner_bone_ids;
  std::vector<std::int32_t> hier_parents;
  std::vector<SkeletonJoint> joints;
  std::vector<SkeletonIkBone> ik_bones;  // v>=10

  bool has_weights_block() const { return rigging_stage == 1 || rigging_stage == 2; }
  // The bone hierarchy: hier_parents when present, else bone_parents (v>=8), else none.
  const std::vector<std::int32_t>* parents() const;
  const SkeletonIkBone* find_ik_bone(std::string_view name) const;
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
  bool operator==(const Skeleton&) const = default;
};

// `model_corner_count` is 3 x the triangle count of the rig's model OBJ (quads count twice). It is required
// to read a v<11 file with weights (that count is not stored there) and checked against a v11 file's own
// count. Throws FormatError on truncation, versions outside 5..11, counts beyond the data, point/bone/parent
// indices out of range. Bytes after the end are kept (trailing_bytes), with a warning.
Skeleton read_skeleton(std::span<const std::byte> data, std::string_view file_name,
                       std::optional<std::size_t> model_corner_count = std::nullopt);
// Throws FormatError when the arrays do not fit the version (a v5 file cannot store a rigging stage >= 6,
// array sizes must match the point/bone counts...).
std::vector<std::byte> write_skeleton(const Skeleton& skeleton, std::string_view file_name = {});

// The engine's bind matrix of a bone (Physics/bulletworld.cpp GetBoneMat): origin at the bone midpoint, Z
// along the bone, X = normalize(cross(up, Z)) with up = +Z, or +X when the bone is within ~18 degrees of Z.
Mat4 bone_bind_matrix(const Vec3& start, const Vec3& end);

// The engine's load-time symmetry check: for each bone, the index of the bone whose points mirror its own
// across X = 0 (squared distance < 1e-4, same point order). Throws FormatError naming the first bone without
// a mirror.
std::vector<std::size_t> skeleton_symmetry(const Skeleton& skeleton, std::string_view file_name);

// `steps` bones up the parent chain from `tip` (GetChainMember). Throws FormatError when the chain is
// shorter.
std::size_t chain_member(const Skeleton& skeleton, std::size_t tip, int steps, std::string_view file_name);

}  // namespace gamefmt::phoenix
