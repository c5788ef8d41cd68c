// The [lenient] files are fuzz seeds too (fuzz/seeds/<format-id>/lenient_*): the checked-in copies must be
// what the builders make today. After changing a builder, regenerate them by running this test with
// GAMEFMT_WRITE_LENIENT_SEEDS=1 (a hidden test case would not do: Catch runs hidden tests when a filter only
// excludes, as the ctest entries' filters do).
#include <catch2/catch.hpp>
#include <cstdlib>

#include "gamefmt/core/file_io.hpp"
#include "lenient_samples.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("The lenient fuzz seeds are the files the lenient tests build", "[lenient]") {
  const bool write = std::getenv("GAMEFMT_WRITE_LENIENT_SEEDS") != nullptr;
  for (const auto& seed : test::lenient_seed_files()) {
    INFO(seed.path);
    const auto path = test::source_dir() / "fuzz" / "seeds" / seed.path;
    if (write) write_file_atomically(path, seed.bytes);
    CHECK(test::read_bytes(path) == seed.bytes);
  }
}
