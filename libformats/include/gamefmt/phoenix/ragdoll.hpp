#pragma once
// Overgrowth `.fzx` ragdoll volumes: Blender objects (label, quaternion w,x,y,z, location, scale; raw Blender
// values, Z up, in the uncentred OBJ space) exported by Wolfire's export_physics.py, and the engine's rules
// that tie each label to a bone (Skeleton::ShapesFromFZX). Little-endian.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::phoenix {

inline constexpr std::array<std::uint8_t, 8> kFzxMagic = {0xD3, 'F', 'Z', 'X', '\r', '\n', 0x20, '\n'};
inline constexpr std::size_t kFzxMaxLabelLength = 255;

struct RagdollObject {
  std::string label;                     // Blender object name, e.g. "capsule thigh l m"
  std::array<float, 4> rotation_wxyz{};  // Blender rotation_quaternion
  Vec3 location{};
  Vec3 scale{};
  bool operator==(const RagdollObject&) const = default;
};

struct Ragdoll {
  std::int32_t version = 1;  // the engine reads version 1 only
  std::vector<RagdollObject> objects;
  // Bytes between the last object and the footer (the engine reads the objects by count), written back there.
  std::vector<std::byte> bytes_before_footer;
  Warnings warnings;  // problems the reader tolerated; not written to the file
  bool operator==(const Ragdoll&) const = default;
};

// Throws FormatError: wrong magic, a version other than 1, a footer whose size is not its own offset (the
// engine's check), labels over 255 bytes, truncation. Bytes between the last object and the footer are kept
// (bytes_before_footer), with a warning.
Ragdoll read_ragdoll(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError for labels over 255 bytes or a version other than 1.
std::vector<std::byte> write_ragdoll(const Ragdoll& ragdoll, std::string_view file_name = {});

enum class RagdollShape { capsule, box, sphere };

struct RagdollLabel {
  RagdollShape shape = RagdollShape::capsule;
  std::string part;       // "thigh", "head", "tail3", ...
  char side = 0;          // 'l', 'r' or 0 for unpaired parts
  bool mirrored = false;  // "m": also placed, mirrored across X, on the symmetric bone
};

// The engine's label rules: split on single spaces, lower-case A-Z, exact tokens. Nothing when the label
// lacks a shape or a body part, or a paired part lacks its side ("capsule.001" matches nothing, as in the
// engine).
std::optional<RagdollLabel> parse_ragdoll_label(std::string_view label);

// The bone a label belongs to, through the skeleton's IK chains (eartip = tip of leftear/rightear, forearm =
// 3 up from the arm tip, tailN = chain_length - N up from the tail tip...). Throws FormatError naming the
// missing IK chain or the too-short chain (the engine would crash).
std::size_t ragdoll_bone(const Skeleton& skeleton, const RagdollLabel& label, std::string_view file_name);

// A volume where the engine puts it (Skeleton::ShapesFromFZX, body scale 1), in the rig's centred space (Y
// up): Blender location (x, y, z) -> (x, z, -y) - model centre, quaternion (w, x, y, z) -> engine (x, z, -y,
// w).
struct RagdollVolume {
  RagdollShape shape = RagdollShape::capsule;
  Vec3 position{};
  std::array<float, 4> rotation_xyzw{0, 0, 0, 1};
  float radius = 0;               // capsule: scale.x; sphere: mean of the three scales
  float mid_height = 0;           // capsule, along local Y: 2 * scale.z between the sphere centres
  Vec3 box_size{};                // box: 2 * (scale.x, scale.z, scale.y)
  Vec3 ellipsoid_scale{1, 1, 1};  // sphere: (scale.x, scale.z, scale.y) / radius
};
// `model_centre` is the rig model OBJ's centre (ObjModel::centre), which the engine subtracts.
RagdollVolume ragdoll_volume(const RagdollObject& object, RagdollShape shape, const Vec3& model_centre);
// The copy the "m" flag places on the symmetric bone: Blender location x and quaternion y, z negated.
RagdollObject ragdoll_mirrored(const RagdollObject& object);
// The inverse of ragdoll_volume for the placement: Blender location and quaternion of a volume at `position`
// with `rotation_xyzw` (engine space); label and scale stay as they are.
void set_ragdoll_placement(RagdollObject& object, const Vec3& position,
                           const std::array<float, 4>& rotation_xyzw, const Vec3& model_centre);
// Stretches a volume along its own axes in the engine's frame (x, y, z of its node: scale x, z, y of the
// object), as when its node was scaled in an editor.
void scale_ragdoll_object(RagdollObject& object, const Vec3& node_scale);

}  // namespace gamefmt::phoenix
