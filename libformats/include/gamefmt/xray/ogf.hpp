#pragma once
// X-Ray `.ogf` models, versions 4 and 3 (the builds before Shadow of Chernobyl's release: other chunk ids, a
// 4-byte header with the bounds in chunks of their own, unversioned IK data, older motion layouts): static
// (single, multi-child, hierarchical) and skinned meshes (1- to 4-link vertices), progressive meshes, bones
// with their boxes and IK data (bind pose, physics shape, joint limits), motion references, embedded motions,
// textures and shaders.
//
// Vertices keep what the file stores (tangent, binormal, the bone and weight slots), the index buffer is kept
// whole with its sliding windows, so that write_ogf gives back the bytes of a model the SDK wrote (chunk
// order: header, description, children, bone names, IK data, user data, LOD reference, motions or motion
// references).
//
// The reader accepts what the engine's loader accepts, and keeps what it does not understand so that an
// unchanged model is written back byte for byte: chunks it does not know, duplicates (the engine reads the
// first) and garbage flagged as compressed (some mods do that to the description chunk) are kept in `layout`,
// in file order, with the bytes after the last whole chunk (`trailing_bytes`). Records the engine reads by
// their count straight from the file (vertices, indices, bone names, motion references...) are read on past a
// chunk size that is too short, with a warning, and the chunk is kept with its size as stored.
//
// The layout is recorded in the one pass that reads the file, without encoding anything to compare: each
// slot holds its chunk's stored bytes (a range of one copy of the file, shared by all the slots and by copies
// of the model) and, for a chunk the model decodes, a fingerprint of the fields that chunk encodes
// (ChunkSlot::fields_fingerprint). write_ogf writes a chunk's stored bytes while the model's fields still
// have that fingerprint, whatever in them a canonical writer would not reproduce; a chunk whose fields were
// edited is written from the model, valid (a child's edit re-encodes the children chunk, each unchanged child
// chunk still as stored). describe_kept_ogf_chunks encodes the chunks to tell which ones the model would not
// reproduce. A model built from scratch (empty layout) gets the SDK's chunk order and nothing else. Version 3
// models are written as version 4, without their layout.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::xray {

// Model types of OGF v4 headers (v3 types are translated to these).
inline constexpr std::uint8_t kOgfNormal = 0;
inline constexpr std::uint8_t kOgfHierarchy = 1;
inline constexpr std::uint8_t kOgfProgressive = 2;
inline constexpr std::uint8_t kOgfSkeletonAnimated = 3;
inline constexpr std::uint8_t kOgfSkinnedProgressive = 4;
inline constexpr std::uint8_t kOgfSkinnedStatic = 5;
inline constexpr std::uint8_t kOgfSkeletonRigid = 10;

// Indices are 16-bit, so a mesh holds at most this many vertices.
inline constexpr std::size_t kOgfMaxMeshVertices = 65536;

struct OgfHeader {
  std::uint8_t format_version = 4;  // 3 or 4
  std::uint8_t type = 0;            // v4 numbering
  std::uint16_t shader_id = 0;
  std::array<float, 3> bbox_min{}, bbox_max{}, sphere_center{};
  float sphere_radius = 0;
};

struct OgfVertex {
  std::array<float, 3> position{}, normal{}, tangent{}, binormal{};  // model space, engine axes
  std::array<float, 2> uv{};
  // Skinned vertices, as stored: one bone per link; the weights of all links but one. With 2 links
  // `weights[0]` is the share of bones[1] (bones[0] takes the rest); with 3 or 4, weights[k] is the share of
  // bones[k] and the last link takes the rest. 1 link: bones[0] takes all. ogf_influences() turns this into a
  // plain list.
  std::array<std::uint16_t, 4> bones{};
  std::array<float, 3> weights{};
  std::uint32_t diffuse = 0, specular = 0;  // static vertices whose format has colours
};

// A skinned vertex's bones and their shares: equal bones merged, zero shares dropped, the rest summing to 1.
struct OgfInfluences {
  std::size_t count = 0;
  std::array<std::uint16_t, 4> bones{};
  std::array<float, 4> weights{};
};
// The engine's reading of a stored vertex with `links` links (1..4). A vertex whose shares are all zero or
// broken gives its first bone everything.
OgfInfluences ogf_influences(const OgfVertex& vertex, int links);
// Stores influences as the SDK does on `links` links: heaviest first; 2 links store the second bone's share
// of the two (one bone: both slots that bone, share 0); unused slots repeat the first bone with share 0. Only
// the `links` heaviest influences are kept, renormalised.
void store_ogf_influences(OgfVertex& vertex, int links, OgfInfluences influences);

// A level of detail: `triangles` triangles from index `offset`, over the first `vertices` vertices.
struct OgfSlidingWindow {
  std::uint32_t offset = 0;
  std::uint16_t triangles = 0, vertices = 0;

  // Whether its triangles lie within an index buffer of `index_count` indices.
  bool fits(std::size_t index_count) const {
    return offset <= index_count && std::size_t(triangles) * 3 <= index_count - offset;
  }
};

struct OgfSlidingWindows {
  std::array<std::uint32_t, 4> reserved{};
  std::vector<OgfSlidingWindow> windows;  // windows[0] is full detail
};

struct OgfMesh {
  OgfHeader header;
  std::string texture, shader;  // cp1251, as stored
  // Static meshes: the D3D flexible vertex format; skinned meshes: the link format (1..4, or Shadow of
  // Chernobyl's 0x12071980 and 0x240E3300 for 1 and 2 links).
  std::uint32_t vertex_format = 0;
  int links = 0;  // 0: static; 1..4: bone links per vertex in the file
  std::vector<OgfVertex> vertices;
  std::vector<float>
      extra_uvs;  // static formats with several UV sets: sets 2.. of each vertex, 2 floats per set
  std::vector<std::uint16_t> indices;                // the whole index buffer (a triangle list)
  std::optional<OgfSlidingWindows> sliding_windows;  // progressive meshes
  std::vector<ChunkSlot> layout;  // a child's chunks as read (empty: the SDK's order); see the file comment

  bool progressive() const { return sliding_windows.has_value(); }
  // The full-detail triangles: the first sliding window of a progressive mesh, else every index.
  std::span<const std::uint16_t> full_detail_indices() const;
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
  // The model's own mesh (static single-mesh models, types 0 and 2), then every child in order, nested
  // children flattened. write_ogf writes the first as the model's own mesh for types 0 and 2, else each as a
  // child.
  std::vector<OgfMesh> meshes;
  std::vector<OgfBone> bones;
  bool has_ik_data = false;
  // Embedded motions. Version 3 motions (chunks 0x0E/0x1A with parameters 0x12/0x14) are read into the
  // version 4 structures: 8-bit or float translation keys, blocks in bone order, parameters of version 3
  // (names and blocks).
  std::optional<MotionKeysChunk> motion_keys;
  std::optional<MotionParamsChunk> motion_params;
  std::vector<std::string> motion_refs;  // OMF paths relative to gamedata/meshes, no extension
  std::uint32_t motion_refs_chunk = 0;   // kOgfMotionRefsCommaList or kOgfMotionRefsList (below)
  std::string user_data;                 // ini text
  std::string lod_ref;
  std::optional<OgfDescription> description;
  std::vector<std::uint32_t> skipped_chunks;  // raw ids of chunks that were not understood (kept in `layout`)
  std::vector<ChunkSlot> layout;              // the top-level chunks as read (empty: the SDK's order)
  std::vector<std::byte> trailing_bytes;      // after the last whole chunk, written back after the chunks
  Warnings
      warnings;  // problems the reader tolerated, as "file: offset: field: problem"; not written to the file
};

inline constexpr std::uint32_t kSkinned1LinkSoC = 0x12071980;
inline constexpr std::uint32_t kSkinned2LinkSoC = 2 * kSkinned1LinkSoC;
// The static vertex format the SDK writes: position, normal, one UV set.
inline constexpr std::uint32_t kOgfStaticFvf = 0x112;

// The two layouts of a model's motion references: Shadow of Chernobyl's one comma-separated list, and the
// list of Clear Sky and Call of Pripyat (the chunk ids of version 4 models; OgfModel::motion_refs_chunk).
inline constexpr std::uint32_t kOgfMotionRefsCommaList = 0x13, kOgfMotionRefsList = 0x18;
// The references of a comma-separated list (empty entries left out), and back.
std::vector<std::string> split_motion_refs(std::string_view comma_list);
std::string join_motion_refs(const std::vector<std::string>& refs);

// Links per vertex of a skinned vertex format, 0 for a format that is not one.
int ogf_skinned_links(std::uint32_t vertex_format);

// Throws FormatError for a malformed header, vertex or index chunk; tolerates unknown and garbage chunks,
// bytes after the last chunk and short chunk sizes, with warnings. Early 1-link vertices without tangent and
// binormal get them computed (ogf_tangents.hpp).
OgfModel read_ogf(std::span<const std::byte> data, std::string_view file_name);
// A version 4 file. Throws FormatError (naming `file_name`) for a model it cannot store: a static model (type
// 0 or 2) without exactly one mesh, vertex formats that do not match their links, more than 65536 vertices in
// a mesh, indices past the vertices, bone slots past the bones.
std::vector<std::byte> write_ogf(const OgfModel& model, std::string_view file_name);
// One line per top-level chunk written back as stored although the model decodes it (its fields would not
// give its bytes), or not decoded at all, for `gamefmt info` (describe_kept_chunks).
std::vector<std::string> describe_kept_ogf_chunks(const OgfModel& model);

}  // namespace gamefmt::xray
