#pragma once
// One motion's key data and one parameter chunk as gamefmt's writers store them inside an .omf, for tests
// that compare what a way back wrote, part by part.
#include <cstddef>
#include <vector>

#include "gamefmt/xray/shared_records.hpp"

namespace gamefmt::test {

std::vector<std::byte> motion_bytes(const xray::MotionKeys& motion);
std::vector<std::byte> params_bytes(const xray::MotionParamsChunk& params);

}  // namespace gamefmt::test
