#pragma once
// X-Ray level-geometry files built with gamefmt's own writers (no real .hom / .som is public; the other
// fixtures may not be bundled): small cform, hom, som, err (both layouts), dm and details (v2, v3). Used by
// the sweeps.
#include <vector>

#include "sweep_inputs.hpp"

namespace gamefmt::test {

std::vector<SweepInput> xray_level_samples();

}  // namespace gamefmt::test
