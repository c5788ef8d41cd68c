#include <catch2/catch.hpp>
#include <cstring>
#include <functional>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"
#include "gamefmt/westwood/vxl.hpp"

using namespace gamefmt;
using namespace gamefmt::westwood;

namespace {

// Little-endian bytes, assembled by hand (not with the writer under test).
struct Bytes {
  std::vector<std::byte> data;
  void u8(unsigned v) { data.push_back(std::byte(v)); }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xff);
  }
  void f32(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    u32(v);
  }
  void text(std::string_view s, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) u8(i < s.size() ? static_cast<unsigned char>(s[i]) : 0);
  }
};

constexpr std::size_t kTinyBodyOffset = 802 + 28;
constexpr std::size_t kTinyDataOffset = kTinyBodyOffset + 16;
constexpr std::size_t kTinyTailerOffset = kTinyDataOffset + 10;

// One limb "turret" of 2 x 1 x 3 voxels. Column 0 holds (colour 5, normal 1) at z 0 and (colour 6, normal 2)
// at z 2; column 1 is empty. The name field carries bytes after its NUL, as real files do.
std::vector<std::byte> tiny_vxl() {
  Bytes b;
  b.text(std::string_view("Voxel Animation\0", 16), 16);
  b.u32(1);   // palette count
  b.u32(1);   // limbs
  b.u32(1);   // tailers
  b.u32(26);  // body size
  b.u8(16);
  b.u8(31);
  for (int i = 0; i < 768; ++i) b.u8(i % 7 == 0 ? 0 : i & 0xff);
  b.text(std::string_view("turret\0\x05XY", 10), 16);
  b.u32(0);
  b.u32(1);
  b.u32(2);
  // body: span starts, span ends, span data
  b.u32(0);
  b.u32(0xffffffff);
  b.u32(9);
  b.u32(0xffffffff);
  // skip 0, count 1, (5, 1), count 1 | skip 1, count 1, (6, 2), count 1
  for (unsigned v : {0u, 1u, 5u, 1u, 1u, 1u, 1u, 6u, 2u, 1u}) b.u8(v);
  // tailer
  b.u32(0);
  b.u32(8);
  b.u32(16);
  b.f32(1.0f / 12);
  for (float v : {1.f, 0.f, 0.f, 2.f, 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, 1.f, 0.5f}) b.f32(v);
  for (float v : {-1.f, -0.5f, 0.f, 1.f, 0.5f, 3.f}) b.f32(v);
  b.u8(2);
  b.u8(1);
  b.u8(3);
  b.u8(4);
  return b.data;
}

std::vector<std::byte> tiny_hva() {
  Bytes b;
  b.text("C:\\UNIT", 16);
  b.u32(2);  // frames
  b.u32(1);  // sections
  b.text("turret", 16);
  for (int frame = 0; frame < 2; ++frame)
    for (float v : {1.f, 0.f, 0.f, float(12 * frame), 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, 1.f, 0.f}) b.f32(v);
  return b.data;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const FormatError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("VXL: a hand-built file reads field by field and writes back byte-identically",
          "[westwood][westwood-vxl]") {
  const auto bytes = tiny_vxl();
  const auto vxl = read_vxl(bytes, "tiny.vxl");
  CHECK(vxl.palette_count == 1);
  CHECK(vxl.remap_start == 16);
  CHECK(vxl.remap_end == 31);
  CHECK(vxl.palette[1] == 1);
  REQUIRE(vxl.limbs.size() == 1);
  const auto& limb = vxl.limbs[0];
  CHECK(name_text(limb.header.name) == "turret");
  CHECK(limb.header.name[7] == '\x05');  // the bytes after the NUL are kept
  CHECK(limb.header.unknown2 == 2);
  CHECK(limb.tailer.size_x == 2);
  CHECK(limb.tailer.size_z == 3);
  CHECK(limb.tailer.normals_type == 4);
  CHECK(limb.tailer.transform[3] == 2.0f);
  CHECK(limb.tailer.max_bounds[2] == 3.0f);
  CHECK(limb.body.span_start == std::vector<std::int32_t>{0, -1});
  CHECK(limb.body.span_end == std::vector<std::int32_t>{9, -1});
  CHECK(write_vxl(vxl) == bytes);

  const auto grid = decode_limb_voxels(limb, "tiny.vxl");
  CHECK(grid.filled_count() == 2);
  CHECK(grid.at(0, 0, 0).filled);
  CHECK(grid.at(0, 0, 0).color == 5);
  CHECK(grid.at(0, 0, 0).normal == 1);
  CHECK_FALSE(grid.at(0, 0, 1).filled);
  CHECK(grid.at(0, 0, 2).color == 6);
  CHECK(grid.at(0, 0, 2).normal == 2);
  CHECK_FALSE(grid.at(1, 0, 0).filled);
}

TEST_CASE("VXL: encoding decoded voxels gives the spans back; a column ending empty gets (skip, 0, 0)",
          "[westwood][westwood-vxl]") {
  const auto vxl = read_vxl(tiny_vxl(), "tiny.vxl");
  const auto grid = decode_limb_voxels(vxl.limbs[0], "tiny.vxl");
  const auto body = encode_limb_voxels(grid);
  CHECK(body.span_start == vxl.limbs[0].body.span_start);
  CHECK(body.span_end == vxl.limbs[0].body.span_end);
  CHECK(body.span_data == vxl.limbs[0].body.span_data);

  VoxelGrid low(1, 1, 4);
  low.at(0, 0, 1) = {9, 3, true};
  const auto encoded = encode_limb_voxels(low);
  const std::vector<std::byte> expected = {std::byte(1), std::byte(1), std::byte(9), std::byte(3),
                                           std::byte(1), std::byte(2), std::byte(0), std::byte(0)};
  CHECK(encoded.span_data == expected);
  VxlLimb limb;
  limb.tailer.size_x = limb.tailer.size_y = 1;
  limb.tailer.size_z = 4;
  limb.body = encoded;
  const auto back = decode_limb_voxels(limb, "x.vxl");
  CHECK(back.filled_count() == 1);
  CHECK(back.at(0, 0, 1).color == 9);
}

TEST_CASE("VXL: a limb with no voxels encodes as empty columns and no span bytes",
          "[westwood][westwood-vxl]") {
  const auto body = encode_limb_voxels(VoxelGrid(2, 3, 4));
  CHECK(body.span_start == std::vector<std::int32_t>(6, -1));
  CHECK(body.span_end == std::vector<std::int32_t>(6, -1));
  CHECK(body.span_data.empty());
}

TEST_CASE("VXL: bad spans and offsets give errors naming file, offset and field",
          "[westwood][westwood-vxl]") {
  SECTION("a span running past its column") {
    auto bytes = tiny_vxl();
    bytes[kTinyBodyOffset + 8] = std::byte(6);  // span_end[0] = 6 cuts the second span short
    const auto message = error_of([&] { (void)read_vxl(bytes, "bad.vxl"); });
    CHECK_THAT(message, Catch::Contains("bad.vxl"));
    CHECK_THAT(message, Catch::Contains("limbs[0].spans[0]"));
    CHECK_THAT(message, Catch::Contains("past the end of its column"));
  }
  SECTION("a span running past the limb height") {
    auto bytes = tiny_vxl();
    bytes[kTinyDataOffset + 5] = std::byte(2);  // skip 2 puts the voxel at z 3 of a 3-high limb
    CHECK_THAT(error_of([&] { (void)read_vxl(bytes, "bad.vxl"); }), Catch::Contains("past the limb height"));
  }
  SECTION("a column start outside the span data") {
    auto bytes = tiny_vxl();
    bytes[kTinyBodyOffset] = std::byte(40);
    CHECK_THAT(error_of([&] { (void)read_vxl(bytes, "bad.vxl"); }), Catch::Contains("outside the span data"));
  }
  SECTION("tailer offsets outside the body") {
    auto bytes = tiny_vxl();
    bytes[kTinyTailerOffset + 8] = std::byte(200);  // span_data_offset
    const auto message = error_of([&] { (void)read_vxl(bytes, "bad.vxl"); });
    CHECK_THAT(message, Catch::Contains("tailers[0].span_data_offset"));
  }
  SECTION("a body size larger than the file") {
    auto bytes = tiny_vxl();
    bytes[28] = std::byte(0xff);
    bytes[29] = std::byte(0xff);
    CHECK_THAT(error_of([&] { (void)read_vxl(bytes, "bad.vxl"); }), Catch::Contains("body_size"));
  }
  SECTION("every truncation") {
    const auto bytes = tiny_vxl();
    for (std::size_t n = 0; n < bytes.size(); ++n)
      CHECK_THROWS_AS(read_vxl(std::span(bytes).first(n), "cut.vxl"), FormatError);
  }
}

TEST_CASE("HVA: hand-built bytes read, write back, and reject bad counts", "[westwood][westwood-hva]") {
  const auto bytes = tiny_hva();
  const auto hva = read_hva(bytes, "tiny.hva");
  CHECK(name_text(hva.file_name) == "C:\\UNIT");
  CHECK(hva.frame_count == 2);
  REQUIRE(hva.section_names.size() == 1);
  CHECK(name_text(hva.section_names[0]) == "turret");
  CHECK(hva.matrix(1, 0)[3] == 12.0f);
  CHECK(write_hva(hva) == bytes);

  auto bad = bytes;
  bad[16] = std::byte(0xff);  // 255 frames in a file holding 2
  CHECK_THAT(error_of([&] { (void)read_hva(bad, "bad.hva"); }), Catch::Contains("frame_count"));
  auto extra = bytes;  // the game reads the counted matrices and no more: a byte after them is kept
  extra.push_back(std::byte(0));
  const auto with_extra = read_hva(extra, "extra.hva");
  REQUIRE(with_extra.warnings.size() == 1);
  CHECK_THAT(with_extra.warnings[0], Catch::Contains("1 bytes after the last matrix are not read"));
  CHECK(write_hva(with_extra) == extra);
  for (std::size_t n = 0; n < bytes.size(); ++n)
    CHECK_THROWS_AS(read_hva(std::span(bytes).first(n), "cut.hva"), FormatError);
}

TEST_CASE("Game palettes: 6-bit values expand to 8 bits", "[westwood]") {
  std::vector<std::byte> pal(768, std::byte(0));
  pal[0] = std::byte(63);
  pal[1] = std::byte(32);
  pal[2] = std::byte(1);
  const auto p = read_game_palette(pal, "unittem.pal");
  CHECK(p[0] == 255);
  CHECK(p[1] == 130);
  CHECK(p[2] == 4);
  CHECK_THROWS_AS(read_game_palette(std::span(pal).first(700), "short.pal"), FormatError);
}

TEST_CASE("Voxel mesher: visible faces only, merged per colour", "[westwood]") {
  VoxelGrid one(1, 1, 1);
  one.at(0, 0, 0) = {3, 0, true};
  auto mesh = mesh_voxels(one);
  CHECK(mesh.triangle_count() == 12);
  CHECK(mesh.positions.size() == 24);

  VoxelGrid pair(2, 1, 1);  // two touching voxels of one colour: still a box of six rectangles
  pair.at(0, 0, 0) = {3, 0, true};
  pair.at(1, 0, 0) = {3, 0, true};
  CHECK(mesh_voxels(pair).triangle_count() == 12);
  pair.at(1, 0, 0).color = 4;  // two colours: four long sides split in two, the inner faces stay hidden
  mesh = mesh_voxels(pair);
  CHECK(mesh.triangle_count() == 20);
  // Every triangle faces its stored normal (counter-clockwise seen from outside).
  for (std::size_t t = 0; t < mesh.triangle_count(); ++t) {
    const auto& a = mesh.positions[mesh.indices[3 * t]];
    const auto& b = mesh.positions[mesh.indices[3 * t + 1]];
    const auto& c = mesh.positions[mesh.indices[3 * t + 2]];
    const float e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
                e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    const float n[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                        e1[0] * e2[1] - e1[1] * e2[0]};
    const auto& stored = mesh.normals[mesh.indices[3 * t]];
    CHECK(n[0] * stored[0] + n[1] * stored[1] + n[2] * stored[2] > 0);
  }
  VoxelGrid hollow(3, 3, 3);  // a full cube: no inner faces, one rectangle per side
  for (auto& v : hollow.cells) v = {7, 0, true};
  CHECK(mesh_voxels(hollow).triangle_count() == 12);
}
