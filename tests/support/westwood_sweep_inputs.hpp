#pragma once
// Small Westwood .vxl/.hva and MagicaVoxel .vox files made by the writers (the corpus may not be bundled).
#include <vector>

#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "sweep_inputs.hpp"

namespace gamefmt::test {

// Two limbs ("body" 4x3x2 and "turret" 2x2x3, colours 1..9, normals 0..5) with a few voxels each.
westwood::VxlFile westwood_sample_vxl();
// Three frames for the two limbs; the turret turns and moves.
westwood::HvaFile westwood_sample_hva();
void add_westwood_sweep_inputs(std::vector<SweepInput>& inputs);

}  // namespace gamefmt::test
