#pragma once
// Voxels to triangles: only faces between a filled and an empty cell, merged greedily into rectangles of one
// colour and one normal index per plane (the games shade a voxel by its colour and its normal index, so a
// rectangle stands for voxels that look alike). Positions are in voxel units of the grid (cell (x, y, z)
// spans [x, x+1] etc.).
#include <array>
#include <cstdint>
#include <vector>

#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

struct VoxelMesh {
  std::vector<std::array<float, 3>> positions;
  std::vector<std::array<float, 3>> normals;  // the face normal (an axis)
  std::vector<std::uint8_t> colors;           // palette index per vertex (four per quad)
  std::vector<std::uint8_t> normal_indices;   // the voxels' normal index per vertex (four per quad)
  std::vector<std::uint32_t> indices;         // two counter-clockwise triangles per quad
  std::size_t triangle_count() const { return indices.size() / 3; }
};

VoxelMesh mesh_voxels(const VoxelGrid& grid);

}  // namespace gamefmt::westwood
