// The [lenient] files are fuzz seeds too (fuzz/seeds/<format-id>/lenient_*): the checked-in copies must be
// what the builders make today. After changing a builder, regenerate them with `gamefmt_tests
// "[.write-lenient-seeds]"`.
#include <catch2/catch.hpp>

#include "gamefmt/core/file_io.hpp"
#include "lenient_samples.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("The lenient fuzz seeds are the files the lenient tests build", "[lenient]") {
  for (const auto& seed : test::lenient_seed_files()) {
    INFO(seed.path);
    CHECK(test::read_bytes(test::source_dir() / "fuzz" / "seeds" / seed.path) == seed.bytes);
  }
}

TEST_CASE("Write the lenient fuzz seeds", "[.write-lenient-seeds]") {
  for (const auto& seed : test::lenient_seed_files())
    write_file_atomically(test::source_dir() / "fuzz" / "seeds" / seed.path, seed.bytes);
}
