// Bitmap_Z and Material_Z of Zouna archives: the object readers against bytes laid out here field by field,
// their checks on hostile sizes, the FUEL sample archive converted to a textured .glb whose images are
// compared with libsquish's decoding of the same texels, and `gamefmt bigfile extract --images` and `info`.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "dds_samples.hpp"
#include "gamefmt/asobo/bigfile_folder.hpp"
#include "gamefmt/asobo/bitmap_image.hpp"
#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/asobo/material_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "glb_images.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

struct LinkFields {
  std::uint16_t bitmap_class = 0;
  std::uint32_t width = 4, height = 4, precalculated_size = 8;
  std::uint8_t format0 = 14, mipmap_count = 0, bitmap_class2 = 3, format1 = 14, transparency = 0;
};

// A FUEL Bitmap_Z link header written field by field, as docs/formats/asobo.md lists them.
std::vector<std::byte> fuel_link_header(const LinkFields& f) {
  ByteWriter w(ByteOrder::little);
  w.u32(0x11223344);  // link name
  w.u16(f.bitmap_class);
  w.u32(f.width);
  w.u32(f.height);
  w.u32(f.precalculated_size);
  w.u8(0x5A);  // flags
  w.u8(0x06);  // bitmap type
  w.u16(0);
  w.f32(0.25f);  // layer
  w.u8(f.format0);
  w.u8(f.mipmap_count);
  w.u8(4);
  w.u8(f.bitmap_class2);
  w.u8(f.format1);
  w.u8(f.transparency);
  return w.take();
}

std::vector<std::byte> zeros(std::size_t n) {
  return std::vector<std::byte>(n);
}

std::string hex8(std::uint32_t hash) {
  char text[16];
  std::snprintf(text, sizeof text, "%08X", hash);
  return text;
}

asobo::BitmapObject read_fuel(std::span<const std::byte> link, std::span<const std::byte> body) {
  return asobo::read_bitmap_object(link, body, "t.Bitmap_Z", ByteOrder::little, asobo::BitmapLayout::fuel);
}

// A converted sample archive, with its name list beside it.
test::ConvertedGlb convert_sample(const asobo::SampleMeshArchiveOptions& options, test::TempDir& dir) {
  write_file_atomically(dir / "FUEL.DPC",
                        asobo::write_bigfile(asobo::make_sample_mesh_archive(options), "FUEL.DPC"));
  write_file_atomically(dir / "FUEL.NPC", asobo::sample_mesh_archive_names());
  return test::convert_to_glb({dir / "FUEL.DPC"});
}

std::size_t material_named(const test::Glb& glb, const std::string& name) {
  const auto& materials = glb.json.at("materials");
  for (std::size_t m = 0; m < materials.size(); ++m)
    if (materials[m].value("name", "") == name) return m;
  FAIL("no material " << name);
  return 0;
}

test::Pixels glb_image(const test::Glb& glb, std::size_t material, const std::string& slot) {
  const auto bytes = test::material_image_bytes(glb, material, slot);
  REQUIRE(bytes.has_value());
  const auto pixels = test::decode_picture(*bytes);
  REQUIRE(pixels.has_value());
  return *pixels;
}

test::Pixels libsquish(const char* fourcc, std::uint32_t size, std::span<const std::byte> top_level) {
  test::DdsSampleHeader header;
  header.width = header.height = size;
  header.fourcc = fourcc;
  const auto pixels = test::decode_dds_with_libsquish(test::dds_file(header, top_level));
  REQUIRE(pixels.has_value());
  return *pixels;
}

}  // namespace

TEST_CASE("Bitmap_Z (FUEL): the link header's fields, and the object rewritten byte for byte",
          "[asobo][bitmap][asobo-bigfile]") {
  auto link = fuel_link_header({0, 8, 8, 40, 14, 1, 3, 14, 1});
  link.push_back(std::byte{0xEE});  // a byte after the fields
  const auto body = asobo::sample_diffuse_dxt1_texels();
  const auto bitmap = read_fuel(link, body);
  CHECK(bitmap.fuel.link_name == 0x11223344);
  CHECK(bitmap.fuel.width == 8);
  CHECK(bitmap.fuel.height == 8);
  CHECK(bitmap.fuel.flags == 0x5A);
  CHECK(bitmap.fuel.bitmap_type == 6);
  CHECK(bitmap.fuel.layer == 0.25f);
  CHECK(bitmap.fuel.mipmap_count == 1);
  CHECK(bitmap.fuel.four == 4);
  CHECK(bitmap.fuel.transparency == 1);
  CHECK(bitmap.link_header_rest == std::vector<std::byte>{std::byte{0xEE}});
  CHECK(bitmap.warnings.empty());
  const auto shape = asobo::bitmap_shape(bitmap, "t");
  CHECK(shape.format_name == "DXT1");
  CHECK(shape.levels == 2);
  CHECK(shape.faces == 1);
  CHECK(shape.chain_size == 40);  // 4 blocks + 1 block of 8 bytes
  const auto written = asobo::write_bitmap_object(bitmap, ByteOrder::little);
  CHECK(written.link_header == link);
  CHECK(written.body == body);
}

TEST_CASE("Bitmap_Z (FUEL): mip chain sizes of DXT1, DXT5, A8L8 and cube maps",
          "[asobo][bitmap][asobo-bigfile]") {
  CHECK(asobo::fuel_bitmap_level_size(14, 1, 1) == 8);
  CHECK(asobo::fuel_bitmap_level_size(14, 5, 9) == 2 * 3 * 8);
  CHECK(asobo::fuel_bitmap_level_size(16, 8, 4) == 2 * 16);
  CHECK(asobo::fuel_bitmap_level_size(7, 3, 5) == 30);
  // A 16 x 8 DXT5 cube map with 5 levels (16x8, 8x4, 4x2, 2x1, 1x1): (8 + 2 + 1 + 1 + 1) blocks of 16, 6
  // faces.
  const auto link = fuel_link_header({2, 16, 8, 0, 0, 4, 0, 16, 255});
  const auto bitmap = read_fuel(link, zeros(6 * 13 * 16));
  CHECK(asobo::bitmap_shape(bitmap, "t").faces == 6);
  CHECK(asobo::bitmap_shape(bitmap, "t").chain_size == 6 * 13 * 16);
  CHECK(bitmap.warnings.empty());
  // One byte short of the chain: refused.
  CHECK_THROWS_WITH(read_fuel(link, zeros(6 * 13 * 16 - 1)),
                    Catch::Contains("link_header.mipmap_count") && Catch::Contains("the body has 1247"));
}

TEST_CASE("Bitmap_Z (FUEL): hostile sizes are FormatErrors, tolerable ones warnings",
          "[asobo][bitmap][asobo-bigfile]") {
  const auto fails = [](const LinkFields& f, std::size_t body, const std::string& field) {
    CHECK_THROWS_WITH(read_fuel(fuel_link_header(f), zeros(body)), Catch::Contains(field));
  };
  fails({0, 0, 4, 8}, 8, "link_header.width");
  fails({0, 4, 20000, 8}, 8, "link_header.height");
  fails({0, 4, 4, 8, 14, 3}, 1000, "link_header.mipmap_count");  // a 4 x 4 bitmap has 3 levels at most
  fails({0, 0xFFFF, 0xFFFF, 8, 14, 15}, 8, "link_header.width");
  fails({0, 16384, 16384, 8, 7, 14}, 8, "link_header.mipmap_count");  // 680 MB of A8L8 in 8 bytes
  fails({0, 4, 4, 8, 9, 0, 3, 9}, 8, "link_header.format1");
  CHECK_THROWS_AS(read_fuel(zeros(31), zeros(8)), FormatError);
  // The game keeps what follows its chain; so does the reader, with a warning. A precalculated size that is
  // neither 0 nor the body size is a warning too.
  const auto longer = read_fuel(fuel_link_header({0, 4, 4, 99}), zeros(12));
  REQUIRE(longer.warnings.size() == 2);
  CHECK_THAT(longer.warnings[0], Catch::Contains("4 bytes after the mip chain"));
  CHECK_THAT(longer.warnings[1], Catch::Contains("precalculated_size"));
  CHECK(asobo::write_bitmap_object(longer, ByteOrder::little).body.size() == 12);
  CHECK(asobo::bitmap_dds_file(longer, "t").size() == 128 + 8);  // the chain only
}

TEST_CASE("Bitmap_Z (FUEL): decoding DXT1, DXT5 and A8L8 top levels", "[asobo][bitmap][asobo-bigfile]") {
  // DXT1 against libsquish, through a DDS header written by the test's own helper.
  const auto diffuse_texels = asobo::sample_diffuse_dxt1_texels();
  const auto diffuse = read_fuel(fuel_link_header({0, 8, 8, 40, 14, 1, 3, 14}), diffuse_texels);
  const auto decoded = asobo::decode_bitmap(diffuse, "t");
  const auto expected = libsquish("DXT1", 8, std::span(diffuse_texels).first(32));
  CHECK(decoded.pixels == expected.rgba);
  CHECK(std::vector<std::uint8_t>(decoded.pixels.begin(), decoded.pixels.begin() + 4) ==
        std::vector<std::uint8_t>{255, 0, 0, 255});  // 0xF800 is pure red
  // A8L8: luminance 16 i in red, green and blue, alpha 255 - i.
  const auto occlusion =
      read_fuel(fuel_link_header({0, 4, 4, 0, 7, 2, 3, 7}), asobo::sample_occlusion_a8l8_texels());
  const auto grey = asobo::decode_bitmap(occlusion, "t");
  for (std::size_t i = 0; i < 16; ++i) {
    const auto l = static_cast<std::uint8_t>(16 * i);
    CHECK(std::vector<std::uint8_t>(grey.pixels.begin() + 4 * i, grey.pixels.begin() + 4 * i + 4) ==
          std::vector<std::uint8_t>{l, l, l, static_cast<std::uint8_t>(255 - i)});
  }
}

TEST_CASE("Material_Z (FUEL): 172 bytes of fields, nine map names, rewritten byte for byte",
          "[asobo][material][asobo-bigfile]") {
  ByteWriter w(ByteOrder::little);
  for (const float f : {0.5f, 0.25f, 1.0f, 0.75f}) w.f32(f);  // diffuse
  for (int i = 0; i < 3; ++i) w.f32(0.125f);                  // emission
  w.i32(-3);
  w.f32(0);
  w.f32(0);
  w.i32(7);
  w.u32(0x10);  // flags1
  w.f32(1);
  w.f32(1);
  w.u32(0x31);                           // enabled: diffuse, occlusion, normal
  w.u32(1u << 5);                        // transparency
  for (int i = 0; i < 4; ++i) w.f32(0);  // offset, scale, rotation
  for (int i = 0; i < 3; ++i) w.f32(0.5f);
  for (int i = 0; i < 5; ++i) w.f32(0.0625f);
  for (int i = 0; i < 6; ++i) w.f32(2);
  for (std::uint32_t i = 0; i < 9; ++i) w.u32(0x1000 + i);
  auto body = w.take();
  REQUIRE(body.size() == asobo::kMaterialBodySize);
  const auto m = asobo::read_material_object(body, "m", ByteOrder::little);
  CHECK(m.diffuse[3] == 0.75f);
  CHECK(m.unknown0 == -3);
  CHECK(m.enabled(asobo::MaterialSlot::normal));
  CHECK_FALSE(m.enabled(asobo::MaterialSlot::specular));
  CHECK(m.bitmap(asobo::MaterialSlot::diffuse) == 0x1000);
  CHECK(m.bitmap(asobo::MaterialSlot::normal) == 0x1005);
  CHECK(m.bitmap(asobo::MaterialSlot::unused1) == 0x1008);
  CHECK(m.warnings.empty());
  CHECK(asobo::write_material_object(m, ByteOrder::little) == body);

  body.push_back(std::byte{9});
  const auto longer = asobo::read_material_object(body, "m", ByteOrder::little);
  CHECK(longer.warnings.size() == 1);
  CHECK(asobo::write_material_object(longer, ByteOrder::little) == body);
  body.resize(171);
  CHECK_THROWS_WITH(asobo::read_material_object(body, "m", ByteOrder::little),
                    Catch::Contains("bitmap_names"));
}

TEST_CASE("FUEL archive converts textured: the .glb's images are the bitmaps as libsquish decodes them",
          "[asobo][bitmap][material][asobo-bigfile]") {
  test::TempDir dir;
  const auto converted = convert_sample({}, dir);
  CHECK(converted.warnings.empty());
  const auto& glb = converted.glb;
  const std::size_t crate = material_named(glb, "crate_wood");

  const auto diffuse = asobo::sample_diffuse_dxt1_texels();
  CHECK(glb_image(glb, crate, "baseColorTexture") == libsquish("DXT1", 8, std::span(diffuse).first(32)));
  CHECK(glb_image(glb, crate, "normalTexture") == libsquish("DXT5", 4, asobo::sample_normal_dxt5_texels()));
  const auto occlusion = glb_image(glb, crate, "occlusionTexture");
  CHECK(occlusion.width == 4);
  CHECK(occlusion.rgba[4 * 5] == 80);           // pixel 5: luminance 16 * 5
  CHECK(occlusion.rgba[4 * 5 + 3] == 255 - 5);  // and its alpha

  const auto& extras = glb.json["materials"][crate]["extras"];
  CHECK(extras["asobo.bitmaps"]["specular"]["name"] == "crate_specular.tga");
  CHECK(extras["asobo.bitmaps"]["specular"]["hash"] == hex8(asobo::name_hash("crate_specular.tga")));
  CHECK(extras["asobo.bitmaps"]["specular"]["enabled"] == true);
  CHECK(extras["asobo.bitmaps"]["diffuse"]["name"] == "crate_diffuse.tga");
  CHECK(extras["asobo.material"]["specular"][0] == 0.5);
  CHECK(extras.contains("asobo.material_body"));
  // Only the crate's three images: the specular map and the unused cube map are not embedded.
  CHECK(glb.json["images"].size() == 3);
}

TEST_CASE("FUEL archive: a map naming a bitmap the archive lacks is a warning with its hash",
          "[asobo][bitmap][material][asobo-bigfile]") {
  test::TempDir dir;
  const auto converted = convert_sample({2, true, false, true, true}, dir);
  const std::string hash = hex8(asobo::name_hash("crate_missing.tga"));
  CHECK(test::any_warning_contains(converted.warnings, hash));
  CHECK(test::any_warning_contains(converted.warnings, "occlusion"));
  const std::size_t crate = material_named(converted.glb, "crate_wood");
  CHECK_FALSE(test::material_image_bytes(converted.glb, crate, "occlusionTexture").has_value());
  CHECK(test::material_image_bytes(converted.glb, crate, "baseColorTexture").has_value());
}

TEST_CASE("gamefmt bigfile extract --images writes .dds and .png beside each bitmap; pack ignores them",
          "[cli][asobo][bitmap]") {
  test::TempDir dir;
  const auto bytes = asobo::write_bigfile(asobo::make_sample_mesh_archive(), "FUEL.DPC");
  write_file_atomically(dir / "FUEL.DPC", bytes);
  write_file_atomically(dir / "FUEL.NPC", asobo::sample_mesh_archive_names());
  const auto extracted = test::run_gamefmt(
      {"bigfile", "extract", (dir / "FUEL.DPC").string(), "-o", (dir / "out").string(), "--images"});
  INFO(extracted.output);
  REQUIRE(extracted.exit_code == 0);
  CHECK_THAT(extracted.output, Catch::Contains("5 bitmaps"));
  const auto manifest = nlohmann::json::parse(test::read_bytes(dir / "out" / "manifest.json"));
  std::map<std::string, std::string> files;  // object name -> file
  for (const auto& block : manifest["blocks"])
    for (const auto& object : block["objects"])
      if (object.contains("name_text")) files[object["name_text"]] = object["file"];

  // The .dds holds the stored chain after a header libsquish reads; the .png is its top level.
  const auto diffuse = dir / "out" / files.at("crate_diffuse.tga");
  const auto dds = test::read_bytes(diffuse.string() + ".dds");
  CHECK(dds.size() == 128 + 40);
  const auto chain = asobo::sample_diffuse_dxt1_texels();
  CHECK(std::equal(chain.begin(), chain.end(), dds.begin() + 128));
  const auto png = test::decode_picture(test::read_bytes(diffuse.string() + ".png"));
  REQUIRE(png.has_value());
  CHECK(test::decode_dds_with_libsquish(dds) == png);
  // The cube map: six faces in the .dds, the first (red) in the .png.
  const auto cube = dir / "out" / files.at("sky.cube");
  const auto cube_dds = test::read_bytes(cube.string() + ".dds");
  CHECK(cube_dds.size() == 128 + 6 * 8);
  std::uint32_t caps2 = 0;
  std::memcpy(&caps2, cube_dds.data() + 112, 4);
  CHECK(caps2 == 0xFE00);
  const auto face = test::decode_picture(test::read_bytes(cube.string() + ".png"));
  REQUIRE(face.has_value());
  CHECK(std::vector<std::uint8_t>(face->rgba.begin(), face->rgba.begin() + 4) ==
        std::vector<std::uint8_t>{255, 0, 0, 255});

  const auto packed =
      test::run_gamefmt({"bigfile", "pack", (dir / "out").string(), "-o", (dir / "again.DPC").string()});
  REQUIRE(packed.exit_code == 0);
  CHECK(test::read_bytes(dir / "again.DPC") == bytes);
}

TEST_CASE("gamefmt info lists each bitmap's width, height, format and mips", "[cli][asobo][bitmap]") {
  test::TempDir dir;
  write_file_atomically(dir / "FUEL.DPC",
                        asobo::write_bigfile(asobo::make_sample_mesh_archive(), "FUEL.DPC"));
  const auto result = test::run_gamefmt({"info", (dir / "FUEL.DPC").string(), "--json"});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto info = nlohmann::json::parse(result.output);
  REQUIRE(info["bitmaps"].size() == 5);
  std::map<std::string, nlohmann::json> by_name;
  for (const auto& b : info["bitmaps"]) by_name[b["name"]] = b;
  const auto diffuse = by_name.at(hex8(asobo::name_hash("crate_diffuse.tga")));
  CHECK(diffuse["width"] == 8);
  CHECK(diffuse["height"] == 8);
  CHECK(diffuse["format"] == "DXT1");
  CHECK(diffuse["mips"] == 2);
  const auto occlusion = by_name.at(hex8(asobo::name_hash("crate_occlusion.tga")));
  CHECK(occlusion["format"] == "A8L8");
  CHECK(occlusion["mips"] == 3);
  CHECK(by_name.at(hex8(asobo::name_hash("sky.cube")))["faces"] == 6);
}

TEST_CASE("Bitmap_Z of v1.231 to v1.291 (WALL-E): a DDS file in the body, read, rewritten, extracted",
          "[asobo][bitmap][asobo-bigfile]") {
  CHECK(asobo::bitmap_layout_for({1, 291, 3, 6}, ByteOrder::little) == asobo::BitmapLayout::dds_in_body);
  CHECK(asobo::bitmap_layout_for({1, 291, 3, 6}, ByteOrder::big) == asobo::BitmapLayout::dds_in_body);
  CHECK(asobo::bitmap_layout_for({1, 381, 67, 9}, ByteOrder::big) == std::nullopt);
  CHECK(asobo::bitmap_layout_for({1, 220, 50, 7}, ByteOrder::little) == std::nullopt);

  test::DdsSampleHeader header;
  header.width = header.height = 8;
  const auto texels = asobo::sample_diffuse_dxt1_texels();
  const auto dds = test::dds_file(header, std::span(texels).first(32));
  ByteWriter w(ByteOrder::little);
  w.u32(8);
  w.u32(8);
  w.u32(static_cast<std::uint32_t>(dds.size()));
  w.u16(0x0102);
  w.u8(14);
  w.u8(0);
  w.u8(0x77);
  w.bytes(dds);
  const auto body = w.take();
  const std::vector<std::byte> link = {std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4},
                                       std::byte{0}, std::byte{0}, std::byte{0}, std::byte{0}};
  const auto bitmap = asobo::read_bitmap_object(link, body, "w.Bitmap_Z", ByteOrder::little,
                                                asobo::BitmapLayout::dds_in_body);
  CHECK(bitmap.dds_in_body.flag == 0x0102);
  CHECK(bitmap.dds_in_body.unknown == 0x77);
  CHECK(bitmap.data == dds);
  const auto written = asobo::write_bitmap_object(bitmap, ByteOrder::little);
  CHECK(written.link_header == link);
  CHECK(written.body == body);
  CHECK(asobo::bitmap_shape(bitmap, "w").format_name == "DXT1");
  CHECK(asobo::bitmap_dds_file(bitmap, "w") == dds);
  CHECK(asobo::decode_bitmap(bitmap, "w").pixels == test::decode_dds_with_libsquish(dds)->rgba);
  // Data that is not a DDS file is kept, and refused only when it is to be decoded.
  auto raw = bitmap;
  raw.data.assign(48, std::byte{0x40});
  CHECK_THROWS_AS(asobo::bitmap_shape(raw, "w"), FormatError);

  // In an archive of that version: info and extract --images.
  auto archive = asobo::make_sample_mesh_archive({2, false, false, false});
  archive.version = {1, 291, 3, 6};
  asobo::BigFileResource res;
  res.class_name = asobo::name_hash("Bitmap_Z");
  res.name = asobo::name_hash("walle.tga");
  res.link_header = link;
  res.body.bytes = body;
  res.body.decompressed_size = static_cast<std::uint32_t>(body.size());
  archive.blocks[0].resources.push_back(res);
  asobo::raise_buffer_sizes(archive);
  test::TempDir dir;
  const auto bytes = asobo::write_bigfile(archive, "WALLE.DPC");
  write_file_atomically(dir / "WALLE.DPC", bytes);
  const auto info = test::run_gamefmt({"info", (dir / "WALLE.DPC").string(), "--json"});
  REQUIRE(info.exit_code == 0);
  const auto facts = nlohmann::json::parse(info.output);
  REQUIRE(facts["bitmaps"].size() == 1);
  CHECK(facts["bitmaps"][0]["format"] == "DXT1");
  CHECK(facts["bitmaps"][0]["width"] == 8);
  const auto extracted = test::run_gamefmt(
      {"bigfile", "extract", (dir / "WALLE.DPC").string(), "-o", (dir / "out").string(), "--images"});
  REQUIRE(extracted.exit_code == 0);
  const auto manifest = nlohmann::json::parse(test::read_bytes(dir / "out" / "manifest.json"));
  const std::string file = manifest["blocks"][0]["objects"].back()["file"];
  CHECK(test::read_bytes((dir / "out" / file).string() + ".dds") == dds);
  const auto packed =
      test::run_gamefmt({"bigfile", "pack", (dir / "out").string(), "-o", (dir / "again.DPC").string()});
  REQUIRE(packed.exit_code == 0);
  CHECK(test::read_bytes(dir / "again.DPC") == bytes);
}

TEST_CASE(
    "FUEL archive: a bitmap whose mip chain is longer than its body converts without its image, with a "
    "warning",
    "[asobo][bitmap][asobo-bigfile]") {
  auto archive = asobo::make_sample_mesh_archive({2, false});
  auto& textures = archive.blocks.at(1).resources;
  auto diffuse = std::find_if(textures.begin(), textures.end(),
                              [](const auto& r) { return r.name == asobo::name_hash("crate_diffuse.tga"); });
  REQUIRE(diffuse != textures.end());
  diffuse->body.bytes.resize(39);  // one byte short of the two levels
  diffuse->body.decompressed_size = 39;
  asobo::raise_buffer_sizes(archive);
  test::TempDir dir;
  write_file_atomically(dir / "FUEL.DPC", asobo::write_bigfile(archive, "FUEL.DPC"));
  write_file_atomically(dir / "FUEL.NPC", asobo::sample_mesh_archive_names());
  const auto converted = test::convert_to_glb({dir / "FUEL.DPC"});
  CHECK(test::any_warning_contains(converted.warnings, "does not decode"));
  CHECK(test::any_warning_contains(converted.warnings, "the body has 39"));
  const std::size_t crate = material_named(converted.glb, "crate_wood");
  CHECK_FALSE(test::material_image_bytes(converted.glb, crate, "baseColorTexture").has_value());
  CHECK(test::material_image_bytes(converted.glb, crate, "normalTexture").has_value());

  // extract --images skips it with a warning, writes the others, and the folder still packs to the archive.
  const auto bytes = test::read_bytes(dir / "FUEL.DPC");
  const auto extracted = test::run_gamefmt(
      {"bigfile", "extract", (dir / "FUEL.DPC").string(), "-o", (dir / "out").string(), "--images"});
  REQUIRE(extracted.exit_code == 0);
  CHECK_THAT(extracted.output, Catch::Contains("4 bitmaps"));
  CHECK_THAT(extracted.output, Catch::Contains("the body has 39"));
  const auto packed =
      test::run_gamefmt({"bigfile", "pack", (dir / "out").string(), "-o", (dir / "again.DPC").string()});
  REQUIRE(packed.exit_code == 0);
  CHECK(test::read_bytes(dir / "again.DPC") == bytes);
}
