#pragma once
// A Westwood voxel model converted to .glb and read back, compared with what the game draws: for every
// triangle, the voxel behind it (found from the triangle's own geometry, half a voxel inside its face), the
// normals of its vertices against the game's table vector for that voxel's normal index, and the colour of
// the texel its UVs land on (the material's base colour texture, decoded by stb_image) against the palette
// entry of that voxel's colour index.
#include <cstddef>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::test {

struct VoxelShadingReport {
  std::size_t triangles = 0;          // triangles checked
  std::size_t table_normals = 0;      // of them, with the table's normal
  std::size_t axis_normals = 0;       // of them, with the face's axis (index not in the table)
  std::vector<std::string> errors;    // the first few differences, for the test log
  std::vector<std::string> warnings;  // what the conversion warned about
  bool has_vertex_colors = false;     // whether a primitive carries COLOR_0
};

// Converts `inputs` (the .vxl first, then its companions) with `options`; `vxl` is the same .vxl read, and
// `palette` the colours expected (8-bit RGB).
VoxelShadingReport check_voxel_shading(const std::vector<std::filesystem::path>& inputs,
                                       const std::map<std::string, std::string, std::less<>>& options,
                                       const westwood::VxlFile& vxl, const westwood::Palette& palette);

}  // namespace gamefmt::test
