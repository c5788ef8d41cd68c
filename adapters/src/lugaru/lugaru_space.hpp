#pragma once
// Lugaru's engine space as the scene meets it: how the game turns a model upright (axes), which way V points
// (UVs), and how big it draws it (units). Which way a model winds its front faces: solid_winding.hpp.
//
// Units: the factor from a `.solid`'s own units to metres (the engine multiplies in float; the factors here
// are the decimal products, as the conversion records them).
//
// Lugaru's world unit is the metre: gravity is -10 units/s² (Game::LoadStuff in GameInitDispose.cpp, with
// `multiplier` the frame time in seconds, main.cpp DoFrameRate), and Weapon::setType (Weapons.cpp) gives the
// sword, staff and knife lengths of .8, 1.5 and .25, which their models have at the factors below (0.86,
// 1.45 and 0.32 units). The factor depends on what the model is (solid_kind.hpp), as in osslugaru/lugaru:
//   rabbit        .04 (Skeleton::Load) times .2, the rabbit's person scale (PersonType::Load, defaultScale;
//                 Person::DrawSkeleton and GameDraw.cpp multiply joint positions by the person's scale):
//                 Body.solid stands 240 units, 1.92 m
//   wolf          .04 times .23, the wolf's person scale
//   clothes       .04 times .2 (Belt.solid is worn by rabbits: PersonType::Load gives wolves no clothes)
//   knife, sword  .001 (Weapon::Load);  staff .005
//   hawk, eye     .03 (Game::LoadStuff)
//   world object  .3 times the object's own scale in the level, taken as 1 (Object::Object); the levels
//                 place trees at about 1, boxes, rocks and bushes at .3 to .9 (Data/Maps/Lugaru1.json)
// A level may give a person or an object another scale of its own; the option `scale` overrides the factor.
#include <glm/mat4x4.hpp>

#include "lugaru/solid_kind.hpp"
#include "lugaru/solid_winding.hpp"

namespace gamefmt::lugaru {

double solid_engine_scale(SolidKind kind);

// Model space -> scene space, the way the game turns models upright: clockwise models 180 degrees about X,
// counter-clockwise world objects 90 degrees. The entries are exactly 0, 1 or -1.
glm::mat4 solid_upright_transform(SolidWinding winding);

// UVs: the engine flips V of clockwise (character) models at load time and not of world objects. This is the
// V that points up (OpenGL's convention, which the scene's top-left origin mirrors).
inline float engine_v_to_upward_v(float v, SolidWinding winding) {
  return winding == SolidWinding::clockwise ? 1.0f - v : v;
}
inline float upward_v_to_engine_v(float v, SolidWinding winding) {
  return winding == SolidWinding::clockwise ? 1.0f - v : v;
}

}  // namespace gamefmt::lugaru
