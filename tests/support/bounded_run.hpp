#pragma once
// Runs of the gamefmt program on hostile inputs, measured: wall time and peak resident memory (GNU time's
// %M), with a hard stop so that a hang fails the test instead of stopping the suite.
#include <string>
#include <vector>

#include "test_support.hpp"

namespace gamefmt::test {

struct BoundedRun {
  CommandResult run;    // exit 124: stopped at the time limit
  double seconds = 0;   // wall time
  double peak_mib = 0;  // peak resident memory of gamefmt, MiB (0 when GNU time is missing)
};

// `gamefmt ARGUMENTS`, stopped after `stop_after_seconds`.
BoundedRun run_gamefmt_bounded(const std::vector<std::string>& arguments, double stop_after_seconds = 60);

}  // namespace gamefmt::test
