#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vox.hpp"
#include "gamefmt/westwood/voxel_normal_tables.hpp"
#include "gamefmt/westwood/voxel_normals.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "westwood/vox_conversion.hpp"
#include "westwood_shading_checks.hpp"

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
      CHECK(mesh.texcoords.size() == 1);
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

namespace {

double dot(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  return double(a[0]) * b[0] + double(a[1]) * b[1] + double(a[2]) * b[2];
}

std::array<float, 3> unit(std::array<float, 3> v) {
  const auto length = float(std::sqrt(dot(v, v)));
  for (auto& c : v) c /= length;
  return v;
}

}  // namespace

TEST_CASE("Corpus .vxl: the voxels' normal indices point out of their surfaces through the games' tables",
          "[corpus][westwood][westwood-vxl]") {
  // The table vector of each stored index against the voxel's surface direction (away from its filled
  // neighbours), as the tables are (voxel axes) and with one axis mirrored: the tables must agree with the
  // voxels as they are, and better than with any mirror.
  const std::array<std::array<float, 3>, 4> mirrors{{{1, 1, 1}, {-1, 1, 1}, {1, -1, 1}, {1, 1, -1}}};
  std::array<double, 4> sums{};
  double table_pick = 0, learnt_pick = 0;
  std::size_t count = 0;
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "westwood", "vxl")) {
    INFO(file.string());
    const auto vxl = westwood::read_vxl(test::read_bytes(file), file.string());
    westwood::NormalIndexEstimator estimator;
    std::vector<westwood::VoxelGrid> grids;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      grids.push_back(westwood::decode_limb_voxels(vxl.limbs[i], file.string(), 0, i));
      estimator.learn(grids.back());
    }
    double file_sum = 0;
    std::size_t file_count = 0;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      const auto& grid = grids[i];
      const auto type = vxl.limbs[i].tailer.normals_type;
      const auto table = westwood::voxel_normal_table(type);
      REQUIRE(!table.empty());
      for (std::size_t z = 0; z < grid.size_z; ++z)
        for (std::size_t y = 0; y < grid.size_y; ++y)
          for (std::size_t x = 0; x < grid.size_x; ++x) {
            const auto& v = grid.at(x, y, z);
            const auto d = westwood::surface_direction(grid, x, y, z);
            if (!v.filled || v.normal >= table.size() || dot(d, d) == 0) continue;
            const auto direction = unit(d);
            const auto& stored = table[v.normal];
            for (std::size_t m = 0; m < mirrors.size(); ++m)
              sums[m] +=
                  dot({stored[0] * mirrors[m][0], stored[1] * mirrors[m][1], stored[2] * mirrors[m][2]},
                      direction);
            file_sum += dot(stored, direction);
            ++file_count;
            ++count;
            // How close each way of choosing an index for an edited voxel comes to the stored one.
            const auto by_table = estimator.pick(grid, x, y, z, type);
            const auto learnt = estimator.pick(grid, x, y, z, 0);
            table_pick += dot(table[by_table], stored);
            if (learnt < table.size()) learnt_pick += dot(table[learnt], stored);
          }
    }
    REQUIRE(file_count > 0);
    CHECK(file_sum / double(file_count) > 0.3);
  }
  REQUIRE(count > 0);
  const double agreement = sums[0] / double(count);
  CHECK(agreement > 0.55);
  for (std::size_t m = 1; m < mirrors.size(); ++m) CHECK(sums[m] / double(count) < agreement - 0.2);
  // The table's nearest vector comes closer to the stored normals than the directions learnt from the unit.
  CHECK(table_pick > learnt_pick);
  WARN("mean cosine, stored normal vs surface: "
       << agreement << " (x, y, z mirrored: " << sums[1] / double(count) << ", " << sums[2] / double(count)
       << ", " << sums[3] / double(count) << "); edit estimate vs stored: table "
       << table_pick / double(count) << ", learnt " << learnt_pick / double(count));
}

TEST_CASE(
    "Corpus .vxl to glTF: face normals are the table's vectors, colours the palette's through the texture",
    "[corpus][westwood][westwood-vxl]") {
  test::TempDir temp;
  std::vector<std::byte> pal(768);
  for (std::size_t i = 0; i < pal.size(); ++i) pal[i] = std::byte((i * 13 + 5) % 64);
  write_file_atomically(temp / "unittem.pal", pal);
  westwood::Palette expanded_pal;
  for (std::size_t i = 0; i < pal.size(); ++i)
    expanded_pal[i] = std::uint8_t(std::uint8_t(pal[i]) << 2 | std::uint8_t(pal[i]) >> 4);
  std::size_t built_in = 0, embedded = 0;
  for (const auto& file : test::files_with_extension(*test::corpus_dir() / "westwood", "vxl")) {
    INFO(file.string());
    const auto vxl = westwood::read_vxl(test::read_bytes(file), file.string());
    const bool empty = westwood::palette_is_empty(vxl.palette);
    (empty ? built_in : embedded) += 1;
    const auto report =
        test::check_voxel_shading({file}, {}, vxl, empty ? westwood::built_in_voxel_palette() : vxl.palette);
    INFO(nlohmann::json(report.errors).dump(1));
    CHECK(report.errors.empty());
    CHECK(report.table_normals > 0);
    CHECK(!report.has_vertex_colors);
    CHECK(test::any_warning_contains(report.warnings, "built-in Command & Conquer palette") == empty);
    // Some voxels of rv_gmon point past Red Alert 2's 244 normals: their faces keep their axis, with a
    // warning.
    CHECK((report.axis_normals > 0) == test::any_warning_contains(report.warnings, "normal indices past"));
    // The same with a game palette beside it.
    const auto with_pal = test::check_voxel_shading({file, temp / "unittem.pal"}, {}, vxl, expanded_pal);
    INFO(nlohmann::json(with_pal.errors).dump(1));
    CHECK(with_pal.errors.empty());
  }
  CHECK(built_in + embedded == 17);
  WARN(embedded << " corpus files carry a palette, " << built_in << " leave it to the game");
}
