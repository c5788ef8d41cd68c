#pragma once
// Normal indices for voxels that an edit added or changed.
//
// The games shade each voxel with a normal taken from a fixed table (36 entries for Tiberian Sun, 244 for
// Red Alert 2; docs/formats/westwood.md, `.vxl`). Those tables are not bundled here, so the directions are
// learnt from the unit itself: every voxel of the original whose index is known tells, through its
// neighbourhood, which way that index points (the average of the surface directions of the voxels using it).
// An edited voxel then gets the learnt index whose direction is closest to its own surface direction.
#include <array>
#include <cstdint>
#include <vector>

#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

// The outward direction of the surface at a voxel: away from the filled cells of its 5x5x5 neighbourhood
// (not normalised; zero inside a solid block).
std::array<float, 3> surface_direction(const VoxelGrid& grid, std::size_t x, std::size_t y, std::size_t z);

class NormalIndexEstimator {
 public:
  // Learns from every filled voxel of the grid (its stored normal index).
  void learn(const VoxelGrid& grid);
  bool empty() const { return learnt_ == 0; }
  // The learnt index closest to the voxel's surface direction; the most used index when the direction is
  // zero; 0 when nothing was learnt.
  std::uint8_t pick(const VoxelGrid& grid, std::size_t x, std::size_t y, std::size_t z) const;

 private:
  std::array<std::array<double, 3>, 256> sums_{};
  std::array<std::size_t, 256> uses_{};
  std::size_t learnt_ = 0;
};

}  // namespace gamefmt::westwood
