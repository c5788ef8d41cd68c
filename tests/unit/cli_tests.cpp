#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/object.hpp"
#include "legacy_ai_scene.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"
#include "xray_sdk_samples.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {
const fs::path kWolf = test::samples_dir() / "lugaru" / "Wolf.solid";
}

TEST_CASE("gamefmt --version and --help", "[cli]") {
  const auto version = test::run_gamefmt({"--version"});
  CHECK(version.exit_code == 0);
  CHECK_THAT(version.output, Catch::StartsWith("gamefmt "));
  const auto help = test::run_gamefmt({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.output, Catch::Contains("convert"));
}

TEST_CASE("gamefmt convert writes glb, rewrites .solid identically and goes back from glb", "[cli]") {
  test::TempDir dir;
  REQUIRE(test::run_gamefmt({"convert", kWolf.string(), "-o", (dir / "Wolf.glb").string()}).exit_code == 0);
  const auto glb = test::read_bytes(dir / "Wolf.glb");
  REQUIRE(glb.size() > 12);
  CHECK(std::memcmp(glb.data(), "glTF", 4) == 0);
  REQUIRE(test::run_gamefmt({"convert", kWolf.string(), "-o", (dir / "same.solid").string()}).exit_code == 0);
  CHECK(test::read_bytes(dir / "same.solid") == test::read_bytes(kWolf));
  REQUIRE(test::run_gamefmt({"convert", (dir / "Wolf.glb").string(), "-o", (dir / "back.solid").string()})
              .exit_code == 0);
  CHECK(test::read_bytes(dir / "back.solid") == test::read_bytes(kWolf));
}

TEST_CASE("gamefmt convert works with Assimp's formats at either end", "[cli]") {
  test::TempDir dir;
  REQUIRE(test::run_gamefmt({"convert", kWolf.string(), "-o", (dir / "Wolf.obj").string()}).exit_code == 0);
  CHECK(fs::exists(dir / "Wolf.obj"));
  CHECK(fs::exists(dir / "Wolf.mtl"));
  const auto back = test::run_gamefmt(
      {"convert", (dir / "Wolf.obj").string(), "-o", (dir / "fromobj.solid").string(), "-O", "winding=cw"});
  REQUIRE(back.exit_code == 0);
  const auto info = test::run_gamefmt({"info", (dir / "fromobj.solid").string(), "--json"});
  REQUIRE(info.exit_code == 0);
  const auto json = nlohmann::json::parse(info.output);
  CHECK(json["triangles"] == 1062);
  CHECK(json["vertices"] == 560);
}

TEST_CASE("gamefmt info and formats print JSON", "[cli]") {
  const auto info = test::run_gamefmt({"info", kWolf.string(), "--json"});
  REQUIRE(info.exit_code == 0);
  const auto json = nlohmann::json::parse(info.output);
  CHECK(json["format"] == "lugaru-solid");
  CHECK(json["vertices"] == 560);
  CHECK(json["winding"] == "cw");
  const auto formats = test::run_gamefmt({"formats", "--json"});
  REQUIRE(formats.exit_code == 0);
  const auto list = nlohmann::json::parse(formats.output);
  bool found = false;
  for (const auto& f : list["formats"]) found = found || (f["id"] == "lugaru-solid" && f["write"] == true);
  CHECK(found);
  CHECK_FALSE(list["assimp"]["read"].empty());
}

TEST_CASE("A bad input gives file, offset and field, exit 1, and no output file", "[cli]") {
  test::TempDir dir;
  auto bytes = test::read_bytes(kWolf);
  bytes.resize(1000);
  write_file_atomically(dir / "cut.solid", bytes);
  const auto result =
      test::run_gamefmt({"convert", (dir / "cut.solid").string(), "-o", (dir / "cut.glb").string()});
  CHECK(result.exit_code == 1);
  CHECK_THAT(result.output, Catch::Contains("cut.solid: offset 0x"));
  CHECK_THAT(result.output, Catch::Contains("positions"));
  CHECK_FALSE(fs::exists(dir / "cut.glb"));
  const auto missing =
      test::run_gamefmt({"convert", (dir / "none.solid").string(), "-o", (dir / "x.glb").string()});
  CHECK(missing.exit_code == 1);
  CHECK_THAT(missing.output, Catch::Contains("none.solid"));
  std::size_t leftovers = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++leftovers;
  CHECK(leftovers == 1);
}

TEST_CASE("Batch mode converts a folder, reports bad files and exits non-zero", "[cli]") {
  test::TempDir dir;
  fs::create_directories(dir / "in" / "sub");
  fs::copy_file(kWolf, dir / "in" / "Wolf.solid");
  fs::copy_file(test::samples_dir() / "lugaru" / "Box.solid", dir / "in" / "sub" / "Box.solid");
  const auto ok =
      test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "out").string(), "--jobs", "2"});
  CHECK(ok.exit_code == 0);
  CHECK(fs::exists(dir / "out" / "Wolf.glb"));
  CHECK(fs::exists(dir / "out" / "sub" / "Box.glb"));
  write_file_atomically(dir / "in" / "bad.solid", std::string_view("\x00\x05\x00\x01", 4));
  const auto bad =
      test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "out2").string(), "--to", "gltf"});
  CHECK(bad.exit_code == 1);
  CHECK_THAT(bad.output, Catch::Contains("bad.solid"));
  CHECK(fs::exists(dir / "out2" / "Wolf.gltf"));
  CHECK_FALSE(fs::exists(dir / "out2" / "bad.gltf"));
}

TEST_CASE("Batch mode goes back: a folder of glTF files to a game format; glTF is not converted to glTF",
          "[cli]") {
  test::TempDir dir;
  fs::create_directories(dir / "game" / "sub");
  fs::copy_file(kWolf, dir / "game" / "Wolf.solid");
  const fs::path box = test::samples_dir() / "lugaru" / "Box.solid";
  fs::copy_file(box, dir / "game" / "sub" / "Box.solid");
  REQUIRE(
      test::run_gamefmt({"convert", (dir / "game").string(), "-o", (dir / "edited").string()}).exit_code ==
      0);
  REQUIRE(fs::exists(dir / "edited" / "sub" / "Box.glb"));

  const auto back = test::run_gamefmt(
      {"convert", (dir / "edited").string(), "-o", (dir / "back").string(), "--to", ".SOLID", "--jobs", "2"});
  INFO(back.output);
  CHECK(back.exit_code == 0);
  CHECK(test::read_bytes(dir / "back" / "Wolf.solid") == test::read_bytes(kWolf));
  CHECK(test::read_bytes(dir / "back" / "sub" / "Box.solid") == test::read_bytes(box));

  const auto again =
      test::run_gamefmt({"convert", (dir / "edited").string(), "-o", (dir / "again").string()});
  CHECK(again.exit_code == 1);
  CHECK_THAT(again.output, Catch::Contains("no game files found"));
  CHECK_FALSE(fs::exists(dir / "again"));
}

TEST_CASE("Batch mode: files that differ only in extension get outputs named after their whole names",
          "[cli]") {
  test::TempDir dir;
  fs::create_directories(dir / "in");
  fs::copy_file(kWolf, dir / "in" / "Wolf.solid");
  write_file_atomically(dir / "in" / "Wolf.object", xray::write_object(test::sample_object()));
  fs::copy_file(test::samples_dir() / "lugaru" / "Box.solid", dir / "in" / "Box.solid");
  const auto run = test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "out").string()});
  INFO(run.output);
  CHECK(run.exit_code == 0);
  CHECK(fs::exists(dir / "out" / "Box.glb"));
  CHECK_FALSE(fs::exists(dir / "out" / "Wolf.glb"));
  REQUIRE(fs::exists(dir / "out" / "Wolf.solid.glb"));
  REQUIRE(fs::exists(dir / "out" / "Wolf.object.glb"));
  CHECK(gamefmt::test::legacy_read_gltf(read_file_bytes(dir / "out" / "Wolf.object.glb"), "Wolf.object.glb")
            ->mNumAnimations == 1);
  CHECK(gamefmt::test::legacy_read_gltf(read_file_bytes(dir / "out" / "Wolf.solid.glb"), "Wolf.solid.glb")
            ->mNumAnimations == 0);
}

TEST_CASE("Batch messages name their inputs; a warning many files share is shown once with its files",
          "[cli][batch]") {
  test::TempDir dir;
  fs::create_directories(dir / "in");
  // Three models that miss the same texture (no game-data folder), and one bad file.
  for (const char* name : {"a.ogf", "b.ogf", "c.ogf"})
    write_file_atomically(dir / "in" / name, test::xray_sample_skinned_ogf_bytes());
  fs::copy_file(kWolf, dir / "in" / "Wolf.solid");
  write_file_atomically(dir / "in" / "bad.solid", std::string_view("\x00\x05\x00\x01", 4));
  const auto run = test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "out").string()});
  INFO(run.output);
  CHECK(run.exit_code == 1);
  // Shown once, with the count and the files.
  const std::string shared = "texture 'act\\body' not found";
  const auto first = run.output.find(shared);
  REQUIRE(first != std::string::npos);
  CHECK(run.output.find(shared, first + 1) == std::string::npos);
  CHECK_THAT(run.output,
             Catch::Contains("(3 files: " + (dir / "in" / "a.ogf").string() + ", " +
                             (dir / "in" / "b.ogf").string() + ", " + (dir / "in" / "c.ogf").string() + ")"));
  // The error names its file; the summary names the failed files and where each is listed with its error.
  CHECK_THAT(run.output, Catch::Contains((dir / "in" / "bad.solid").string() + ": offset"));
  CHECK_THAT(run.output, Catch::Contains("converted 4 of 5 files"));
  CHECK_THAT(run.output, Catch::Contains("1 failed: bad.solid (every one with its error: " +
                                         (dir / "out" / "gamefmt-failures.txt").string() + ")"));
  const auto list = test::read_bytes(dir / "out" / "gamefmt-failures.txt");
  const std::string text(reinterpret_cast<const char*>(list.data()), list.size());
  CHECK_THAT(text, Catch::StartsWith((dir / "in" / "bad.solid").string() + "\t" +
                                     (dir / "in" / "bad.solid").string() + ": offset"));
  // JSON lines carry every file of a shared warning.
  const auto json = test::run_gamefmt(
      {"--error-format=json", "convert", (dir / "in").string(), "-o", (dir / "out_json").string()});
  bool grouped = false;
  for (std::size_t at = 0, end; (end = json.output.find('\n', at)) != std::string::npos; at = end + 1) {
    const auto line = nlohmann::json::parse(json.output.substr(at, end - at), nullptr, false);
    if (line.is_object() && line.value("level", "") == "warning" && line.contains("files"))
      grouped = line["files"].size() == 3 && line["count"] == 3;
  }
  CHECK(grouped);
}

TEST_CASE("Batch mode refuses an output folder it cannot write, and --jobs 0, before any file",
          "[cli][batch]") {
  test::TempDir dir;
  fs::create_directories(dir / "in");
  fs::copy_file(kWolf, dir / "in" / "Wolf.solid");
  fs::copy_file(test::samples_dir() / "lugaru" / "Box.solid", dir / "in" / "Box.solid");
  write_file_atomically(dir / "a_file", std::string_view("x"));
  const auto unwritable =
      test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "a_file" / "out").string()});
  INFO(unwritable.output);
  CHECK(unwritable.exit_code == 2);
  CHECK_THAT(unwritable.output, Catch::Contains("the output folder cannot be made"));
  CHECK_THAT(unwritable.output, !Catch::Contains("Wolf.solid"));  // once, not per input
  const auto zero =
      test::run_gamefmt({"convert", (dir / "in").string(), "-o", (dir / "out").string(), "--jobs", "0"});
  CHECK(zero.exit_code == 2);
  CHECK_THAT(zero.output, Catch::Contains("--jobs"));
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("A single conversion makes its output's folder", "[cli]") {
  test::TempDir dir;
  const auto out = dir / "new" / "deeper" / "Wolf.glb";
  const auto run = test::run_gamefmt({"convert", kWolf.string(), "-o", out.string()});
  INFO(run.output);
  CHECK(run.exit_code == 0);
  CHECK(fs::is_regular_file(out));
}
