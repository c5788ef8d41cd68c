#pragma once
// aiScene -> glTF 2.0, written with tinygltf (Assimp's own glTF exporter mishandles skins and animations).
#include <assimp/scene.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::gltf {

struct WriteOptions {
  bool binary = true;  // .glb; otherwise .gltf with the buffer embedded as a data URI
  std::string generator = "gamefmt";
};

// Scene conventions the writer understands (all optional):
// - node metadata becomes node "extras" (nested aiMetadata becomes objects); scene metadata becomes scene extras;
// - a node metadata string "gltf.extensions" holding a JSON object is merged into the node's "extensions"
//   (each key is added to extensionsUsed), and a scene metadata string "gltf.extensions" holding a JSON
//   object into the document's "extensions" — the carrier for physics volumes (OMI_physics_*). Assimp strings
//   hold at most 1023 characters: for longer objects store the object as nested aiMetadata under the same key
//   (objects as aiMetadata, arrays as aiMetadata with keys "0", "1", ...);
// - scene metadata "gltf.animation.<name>.interpolation" = "STEP" makes that animation's samplers STEP;
// - node metadata "gltf.instancing" = true on a node without meshes whose children all hold the same
//   non-skinned meshes and have no children, skins or animations writes that node with the mesh and
//   EXT_mesh_gpu_instancing (TRANSLATION, ROTATION, SCALE accessors from the children's transforms, which must
//   be TRS); the children are not written as nodes (their names and extras are dropped). The aiScene stays an
//   ordinary node-per-instance scene for every other exporter. When the children do not qualify, the node is
//   written as usual;
// - a material's texture name is kept in material extras "gamefmt_textures": {"base_color": name}; a glTF image
//   refers to it only when it is a PNG or JPEG file that exists relative to the output file (glTF allows no
//   other image formats, and a missing file is a validation error).
// Throws FormatError (naming `output_name`) when the scene cannot be expressed (a bone that names no node...).
std::vector<std::byte> write_gltf(const aiScene& scene, const WriteOptions& options, std::string_view output_name);

}  // namespace gamefmt::gltf
