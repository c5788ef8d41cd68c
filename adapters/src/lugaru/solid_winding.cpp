#include "lugaru/solid_winding.hpp"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "gamefmt/scene/transform_math.hpp"
#include "lugaru/solid_kind.hpp"

namespace gamefmt::lugaru {
namespace {

glm::vec3 to_vector(const std::array<float, 3>& p) {
  return {p[0], p[1], p[2]};
}

}  // namespace

std::optional<SolidWinding> solid_winding_from_name(std::string_view file_name) {
  if (solid_kind_is_clockwise(solid_kind_from_name(file_name))) return SolidWinding::clockwise;
  return std::nullopt;
}

SolidWinding guess_solid_winding(const SolidModel& model, std::string_view file_name) {
  if (const auto by_name = solid_winding_from_name(file_name)) return *by_name;
  double volume = 0;
  for (const auto& t : model.triangles) {
    const glm::vec3 a = to_vector(model.positions[t.corner(0)]);
    const glm::vec3 b = to_vector(model.positions[t.corner(1)]);
    const glm::vec3 c = to_vector(model.positions[t.corner(2)]);
    volume += static_cast<double>(glm::dot(a, glm::cross(b, c)));
  }
  return volume < 0 ? SolidWinding::clockwise : SolidWinding::counter_clockwise;
}

const char* solid_winding_name(SolidWinding winding) {
  return winding == SolidWinding::clockwise ? "cw" : "ccw";
}

std::array<int, 3> solid_corner_order(SolidWinding winding) {
  return winding == SolidWinding::clockwise ? std::array<int, 3>{0, 2, 1} : std::array<int, 3>{0, 1, 2};
}

}  // namespace gamefmt::lugaru
