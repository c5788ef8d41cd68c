#pragma once
// The Assimp boundary: gamefmt's scene model <-> aiScene. Used where gamefmt meets Assimp (its importers and
// exporters registered with Assimp, and formats Assimp reads or writes for gamefmt); nowhere else.
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::assimp {

enum class MetadataLayout {
  nested,  // extras as nested aiMetadata (objects; arrays keyed "0", "1", ...)
  flat,    // one entry per leaf keyed "<key>/<JSON pointer>": Assimp 5.2's Exporter aborts on nested metadata
};

// The scene under one root node named after the scene (suffixed ".1"... when a node has that name), its nodes
// named uniquely as Assimp needs (the same suffixes). UVs get Assimp's bottom-left origin; animation times
// are milliseconds (mTicksPerSecond 1000); a STEP animation is marked in scene metadata
// "gltf.animation.<name>.interpolation"; extras become metadata; a mesh without material gets Assimp's
// default material; scene.warnings go to scene metadata "gamefmt.warnings". Images with data become embedded
// aiTextures (PNG/JPEG bytes) that materials name "*<index>" (diffuse, base colour, normals); a material's
// texture_names go to its property "$gamefmt.texture_names" (JSON), and its diffuse path is the game's name
// when there is no embedded image.
std::unique_ptr<aiScene> to_ai_scene(const scene::Scene& scene,
                                     MetadataLayout layout = MetadataLayout::nested);

// The aiScene as a scene. Assimp's root node is left out when it is only a container (identity transform, no
// meshes, metadata, skin or animation), and then its name is the scene's. Metadata becomes extras (flattened
// values put back together); "gltf.extensions" (a JSON object as a string or nested metadata),
// "gltf.instancing" and "gltf.animation.<name>.interpolation" become the scene model's fields,
// "gamefmt.warnings" its warnings. A material's "*<index>" diffuse or normals texture that is PNG/JPEG bytes
// or texels becomes an embedded image; another texture path becomes texture_names["base_color"], and
// "$gamefmt.texture_names" gives the names back. Bones and channels find their node by name (the first in
// tree order). Ticks per second of 0 mean 25 (Assimp's convention). Throws FormatError naming `file` when a
// bone or channel names no node.
scene::Scene from_ai_scene(const aiScene& scene, std::string_view file);

}  // namespace gamefmt::assimp
