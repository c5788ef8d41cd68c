#include "lugaru/lugaru_space.hpp"

#include <cmath>
#include <numbers>

#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::lugaru {

double solid_engine_scale(SolidKind kind) {
  switch (kind) {
    case SolidKind::rabbit:
    case SolidKind::clothes:
      return 0.008;  // .04 (Skeleton::Load) * .2 (PersonType::Load: types[rabbittype].defaultScale)
    case SolidKind::wolf:
      return 0.0092;  // .04 * .23 (types[wolftype].defaultScale)
    case SolidKind::throwing_knife:
    case SolidKind::sword:
      return 0.001;  // Weapon::Load
    case SolidKind::staff:
      return 0.005;  // Weapon::Load
    case SolidKind::hawk:
    case SolidKind::eye:
      return 0.03;  // Game::LoadStuff
    case SolidKind::world_object:
      break;
  }
  return 0.3;  // Object::Object: model.Scale(.3 * scale, ...), at the object's scale 1
}

glm::mat4 solid_upright_transform(SolidWinding winding) {
  const float angle =
      winding == SolidWinding::clockwise ? float(std::numbers::pi) : float(std::numbers::pi / 2);
  glm::mat4 m = scene::rotation_x(angle);
  // Rotations by 90 and 180 degrees are exact: drop the cos/sin rounding noise so positions stay exact.
  for (int column = 0; column < 4; ++column)
    for (int row = 0; row < 4; ++row) m[column][row] = std::round(m[column][row]);
  return m;
}

}  // namespace gamefmt::lugaru
