#pragma once
// X-Ray SDK `.anm` paths built field by field: every key shape (TCB, Hermite, 1-D and 2-D Bezier, linear,
// step) with non-zero parameters, in each stored layout (version 3: Load_1; 4 and 5: Load_2).
#include <cstdint>
#include <vector>

#include "gamefmt/xray/anm.hpp"
#include "sweep_inputs.hpp"

namespace gamefmt::test {

xray::AnmFile xray_sample_anm(std::uint16_t version);
std::vector<SweepInput> xray_anm_samples();

}  // namespace gamefmt::test
