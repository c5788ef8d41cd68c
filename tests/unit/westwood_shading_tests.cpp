// Voxels as the games shade them: the normal tables, the palette choice, and the .glb read back (normals per
// face, colours through the palette texture).
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"
#include "gamefmt/westwood/voxel_normal_tables.hpp"
#include "gamefmt/westwood/voxel_normals.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"
#include "westwood/vox_conversion.hpp"
#include "westwood_shading_checks.hpp"

using namespace gamefmt;
using namespace gamefmt::westwood;

namespace {

float length(const VoxelNormal& v) {
  return std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

// A limb of 4 x 3 x 3 voxels, about two thirds filled, with colours 1..255 and normal indices spread over
// 0..index_count-1 (plus `extra_index` on two voxels when it is not 0).
VxlLimb shading_limb(std::string_view name, std::uint8_t normals_type, unsigned index_count,
                     std::uint8_t extra_index = 0) {
  VoxelGrid grid(4, 3, 3);
  unsigned k = 0;
  for (std::size_t z = 0; z < 3; ++z)
    for (std::size_t y = 0; y < 3; ++y)
      for (std::size_t x = 0; x < 4; ++x, ++k)
        if (k % 3 != 1)
          grid.at(x, y, z) = {std::uint8_t(1 + (k * 37) % 255), std::uint8_t((k * 7) % index_count), true};
  if (extra_index != 0) {
    grid.at(0, 0, 0).normal = extra_index;
    grid.at(3, 2, 2).normal = extra_index;
  }
  VxlLimb limb;
  limb.header.name = make_name_field(name);
  limb.body = encode_limb_voxels(grid);
  limb.tailer.size_x = 4;
  limb.tailer.size_y = 3;
  limb.tailer.size_z = 3;
  limb.tailer.min_bounds = {-2, -1.5f, 0};
  limb.tailer.max_bounds = {2, 1.5f, 3};
  limb.tailer.normals_type = normals_type;
  return limb;
}

// Three limbs: Red Alert 2's table, Tiberian Sun's (with an index past its 36), and a type no game knows.
VxlFile shading_vxl(bool embedded_palette) {
  VxlFile vxl;
  std::copy(kVxlMagic.begin(), kVxlMagic.end(), vxl.magic.begin());
  if (embedded_palette)
    for (std::size_t i = 0; i < vxl.palette.size(); ++i) vxl.palette[i] = std::uint8_t((i * 89 + 7) % 256);
  vxl.limbs.push_back(shading_limb("hull", kRedAlert2NormalsType, 244));
  vxl.limbs.push_back(shading_limb("turret", kTiberianSunNormalsType, 36, 40));
  vxl.limbs.push_back(shading_limb("odd", 7, 36));
  return vxl;
}

// A game palette: 768 six-bit values.
std::vector<std::byte> game_palette_bytes() {
  std::vector<std::byte> pal(768);
  for (std::size_t i = 0; i < pal.size(); ++i) pal[i] = std::byte((i * 29 + 3) % 64);
  return pal;
}

Palette expanded(const std::vector<std::byte>& six_bit) {
  Palette p;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const auto v = std::uint8_t(six_bit[i]);
    p[i] = std::uint8_t(v << 2 | v >> 4);
  }
  return p;
}

void require_shading(const test::VoxelShadingReport& report) {
  INFO(nlohmann::json(report.errors).dump(1));
  CHECK(report.errors.empty());
  CHECK(report.triangles > 0);
  CHECK(!report.has_vertex_colors);
}

}  // namespace

TEST_CASE("Voxel normal tables: 36 and 244 unit vectors, Red Alert 2's last four equal, published values",
          "[westwood]") {
  const auto ts = tiberian_sun_normals();
  const auto ra2 = red_alert_2_normals();
  REQUIRE(ts.size() == 36);
  REQUIRE(ra2.size() == 244);
  for (const auto& v : ts) CHECK(std::abs(length(v) - 1) < 1e-5f);
  for (const auto& v : ra2) CHECK(std::abs(length(v) - 1) < 1e-5f);
  for (std::size_t i = 241; i < 244; ++i) CHECK(ra2[i] == ra2[240]);
  // No other two entries are equal: every index but those is a direction of its own.
  for (std::size_t i = 0; i < 240; ++i)
    for (std::size_t j = i + 1; j < 244; ++j) CHECK(ra2[i] != ra2[j]);
  // Values as OpenRA's VoxelNormalsPalette.cs prints them (6 decimals).
  const auto near = [](const VoxelNormal& v, float x, float y, float z) {
    return std::abs(v[0] - x) < 1e-6f && std::abs(v[1] - y) < 1e-6f && std::abs(v[2] - z) < 1e-6f;
  };
  CHECK(near(ts[0], 0.671214f, 0.198492f, -0.714194f));
  CHECK(near(ts[35], 0.070569f, -0.478474f, 0.875262f));
  CHECK(near(ra2[0], 0.526578f, -0.359621f, -0.770317f));
  CHECK(near(ra2[1], 0.150482f, 0.435984f, 0.887284f));
  CHECK(near(ra2[243], -0.328188f, 0.140251f, 0.934143f));

  CHECK(voxel_normal_table(2).data() == ts.data());
  CHECK(voxel_normal_table(4).data() == ra2.data());
  for (const int type : {0, 1, 3, 5, 255}) CHECK(voxel_normal_table(std::uint8_t(type)).empty());

  // Each vector is nearest to itself (Red Alert 2's repeated entry: to its first index).
  for (std::size_t i = 0; i < ts.size(); ++i) CHECK(nearest_voxel_normal(ts, ts[i]) == i);
  for (std::size_t i = 0; i < ra2.size(); ++i)
    CHECK(nearest_voxel_normal(ra2, ra2[i]) == std::min<std::size_t>(i, 240));
}

TEST_CASE("Voxel palettes: a game palette, else the embedded one, else the built-in one", "[westwood]") {
  Palette embedded{};
  const auto built_in = choose_voxel_palette(std::nullopt, embedded);
  CHECK(built_in.source == VoxelPaletteSource::built_in);
  CHECK(built_in.colors == built_in_voxel_palette());
  // vengi's Palette::commandAndConquer(): index 0 magenta, the house-colour range 16..31 a red ramp.
  const auto& p = built_in_voxel_palette();
  CHECK((p[0] == 254 && p[1] == 0 && p[2] == 254));
  CHECK((p[3 * 16] == 254 && p[3 * 16 + 1] == 0 && p[3 * 16 + 2] == 0));
  CHECK((p[3 * 31] == 32 && p[3 * 31 + 1] == 0 && p[3 * 31 + 2] == 0));
  CHECK((p[3 * 255] == 254 && p[3 * 255 + 1] == 254 && p[3 * 255 + 2] == 254));
  for (std::size_t c = 17; c < 32; ++c) CHECK(p[3 * c] < p[3 * (c - 1)]);

  embedded[5] = 9;
  const auto chosen = choose_voxel_palette(std::nullopt, embedded);
  CHECK(chosen.source == VoxelPaletteSource::embedded);
  CHECK(chosen.colors == embedded);
  Palette game{};
  game[0] = 1;
  const auto given = choose_voxel_palette(game, embedded);
  CHECK(given.source == VoxelPaletteSource::game);
  CHECK(given.colors == game);
}

TEST_CASE("Voxel mesher: faces merge only across voxels of the same colour and normal index", "[westwood]") {
  VoxelGrid pair(2, 1, 1);
  pair.at(0, 0, 0) = {3, 5, true};
  pair.at(1, 0, 0) = {3, 5, true};
  auto mesh = mesh_voxels(pair);
  CHECK(mesh.triangle_count() == 12);
  CHECK(mesh.normal_indices == std::vector<std::uint8_t>(mesh.positions.size(), 5));
  pair.at(1, 0, 0).normal = 6;  // same colour, another normal: the long sides split
  mesh = mesh_voxels(pair);
  CHECK(mesh.triangle_count() == 20);
  REQUIRE(mesh.normal_indices.size() == mesh.positions.size());
  for (std::size_t i = 0; i < mesh.positions.size();
       ++i)  // a vertex right of x = 1 belongs to the second voxel
    if (mesh.positions[i][0] > 1.5f) CHECK(mesh.normal_indices[i] == 6);
}

TEST_CASE("VXL to glTF: each face's normals are its voxel's table vector, its colour the palette's texel",
          "[westwood][westwood-vxl]") {
  test::TempDir temp;
  const auto pal_bytes = game_palette_bytes();
  write_file_atomically(temp / "unittem.pal", pal_bytes);

  SECTION("embedded palette") {
    const auto vxl = shading_vxl(true);
    write_file_atomically(temp / "unit.vxl", write_vxl(vxl));
    const auto report = test::check_voxel_shading({temp / "unit.vxl"}, {}, vxl, vxl.palette);
    require_shading(report);
    CHECK(report.table_normals > 0);
    CHECK(report.axis_normals > 0);  // the Tiberian Sun limb's index 40 and the limb of type 7
    CHECK(test::any_warning_contains(report.warnings,
                                     "limb 'turret': 2 voxel(s) have normal indices past the "
                                     "36 entries of the table of normals type 2 (largest 40)"));
    CHECK(test::any_warning_contains(report.warnings, "limb 'odd': normals type 7 names no table"));
    CHECK(!test::any_warning_contains(report.warnings, "built-in"));
  }
  SECTION("a .pal companion") {
    const auto vxl = shading_vxl(true);
    write_file_atomically(temp / "unit.vxl", write_vxl(vxl));
    require_shading(
        test::check_voxel_shading({temp / "unit.vxl", temp / "unittem.pal"}, {}, vxl, expanded(pal_bytes)));
  }
  SECTION("-O palette=FILE") {
    const auto vxl = shading_vxl(true);
    write_file_atomically(temp / "unit.vxl", write_vxl(vxl));
    require_shading(test::check_voxel_shading(
        {temp / "unit.vxl"}, {{"palette", (temp / "unittem.pal").string()}}, vxl, expanded(pal_bytes)));
  }
  SECTION("an all-zero embedded palette: the built-in one, with a warning naming it") {
    const auto vxl = shading_vxl(false);
    write_file_atomically(temp / "unit.vxl", write_vxl(vxl));
    const auto report = test::check_voxel_shading({temp / "unit.vxl"}, {}, vxl, built_in_voxel_palette());
    require_shading(report);
    CHECK(test::any_warning_contains(report.warnings, "vengi's built-in Command & Conquer palette"));
  }
}

TEST_CASE("VXL to glTF: the palette is the material's base colour texture, the remap range in its extras",
          "[westwood][westwood-vxl]") {
  test::TempDir temp;
  auto vxl = shading_vxl(true);
  vxl.remap_start = 80;  // not the usual 16..31: the extras come from the header
  vxl.remap_end = 95;
  write_file_atomically(temp / "unit.vxl", write_vxl(vxl));
  const auto converted = test::convert_to_glb({temp / "unit.vxl"});
  const auto& json = converted.glb.json;
  REQUIRE(json.at("materials").size() == 1);
  const auto& material = json["materials"][0];
  CHECK(material.at("extras").at("westwood.remap") == nlohmann::json::array({80, 95}));
  CHECK(json.at("scenes").at(0).at("extras").at("westwood.palette") == "embedded");
  const auto image = test::material_image_bytes(converted.glb, 0, "baseColorTexture");
  REQUIRE(image.has_value());
  const auto pixels = test::decode_picture(*image);
  REQUIRE(pixels.has_value());
  CHECK(pixels->width == 256);
  CHECK(pixels->height == 1);
  for (std::size_t c = 0; c < 256; ++c) {
    CHECK(pixels->rgba[4 * c] == vxl.palette[3 * c]);
    CHECK(pixels->rgba[4 * c + 3] == 255);
  }
  for (const auto& mesh : json.at("meshes"))
    for (const auto& primitive : mesh.at("primitives"))
      CHECK(primitive.at("attributes").contains("TEXCOORD_0"));
}

TEST_CASE("VOX to VXL without the original: each voxel gets the table vector nearest its surface",
          "[westwood][magicavoxel-vox]") {
  VoxelGrid cube(3, 3, 3);
  for (auto& v : cube.cells) v = {4, 0, true};
  VxlFile vxl;
  std::copy(kVxlMagic.begin(), kVxlMagic.end(), vxl.magic.begin());
  vxl.limbs.push_back(shading_limb("body", kRedAlert2NormalsType, 244));
  vxl.limbs[0].body = encode_limb_voxels(cube);
  vxl.limbs[0].tailer.size_x = 3;
  const auto vxl_bytes = write_vxl(vxl);
  auto vox = vxl_to_vox(vxl, vxl_bytes, std::nullopt);
  for (const std::uint8_t type : {kTiberianSunNormalsType, kRedAlert2NormalsType}) {
    const auto rebuilt = vox_to_vxl(vox, "cube.vox", nullptr, type);
    const auto grid = decode_limb_voxels(rebuilt.limbs[0], "rebuilt.vxl");
    const auto table = voxel_normal_table(type);
    // A corner's normal points out of all three of its faces; a face centre's along its axis.
    const auto& corner = table[grid.at(2, 2, 2).normal];
    CHECK((corner[0] > 0.2f && corner[1] > 0.2f && corner[2] > 0.2f));
    const auto& top = table[grid.at(1, 1, 2).normal];
    CHECK(top[2] > 0.85f);
    const auto& bottom_corner = table[grid.at(0, 0, 0).normal];
    CHECK((bottom_corner[0] < -0.2f && bottom_corner[1] < -0.2f && bottom_corner[2] < -0.2f));
  }
}

TEST_CASE("Blender shows a converted voxel unit's palette: the material's base colour is the palette texture",
          "[westwood][westwood-vxl][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir temp;
  const auto model = test::samples_dir() / "westwood" / "rv_txdx.vxl";
  const auto vxl = read_vxl(test::read_bytes(model), model.string());
  REQUIRE(!palette_is_empty(vxl.palette));
  const auto glb = temp / "rv_txdx.glb";
  const auto converted = test::run_gamefmt({"convert", model.string(), "-o", glb.string()});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  // Blender's glTF importer and the add-on: the material's Base Color is fed by the 256 x 1 palette image,
  // whose first texel is the embedded palette's entry 0.
  const nlohmann::json expected = {
      {"westwood_palette", {256, 1, {vxl.palette[0], vxl.palette[1], vxl.palette[2], 255}}}};
  const auto blender = test::run_blender_script(
      "texture_check.py", {GAMEFMT_CLI_PATH, glb.string(), model.string(), "westwood-vxl", expected.dump()});
  INFO(blender.output);
  CHECK(blender.exit_code == 0);
  CHECK(test::marked_json(blender.output, "TEXTURE_CHECK").is_object());
}
