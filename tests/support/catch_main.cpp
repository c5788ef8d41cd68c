#include "catch_runner.hpp"

int main(int argc, char* argv[]) {
  return gamefmt::test::run_catch(argc, argv);
}
