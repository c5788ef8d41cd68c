#include "sweep_inputs.hpp"

#include "test_support.hpp"

namespace gamefmt::test {

std::vector<SweepInput> sweep_inputs() {
  std::vector<SweepInput> inputs;
  // A small and a large Lugaru model.
  for (const char* name : {"Box.solid", "Wolf.solid"})
    inputs.push_back({name, read_bytes(samples_dir() / "lugaru" / name)});
  return inputs;
}

}  // namespace gamefmt::test
