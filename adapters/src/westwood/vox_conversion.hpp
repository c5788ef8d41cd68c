#pragma once
// Westwood `.vxl` <-> MagicaVoxel `.vox`, voxel for voxel (no scene in between), so voxel artists can edit
// a unit in MagicaVoxel: vxl -> vox -> edit -> vxl.
//
// Each limb is a model of its own size, shown by a node named after the limb and placed at the limb's
// centre. Colour indices are the VXL palette indices unchanged (MagicaVoxel's RGBA entry i colours index
// i + 1, so entry i holds VXL colour i + 1). The RGBA chunk holds the palette choose_voxel_palette picks (the
// given game palette, else the embedded one, else the built-in one). The original .vxl is kept in a chunk
// "wwVX", which MagicaVoxel skips.
//
// On the way back the original .vxl (a named companion, else the "wwVX" chunk) supplies everything a .vox
// cannot hold: limb headers, tailers (transform, scale, bounds, normals type), the palette and the normal
// index of each voxel. Models pair with limbs in order. A limb whose voxels are unchanged keeps its stored
// spans byte for byte; a voxel whose neighbourhood is unchanged keeps its normal index, others get one from
// voxel_normals.hpp. Without an original, limbs are built from the models (identity transform, scale 1/12,
// bounds centred on x and y, normals type from the option), each voxel with the index of the table vector
// nearest its surface direction.
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vox.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

inline constexpr std::string_view kVoxOriginalVxlChunk = "wwVX";

VoxFile vxl_to_vox(const VxlFile& vxl, std::span<const std::byte> vxl_bytes,
                   const std::optional<Palette>& game_palette);

// `reference` is the original .vxl, if known. Throws FormatError naming `vox_name` when the models do not
// fit (more than 255 voxels a side: ErrorKind::limit; a different number of models than the original has
// limbs).
VxlFile vox_to_vxl(const VoxFile& vox, std::string_view vox_name, const VxlFile* reference,
                   std::uint8_t normals_type);

// The .vxl kept inside a .vox written by vxl_to_vox, if there is one.
std::optional<VxlFile> original_vxl_in_vox(const VoxFile& vox, std::string_view vox_name);

}  // namespace gamefmt::westwood
