#pragma once
// Normal indices for voxels that an edit added or changed.
//
// The games shade each voxel with a normal taken from a fixed table (36 entries for Tiberian Sun, 244 for
// Red Alert 2; voxel_normal_tables.hpp). An edited voxel gets the index of the table vector closest to its
// surface direction when its limb's normals type names a table. For any other type, the directions are learnt
// from the unit itself: every voxel of the original whose index is known tells, through its neighbourhood,
// which way that index points (the average of the surface directions of the voxels using it), and the voxel
// gets the learnt index whose direction is closest to its own. On the corpus the table's choice is the closer
// one to the stored normals (mean cosine 0.66 against 0.63; tests/corpus/westwood_corpus_tests.cpp).
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
  // The index of the table vector of `normals_type` (voxel_normal_tables.hpp) closest to the voxel's surface
  // direction; for a type without a table, the learnt index closest to it. When the direction is zero: the
  // most used learnt index, else 0.
  std::uint8_t pick(const VoxelGrid& grid, std::size_t x, std::size_t y, std::size_t z,
                    std::uint8_t normals_type) const;

 private:
  std::array<std::array<double, 3>, 256> sums_{};
  std::array<std::size_t, 256> uses_{};
  std::size_t learnt_ = 0;
};

}  // namespace gamefmt::westwood
