#pragma once
// What a `.solid` is to Lugaru. The file does not say: the game knows it by the name it loads it under, so
// the conversion does the same. Winding (solid_winding.hpp) and size (lugaru_space.hpp) both follow from the
// kind.
#include <string>
#include <string_view>

namespace gamefmt::lugaru {

enum class SolidKind {
  rabbit,          // Body*, Rabbit*: the rabbit character models (Skeleton::Load)
  wolf,            // Wolf*: the wolf character models
  clothes,         // Belt*: clothes drawn on a rabbit
  throwing_knife,  // ThrowingKnife* (Weapon::Load)
  sword,           // Sword*
  staff,           // Staff*
  hawk,            // Hawk* (Game::LoadStuff)
  eye,             // Eye*, Cornea*, Iris* (Game::LoadStuff)
  world_object,    // any other name: the level objects (Object::Object), e.g. Box, Rock, Bush, TreeTrunk
};

// The file's name without its folders, in lower case: what the game's model names are compared with.
std::string solid_base_name(std::string_view file_name);

// By the file's base name, letter case ignored (folders are ignored too).
SolidKind solid_kind_from_name(std::string_view file_name);

// "rabbit", "wolf", "clothes", "throwing_knife", "sword", "staff", "hawk", "eye" or "world_object".
const char* solid_kind_name(SolidKind kind);

// Characters, clothes and weapons: the models the game draws with clockwise front faces.
bool solid_kind_is_clockwise(SolidKind kind);

}  // namespace gamefmt::lugaru
