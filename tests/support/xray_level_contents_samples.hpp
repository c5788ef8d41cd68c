#pragma once
// A compiled level made by gamefmt's writer with every kind of content (xray_sample_level's visuals and
// level.geom, plus): two sectors, two portals (a quad and a triangle), a point, a spot and a directional
// light, two glows and a LOD visual (type 6) with its 8 billboard quads over the tree.
#include "gamefmt/xray/level.hpp"

namespace gamefmt::test {

xray::Level xray_sample_level_with_contents();

}  // namespace gamefmt::test
