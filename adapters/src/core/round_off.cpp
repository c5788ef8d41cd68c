#include "core/round_off.hpp"

#include <algorithm>
#include <cmath>

namespace gamefmt {

bool same_within_round_off(float expected, float actual, float tolerance) {
  const float scale = std::max({1.0f, std::fabs(expected), std::fabs(actual)});
  return std::fabs(expected - actual) <= tolerance * scale;
}

bool same_within_round_off(std::span<const float> expected, std::span<const float> actual) {
  if (expected.size() != actual.size()) return false;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!same_within_round_off(expected[i], actual[i])) return false;
  return true;
}

}  // namespace gamefmt
