// The X-Ray SDK formats through Blender 3.4: a user imports the .glb, exports it unchanged (extras on) and
// converts it back. The kept bytes survive as custom properties, so paths, motions and a static object come
// back byte for byte; a skinned object (Blender renames nothing but re-binds its joints) comes back valid
// with the same meshes and bones.
#include <catch2/catch.hpp>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/xray/object.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// The corpus file through .glb, Blender and back to its own format, in `dir`.
std::vector<std::byte> through_blender(const std::string& name, const test::TempDir& dir) {
  const auto back = dir / ("back_" + name);
  test::convert_through_blender({*test::corpus_dir() / "xray" / name}, back, dir,
                                {"--fps", "30", "--bone-dir", "BLENDER"});
  return test::read_bytes(back);
}

}  // namespace

TEST_CASE("Through Blender, X-Ray SDK paths, motions and a static object come back byte for byte",
          "[.][corpus][xray][blender-wayback]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir dir;
  for (const char* name : {"bx_test_fmt_tcb.anm", "bx_test_fmt.skls", "bx_test_fmt.object"}) {
    INFO(name);
    CHECK(through_blender(name, dir) == test::read_bytes(*test::corpus_dir() / "xray" / name));
  }
  const std::string skinned = "bx_test_fmt_omf.object";
  const auto original = xray::read_object(test::read_bytes(*test::corpus_dir() / "xray" / skinned), skinned);
  const auto back = xray::read_object(through_blender(skinned, dir), "back.object");
  REQUIRE(back.meshes.has_value());
  REQUIRE(back.meshes->size() == original.meshes->size());
  for (std::size_t m = 0; m < back.meshes->size(); ++m) {
    CHECK(back.meshes->at(m).points.size() == original.meshes->at(m).points.size());
    CHECK(back.meshes->at(m).faces.size() == original.meshes->at(m).faces.size());
  }
  REQUIRE(back.bones.has_value());
  REQUIRE(back.bones->size() == original.bones->size());
  for (std::size_t b = 0; b < back.bones->size(); ++b)
    CHECK(back.bones->at(b).name == original.bones->at(b).name);
}
