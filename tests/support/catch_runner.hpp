#pragma once
// Runs the Catch2 session of a test program (its command line as given to main).
namespace gamefmt::test {
int run_catch(int argc, char* argv[]);
}  // namespace gamefmt::test
