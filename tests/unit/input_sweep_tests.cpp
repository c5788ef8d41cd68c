// Every prefix of a sample, and the sample with any one byte changed, gives either a result or FormatError:
// never a crash, another exception, or a hang. Runs for every sample of every format in the registry, and for
// every fuzz seed (findings of the fuzzers are kept there).
#include <catch2/catch.hpp>
#include <random>

#include "exercise.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "sweep_inputs.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("Truncation sweep: every prefix is a result or a FormatError", "[sweep]") {
  for (const auto& input : test::sweep_inputs()) {
    INFO(input.name);
    const auto* handler =
        gamefmt::find_handler(input.name, input.bytes);  // content picks among shared extensions
    REQUIRE(handler != nullptr);
    const std::size_t step = std::max<std::size_t>(1, input.bytes.size() / 4096);
    for (std::size_t length = 0; length < input.bytes.size(); length += step) {
      const std::vector<std::byte> prefix(input.bytes.begin(), input.bytes.begin() + length);
      exercise::format_input(*handler, prefix, input.name);
    }
  }
}

TEST_CASE("Byte-flip sweep: any one changed byte is a result or a FormatError", "[sweep]") {
  std::mt19937 random(12345);
  for (const auto& input : test::sweep_inputs()) {
    INFO(input.name);
    const auto* handler =
        gamefmt::find_handler(input.name, input.bytes);  // content picks among shared extensions
    REQUIRE(handler != nullptr);
    const std::size_t step = std::max<std::size_t>(1, input.bytes.size() / 2048);
    for (std::size_t at = 0; at < input.bytes.size(); at += step) {
      auto changed = input.bytes;
      changed[at] ^= static_cast<std::byte>(1 + random() % 255);
      exercise::format_input(*handler, changed, input.name);
    }
  }
}

TEST_CASE("Every fuzz seed, findings included, is a result or a FormatError", "[sweep]") {
  std::size_t seeds = 0;
  for (const auto& folder : std::filesystem::directory_iterator(test::source_dir() / "fuzz" / "seeds")) {
    const std::string id = folder.path().filename().string();  // the seed folders are named by input id
    for (const auto& file : std::filesystem::directory_iterator(folder.path())) {
      INFO(file.path().string());
      ++seeds;
      REQUIRE(exercise::input_for(id, test::read_bytes(file.path())));
    }
  }
  CHECK(seeds >= 30);
}
