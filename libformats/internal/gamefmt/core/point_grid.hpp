#pragma once
// Points found by nearness: a hash grid whose cells are twice `radius` wide, so that the points within
// `radius` of a query (each coordinate) lie in the at most 8 cells that the box of that radius around it
// touches. For merging and matching vertices within a tolerance. Items are numbered 0, 1, 2... in the order
// they are added. Non-finite or huge coordinates all fall in cell 0.
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace gamefmt {

class PointGrid {
 public:
  PointGrid(float radius, std::size_t expected_items) : radius_(radius), cell_(2.0 * double(radius)) {
    heads_.reserve(expected_items);
    next_.reserve(expected_items);
  }

  // Adds the next item (its number is the count of items added before) at `point`.
  void add(const std::array<float, 3>& point) {
    const auto item = static_cast<std::uint32_t>(next_.size());
    const auto [slot, added] = heads_.try_emplace(key(cell_of(point, 0.0)), item);
    next_.push_back(added ? kEnd : slot->second);
    slot->second = item;
  }

  // Calls visit(item) for the items whose cells the box of `radius` around `point` touches (a superset of
  // those within `radius`), until it returns false.
  template <class Visit>
  void visit_near(const std::array<float, 3>& point, Visit visit) const {
    const Cell low = cell_of(point, -double(radius_)), high = cell_of(point, double(radius_));
    for (std::int64_t x = low[0]; x <= high[0]; ++x)
      for (std::int64_t y = low[1]; y <= high[1]; ++y)
        for (std::int64_t z = low[2]; z <= high[2]; ++z) {
          const auto found = heads_.find(key({x, y, z}));
          if (found == heads_.end()) continue;
          for (std::uint32_t item = found->second; item != kEnd; item = next_[item])
            if (!visit(item)) return;
        }
  }

 private:
  using Cell = std::array<std::int64_t, 3>;
  static constexpr std::uint32_t kEnd = 0xFFFFFFFF;

  Cell cell_of(const std::array<float, 3>& point, double offset) const {
    Cell c{};
    for (int i = 0; i < 3; ++i) {
      const double scaled = std::floor((double(point[i]) + offset) / cell_);
      c[i] = std::isfinite(scaled) && std::fabs(scaled) < 4e18 ? std::int64_t(scaled) : 0;
    }
    return c;
  }
  static std::uint64_t key(const Cell& c) {
    std::uint64_t h = 1469598103934665603ull;
    for (const std::int64_t v : c) h = (h ^ std::uint64_t(v)) * 1099511628211ull;
    return h;
  }

  float radius_;
  double cell_;
  std::unordered_map<std::uint64_t, std::uint32_t> heads_;  // a cell's last item
  std::vector<std::uint32_t> next_;                         // each item's previous one in its cell
};

}  // namespace gamefmt
