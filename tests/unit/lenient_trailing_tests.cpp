// The general rule, checked on every format: the games' loaders read what they need and stop, so bytes after
// the end of a file are kept (and written back) with a warning, never refused. One exception is named below.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "sweep_inputs.hpp"

using namespace gamefmt;

TEST_CASE("Every format keeps bytes after its end and warns about them", "[lenient]") {
  std::size_t checked = 0;
  for (const auto& input : test::sweep_inputs()) {
    if (input.name.starts_with("lenient_")) continue;  // already bent; see their own tests
    INFO(input.name);
    const auto* handler = find_handler(input.name, input.bytes);
    REQUIRE(handler != nullptr);
    // Overgrowth's .fzx ends with a footer whose position the engine checks: bytes after it are refused.
    if (handler->description().id == "phoenix-fzx") continue;
    auto bytes = input.bytes;
    for (int i = 0; i < 5; ++i) bytes.push_back(std::byte{0xEE});
    // Byte for byte where the file itself rewrites so (OGF version 3 is written as version 4).
    if (handler->rewrite(input.bytes, input.name) == input.bytes)
      CHECK(handler->rewrite(bytes, input.name) == bytes);
    else
      CHECK_NOTHROW(handler->rewrite(bytes, input.name));
    ImportRequest request;
    request.primary = {input.name, bytes};
    const auto info = handler->info(request);
    REQUIRE(info.contains("warnings"));
    CHECK(info["warnings"].size() >= 1);
    ++checked;
  }
  CHECK(checked >= 30);
}
