#pragma once
// Points found by nearness: a hash grid of cells `cell` wide, so that every point within `cell` of a
// query (each coordinate) lies in one of the 27 cells around it. For merging and matching vertices within a
// tolerance (pass the tolerance as the cell size). Non-finite or huge coordinates all fall in cell 0.
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace gamefmt {

class PointGrid {
 public:
  explicit PointGrid(float cell) : cell_(cell) {}

  void add(const std::array<float, 3>& point, std::uint32_t item) {
    cells_[key(cell_of(point))].push_back(item);
  }

  // Calls visit(item) for every item added in the cells around `point` (a superset of those within `cell`),
  // until it returns false.
  template <class Visit>
  void visit_near(const std::array<float, 3>& point, Visit visit) const {
    const Cell c = cell_of(point);
    for (std::int64_t dx = -1; dx <= 1; ++dx)
      for (std::int64_t dy = -1; dy <= 1; ++dy)
        for (std::int64_t dz = -1; dz <= 1; ++dz) {
          const auto found = cells_.find(key({c[0] + dx, c[1] + dy, c[2] + dz}));
          if (found == cells_.end()) continue;
          for (const std::uint32_t item : found->second)
            if (!visit(item)) return;
        }
  }

 private:
  using Cell = std::array<std::int64_t, 3>;

  Cell cell_of(const std::array<float, 3>& point) const {
    Cell c{};
    for (int i = 0; i < 3; ++i) {
      const double scaled = std::floor(double(point[i]) / cell_);
      c[i] = std::isfinite(scaled) && std::fabs(scaled) < 4e18 ? std::int64_t(scaled) : 0;
    }
    return c;
  }
  static std::uint64_t key(const Cell& c) {
    std::uint64_t h = 1469598103934665603ull;
    for (const std::int64_t v : c) h = (h ^ std::uint64_t(v)) * 1099511628211ull;
    return h;
  }

  float cell_;
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> cells_;
};

}  // namespace gamefmt
