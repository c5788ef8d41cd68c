#pragma once
// gamefmt's scene model: what every game format is converted to and from, what the glTF bridge writes and
// reads, and what the Assimp boundary turns into an aiScene. Plain value types owned by value; parts refer to
// each other by index into the Scene's arrays.
//
// Conventions (the same for every family, converted once in each family's adapter):
// - right-handed, +Y up, metres where the format knows its unit;
// - texture coordinates with the origin at the top-left of the image (glTF's; V grows downwards);
// - node transforms relative to the parent node; a mesh is drawn in the space of every node that lists it;
// - animation times in seconds.
#include <cstddef>
#include <cstdint>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace gamefmt::scene {

using NodeIndex = std::size_t;
using MeshIndex = std::size_t;
using MaterialIndex = std::size_t;
using ImageIndex = std::size_t;

// Values a format keeps that glTF has no slot for: a JSON object whose keys are "<family>.<name>" (documented
// by the family's handler), or null. Written as glTF "extras" and read back from them; numbers keep their
// JSON type.
using Extras = nlohmann::json;

// Translation, then rotation, then scale applied to a point (glTF's TRS).
struct Trs {
  glm::vec3 translation{0.0f};
  glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // (w, x, y, z)
  glm::vec3 scale{1.0f};
};

struct Node {
  std::string name;  // need not be unique: parts refer to nodes by index
  // A matrix is kept as given (it may hold a shear) and decomposed to TRS only where a TRS is needed.
  std::variant<glm::mat4, Trs> transform = glm::mat4(1.0f);
  std::vector<NodeIndex> children;
  std::vector<MeshIndex> meshes;
  Extras extras;
  nlohmann::json gltf_extensions;  // a JSON object of glTF node extensions (OMI_physics_body...), or null
  // The children are placements of one mesh (they have no children, skins or animations of their own, and all
  // list the same meshes): glTF writes them as EXT_mesh_gpu_instancing on this node.
  bool children_are_instances = false;
};

struct VertexWeight {
  std::uint32_t vertex = 0;
  float weight = 0.0f;
};

// One joint's influence on one mesh: which node deforms it, the inverse of that node's global transform at
// bind time (mesh space -> joint space), and the vertices it moves. A vertex may be moved by any number of
// joints.
struct BoneBinding {
  NodeIndex node = 0;
  glm::mat4 inverse_bind{1.0f};
  std::vector<VertexWeight> weights;
};

struct MorphTarget {
  std::string name;
  float default_weight = 0.0f;
  std::vector<glm::vec3> position_deltas;  // one per vertex, added to the mesh's positions at weight 1
};

enum class PrimitiveMode { points, lines, triangles };

// One material's geometry: vertex streams of equal length and the faces that use them.
struct Mesh {
  std::string name;
  std::optional<MaterialIndex> material;
  std::vector<glm::vec3> positions;
  std::vector<glm::vec3> normals;                 // empty, or one per vertex
  std::vector<glm::vec4> tangents;                // empty, or one per vertex: xyz and handedness w (glTF)
  std::vector<std::vector<glm::vec2>> texcoords;  // UV sets, each one per vertex
  std::vector<std::vector<glm::vec4>> colors;     // colour sets (RGBA), each one per vertex
  std::vector<std::uint32_t> triangles;           // 3 indices each, counter-clockwise seen from the front
  std::vector<std::uint32_t> lines;               // 2 indices each
  std::vector<std::uint32_t> points;              // 1 index each
  std::vector<BoneBinding> bones;
  std::vector<MorphTarget> morph_targets;
  Extras extras;

  std::size_t vertex_count() const { return positions.size(); }
};

// An image for a texture: either the encoded file (PNG or JPEG bytes, embedded on write) or a path that the
// writer refers to when it exists relative to the output.
struct Image {
  std::string name;
  std::string mime_type;  // "image/png", "image/jpeg"; empty with a path
  std::vector<std::byte> data;
  std::string path;
};

// Where a texture lies in its UV set (glTF KHR_texture_transform): uv' = offset + rotate(rotation) * (scale *
// uv).
struct TextureTransform {
  glm::vec2 offset{0.0f};
  float rotation = 0.0f;  // radians, counter-clockwise in UV space
  glm::vec2 scale{1.0f};
};

struct TextureReference {
  ImageIndex image = 0;
  std::uint32_t texcoord = 0;  // which UV set
  std::optional<TextureTransform> transform;
};

enum class AlphaMode { opaque, mask, blend };

struct Material {
  std::string name;
  glm::vec4 base_color{1.0f};  // RGBA factor
  float metallic = 0.0f;
  float roughness = 1.0f;
  AlphaMode alpha_mode = AlphaMode::opaque;
  float alpha_cutoff = 0.5f;
  bool double_sided = false;
  bool unlit = false;  // drawn without lighting (glTF KHR_materials_unlit)
  glm::vec3 emissive{0.0f};
  std::optional<TextureReference> base_color_texture;
  std::optional<TextureReference> metallic_roughness_texture;  // glTF's channels: G roughness, B metallic
  std::optional<TextureReference> normal_texture;  // tangent space, glTF's conventions (+Y up in V)
  float normal_scale = 1.0f;
  std::optional<TextureReference> occlusion_texture;  // R channel
  float occlusion_strength = 1.0f;
  std::optional<TextureReference> emissive_texture;
  // The game's own names of the textures, by slot ("base_color", "normal", ...): written back by exporters,
  // and kept in the glTF material extras "gamefmt_textures" whether or not an image was found.
  std::map<std::string, std::string> texture_names;
  Extras extras;
};

template <class Value>
struct Key {
  double time = 0.0;  // seconds
  Value value{};
};

// A node's keyed transform. Each list is sorted by time; an empty list leaves that part of the node's
// transform as it is.
struct NodeAnimation {
  NodeIndex node = 0;
  std::vector<Key<glm::vec3>> translation;
  std::vector<Key<glm::quat>> rotation;
  std::vector<Key<glm::vec3>> scale;
};

// Morph target weights of the mesh(es) of a node, one value per target at each key.
struct MorphWeightAnimation {
  NodeIndex node = 0;
  std::vector<Key<std::vector<float>>> keys;
};

enum class Interpolation { linear, step };

struct Animation {
  std::string name;
  Interpolation interpolation = Interpolation::linear;
  double duration = 0.0;  // seconds; at least the last key's time
  std::vector<NodeAnimation> channels;
  std::vector<MorphWeightAnimation> morph_channels;
  Extras extras;
};

struct Scene {
  std::string name;
  std::vector<Node> nodes;
  std::vector<NodeIndex> roots;
  std::vector<Mesh> meshes;
  std::vector<Material> materials;
  std::vector<Image> images;
  std::vector<Animation> animations;
  Extras extras;
  nlohmann::json gltf_extensions;  // a JSON object of glTF document extensions, or null
  // Problems an importer met and worked around; shown to the user and kept in the glTF scene extras
  // ("gamefmt.warnings").
  std::vector<std::string> warnings;

  // Appends a node (as a root when there is no parent) and returns its index.
  NodeIndex add_node(std::string name, std::optional<NodeIndex> parent = std::nullopt);
  MeshIndex add_mesh(Mesh mesh);
  MaterialIndex add_material(Material material);
};

}  // namespace gamefmt::scene
