// X-Ray .thm texture descriptors: hand-assembled bytes read field by field, writer round trips, unknown and
// other-type chunks kept, tolerated extra bytes, refusals, and which bump and detail the engine would use.
#include <catch2/catch.hpp>
#include <cstring>
#include <string>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/thm.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

struct Bytes {
  std::vector<std::byte> data;
  void u8(std::uint8_t v) { data.push_back(std::byte(v)); }
  void u16(std::uint16_t v) {
    u8(v & 0xFF);
    u8(v >> 8);
  }
  void u32(std::uint32_t v) {
    for (int i = 0; i < 4; ++i) u8((v >> (8 * i)) & 0xFF);
  }
  void f32(float v) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    u32(bits);
  }
  void text(const std::string& s) {
    for (char c : s) u8(static_cast<std::uint8_t>(c));
    u8(0);
  }
  void chunk(std::uint32_t id, const Bytes& payload) {
    u32(id);
    u32(static_cast<std::uint32_t>(payload.data.size()));
    data.insert(data.end(), payload.data.begin(), payload.data.end());
  }
};

// A texture descriptor as the SDK writes one: version, type, parameters, texture type, detail, material,
// bump, external normal map, fade delay.
std::vector<std::byte> sdk_texture_thm(std::uint32_t flags, std::uint32_t bump_mode) {
  Bytes file, p;
  p.u16(18);
  file.chunk(0x0810, p);
  p = {};
  p.u32(1);
  file.chunk(0x0813, p);
  p = {};
  for (std::uint32_t v : {3u, flags, 0x11223344u, 0x55667788u, 7u, 2u, 512u, 256u}) p.u32(v);
  file.chunk(0x0812, p);
  p = {};
  p.u32(0);
  file.chunk(0x0814, p);
  p = {};
  p.text("detail\\detail_grnd_grass");
  p.f32(4.5f);
  file.chunk(0x0815, p);
  p = {};
  p.u32(1);
  p.f32(0.25f);
  file.chunk(0x0816, p);
  p = {};
  p.f32(0.05f);
  p.u32(bump_mode);
  p.text("act\\act_other_bump");
  file.chunk(0x0817, p);
  p = {};
  p.text("act\\act_nmap");
  file.chunk(0x0818, p);
  p = {};
  p.u8(9);
  file.chunk(0x0819, p);
  return file.data;
}

}  // namespace

TEST_CASE("A .thm texture descriptor reads field by field and rewrites byte for byte", "[xray][xray-thm]") {
  const auto bytes = sdk_texture_thm(xray::kThmFlagDiffuseDetail, 2);
  const auto thm = xray::read_thm(bytes, "act_body.thm");
  CHECK(thm.warnings.empty());
  CHECK(thm.version == 18);
  CHECK(thm.type == 1u);
  REQUIRE(thm.params);
  CHECK(thm.params->format == 3);
  CHECK(thm.params->flags == xray::kThmFlagDiffuseDetail);
  CHECK(thm.params->border_color == 0x11223344u);
  CHECK(thm.params->fade_color == 0x55667788u);
  CHECK(thm.params->fade_amount == 7);
  CHECK(thm.params->mip_filter == 2);
  CHECK(thm.params->width == 512);
  CHECK(thm.params->height == 256);
  CHECK(thm.texture_type == 0u);
  REQUIRE(thm.detail);
  CHECK(thm.detail->name == "detail\\detail_grnd_grass");
  CHECK(thm.detail->scale == 4.5f);
  REQUIRE(thm.material);
  CHECK(thm.material->material == 1);
  CHECK(thm.material->weight == 0.25f);
  REQUIRE(thm.bump);
  CHECK(thm.bump->virtual_height == 0.05f);
  CHECK(thm.bump->mode == 2);
  CHECK(thm.bump->name == "act\\act_other_bump");
  CHECK(thm.external_normal_map == "act\\act_nmap");
  CHECK(thm.fade_delay == 9);
  CHECK(xray::write_thm(thm) == bytes);

  // The engine's use of them: the bump when its mode is use or use-parallax, the detail when flagged.
  CHECK(thm.used_bump() == "act\\act_other_bump");
  REQUIRE(thm.used_detail());
  CHECK(thm.used_detail()->scale == 4.5f);
  CHECK(xray::read_thm(sdk_texture_thm(xray::kThmFlagBumpDetail, 3), "x.thm").used_bump());
  CHECK(xray::read_thm(sdk_texture_thm(xray::kThmFlagBumpDetail, 3), "x.thm").used_detail());
  CHECK_FALSE(xray::read_thm(sdk_texture_thm(0, 1), "x.thm").used_bump());
  CHECK_FALSE(xray::read_thm(sdk_texture_thm(0, 0), "x.thm").used_bump());
  CHECK_FALSE(xray::read_thm(sdk_texture_thm(0, 1), "x.thm").used_detail());
  CHECK(xray::looks_like_thm(bytes));
}

TEST_CASE("A .thm built from fields is written in the SDK's chunk order and reads back", "[xray][xray-thm]") {
  xray::Thm thm;
  thm.version = 18;
  thm.type = xray::kThmTypeTexture;
  thm.params =
      xray::ThmTextureParams{3, xray::kThmFlagDiffuseDetail, 0x11223344u, 0x55667788u, 7, 2, 512, 256};
  thm.texture_type = 0;
  thm.detail = xray::ThmDetail{"detail\\detail_grnd_grass", 4.5f};
  thm.material = xray::ThmMaterial{1, 0.25f};
  thm.bump = xray::ThmBump{0.05f, 2, "act\\act_other_bump"};
  thm.external_normal_map = "act\\act_nmap";
  thm.fade_delay = 9;
  CHECK(xray::write_thm(thm) == sdk_texture_thm(xray::kThmFlagDiffuseDetail, 2));
}

TEST_CASE("A .thm keeps unknown, duplicate, compressed and other-type chunks and trailing bytes",
          "[xray][xray-thm]") {
  auto bytes = sdk_texture_thm(0, 2);
  Bytes extra, p;
  p.u32(0xDEADBEEF);
  extra.chunk(0x0820, p);       // a THM editor's own chunk
  extra.chunk(0x0817, p);       // a second bump chunk: the engine reads the first
  extra.chunk(0x80000815u, p);  // flagged compressed
  bytes.insert(bytes.end(), extra.data.begin(), extra.data.end());
  bytes.push_back(std::byte{0x42});  // not a whole chunk
  const auto thm = xray::read_thm(bytes, "x.thm");
  CHECK(thm.bump->name == "act\\act_other_bump");
  CHECK(thm.layout.others.size() == 3);
  CHECK(thm.layout.trailing_bytes.size() == 1);
  CHECK_FALSE(thm.warnings.empty());
  CHECK(xray::write_thm(thm) == bytes);

  SECTION("an object descriptor's chunks are not read as a texture's") {
    Bytes file, q;
    q.u16(18);
    file.chunk(0x0810, q);
    q = {};
    q.u32(0);  // object
    file.chunk(0x0813, q);
    q = {};
    q.u32(5);  // object parameters: face and vertex counts, not a material
    q.u32(6);
    file.chunk(0x0816, q);
    const auto object = xray::read_thm(file.data, "o.thm");
    CHECK_FALSE(object.is_texture());
    CHECK_FALSE(object.material);
    CHECK(object.layout.others.size() == 1);
    CHECK(xray::write_thm(object) == file.data);
  }
}

TEST_CASE("A .thm chunk with bytes after its fields reads with a warning and is kept",
          "[xray][xray-thm][lenient]") {
  Bytes file, p;
  p.u16(18);
  p.u16(0xABCD);  // two bytes more than the version
  file.chunk(0x0810, p);
  p = {};
  p.f32(0.5f);
  p.u32(2);
  p.text("a_bump");
  p.u8(0x77);
  file.chunk(0x0817, p);
  const auto thm = xray::read_thm(file.data, "x.thm");
  CHECK(thm.version == 18);
  CHECK(thm.bump->name == "a_bump");
  CHECK(thm.warnings.size() == 2);
  CHECK(thm.layout.stored.size() == 2);
  CHECK(xray::write_thm(thm) == file.data);
  auto edited = thm;
  edited.bump->name = "b_bump";  // an edit writes the model's fields
  const auto back = xray::read_thm(xray::write_thm(edited), "y.thm");
  CHECK(back.bump->name == "b_bump");
  CHECK(back.version == 18);
}

TEST_CASE("A .thm that cannot be read is refused with its field", "[xray][xray-thm]") {
  Bytes file, p;
  p.f32(0.5f);
  p.u32(2);
  p.u8('a');  // no NUL
  file.chunk(0x0817, p);
  CHECK_THROWS_WITH(xray::read_thm(file.data, "x.thm"), Catch::Contains("bump.name"));
  Bytes short_params, q;
  q.u32(3);
  short_params.chunk(0x0812, q);
  CHECK_THROWS_WITH(xray::read_thm(short_params.data, "x.thm"), Catch::Contains("params.flags"));
  CHECK_THROWS_AS(xray::read_thm({}, "x.thm"), FormatError);
}
