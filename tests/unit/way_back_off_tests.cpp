// -O way_back: full keeps every record whose only use is the exact way back
// (FormatDescription::way_back_records) whole; compact (the default) replaces them with patches
// (gamefmt/adapters/compact_way_back.hpp); 0 leaves them out, and a file written back from that smaller .glb
// is still one its format's reader takes (written from the scene, as after an edit).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "core/way_back_records.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "test_support.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {

struct Converted {
  std::vector<std::byte> glb;
  scene::Scene scene;  // read back from glb
};

Converted to_glb(const std::vector<fs::path>& inputs, const fs::path& output, const Options& options) {
  convert_files(inputs, output, options);
  Converted out{test::read_bytes(output), {}};
  out.scene = gltf::read_gltf(out.glb, output.string());
  return out;
}

}  // namespace

TEST_CASE("way_back=0 drops the way-back records of each format, and the way back still gives a valid file",
          "[way-back][options]") {
  const fs::path samples = test::samples_dir();
  // A primary file (its companions beside it are found as in `gamefmt convert`), and the format written back.
  const std::vector<std::vector<fs::path>> cases = {
      {samples / "xray/bx_test_fmt_ogf_st.ogf"},
      {samples / "xray/bx_test_fmt.omf"},
      {samples / "xray/bx_test_fmt_armature.object"},
      {samples / "xray/bx_test_fmt.skl", samples / "xray/bx_test_fmt_armature.object"},
      {samples / "xray/bx_test_fmt.anm"},
      {samples / "grimrock/mod_assets/models/sample_lever.model",
       samples / "grimrock/mod_assets/animations/sample_lever_pull.animation"},
      {samples / "grimrock/mod_assets/animations/sample_lever_pull.animation"},
      {samples / "overgrowth/biped.phxbn"},
      {samples / "overgrowth/walk.anm"},
      {samples / "overgrowth/biped.fzx"},
  };
  test::TempDir temp;
  for (const auto& inputs : cases) {
    const fs::path& primary = inputs.front();
    const FormatHandler* handler = handler_for_file(primary);
    REQUIRE(handler != nullptr);
    const auto& records = handler->description().way_back_records;
    INFO(primary.filename().string() << " (" << handler->description().id << ")");
    REQUIRE_FALSE(records.empty());

    const auto kept = to_glb(inputs, temp / "kept.glb", {{"way_back", "full"}});
    const auto compact = to_glb(inputs, temp / "compact.glb", {});
    const auto viewed = to_glb(inputs, temp / "viewed.glb", {{"way_back", "0"}});
    // full keeps records; compact keeps a patch for the file instead; way_back=0 leaves every record out,
    // and nothing the scene is viewed by.
    auto copy = kept.scene;
    CHECK(drop_way_back_records(copy, records) > 0);
    copy = compact.scene;
    CHECK(drop_way_back_records(copy, records) == 0);
    CHECK(compact.scene.extras.contains("gamefmt.way_back"));
    copy = viewed.scene;
    CHECK(drop_way_back_records(copy, records) == 0);
    CHECK_FALSE(viewed.scene.extras.contains("gamefmt.way_back"));
    CHECK(viewed.glb.size() < compact.glb.size());
    CHECK(viewed.glb.size() < kept.glb.size());
    CHECK(viewed.scene.nodes.size() == kept.scene.nodes.size());
    CHECK(viewed.scene.meshes.size() == kept.scene.meshes.size());
    CHECK(viewed.scene.materials.size() == kept.scene.materials.size());
    CHECK(viewed.scene.images.size() == kept.scene.images.size());
    CHECK(viewed.scene.animations.size() == kept.scene.animations.size());

    // The way back from the smaller .glb: a file the format's own reader takes.
    const fs::path back = temp / ("back" + primary.extension().string());
    convert_files({temp / "viewed.glb"}, back, {});
    CHECK_NOTHROW(handler->rewrite(test::read_bytes(back), back.string()));
  }
}

TEST_CASE("way_back takes 1 or 0 (on/off) and is listed with the common options", "[way-back][options]") {
  test::TempDir temp;
  const fs::path sample = test::samples_dir() / "xray/bx_test_fmt.omf";
  CHECK_NOTHROW(convert_files({sample}, temp / "a.glb", {{"way_back", "off"}}));
  CHECK_THROWS(convert_files({sample}, temp / "b.glb", {{"way_back", "maybe"}}));
  bool listed = false;
  for (const OptionSpec* spec : conversion_option_specs()) listed = listed || spec->name == "way_back";
  CHECK(listed);
}
