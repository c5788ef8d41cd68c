// The command line follows the usual conventions: usage problems exit with 2 and say "gamefmt: <what>" naming
// what was wrong; file problems exit with 1; messages say what the user can do.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_support.hpp"

namespace fs = std::filesystem;
using gamefmt::test::run_gamefmt;

namespace {

const fs::path kWolf = gamefmt::test::samples_dir() / "lugaru" / "Wolf.solid";
const fs::path kSamples = gamefmt::test::samples_dir() / "lugaru";

void check_usage_error(const gamefmt::test::CommandResult& result, const std::string& says) {
  INFO(result.output);
  CHECK(result.exit_code == 2);
  CHECK_THAT(result.output, Catch::StartsWith("gamefmt: "));
  CHECK_THAT(result.output, Catch::Contains(says));
  CHECK_THAT(result.output, Catch::Contains("--help"));
}

// Every line of the output that is a JSON object.
std::vector<nlohmann::json> json_lines(const std::string& output) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line.front() == '{') lines.push_back(nlohmann::json::parse(line));
  return lines;
}

}  // namespace

TEST_CASE("Usage errors exit with 2 and name what was wrong", "[cli]") {
  check_usage_error(run_gamefmt({"--frobnicate"}), "unknown option '--frobnicate'");
  check_usage_error(run_gamefmt({"frobnicate"}), "unknown command 'frobnicate'");
  check_usage_error(run_gamefmt({}), "a command is needed");
  check_usage_error(run_gamefmt({"convert", kWolf.string()}), "output");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", "x.glb", "--nope"}), "--nope");
  check_usage_error(run_gamefmt({"bigfile", "frobnicate"}), "unknown bigfile command 'frobnicate'");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", "x.glb", "-O", "winding"}), "NAME=VALUE");
}

TEST_CASE("An option no format of the conversion knows fails and lists the known ones, closest first",
          "[cli]") {
  gamefmt::test::TempDir dir;
  const auto output = dir.path() / "w.glb";
  const auto typo = run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "windnig=cw"});
  check_usage_error(typo, "windnig");
  CHECK_THAT(typo.output, Catch::Contains("knows: winding,"));
  CHECK_FALSE(fs::exists(output));
  // The same option, spelled right, converts; an option of another format is not taken either.
  CHECK(run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "winding=cw"}).exit_code == 0);
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "links=2"}),
                    "links");
  // Options of the conversion itself are known to every conversion.
  CHECK(run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "max_baked_frames=10"})
            .exit_code == 0);
  check_usage_error(
      run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "max_baked_frames=-3"}),
      "max_baked_frames");
  // Batch mode checks once, before converting anything.
  const auto batch =
      run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "out").string(), "-O", "windnig=cw"});
  check_usage_error(batch, "windnig");
  CHECK_FALSE(fs::exists(dir.path() / "out"));
}

TEST_CASE("Batch mode checks its target once and refuses an output folder named like a file", "[cli]") {
  gamefmt::test::TempDir dir;
  const auto to_nothing =
      run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "out").string(), "--to", "xyz"});
  check_usage_error(to_nothing, "--to xyz");
  // One message, not one per file, and no folder made.
  CHECK(to_nothing.output.find("--to xyz") == to_nothing.output.rfind("--to xyz"));
  CHECK_FALSE(fs::exists(dir.path() / "out"));
  check_usage_error(run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "x.glb").string()}),
                    "--to glb");
  CHECK_FALSE(fs::exists(dir.path() / "x.glb"));
}

TEST_CASE("Messages say what is wrong in the user's terms", "[cli]") {
  gamefmt::test::TempDir dir;
  std::ofstream(dir.path() / "table.tsv") << "a\tb\n";
  const auto tsv =
      run_gamefmt({"convert", (dir.path() / "table.tsv").string(), "-o", (dir.path() / "t.glb").string()});
  CHECK(tsv.exit_code == 1);
  CHECK_THAT(tsv.output, Catch::Contains("no format reads '.tsv' files"));
  check_usage_error(run_gamefmt({"info", kSamples.string()}), "is a folder");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", (dir.path() / "x").string()}),
                    "has no extension");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", (dir.path() / "x.xyz").string()}),
                    "no format writes '.xyz' files");
}

TEST_CASE("--quiet prints nothing on success, and the batch summary counts properly", "[cli]") {
  gamefmt::test::TempDir dir;
  const auto quiet = run_gamefmt({"-q", "convert", kSamples.string(), "-o", (dir.path() / "q").string()});
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.output.empty());
  const auto one =
      run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "one").string(), "--jobs", "1"});
  CHECK(one.exit_code == 0);
  CHECK_THAT(one.output, Catch::Contains(" files in ") && Catch::Contains("(1 job)"));
  CHECK_THAT(one.output, !Catch::Contains("1 jobs"));
  const auto verbose = run_gamefmt({"-v", "convert", kWolf.string(), "-o", (dir.path() / "v.glb").string()});
  CHECK_THAT(verbose.output, Catch::Contains("wrote ") && Catch::Contains("v.glb"));
}

TEST_CASE("--error-format=json gives one JSON object per error and per warning", "[cli]") {
  gamefmt::test::TempDir dir;
  // A truncated .solid: file, offset, field, problem and kind as separate values.
  std::ifstream in(kWolf, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::ofstream(dir.path() / "Broken.solid", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  const auto broken = run_gamefmt({"--error-format=json", "convert", (dir.path() / "Broken.solid").string(),
                                   "-o", (dir.path() / "b.glb").string()});
  CHECK(broken.exit_code == 1);
  const auto lines = json_lines(broken.output);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0]["level"] == "error");
  CHECK_THAT(lines[0]["file"].get<std::string>(), Catch::EndsWith("Broken.solid"));
  CHECK(lines[0]["offset"].is_number());
  CHECK_FALSE(lines[0]["field"].get<std::string>().empty());
  CHECK(lines[0]["kind"] == "truncated");
  const auto usage =
      run_gamefmt({"--error-format=json", "convert", kWolf.string(), "-o", "w.glb", "-O", "windnig=1"});
  CHECK(usage.exit_code == 2);
  REQUIRE(json_lines(usage.output).size() == 1);
  CHECK_THAT(json_lines(usage.output)[0]["message"].get<std::string>(), Catch::Contains("windnig"));
}
