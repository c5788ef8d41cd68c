#pragma once
// Overgrowth inputs for the truncation and byte-flip sweeps, made with the family's writers (no game files
// are public): the sample biped's skeleton, animations and ragdoll, and a small save.
#include <vector>

#include "sweep_inputs.hpp"

namespace gamefmt::test {

void add_phoenix_sweep_inputs(std::vector<SweepInput>& inputs);

}  // namespace gamefmt::test
