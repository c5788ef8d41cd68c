#pragma once
// How Lugaru draws a `.solid`, as glTF material fields. The game decides by the object a model is loaded for
// (osslugaru/lugaru, Source/Objects/Object.cpp, Object::draw): bushes (Bush.solid) and tree leaves
// (Leaves.solid) are drawn without face culling and without lights (tinted by the terrain's baked light),
// keeping the texels whose alpha is above 0.5; everything else (characters, weapons, rocks, boxes, trunks) is
// drawn culled and lit, its alpha test (above 0.0001) keeping every texel of an opaque picture.
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::lugaru {

// Bush* and Leaves*, by the file's base name with letter case ignored (as solid_kind_from_name).
bool solid_is_foliage(std::string_view file_name);

// For foliage: alpha mask at 0.5, double-sided, unlit, on every material of the scene; nothing otherwise.
void apply_solid_drawing(scene::Scene& scene, std::string_view file_name);

}  // namespace gamefmt::lugaru
