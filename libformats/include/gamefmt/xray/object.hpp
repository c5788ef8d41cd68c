#pragma once
// X-Ray SDK editable object (`.object`, CEditableObject version 0x10): chunk 0x7777 (LZHUF-compressed in old
// files) holding surfaces (materials), edit meshes (points, faces with per-corner vmap references, vmaps for
// UVs and bone weights, smoothing groups, surface face lists), bones, embedded SDK motions, bone parts and
// object data. Geometry is in X-Ray axes (left-handed, Y up). Every chunk's order, legacy chunks and bytes
// the model does not cover are kept, so files rewrite byte for byte. The meshes chunk and each mesh's chunks
// are taken as stored in one pass (ChunkSlot::fields_fingerprint: a range of one copy of the body, written
// back while the fields the chunk encodes keep their fingerprint, else from the model); the other chunks of
// the body are encoded when read and kept as stored where the model does not give their bytes.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

inline constexpr std::uint32_t kObjectChunkBody = 0x7777;
inline constexpr std::uint32_t kObjectChunkVersion = 0x0900;
inline constexpr std::uint32_t kObjectChunkFlags = 0x0903;
inline constexpr std::uint32_t kObjectChunkSurfaces0 = 0x0905;
inline constexpr std::uint32_t kObjectChunkSurfaces1 = 0x0906;
inline constexpr std::uint32_t kObjectChunkSurfaces2 = 0x0907;
inline constexpr std::uint32_t kObjectChunkMeshes = 0x0910;
inline constexpr std::uint32_t kObjectChunkUserData = 0x0912;
inline constexpr std::uint32_t kObjectChunkMotions = 0x0916;
inline constexpr std::uint32_t kObjectChunkTransform = 0x0920;
inline constexpr std::uint32_t kObjectChunkBones = 0x0921;
inline constexpr std::uint32_t kObjectChunkRevision = 0x0922;
inline constexpr std::uint32_t kObjectChunkBoneParts = 0x0923;
inline constexpr std::uint32_t kObjectChunkMotionRefsSoC = 0x0924;
inline constexpr std::uint32_t kObjectChunkLodRef = 0x0925;
inline constexpr std::uint32_t kObjectChunkMotionRefs = 0x0926;

inline constexpr std::uint32_t kMeshChunkVersion = 0x1000;
inline constexpr std::uint32_t kMeshChunkName = 0x1001;
inline constexpr std::uint32_t kMeshChunkFlags = 0x1002;
inline constexpr std::uint32_t kMeshChunkBBox = 0x1004;
inline constexpr std::uint32_t kMeshChunkPoints = 0x1005;
inline constexpr std::uint32_t kMeshChunkFaces = 0x1006;
inline constexpr std::uint32_t kMeshChunkVMaps0 = 0x1007;
inline constexpr std::uint32_t kMeshChunkVMapRefs = 0x1008;
inline constexpr std::uint32_t kMeshChunkSurfaceFaces = 0x1009;
inline constexpr std::uint32_t kMeshChunkOptions = 0x1010;
inline constexpr std::uint32_t kMeshChunkVMaps1 = 0x1011;
inline constexpr std::uint32_t kMeshChunkVMaps2 = 0x1012;
inline constexpr std::uint32_t kMeshChunkSmoothing = 0x1013;
inline constexpr std::uint32_t kMeshChunkNormals = 0x1014;

// Object flags.
inline constexpr std::uint32_t kObjectDynamic = 0x01;
inline constexpr std::uint32_t kObjectProgressive = 0x02;
inline constexpr std::uint32_t kObjectUsingLod = 0x04;
inline constexpr std::uint32_t kObjectHom = 0x08;
inline constexpr std::uint32_t kObjectMultipleUsage = 0x10;
inline constexpr std::uint32_t kObjectSoundOccluder = 0x20;
inline constexpr std::uint32_t kObjectHqExport = 0x40;
// Mesh flags.
inline constexpr std::uint8_t kMeshVisible = 0x01;
inline constexpr std::uint8_t kMeshLocked = 0x02;
inline constexpr std::uint8_t kMeshSmoothingMask = 0x04;  // smoothing groups are 3ds Max bit masks

struct ObjectSurface {
  std::string name, engine_shader, compiler_shader, game_material, texture, vmap;  // cp1251
  std::uint32_t flags = 0;  // bit 0: two-sided (surfaces v0 store it as a u8)
  std::uint32_t fvf = 0x112;
  std::uint32_t uv_count = 1;
  friend bool operator==(const ObjectSurface&, const ObjectSurface&) = default;
};

enum class VMapType : std::uint8_t { uv = 0, weight = 1 };

struct VMap {
  std::string name;  // UV map name, or the weight_map of the bone it skins
  std::uint8_t dimension = 2;
  std::uint8_t polymap = 0;           // non-zero: one entry per face corner ("discontinuous")
  std::uint8_t type = 0;              // VMapType
  std::vector<float> data;            // entries × dimension
  std::vector<std::uint32_t> points;  // point of each entry (VMAPS_2 only)
  std::vector<std::uint32_t> faces;   // face of each entry (polymap only)
  std::size_t size() const { return dimension == 0 ? 0 : data.size() / dimension; }
  bool is_uv() const { return (type & 3) == 0; }
  bool is_weight() const { return (type & 3) == 1; }
};

struct VMapRef {
  std::uint32_t vmap = 0, index = 0;
};

struct ObjectFace {
  std::array<std::uint32_t, 3> points{};  // point index per corner
  std::array<std::uint32_t, 3> refs{};    // VMREF list per corner
};

struct SurfaceFaces {
  std::string surface;
  std::vector<std::uint32_t> faces;
};

struct ObjectMesh {
  std::optional<std::uint16_t> version = 0x11;
  std::string name;
  std::uint8_t flags = kMeshVisible;
  std::optional<std::array<float, 6>> bbox;  // min xyz, max xyz (object space)
  std::vector<std::array<float, 3>> points;
  std::vector<std::byte> point_adjacency;  // legacy VERTS tail (per-point face lists), kept raw
  std::vector<ObjectFace> faces;
  std::optional<std::vector<std::uint32_t>> smoothing;  // one value per face (SG chunk)
  std::vector<std::vector<VMapRef>> vmap_refs;
  std::vector<SurfaceFaces> surface_faces;
  std::uint32_t vmaps_chunk = kMeshChunkVMaps2;  // which layout the vmaps use (0x1007, 0x1011 or 0x1012)
  std::vector<VMap> vmaps;
  std::optional<std::array<std::int32_t, 2>> options;        // BOP chunk (two reserved words)
  std::optional<std::vector<std::array<float, 3>>> normals;  // per face corner (0x1014), X-Ray axes
  std::vector<ChunkSlot> layout;
};

struct ObjectRevision {
  std::string owner;
  std::uint32_t create_time = 0;
  std::string modifier;
  std::uint32_t modify_time = 0;
};

struct ObjectFile {
  bool compressed = false;  // the body chunk is LZHUF-compressed (old files)
  std::optional<std::uint16_t> version = 0x10;
  std::optional<std::uint32_t> flags = 0;
  std::uint8_t flags_size = 4;  // blender-xray's "old object format" stores one byte
  std::uint32_t surfaces_chunk = kObjectChunkSurfaces2;
  std::vector<ObjectSurface> surfaces;
  std::optional<std::vector<ObjectMesh>> meshes;
  std::optional<std::vector<SdkBone>> bones;
  std::optional<std::vector<SdkMotion>> motions;
  std::optional<std::vector<SdkBonePart>> bone_parts;
  std::optional<std::string> user_data, lod_ref;
  std::optional<std::vector<std::string>> motion_refs;  // CS/CoP list (0x0926)
  std::optional<std::string> motion_refs_soc;           // SoC comma-separated list (0x0924)
  std::optional<std::array<float, 6>> transform;  // position xyz, rotation xyz (object setHPB convention)
  std::optional<ObjectRevision> revision;
  std::vector<ChunkSlot> layout;
  // The body as read: a compressed file whose body is unchanged is written with its original compressed bytes
  // (the LZHUF encoder's output may differ from the tool that made the file).
  std::vector<std::byte> stored_body, stored_compressed_body;
  std::vector<std::byte> trailing_bytes;  // after the body chunk, written back after it
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

ObjectFile read_object(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_object(const ObjectFile& object, std::string_view file_name = {});

// The surface (index into ObjectFile::surfaces) of every face of a mesh, -1 where no SFACE list names the
// face.
std::vector<int> face_surfaces(const ObjectFile& object, const ObjectMesh& mesh);

}  // namespace gamefmt::xray
