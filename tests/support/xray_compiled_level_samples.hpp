#pragma once
// A tiny compiled X-Ray level built field by field (the real ones are not redistributable): a level.geom with
// a lightmapped and a tree vertex buffer, one index buffer and a sliding-window set, and a level whose
// visuals use them (a plain brush, a progressive brush, a tree with its TREEDEF2 matrix, a hierarchy over
// them).
#include <vector>

#include "gamefmt/xray/level.hpp"
#include "gamefmt/xray/level_geom.hpp"
#include "sweep_inputs.hpp"

namespace gamefmt::test {

xray::LevelGeom xray_sample_level_geom();
xray::Level xray_sample_level();
// "level" and "level.geom" written by gamefmt's writers.
std::vector<SweepInput> xray_compiled_level_samples();

}  // namespace gamefmt::test
