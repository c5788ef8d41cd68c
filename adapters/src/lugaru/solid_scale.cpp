#include "lugaru/solid_scale.hpp"

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

}  // namespace gamefmt::lugaru
