#include "gamefmt/westwood/voxel_normals.hpp"

#include <cmath>

#include "gamefmt/westwood/voxel_normal_tables.hpp"

namespace gamefmt::westwood {

std::array<float, 3> surface_direction(const VoxelGrid& grid, std::size_t x, std::size_t y, std::size_t z) {
  constexpr int kReach = 2;
  std::array<float, 3> sum{};
  for (int dz = -kReach; dz <= kReach; ++dz)
    for (int dy = -kReach; dy <= kReach; ++dy)
      for (int dx = -kReach; dx <= kReach; ++dx) {
        const long nx = long(x) + dx, ny = long(y) + dy, nz = long(z) + dz;
        const bool inside = nx >= 0 && ny >= 0 && nz >= 0 && nx < long(grid.size_x) &&
                            ny < long(grid.size_y) && nz < long(grid.size_z);
        if (inside && grid.at(nx, ny, nz).filled) {
          sum[0] -= float(dx);
          sum[1] -= float(dy);
          sum[2] -= float(dz);
        }
      }
  return sum;
}

void NormalIndexEstimator::learn(const VoxelGrid& grid) {
  for (std::size_t z = 0; z < grid.size_z; ++z)
    for (std::size_t y = 0; y < grid.size_y; ++y)
      for (std::size_t x = 0; x < grid.size_x; ++x) {
        const auto& v = grid.at(x, y, z);
        if (!v.filled) continue;
        auto d = surface_direction(grid, x, y, z);
        const double length = std::sqrt(double(d[0]) * d[0] + double(d[1]) * d[1] + double(d[2]) * d[2]);
        ++uses_[v.normal];
        ++learnt_;
        if (length == 0) continue;
        for (int a = 0; a < 3; ++a) sums_[v.normal][a] += d[a] / length;
      }
}

std::uint8_t NormalIndexEstimator::pick(const VoxelGrid& grid, std::size_t x, std::size_t y, std::size_t z,
                                        std::uint8_t normals_type) const {
  std::size_t most_used = 0;
  for (std::size_t i = 1; i < 256; ++i)
    if (uses_[i] > uses_[most_used]) most_used = i;
  const auto d = surface_direction(grid, x, y, z);
  const double length = std::sqrt(double(d[0]) * d[0] + double(d[1]) * d[1] + double(d[2]) * d[2]);
  if (length == 0) return static_cast<std::uint8_t>(most_used);
  if (const auto table = voxel_normal_table(normals_type); !table.empty())
    return nearest_voxel_normal(table, d);
  if (learnt_ == 0) return 0;
  double best_score = -2;
  std::size_t best = most_used;
  for (std::size_t i = 0; i < 256; ++i) {
    const auto& s = sums_[i];
    const double s_length = std::sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    if (uses_[i] == 0 || s_length == 0) continue;
    const double score = (s[0] * d[0] + s[1] * d[1] + s[2] * d[2]) / (s_length * length);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  return static_cast<std::uint8_t>(best);
}

}  // namespace gamefmt::westwood
