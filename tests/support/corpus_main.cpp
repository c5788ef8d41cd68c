// Real game files may not be redistributed: these tests read them from GAMEFMT_CORPUS and are skipped
// (exit status 77, which CTest reports as skipped) when it is not set.
#include <cstdio>
#include <cstdlib>

#include "catch_runner.hpp"

int main(int argc, char* argv[]) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  if (corpus == nullptr || corpus[0] == '\0') {
    std::puts("skipped: GAMEFMT_CORPUS is not set (point it at the real-file corpus to run these tests)");
    return 77;
  }
  return gamefmt::test::run_catch(argc, argv);
}
