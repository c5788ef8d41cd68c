#include <catch2/catch.hpp>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/lugaru/solid.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("All 22 corpus .solid files round-trip byte-identically, directly and through .glb",
          "[corpus][lugaru][lugaru-solid]") {
  const auto files = test::files_with_extension(*test::corpus_dir() / "lugaru", "solid");
  REQUIRE(files.size() == 22);
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto model = lugaru::read_solid(bytes, file.string());
    for (const auto& t : model.triangles) {
      CHECK(t.index_shorts[1] == t.index_shorts[2]);
      CHECK(t.index_shorts[3] == t.index_shorts[4]);
      CHECK(t.index_shorts[5] == 0);
    }
    CHECK(lugaru::write_solid(model) == bytes);
    const auto scene = load_scene({file}, {});
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back = gltf::read_gltf(glb, "x.glb");
    CHECK(save_scene(back, file.filename(), {}).front().bytes == bytes);
  }
}

// A user's round trip through Blender 3.4 (import, export unchanged, convert back) for a character, a weapon,
// a bird and two level objects: the same bytes, as without Blender.
TEST_CASE("Through Blender, Lugaru models come back byte for byte",
          "[.][corpus][lugaru-solid][blender-wayback]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir dir;
  for (const char* name : {"Wolf", "Sword", "Hawk", "Belt", "Rock"}) {
    INFO(name);
    const auto file = *test::corpus_dir() / "lugaru" / (std::string(name) + ".solid");
    test::convert_through_blender({file}, dir / "back.solid", dir);
    CHECK(test::read_bytes(dir / "back.solid") == test::read_bytes(file));
  }
}
