// The compiled level's portals, dynamic lights, glows and sectors: decoded from hand-made bytes, written
// back byte for byte, and kept as stored where a chunk holds more than its records.
#include <catch2/catch.hpp>
#include <cstring>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/xray/level.hpp"
#include "xray_compiled_level_samples.hpp"

using namespace gamefmt;

namespace {

void append_u32(std::vector<std::byte>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(std::byte((v >> (8 * i)) & 0xFF));
}
void append_u16(std::vector<std::byte>& out, std::uint16_t v) {
  out.push_back(std::byte(v & 0xFF));
  out.push_back(std::byte(v >> 8));
}
void append_f32(std::vector<std::byte>& out, float f) {
  std::uint32_t v;
  std::memcpy(&v, &f, 4);
  append_u32(out, v);
}
void append_chunk(std::vector<std::byte>& out, std::uint32_t id, const std::vector<std::byte>& payload) {
  append_u32(out, id);
  append_u32(out, std::uint32_t(payload.size()));
  out.insert(out.end(), payload.begin(), payload.end());
}

// A level with one of each record, laid out as xrLC does: header, portals, lights, glows, sectors.
std::vector<std::byte> hand_made_level(std::size_t extra_glow_bytes = 0) {
  std::vector<std::byte> file, header, portals, lights, glows, sectors;
  append_u16(header, 14);
  append_u16(header, 0);
  append_chunk(file, 1, header);
  append_u16(portals, 0);
  append_u16(portals, 1);
  for (int i = 0; i < 18; ++i) append_f32(portals, float(i) * 0.5f);
  append_u32(portals, 3);
  append_chunk(file, 4, portals);
  append_u32(lights, 2);  // static
  append_u32(lights, 2);  // spot
  for (int i = 0; i < 25; ++i) append_f32(lights, float(i) + 0.25f);
  append_chunk(file, 6, lights);
  for (float f : {1.0f, 2.0f, 3.0f, 0.75f}) append_f32(glows, f);
  append_u16(glows, 5);
  for (std::size_t i = 0; i < extra_glow_bytes; ++i) glows.push_back(std::byte(0xAB));
  append_chunk(file, 7, glows);
  std::vector<std::byte> sector, root, sector_portals;
  append_u32(root, 7);
  append_chunk(sector, 2, root);
  append_u16(sector_portals, 0);
  append_u16(sector_portals, 3);
  append_chunk(sector, 1, sector_portals);
  append_chunk(sector, 9, {std::byte(1), std::byte(2)});  // a sub-chunk the engine does not read
  append_chunk(sectors, 0, sector);
  append_chunk(file, 8, sectors);
  return file;
}

}  // namespace

TEST_CASE("Level portals, lights, glows and sectors are decoded and written back byte for byte",
          "[xray][level][xray-level]") {
  const auto bytes = hand_made_level();
  const auto level = xray::read_level(bytes, "level");
  CHECK(level.warnings.empty());
  REQUIRE(level.portals.size() == 1);
  CHECK(level.portals[0].back_sector == 1);
  CHECK(level.portals[0].vertices[1] == std::array<float, 3>{1.5f, 2.0f, 2.5f});
  CHECK(level.portals[0].vertex_count == 3);
  REQUIRE(level.lights.size() == 1);
  CHECK(level.lights[0].controller == 2);
  CHECK(level.lights[0].type == 2);
  CHECK(level.lights[0].diffuse[0] == 0.25f);
  CHECK(level.lights[0].position == std::array<float, 3>{12.25f, 13.25f, 14.25f});
  CHECK(level.lights[0].range == 18.25f);
  CHECK(level.lights[0].phi == 24.25f);
  REQUIRE(level.glows.size() == 1);
  CHECK(level.glows[0].radius == 0.75f);
  CHECK(level.glows[0].shader_id == 5);
  REQUIRE(level.sectors.size() == 1);
  CHECK(level.sectors[0].root_visual == 7u);
  CHECK(level.sectors[0].portals == std::vector<std::uint16_t>{0, 3});
  CHECK(xray::write_level(level) == bytes);

  SECTION("a level made from values alone writes every record and reads back the same") {
    xray::Level made = test::xray_sample_level();
    made.portals = level.portals;
    made.lights = level.lights;
    made.glows = level.glows;
    xray::LevelSector sector;
    sector.portals = {0};
    sector.root_visual = 0;
    made.sectors = {sector};
    const auto back = xray::read_level(xray::write_level(made), "made");
    CHECK(back.portals.size() == 1);
    REQUIRE(back.lights.size() == 1);
    CHECK(back.lights[0].phi == 24.25f);
    REQUIRE(back.glows.size() == 1);
    CHECK(back.glows[0].shader_id == 5);
    REQUIRE(back.sectors.size() == 1);
    CHECK(back.sectors[0].root_visual == 0u);
    CHECK(xray::write_level(back) == xray::write_level(made));
  }
}

TEST_CASE("A level chunk with bytes after its records is read with a warning and kept as stored",
          "[xray][level][xray-level]") {
  const auto bytes = hand_made_level(3);
  const auto level = xray::read_level(bytes, "level");
  REQUIRE_FALSE(level.warnings.empty());
  CHECK(level.glows.size() == 1);
  CHECK(xray::write_level(level) == bytes);
}
