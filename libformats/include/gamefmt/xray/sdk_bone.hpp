#pragma once
// An X-Ray SDK bone (CBone) as the `.object` BONES2 chunk and the `.bones` file store it: a list of small
// chunks (version, definition, bind pose, game material, collision shape, IK joint and physics). `.bones`
// files carry only the name in the definition and no bind pose. Chunk order and duplicates are kept (the SDK
// writes the definition twice, the second time with the name only).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kBoneChunkVersion = 0x0001;
inline constexpr std::uint32_t kBoneChunkDef = 0x0002;
inline constexpr std::uint32_t kBoneChunkBindPose = 0x0003;
inline constexpr std::uint32_t kBoneChunkMaterial = 0x0004;
inline constexpr std::uint32_t kBoneChunkShape = 0x0005;
inline constexpr std::uint32_t kBoneChunkIkJoint = 0x0006;
inline constexpr std::uint32_t kBoneChunkMass = 0x0007;
inline constexpr std::uint32_t kBoneChunkIkFlags = 0x0008;
inline constexpr std::uint32_t kBoneChunkBreak = 0x0009;
inline constexpr std::uint32_t kBoneChunkFriction = 0x0010;
// Layout marker (never a file id): where the SDK's name-only DEF copy goes.
inline constexpr std::uint32_t kBoneSecondDefinitionSlot = 0x7FFF0002;

// The editor's joint limits: (min, max) in radians per axis, as the SDK stores them (OGF export negates and
// swaps).
struct SdkJoint {
  std::uint32_t type = 0;  // 0 rigid, 1 cloth, 2 joint, 3 wheel, 4 none, 5 slider
  std::array<OgfJointLimit, 3> limits{};
  float spring = 1.0f, damping = 1.0f;
};

template <class IO, RecordOf<SdkJoint> T>
void fields(IO& io, T& joint) {
  io(joint.type, "type");
  io(joint.limits, "limits");
  io(joint.spring, "spring");
  io(joint.damping, "damping");
}

struct SdkBone {
  std::optional<std::uint16_t> version;  // 2 (1: rotation x/y swapped, see bind_rotation())
  std::string name;
  bool definition_has_parent = true;  // false in `.bones` files: the DEF chunk is the name alone
  std::string parent, weight_map;     // weight_map: the weight vmap skinning this bone (normally the name)
  bool second_definition = false;     // the SDK's name-only DEF copy after the bind pose
  std::optional<std::array<float, 7>> bind_pose;  // offset xyz, rotation xyz (setXYZi order), length
  std::optional<std::string> game_material;
  std::optional<OgfShape> shape;
  std::optional<SdkJoint> joint;
  std::optional<std::uint32_t> ik_flags;             // bit 0: breakable
  std::optional<std::array<float, 2>> break_limits;  // force, torque
  std::optional<float> friction;
  std::optional<std::array<float, 4>> mass;  // mass, center of mass xyz (bone space)
  std::vector<ChunkSlot> layout;

  // The bind rotation in setXYZi order (version 1 files store x and y swapped).
  std::array<float, 3> bind_rotation() const;
};

SdkBone read_sdk_bone(const Chunk& chunk, std::string_view file);
std::vector<std::byte> write_sdk_bone(const SdkBone& bone, std::string_view file_name = {});

// An indexed container: children 0..n-1, one bone each (the SDK stops at the first missing index).
std::vector<SdkBone> read_sdk_bone_list(const std::vector<Chunk>& children, std::string_view file,
                                        const char* field);
void write_sdk_bone_list(ByteWriter& out, const std::vector<SdkBone>& bones);

// Bone parts: `u32 n; n × { sz name; u32 k; k × sz bone_name }` (BONEPARTS2, also the `.bones` 0x0923 chunk).
struct SdkBonePart {
  std::string name;
  std::vector<std::string> bones;
};
std::vector<SdkBonePart> read_sdk_bone_parts(ByteReader& reader);
void write_sdk_bone_parts(ByteWriter& out, const std::vector<SdkBonePart>& parts);

}  // namespace gamefmt::xray
