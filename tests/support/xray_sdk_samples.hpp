#pragma once
// X-Ray SDK files built with gamefmt's own writers: a skinned, animated quad `.object`, motions of every
// version,
// `.skl`/`.skls`/`.bones` files. Used by the unit tests and the sweeps.
#include <cstdint>
#include <vector>

#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "sweep_inputs.hpp"

namespace gamefmt::test {

// Motion "walk", frames 0..10 at 30 fps, bones "root" and "child" with STEP then LINE keys (v4: bones "0",
// "1").
xray::SdkMotion sample_motion(std::uint16_t version);
// A quad (two triangles) with one UV map, a weight map per bone, a two-bone chain and one motion.
xray::ObjectFile sample_object();
std::vector<SweepInput> xray_sdk_samples();

}  // namespace gamefmt::test
