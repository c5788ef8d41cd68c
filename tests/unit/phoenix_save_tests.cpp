#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/save.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

void str(ByteWriter& w, std::string_view s) {
  w.u16(static_cast<std::uint16_t>(s.size()));
  w.bytes(s);
}

// Two levels laid out by hand, the way SaveFile::SerializeToRAM writes them: marker, version 3, level count,
// then per level the three key strings, 16 MD5 bytes and the three maps (sorted by key, as std::map writes
// them).
std::vector<std::byte> hand_built_save() {
  ByteWriter w(ByteOrder::little);
  w.bytes(std::string_view("Overgrowth Save"));
  w.u16(3);
  w.u16(2);
  str(w, "com-wolfire-overgrowth-campaign");
  str(w, "linear_campaign");
  str(w, "");
  for (int i = 0; i < 16; ++i) w.u8(static_cast<std::uint8_t>(0xA0 + i));
  w.u16(2);
  str(w, "last_level_played");
  str(w, "rescue");
  str(w, "level_progress");
  str(w, "7");
  w.u16(1);
  str(w, "finished_levels");
  w.u16(2);
  str(w, "intro");
  str(w, "rescue");
  w.u16(1);
  str(w, "kills");
  w.i32(-12);
  str(w, "");  // a deprecated GetSavedLevel(name) save: empty campaign and category
  str(w, "");
  str(w, "arena");
  for (int i = 0; i < 16; ++i) w.u8(0);
  w.u16(0);
  w.u16(0);
  w.u16(0);
  return w.take();
}

SaveFile expected_save() {
  SaveFile s;
  SavedLevel a;
  a.campaign_id = "com-wolfire-overgrowth-campaign";
  a.save_category = "linear_campaign";
  for (int i = 0; i < 16; ++i) a.md5[i] = static_cast<std::uint8_t>(0xA0 + i);
  a.values = {{"last_level_played", "rescue"}, {"level_progress", "7"}};
  a.array_values = {{"finished_levels", {"intro", "rescue"}}};
  a.int_values = {{"kills", -12}};
  SavedLevel b;
  b.save_name = "arena";
  s.levels = {a, b};
  return s;
}

}  // namespace

TEST_CASE("read_save decodes a hand-built savefile.sav3 and writes it back byte for byte",
          "[phoenix][save][phoenix-sav]") {
  const auto bytes = hand_built_save();
  const auto save = read_save(bytes, "savefile.sav3");
  CHECK(save == expected_save());
  CHECK(write_save(save) == bytes);
  CHECK(looks_like_save(bytes));
}

TEST_CASE(
    "Saves: every branch writes and reads back (empty, unsorted, duplicates, binary strings, version 0)",
    "[phoenix][save][phoenix-sav]") {
  SaveFile empty;
  CHECK(write_save(empty).size() == 15 + 2 + 2);
  CHECK(read_save(write_save(empty), "empty.sav3") == empty);

  SaveFile odd = expected_save();
  odd.version = 0;  // the engine's version checks let 0 through to the same layout
  odd.levels[0].values = {{"z", "last"}, {"a", "first"}, {"a", "again"}};  // file order is kept as it is
  odd.levels[0].array_values.push_back({"empty", {}});
  odd.levels[1].values = {{std::string("bin\0\xff", 5), std::string(300, 'x')}};
  odd.levels[1].int_values = {{"min", INT32_MIN}, {"max", INT32_MAX}};
  const auto bytes = write_save(odd);
  const auto back = read_save(bytes, "odd.sav");
  CHECK(back == odd);
  CHECK(write_save(back) == bytes);
}

TEST_CASE("read_save refuses what the engine refuses and reports where", "[phoenix][save][phoenix-sav]") {
  auto bytes = hand_built_save();
  SECTION("marker") {
    bytes[0] = std::byte{'o'};
    CHECK_THROWS_WITH(read_save(bytes, "s.sav3"), Catch::Contains("not an Overgrowth save"));
  }
  SECTION("versions 1, 2 and 4") {
    for (std::uint8_t v : {1, 2, 4}) {
      bytes[15] = std::byte{v};
      try {
        read_save(bytes, "s.sav3");
        FAIL("no error");
      } catch (const FormatError& e) {
        CHECK(e.field() == "version");
        CHECK(*e.offset() == 15);
      }
    }
    SaveFile s;
    s.version = 2;
    CHECK_THROWS_AS(write_save(s), FormatError);
  }
  SECTION("truncated inside a string") {
    bytes.resize(150);  // inside the first array key
    try {
      read_save(bytes, "s.sav3");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "levels[0].array_values[0].key");
    }
  }
  SECTION("trailing bytes are not an error: the engine reads the counted levels and no more") {
    bytes.push_back(std::byte{0});
    const auto save = read_save(bytes, "s.sav3");
    REQUIRE(save.warnings.size() == 1);
    CHECK_THAT(save.warnings[0], Catch::Contains("1 bytes after the last level are not read; they are kept"));
    CHECK(write_save(save, "s.sav3") == bytes);
  }
  SECTION("a level count past the data") {
    bytes[18] = std::byte{0xFF};
    CHECK_THROWS_WITH(read_save(bytes, "s.sav3"), Catch::Contains("count 65282"));
  }
  SECTION("strings over 65535 bytes cannot be written") {
    SaveFile s = expected_save();
    s.levels[0].save_name.assign(65536, 'a');
    CHECK_THROWS_WITH(write_save(s), Catch::Contains("at most 65535"));
  }
}

TEST_CASE("gamefmt info --json dumps a save; convert save.json -o savefile.sav3 writes it back",
          "[phoenix][save][phoenix-sav]") {
  test::TempDir dir;
  SaveFile odd = expected_save();
  odd.levels[1].values = {{std::string("bin\xff", 4), "v"}};
  const auto bytes = write_save(odd);
  write_file_atomically(dir / "savefile.sav3", bytes);
  const auto info = test::run_gamefmt({"info", (dir / "savefile.sav3").string(), "--json"});
  INFO(info.output);
  REQUIRE(info.exit_code == 0);
  const auto json = nlohmann::json::parse(info.output);
  CHECK(json["format"] == "phoenix-sav");
  CHECK(json["levels"][0]["values"][0][0] == "last_level_played");
  CHECK(json["levels"][0]["md5"] == "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf");
  CHECK(json["levels"][1]["values"][0][0]["hex"] == "62696eff");
  write_file_atomically(dir / "save.json", info.output);
  const auto converted =
      test::run_gamefmt({"convert", (dir / "save.json").string(), "-o", (dir / "out.sav3").string()});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  CHECK(read_file_bytes(dir / "out.sav3") == bytes);
  // The older names load the same way; a rewrite is exact.
  write_file_atomically(dir / "savefile.sav", bytes);
  CHECK(test::run_gamefmt({"convert", (dir / "savefile.sav").string(), "-o", (dir / "again.sav").string()})
            .exit_code == 0);
  CHECK(read_file_bytes(dir / "again.sav") == bytes);
  // JSON that is not a dump is refused with the field at fault.
  write_file_atomically(
      dir / "bad.json",
      std::string(R"({"format": "phoenix-sav", "version": 3, "levels": [{"campaign_id": 5}]})"));
  const auto bad =
      test::run_gamefmt({"convert", (dir / "bad.json").string(), "-o", (dir / "bad.sav3").string()});
  CHECK(bad.exit_code != 0);
  CHECK(bad.output.find("levels[0].campaign_id") != std::string::npos);
  CHECK(gamefmt::find_handler_by_id("phoenix-sav") != nullptr);
}
