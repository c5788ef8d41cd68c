#pragma once
// Inputs for the truncation and byte-flip sweeps: the bundled samples plus files that formats without
// redistributable samples build with their own writers. A family adds its builder in sweep_inputs.cpp.
#include <cstddef>
#include <string>
#include <vector>

namespace gamefmt::test {

struct SweepInput {
  std::string name;  // a file name whose extension picks the format
  std::vector<std::byte> bytes;
};

std::vector<SweepInput> sweep_inputs();

}  // namespace gamefmt::test
