// Catch2's implementation, compiled once for every test program; each program's main calls run_catch().
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_runner.hpp"

namespace gamefmt::test {
int run_catch(int argc, char* argv[]) {
  return Catch::Session().run(argc, argv);
}
}  // namespace gamefmt::test
