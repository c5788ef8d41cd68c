#pragma once
// How big Lugaru draws a model: the factor from a `.solid`'s own units to metres (the engine multiplies in
// float; the factors here are the decimal products, as the conversion records them).
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
#include "lugaru/solid_kind.hpp"

namespace gamefmt::lugaru {

double solid_engine_scale(SolidKind kind);

}  // namespace gamefmt::lugaru
