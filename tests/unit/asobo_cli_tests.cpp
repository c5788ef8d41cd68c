// `gamefmt bigfile list|extract|pack` and `gamefmt info` on archives made by the writer.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "asobo_samples.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/file_io.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("gamefmt bigfile extract then pack gives the archive back, in both byte orders", "[cli][asobo]") {
  for (const auto& [name, order] :
       {std::pair{"FUEL.DPC", ByteOrder::little}, std::pair{"FUEL.D36", ByteOrder::big}}) {
    test::TempDir dir;
    const auto bytes = test::asobo_sample_bigfile_bytes(order);
    write_file_atomically(dir / name, bytes);
    const auto extracted =
        test::run_gamefmt({"bigfile", "extract", (dir / name).string(), "-o", (dir / "out").string()});
    REQUIRE(extracted.exit_code == 0);
    CHECK_THAT(extracted.output, Catch::Contains("6 objects"));
    const auto manifest = nlohmann::json::parse(test::read_bytes(dir / "out" / "manifest.json"));
    CHECK(manifest["byte_order"] == (order == ByteOrder::little ? "little" : "big"));
    const std::string repacked_name = std::string("again") + std::filesystem::path(name).extension().string();
    const auto packed =
        test::run_gamefmt({"bigfile", "pack", (dir / "out").string(), "-o", (dir / repacked_name).string()});
    REQUIRE(packed.exit_code == 0);
    CHECK(test::read_bytes(dir / repacked_name) == bytes);
  }
}

TEST_CASE("gamefmt bigfile extract and pack keep texts of any bytes (hex in the manifest)", "[cli][asobo]") {
  test::TempDir dir;
  auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::little);
  // The IncrediBuilder text: 128 bytes of 0xFF, no NUL (not UTF-8, which JSON needs).
  for (std::size_t i = 0; i < 128; ++i) bytes[0x740 + i] = std::byte{0xFF};
  write_file_atomically(dir / "ff.DPC", bytes);
  const auto extracted =
      test::run_gamefmt({"bigfile", "extract", (dir / "ff.DPC").string(), "-o", (dir / "out").string()});
  INFO(extracted.output);
  REQUIRE(extracted.exit_code == 0);
  const auto manifest = nlohmann::json::parse(test::read_bytes(dir / "out" / "manifest.json"));
  CHECK(manifest["incredibuilder_hex"] == std::string(254, 'f'));
  CHECK_FALSE(manifest.contains("incredibuilder"));
  const auto packed =
      test::run_gamefmt({"bigfile", "pack", (dir / "out").string(), "-o", (dir / "again.DPC").string()});
  INFO(packed.output);
  REQUIRE(packed.exit_code == 0);
  CHECK(test::read_bytes(dir / "again.DPC") == bytes);
}

TEST_CASE("gamefmt bigfile list shows classes, and names from a name list", "[cli][asobo]") {
  test::TempDir dir;
  write_file_atomically(dir / "LEVEL.DPC", test::asobo_sample_bigfile_bytes(ByteOrder::little));
  const auto plain = test::run_gamefmt({"bigfile", "list", (dir / "LEVEL.DPC").string()});
  REQUIRE(plain.exit_code == 0);
  CHECK_THAT(plain.output, Catch::Contains("Mesh_Z"));
  CHECK_THAT(plain.output, Catch::Contains("Skel_Z"));
  char hash[16];
  std::snprintf(hash, sizeof hash, "%08X", asobo::name_hash("car_body.mesh"));
  CHECK_THAT(plain.output, Catch::Contains(hash));

  write_file_atomically(dir / "names.txt", std::string_view("car_body.mesh\nrider.skel\n"));
  const auto named = test::run_gamefmt(
      {"bigfile", "list", (dir / "LEVEL.DPC").string(), "--names", (dir / "names.txt").string(), "--json"});
  REQUIRE(named.exit_code == 0);
  const auto json = nlohmann::json::parse(named.output);
  REQUIRE(json["objects"].size() == 6);
  CHECK(json["objects"][0]["name"] == "car_body.mesh");
  CHECK(json["objects"][0]["class"] == "Mesh_Z");
  CHECK(json["objects"][0]["compressed"] == true);
  CHECK(json["objects"][3]["name"] == "rider.skel");
  CHECK(json["objects"][2]["pooled"] == true);
  CHECK(json["objects"][2]["body_size"] == 4100);  // a pooled object shows its pool body

  // A name list beside the archive with the same base name is found without --names.
  write_file_atomically(dir / "LEVEL.NPC", std::string_view("shared_sky.tga\n"));
  const auto beside = test::run_gamefmt({"bigfile", "list", (dir / "LEVEL.DPC").string()});
  CHECK_THAT(beside.output, Catch::Contains("shared_sky.tga"));
}

TEST_CASE("gamefmt info describes a BigFile; bad archives fail with file, offset and field", "[cli][asobo]") {
  test::TempDir dir;
  auto bytes = test::asobo_sample_bigfile_bytes(ByteOrder::big);
  write_file_atomically(dir / "A.DGC", bytes);
  const auto info = test::run_gamefmt({"info", (dir / "A.DGC").string(), "--json"});
  REQUIRE(info.exit_code == 0);
  const auto json = nlohmann::json::parse(info.output);
  CHECK(json["format"] == "asobo-bigfile-be");
  CHECK(json["object_count"] == 6);
  CHECK(json["pooled_objects"] == 2);
  CHECK(json["version"] == "v1.381.67.09 - Asobo Studio - Internal Cross Technology");

  bytes[0x107] = std::byte{0x41};  // block count 65 (big-endian)
  write_file_atomically(dir / "B.DGC", bytes);
  const auto bad = test::run_gamefmt({"bigfile", "list", (dir / "B.DGC").string()});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.output, Catch::Contains("B.DGC: offset 0x"));
  CHECK_THAT(bad.output, Catch::Contains("block_count"));

  const auto missing =
      test::run_gamefmt({"bigfile", "pack", (dir / "nowhere").string(), "-o", (dir / "x.DPC").string()});
  CHECK(missing.exit_code == 1);
  CHECK_FALSE(std::filesystem::exists(dir / "x.DPC"));
  const auto help = test::run_gamefmt({"bigfile", "--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.output, Catch::Contains("extract"));
}

TEST_CASE("gamefmt bigfile pack refuses an extension of the other byte order", "[cli][asobo]") {
  test::TempDir dir;
  write_file_atomically(dir / "A.DPC", test::asobo_sample_bigfile_bytes(ByteOrder::little));
  REQUIRE(test::run_gamefmt({"bigfile", "extract", (dir / "A.DPC").string(), "-o", (dir / "x").string()})
              .exit_code == 0);
  const auto wrong =
      test::run_gamefmt({"bigfile", "pack", (dir / "x").string(), "-o", (dir / "A.DP3").string()});
  CHECK(wrong.exit_code == 1);
  CHECK_THAT(wrong.output, Catch::Contains("byte order"));
}
