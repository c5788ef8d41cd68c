#pragma once
// Which way a `.solid` winds its front faces, and what follows from it. The engine draws characters, clothes
// and weapons with clockwise front faces and world objects counter-clockwise; the file does not say which it
// is, so both directions of the conversion take the winding as a parameter.
#include <array>
#include <optional>
#include <string_view>

#include "gamefmt/lugaru/solid.hpp"

namespace gamefmt::lugaru {

enum class SolidWinding { clockwise, counter_clockwise };

// Lugaru's own character, clothes and weapon names (Body*, Wolf*, Rabbit*, Belt*, Staff*, Sword*,
// ThrowingKnife*: solid_kind.hpp) are clockwise; any other name gives nothing.
std::optional<SolidWinding> solid_winding_from_name(std::string_view file_name);
// The automatic default: by name as above, else by the sign of the enclosed volume (a closed mesh whose
// triangles wind counter-clockwise seen from outside has positive volume).
SolidWinding guess_solid_winding(const SolidModel& model, std::string_view file_name);
// "cw" or "ccw", as the option and the node extras "lugaru.winding" spell it.
const char* solid_winding_name(SolidWinding winding);

// The corner order that makes a triangle counter-clockwise seen from its front.
std::array<int, 3> solid_corner_order(SolidWinding winding);

}  // namespace gamefmt::lugaru
