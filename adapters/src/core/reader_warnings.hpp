#pragma once
// What a format reader tolerated (gamefmt/core/byte_reader.hpp: Warnings), put in front of the scene's own
// warnings, so that the user reads them in file order: first the bytes, then what the conversion made of
// them.
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

void add_reader_warnings(scene::Scene& scene, const Warnings& warnings);

}  // namespace gamefmt
