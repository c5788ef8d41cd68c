#pragma once
// X-Ray `.ogf` models, version 4: static (single, multi-child, hierarchical) and skinned meshes (1- to 4-link
// vertices), progressive meshes at full detail, bones with their boxes and IK data (bind pose, physics shape, joint
// limits), motion references, embedded motions, textures and shaders. This is a decoding reader: it keeps what a
// conversion needs, not the bytes of every chunk. Chunks it does not know, and garbage flagged as compressed (some
// mods do that to the description chunk), are skipped and listed in `skipped_chunks`.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/motions.hpp"

namespace gamefmt::xray {

// Model types of OGF v4 headers.
inline constexpr std::uint8_t kOgfNormal = 0;
inline constexpr std::uint8_t kOgfHierarchy = 1;
inline constexpr std::uint8_t kOgfProgressive = 2;
inline constexpr std::uint8_t kOgfSkeletonAnimated = 3;
inline constexpr std::uint8_t kOgfSkinnedProgressive = 4;
inline constexpr std::uint8_t kOgfSkinnedStatic = 5;
inline constexpr std::uint8_t kOgfSkeletonRigid = 10;

struct OgfHeader {
  std::uint8_t format_version = 4;  // 3: pre-release layout, read with its chunks renumbered; `type` is then
                                    // given in the v4 numbering
  std::uint8_t type = 0;
  std::uint16_t shader_id = 0;
  std::array<float, 3> bbox_min{}, bbox_max{}, sphere_center{};
  float sphere_radius = 0;
};

struct OgfVertex {
  std::array<float, 3> position{}, normal{};  // model space, engine axes
  std::array<float, 2> uv{};
  // Skinned meshes: up to 4 influences, weights summing to 1, equal bones merged, zero weights dropped.
  std::uint8_t influence_count = 0;
  std::array<std::uint16_t, 4> bones{};
  std::array<float, 4> weights{};
};

struct OgfMesh {
  OgfHeader header;
  std::string texture, shader;  // cp1251, as stored
  std::uint32_t vertex_format = 0;
  int links = 0;  // 0: static; 1..4: bone influences per vertex in the file
  std::vector<OgfVertex> vertices;
  std::vector<std::uint16_t> indices;  // triangle list; the first sliding window when the mesh is progressive
  bool progressive = false;
};

struct OgfBox {  // an oriented box in bone space
  std::array<float, 9> rotate{};  // rows are the box axes
  std::array<float, 3> translate{}, half_size{};
};

struct OgfShape {
  std::uint16_t type = 0;  // 0 none, 1 box, 2 sphere, 3 cylinder
  std::uint16_t flags = 0;
  OgfBox box;
  std::array<float, 4> sphere{};     // center, radius
  std::array<float, 8> cylinder{};   // center, direction, height, radius
};

struct OgfJointLimit {
  std::array<float, 2> range{};
  float spring = 0, damping = 0;
};

struct OgfBone {
  std::string name, parent_name;  // cp1251; the root's parent is empty
  OgfBox box;
  // IK data (chunk 16), when present.
  std::uint32_t ik_version = 0;
  std::string game_material;
  OgfShape shape;
  std::uint32_t joint_type = 0;
  std::array<OgfJointLimit, 3> limits{};
  float spring = 0, damping = 0;
  std::uint32_t ik_flags = 0;
  float break_force = 0, break_torque = 0, friction = 0;
  std::array<float, 3> bind_rotation{};     // Euler angles (engine setXYZi order)
  std::array<float, 3> bind_translation{};  // relative to the parent
  float mass = 0;
  std::array<float, 3> center_of_mass{};
};

struct OgfDescription {
  std::string source_file, build_name, create_name, modify_name;
  std::uint32_t build_time = 0, create_time = 0, modify_time = 0;
};

struct OgfModel {
  OgfHeader header;
  std::vector<OgfMesh> meshes;  // the model itself when it has geometry, then every child in order
  std::vector<OgfBone> bones;
  bool has_ik_data = false;
  std::optional<MotionKeysChunk> motion_keys;
  std::optional<MotionParamsChunk> motion_params;
  std::vector<std::string> motion_refs;  // OMF paths relative to gamedata/meshes, no extension
  std::uint32_t motion_refs_chunk = 0;   // 0x13 (Shadow of Chernobyl, comma-separated) or 0x18 (Clear Sky, list)
  std::string user_data;                 // ini text
  std::string lod_ref;
  std::optional<OgfDescription> description;
  std::vector<std::uint32_t> skipped_chunks;  // raw ids of chunks that were not understood or could not be read
};

inline constexpr std::uint32_t kSkinned1LinkSoC = 0x12071980;

// Throws FormatError for a malformed header, vertex or index chunk; tolerates unknown and garbage chunks.
OgfModel read_ogf(std::span<const std::byte> data, std::string_view file_name);

}  // namespace gamefmt::xray
