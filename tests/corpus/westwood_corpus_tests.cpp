#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/vox.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "test_support.hpp"
#include "westwood/vox_conversion.hpp"

using namespace gamefmt;

TEST_CASE("All 17 corpus .vxl files round-trip byte-identically", "[corpus][westwood][westwood-vxl]") {
  const auto files = test::files_with_extension(*test::corpus_dir() / "westwood", "vxl");
  REQUIRE(files.size() == 17);
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto vxl = westwood::read_vxl(bytes, file.string());
    CHECK(westwood::write_vxl(vxl) == bytes);
    std::size_t voxels = 0;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      const auto grid = westwood::decode_limb_voxels(vxl.limbs[i], file.string(), 0, i);
      voxels += grid.filled_count();
      // Re-encoding the decoded voxels keeps every voxel (the stored encoding itself is kept verbatim).
      westwood::VxlLimb again = vxl.limbs[i];
      again.body = westwood::encode_limb_voxels(grid);
      const auto back = westwood::decode_limb_voxels(again, "again.vxl");
      for (std::size_t c = 0; c < grid.cells.size(); ++c) {
        CHECK(back.cells[c].filled == grid.cells[c].filled);
        CHECK(back.cells[c].color == grid.cells[c].color);
        CHECK(back.cells[c].normal == grid.cells[c].normal);
      }
    }
    CHECK(voxels > 0);
  }
}

TEST_CASE("All 14 corpus .hva files round-trip byte-identically, also through the CLI",
          "[corpus][westwood][westwood-hva]") {
  const auto files = test::files_with_extension(*test::corpus_dir() / "westwood", "hva");
  REQUIRE(files.size() == 14);
  test::TempDir temp;
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto hva = westwood::read_hva(bytes, file.string());
    CHECK(hva.frame_count >= 1);
    CHECK(westwood::write_hva(hva) == bytes);
    const auto out = temp / file.filename().string();
    REQUIRE(test::run_gamefmt({"convert", file.string(), "-o", out.string()}).exit_code == 0);
    CHECK(test::read_bytes(out) == bytes);
  }
}

TEST_CASE(
    "Corpus .vxl info counts the decoded voxels and the .glb has one node per limb and the HVA animation",
    "[corpus][westwood][westwood-vxl][westwood-hva]") {
  test::TempDir temp;
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "westwood", "vxl")) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto vxl = westwood::read_vxl(bytes, file.string());
    const auto info = test::run_gamefmt({"info", file.string(), "--json"});
    REQUIRE(info.exit_code == 0);
    const auto json = nlohmann::json::parse(info.output);
    REQUIRE(json["limbs"].size() == vxl.limbs.size());
    std::size_t total = 0;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      const auto count = westwood::decode_limb_voxels(vxl.limbs[i], file.string(), 0, i).filled_count();
      CHECK(json["limbs"][i]["voxels"] == count);
      CHECK(json["limbs"][i]["size"][0] == vxl.limbs[i].tailer.size_x);
      total += count;
    }
    CHECK(json["voxels"] == total);

    // Through the CLI with the .hva found beside the .vxl, then read back.
    const auto glb = temp / (file.stem().string() + ".glb");
    REQUIRE(test::run_gamefmt({"convert", file.string(), "-o", glb.string()}).exit_code == 0);
    const auto scene = gltf::read_gltf(test::read_bytes(glb), glb.string());
    const auto unit = scene::find_node(scene, file.stem().string());
    REQUIRE(unit.has_value());
    REQUIRE(scene.nodes[*unit].children.size() == vxl.limbs.size());
    auto hva_path = file;
    hva_path.replace_extension(".hva");
    if (std::filesystem::exists(hva_path)) {
      const auto hva = westwood::read_hva(test::read_bytes(hva_path), hva_path.string());
      CHECK(scene.animations.size() == (hva.frame_count > 1 ? 1u : 0u));
      if (hva.frame_count > 1) CHECK(scene.animations[0].channels[0].translation.size() == hva.frame_count);
    } else {
      CHECK(scene.animations.empty());
    }
    std::size_t faces = 0;
    for (const auto& mesh : scene.meshes) {
      CHECK(!mesh.colors.empty());
      faces += mesh.triangles.size() / 3;
    }
    CHECK(faces > 0);
  }
}

TEST_CASE("Corpus .vxl -> .vox -> .vxl keeps every voxel's colour index; unedited it is byte-identical",
          "[corpus][westwood][westwood-vxl][magicavoxel-vox]") {
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "westwood", "vxl")) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    const auto vxl = westwood::read_vxl(bytes, file.string());
    const auto vox_bytes = westwood::write_vox(westwood::vxl_to_vox(vxl, bytes, std::nullopt));
    const auto vox = westwood::read_vox(vox_bytes, "unit.vox");
    const auto models = westwood::vox_models(vox, "unit.vox");
    REQUIRE(models.size() == vxl.limbs.size());
    for (std::size_t i = 0; i < models.size(); ++i) {
      const auto grid = westwood::decode_limb_voxels(vxl.limbs[i], file.string(), 0, i);
      CHECK(models[i].voxels.size() == grid.filled_count());
      for (const auto& v : models[i].voxels) CHECK(grid.at(v[0], v[1], v[2]).color == v[3]);
    }
    // Back with the original found inside the .vox: the same bytes.
    const auto original = westwood::original_vxl_in_vox(vox, "unit.vox");
    REQUIRE(original.has_value());
    CHECK(westwood::write_vxl(westwood::vox_to_vxl(vox, "unit.vox", &*original, 4)) == bytes);
    // Back from the models alone (as after an editor dropped the extra chunk): every voxel keeps its colour.
    const auto rebuilt = westwood::vox_to_vxl(vox, "unit.vox", nullptr, vxl.limbs[0].tailer.normals_type);
    REQUIRE(rebuilt.limbs.size() == vxl.limbs.size());
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      const auto before = westwood::decode_limb_voxels(vxl.limbs[i], file.string(), 0, i);
      const auto after = westwood::decode_limb_voxels(rebuilt.limbs[i], "rebuilt.vxl", 0, i);
      REQUIRE(after.cells.size() == before.cells.size());
      bool same = true;
      for (std::size_t c = 0; c < before.cells.size(); ++c)
        same = same && after.cells[c].filled == before.cells[c].filled &&
               (!before.cells[c].filled || after.cells[c].color == before.cells[c].color);
      CHECK(same);
    }
  }
}
