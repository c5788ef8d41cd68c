// Every prefix of a sample, and the sample with any one byte changed, gives either a result or FormatError:
// never a crash, another exception, or a hang. Runs for every sample of every format in the registry, and for
// every fuzz seed (findings of the fuzzers are kept there).
#include <catch2/catch.hpp>
#include <random>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "legacy_ai_scene.hpp"
#include "sweep_inputs.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

void try_read(const gamefmt::FormatHandler& handler, const std::vector<std::byte>& bytes,
              const std::string& name) {
  gamefmt::ImportRequest request;
  request.primary = {name, bytes};
  try {
    if (handler.description().can_rewrite) (void)handler.rewrite(bytes, name);
    if (!handler.description().can_import) return;
    const auto scene = handler.import_scene(request);
    // The way back: what a damaged file imports as exports as its format, or gives a FormatError.
    if (handler.description().can_export && handler.takes_scene(scene))
      (void)handler.export_scene(scene, {{}, {}, name});
  } catch (const FormatError& e) {
    CHECK(!std::string(e.what()).empty());
  }
}

}  // namespace

TEST_CASE("Truncation sweep: every prefix is a result or a FormatError", "[sweep]") {
  for (const auto& input : test::sweep_inputs()) {
    INFO(input.name);
    const auto* handler =
        gamefmt::find_handler(input.name, input.bytes);  // content picks among shared extensions
    REQUIRE(handler != nullptr);
    const std::size_t step = std::max<std::size_t>(1, input.bytes.size() / 4096);
    for (std::size_t length = 0; length < input.bytes.size(); length += step) {
      const std::vector<std::byte> prefix(input.bytes.begin(), input.bytes.begin() + length);
      try_read(*handler, prefix, input.name);
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
      try_read(*handler, changed, input.name);
    }
  }
}

TEST_CASE("Every fuzz seed, findings included, is a result or a FormatError", "[sweep]") {
  std::size_t seeds = 0;
  for (const auto& folder : std::filesystem::directory_iterator(test::source_dir() / "fuzz" / "seeds")) {
    const std::string id = folder.path().filename().string();  // the seed folders are named by format id
    const auto* handler = gamefmt::find_handler_by_id(id);
    REQUIRE((handler != nullptr || id == "gltf"));
    for (const auto& file : std::filesystem::directory_iterator(folder.path())) {
      INFO(file.path().string());
      const auto bytes = test::read_bytes(file.path());
      ++seeds;
      if (handler != nullptr) {
        const auto& d = handler->description();
        try_read(*handler, bytes,
                 d.extensions.empty() ? d.file_names.front() : "seed." + d.extensions.front());
        continue;
      }
      try {
        (void)gltf::write_gltf(*gamefmt::test::legacy_read_gltf(bytes, "seed.glb"), {}, "seed.glb");
      } catch (const FormatError& e) {
        CHECK(!std::string(e.what()).empty());
      }
    }
  }
  CHECK(seeds >= 30);
}
