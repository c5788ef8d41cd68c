#include "xray/extras_numbers.hpp"

#include <cmath>
#include <cstdint>
#include <limits>

namespace gamefmt::xray {
namespace {

void normalize(nlohmann::json& value) {
  if (value.is_structured()) {
    for (auto& item : value) normalize(item);
    return;
  }
  if (!value.is_number()) return;
  const double d = value.get<double>();
  if (d == std::floor(d) && std::fabs(d) <= std::numeric_limits<std::int32_t>::max())
    value = static_cast<std::int32_t>(d);
  else
    value = d;
}

}  // namespace

void normalize_extras_numbers(scene::Scene& scene) {
  normalize(scene.extras);
  for (auto& node : scene.nodes) normalize(node.extras);
}

}  // namespace gamefmt::xray
