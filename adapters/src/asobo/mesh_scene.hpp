#pragma once
// The meshes of a FUEL PC BigFile (v1.381.67.09, little-endian) as one aiScene: each Mesh_Z not deformed by a
// skin becomes a node with one mesh per vertex group (draw call); each Skin_Z becomes a node holding the
// joints of its Skel_Z and its meshes, weighted to those joints. Objects that do not convert (a body that
// does not parse, a skin whose skeleton or meshes are missing) are left out and listed, with the reason, in
// the scene's warnings (kWarningsKey, which `gamefmt convert` prints).
//
// Axes: Zouna's (x, y, z) are kept as glTF's (x, y, z), which is what the community importers show; the
// triangle winding is reversed (Zouna draws clockwise front faces, as D3D does). UVs are kept as stored.
// Names come from `names` (a .NPC list) when given, else the 8-digit hash.
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/names.hpp"

namespace gamefmt::assimp {

// Throws FormatError when the archive's version or byte order has no known class layouts, or when none of
// its Mesh_Z objects converts.
std::unique_ptr<aiScene> bigfile_meshes_to_scene(const asobo::BigFile& archive, const asobo::NameList* names,
                                                 std::string_view file_name);

}  // namespace gamefmt::assimp
