#pragma once
// The meshes of a FUEL PC BigFile (v1.381.67.09, little-endian) as one scene, named after the archive: each
// Mesh_Z not deformed by a skin becomes a root node with one mesh per vertex group (draw call); each Skin_Z
// becomes a root node holding the joints of its Skel_Z and its meshes, weighted to those joints. Skins come
// first, then the other meshes, each in archive order. Objects that do not convert (a body that does not
// parse, a skin whose skeleton or meshes are missing) are left out and listed, with the reason, in the
// scene's warnings (which `gamefmt convert` prints). There is no way back: the archive is not rebuilt from a
// scene.
//
// Materials: each mesh material that names a Material_Z of the archive is textured from its Bitmap_Z objects
// (fuel_materials.hpp); a missing or broken bitmap is a warning.
// Axes, winding, UVs and matrices: asobo_space.hpp. Node names come from `names` (a .NPC list) when given,
// else the 8-digit hash, made unique with "#2", "#3"... Node extras: "asobo.skeleton" (the Skel_Z's name) on
// a skin.
#include <string_view>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/names.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::asobo {

// Throws FormatError when the archive's version or byte order has no known class layouts, or when none of
// its Mesh_Z objects converts.
scene::Scene bigfile_meshes_to_scene(const BigFile& archive, const NameList* names,
                                     std::string_view file_name);

}  // namespace gamefmt::asobo
