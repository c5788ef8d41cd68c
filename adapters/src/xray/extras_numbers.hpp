#pragma once
// Numbers in the extras the X-Ray importers write, as a glTF file gives them back: a whole number that fits
// in 32 bits is an integer (so -0.0 is 0), any other number a double. A conversion from a game file straight
// to another format then reads the same values as one through glTF (and as before the scene model, whose
// Assimp boundary stored numbers the same way).
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

// The scene's extras and those of its nodes.
void normalize_extras_numbers(scene::Scene& scene);

}  // namespace gamefmt::xray
