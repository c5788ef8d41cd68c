#pragma once
// The glTF 2.0 bridge: scenes (gamefmt/scene/scene.hpp) to glTF and back.
//
// Writing:
// Scene model -> glTF 2.0 (.glb or .gltf), written with tinygltf.
//
// Reading:
// glTF 2.0 (.glb or .gltf) -> scene model: the way back from an edited file to a game format.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::gltf {

// ---- Writing ----

struct WriteOptions {
  bool binary = true;  // .glb; otherwise .gltf with the buffer embedded as a data URI
  std::string generator = "gamefmt";
};

// How the scene model maps to glTF:
// - scene.roots are the glTF scene's nodes, in order; nodes are written depth-first;
// - a node's meshes become one glTF mesh with a primitive per mesh and face kind (points, lines, triangles);
// the
//   meshes that have bones go to a second glTF mesh with a skin whose joints are the bones' nodes (first
//   named, first listed), placed on the node itself when it is a leaf that nothing moves or names as a joint
//   (its transform is dropped, as glTF ignores it), else on a new root node "<name>_skinned". At most the
//   four largest weights of a vertex are kept, renormalised; a vertex no bone moves follows the skin's first
//   joint;
// - a node with `children_are_instances` whose children qualify (see scene.hpp) becomes one node with
//   EXT_mesh_gpu_instancing (the children's TRS as instance attributes; their names and extras are not
//   written);
// - matrices are written as TRS when a TRS gives them back within 1e-5, or when the node is animated;
// otherwise
//   as a matrix (shear);
// - extras and extensions go to the glTF extras and extensions of the node, mesh, material, animation or
// scene;
//   scene.warnings to the scene extras "gamefmt.warnings"; a material's texture names to its extras
//   "gamefmt_textures";
// - images with data are embedded (in the .glb's buffer, or as a data URI in a .gltf; see also
//   write_gltf_with_image_files); images with a path are
//   referred to only when the path names a PNG or JPEG file that exists relative to the output (glTF allows
//   no other image formats, and a missing file is a validation error).
// Throws FormatError naming `output_name` when the scene cannot be written (see validate_scene) or holds a
// value glTF cannot carry (a non-finite position).
std::vector<std::byte> write_gltf(const scene::Scene& scene, const WriteOptions& options,
                                  std::string_view output_name);

// A scene's glTF document, built once for two uses: what reading it back gives (read_gltf of write_gltf's
// bytes, made without the bytes in between: the compact way back's reference is written from it,
// gamefmt/adapters/compact_way_back.hpp), and its bytes, with the scene's extras as they are by then (the
// way back's patches, made from the read-back scene, added). write(scene) gives the bytes write_gltf gives
// for `scene`, which must be the scene built from but for its extras. Throws FormatError as write_gltf does.
class BuiltGltf {
 public:
  BuiltGltf(const scene::Scene& scene, const WriteOptions& options, std::string_view output_name);
  ~BuiltGltf();
  BuiltGltf(BuiltGltf&&) noexcept;
  BuiltGltf& operator=(BuiltGltf&&) noexcept;

  scene::Scene read_back() const;
  std::vector<std::byte> write(const scene::Scene& scene) &&;

 private:
  struct Built;
  std::unique_ptr<Built> built_;
};

// A file a .gltf refers to, named relative to the .gltf's folder.
struct FileBeside {
  std::string name;
  std::vector<std::byte> bytes;
};
struct GltfWithFiles {
  std::vector<std::byte> document;
  std::vector<FileBeside> images;
};
// As write_gltf with options.binary false, but images with data become files beside the output,
// "<output stem>_<image>.png" (or .jpg), that the document refers to by relative URI, as viewers and DCC
// tools expect of a .gltf.
GltfWithFiles write_gltf_with_image_files(const scene::Scene& scene, const WriteOptions& options,
                                          std::string_view output_name);

// ---- Reading ----

// `file_name` names errors and locates external buffers (.bin) beside a .gltf. Nodes of the default scene
// (or, without one, every node that is no node's child) are read depth-first; node names are made unique with
// ".1",
// ".2" suffixes (game formats name bones by them). Each primitive becomes a scene mesh (strips and fans as
// triangles, line loops and strips as lines); a skinned primitive gets a bone binding for every joint of its
// skin. Images are not decoded: a texture keeps its image's file path; the game's texture names come back
// from the material extras "gamefmt_textures". CUBICSPLINE keys keep their values; an animation with any STEP
// sampler is STEP. Extras come back as JSON (whole reals as integers). Throws FormatError.
scene::Scene read_gltf(std::span<const std::byte> data, std::string_view file_name);

// True for GLB data or text that looks like a glTF JSON document.
bool looks_like_gltf(std::span<const std::byte> head);

}  // namespace gamefmt::gltf
