#pragma once
// Shinobi engine `MDL1` model (.model): Legend of Grimrock's version 2 and Druidstone's version 4,
// little-endian. The structs mirror the file field by field, so write_model(read_model(bytes)) == bytes for
// every valid file.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::shinobi {

using Vec3 = std::array<float, 3>;

// An affine transform as the engine stores it: three basis vectors, then the translation. In column-vector
// math these are the columns of the matrix: p' = x*p.x + y*p.y + z*p.z + position.
struct Mat4x3 {
  Vec3 x{1, 0, 0}, y{0, 1, 0}, z{0, 0, 1}, position{0, 0, 0};
  bool operator==(const Mat4x3&) const = default;
};

enum class VertexDataType : std::int32_t { byte = 0, int16 = 1, int32 = 2, float32 = 3 };
inline constexpr std::size_t kVertexArrayCount = 15;
// The 15 vertex array slots of every mesh.
enum VertexSlot : std::size_t {
  kPosition = 0,
  kNormal = 1,
  kTangent = 2,
  kBitangent = 3,
  kColor = 4,
  kTexCoord0 = 5,  // texture coordinate sets 0..7 are slots 5..12
  kBoneIndex = 13,
  kBoneWeight = 14,
};
inline constexpr std::size_t kTexCoordSets = 8;

// Bytes of one component of a data type (0 for an unknown type).
std::size_t vertex_component_size(std::int32_t data_type);

struct VertexArray {
  std::int32_t data_type = 0;   // VertexDataType, kept as stored
  std::int32_t dim = 0;         // components per vertex
  std::int32_t stride = 0;      // bytes per vertex; 0 = the array is absent
  std::vector<std::byte> data;  // vertex_count * stride bytes
  bool present() const { return stride != 0; }
  bool operator==(const VertexArray&) const = default;
};

struct MeshSegment {
  std::string material;
  std::int32_t primitive_type = 2;  // 2 = triangle list (the only kind the game's files use)
  std::int32_t first_index = 0;
  std::int32_t triangle_count = 0;
  bool operator==(const MeshSegment&) const = default;
};

struct MeshBounds {
  Vec3 center{};
  float radius = 0;
  Vec3 min{}, max{};
  bool operator==(const MeshBounds&) const = default;
};

struct MeshData {
  // Grimrock's mesh data starts with "MESH" and a version (2). The Druidstone layout shows no such header; a
  // version-4 file that has one keeps it. Absent = no header.
  std::optional<std::int32_t> header_version;
  std::int32_t vertex_count = 0;
  std::array<VertexArray, kVertexArrayCount> arrays;
  std::vector<std::int32_t> indices;
  std::vector<MeshSegment> segments;
  MeshBounds bounds;
  bool operator==(const MeshData&) const = default;
};

struct Bone {
  std::int32_t node_index = 0;
  Mat4x3 model_to_bone;  // inverse rest pose: mesh node space -> bone space
  bool operator==(const Bone&) const = default;
};

struct MeshEntity {
  MeshData mesh;
  std::vector<Bone> bones;
  Vec3 emissive_color{0, 0, 0};  // version 2 only ("deprecated" in Grimrock)
  std::uint8_t cast_shadow = 1;  // version 2: castShadow; version 4: the "_unused" byte
  bool operator==(const MeshEntity&) const = default;
};

struct LightEntity {            // version 2 only
  std::int32_t light_type = 2;  // 0 ambient, 1 directional, 2 point, 3 spot
  Vec3 color{1, 1, 1};
  float range = 0;
  float spot_angle = 0;
  float spot_sharpness = 0;
  std::uint8_t cast_shadow = 0;
  bool operator==(const LightEntity&) const = default;
};

inline constexpr std::int32_t kNoParent = -1;
inline constexpr std::int32_t kEntityNone = -1;
inline constexpr std::int32_t kEntityMesh = 0;
inline constexpr std::int32_t kEntityLight = 1;

struct ModelNode {
  std::string name;
  // Version 2: the local-to-parent matrix. Version 4: rotX, rotY, rotZ and position, with `scale` applied to
  // the basis vectors (local = [rotX*sx | rotY*sy | rotZ*sz | position]).
  Mat4x3 transform;
  Vec3 scale{1, 1, 1};  // version 4 only
  std::int32_t parent = kNoParent;
  std::int32_t entity_type = kEntityNone;
  std::optional<MeshEntity> mesh;    // when entity_type == kEntityMesh
  std::optional<LightEntity> light;  // when entity_type == kEntityLight
  bool operator==(const ModelNode&) const = default;
};

struct Model {
  std::int32_t version = 2;  // 2 (Grimrock) or 4 (Druidstone)
  std::vector<ModelNode> nodes;
  std::vector<std::byte> trailing;  // bytes after the last node, kept for a byte-identical rewrite
  Warnings warnings;                // problems the reader tolerated; not written to the file
  bool operator==(const Model&) const = default;
};

// Throws FormatError (file, offset, field path) on a wrong magic or version, truncated data, counts larger
// than the bytes left, an unknown vertex data type or entity type, or a stride too small for its dim.
Model read_model(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when the model cannot be written in its version (entity fields that do not match the
// entity type, a light in version 4, array data of the wrong size...).
std::vector<std::byte> write_model(const Model& model, std::string_view file_name = {});

// The node's local-to-parent matrix in the engine's space (version 4 scale applied).
Mat4x3 local_matrix(const ModelNode& node, std::int32_t version);
// The axis-aligned box over the positions, the sphere around its centre, as the engine's updateBounds
// computes.
MeshBounds compute_bounds(const MeshData& mesh);
// Component `c` of vertex `v` of an array as a float (integers converted by value). Caller checks ranges.
float vertex_component(const VertexArray& array, std::size_t v, std::size_t c);
// True when the array has `c` < dim and the component lies inside the stride.
bool has_component(const VertexArray& array, std::size_t c);

}  // namespace gamefmt::shinobi
