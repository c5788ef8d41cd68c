// The command line follows the usual conventions: usage problems exit with 2 and say "gamefmt: <what>" naming
// what was wrong; file problems exit with 1; messages say what the user can do.
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
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
  check_usage_error(run_gamefmt({"bigfile", "frobnicate"}), "unknown command 'frobnicate'");
  check_usage_error(run_gamefmt({"bigfile"}), "a command is needed: list, info, extract, pack");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", "x.glb", "-O", "winding"}), "NAME=VALUE");
  // An unknown option is named wherever it stands, even when something else is missing too.
  check_usage_error(run_gamefmt({"--frobnicate", "convert", kWolf.string(), "-o", "x.glb"}),
                    "unknown option '--frobnicate'");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "--frobnicate"}),
                    "unknown option '--frobnicate'");
  check_usage_error(run_gamefmt({"info", kWolf.string(), "second"}), "unexpected argument 'second'");
  // CLI11's own failures (bad values, a missing value) are status 2 with the flag named, not 105 or 106.
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", "x.glb", "--jobs", "many"}), "--jobs");
  check_usage_error(run_gamefmt({"--error-format", "xml", "formats"}), "--error-format");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o"}), "-o");
}

TEST_CASE("With --error-format=json a usage error is one JSON error of kind usage", "[cli]") {
  for (const auto& arguments : std::vector<std::vector<std::string>>{
           {"--error-format=json", "--frobnicate"},
           {"--error-format", "json", "convert", kWolf.string(), "-o", "x.glb", "--frobnicate"},
           {"--error-format=json", "convert", kSamples.string(), "-o", "x.glb"}}) {
    const auto result = run_gamefmt(arguments);
    INFO(result.output);
    CHECK(result.exit_code == 2);
    const auto lines = json_lines(result.output);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0]["level"] == "error");
    CHECK(lines[0]["kind"] == "usage");
    CHECK_THAT(lines[0]["message"].get<std::string>(),
               Catch::Contains("--frobnicate") || Catch::Contains("x.glb: in batch mode"));
    CHECK_THAT(result.output, !Catch::Contains("--help"));
  }
}

TEST_CASE("An option no format of the conversion knows fails, suggests the nearest and lists the known ones",
          "[cli]") {
  gamefmt::test::TempDir dir;
  const auto output = dir.path() / "w.glb";
  const auto typo = run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "windnig=cw"});
  check_usage_error(typo, "windnig");
  CHECK_THAT(typo.output, Catch::Contains("did you mean winding?"));
  // In alphabetical order.
  CHECK_THAT(typo.output, Catch::Contains("knows: animations, gamedata, max_baked_frames,"));
  CHECK_THAT(typo.output, Catch::Contains("textures, way_back, winding)"));
  // No suggestion for a name nothing resembles.
  const auto unlike = run_gamefmt({"convert", kWolf.string(), "-o", output.string(), "-O", "zzzzzzzz=1"});
  check_usage_error(unlike, "zzzzzzzz");
  CHECK_THAT(unlike.output, !Catch::Contains("did you mean"));
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
  // Any extension, not only the formats' own: the user cannot have meant a new folder named so...
  check_usage_error(run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "models.v2").string()}),
                    "has a file extension");
  CHECK_FALSE(fs::exists(dir.path() / "models.v2"));
  // ... unless it is there already.
  fs::create_directory(dir.path() / "ready.v2");
  CHECK(run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "ready.v2").string()}).exit_code == 0);
  CHECK(fs::exists(dir.path() / "ready.v2" / "Wolf.glb"));
  // A file where the folder should be, and a target without an extension, are refused before any work.
  std::ofstream(dir.path() / "plain") << "not a folder";
  check_usage_error(run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "plain").string()}),
                    "this is a file");
  check_usage_error(
      run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "dot").string(), "--to", "."}),
      "such as --to glb");
  CHECK_FALSE(fs::exists(dir.path() / "dot"));
}

TEST_CASE("Messages say what is wrong in the user's terms", "[cli]") {
  gamefmt::test::TempDir dir;
  std::ofstream(dir.path() / "table.tsv") << "a\tb\n";
  const auto tsv =
      run_gamefmt({"convert", (dir.path() / "table.tsv").string(), "-o", (dir.path() / "t.glb").string()});
  CHECK(tsv.exit_code == 1);
  CHECK_THAT(tsv.output,
             Catch::Contains("no format reads '.tsv' files") && Catch::Contains("gamefmt formats"));
  CHECK_THAT(tsv.output, !Catch::Contains("STL") && !Catch::Contains("Assimp"));
  const auto tsv_info = run_gamefmt({"info", (dir.path() / "table.tsv").string()});
  CHECK(tsv_info.exit_code == 1);
  CHECK_THAT(tsv_info.output, Catch::Contains("no format reads '.tsv' files"));
  check_usage_error(run_gamefmt({"info", kSamples.string()}), "is a folder");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", (dir.path() / "x").string()}),
                    "has no extension");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", (dir.path() / "x.xyz").string()}),
                    "no format writes '.xyz' files");
}

TEST_CASE("A format written only from one other format, or only rewritten, says so before reading", "[cli]") {
  gamefmt::test::TempDir dir;
  const auto glb = dir.path() / "Wolf.glb";
  REQUIRE(run_gamefmt({"convert", kWolf.string(), "-o", glb.string()}).exit_code == 0);
  const auto vox = run_gamefmt({"convert", glb.string(), "-o", (dir.path() / "Wolf.vox").string()});
  check_usage_error(vox, "MagicaVoxel model files only from a Westwood .vxl");
  CHECK_THAT(vox.output, Catch::Contains("not from a .glb"));
  CHECK_FALSE(fs::exists(dir.path() / "Wolf.vox"));
  check_usage_error(run_gamefmt({"convert", glb.string(), "-o", (dir.path() / "Wolf.vxl").string()}),
                    "only from a MagicaVoxel .vox");
  check_usage_error(run_gamefmt({"convert", kWolf.string(), "-o", (dir.path() / "Wolf.hva").string()}),
                    "only by rewriting one (`gamefmt convert in.hva -o out.hva`); not from a .solid");
  CHECK_FALSE(fs::exists(dir.path() / "Wolf.hva"));
}

TEST_CASE("gamefmt formats says what each format is for, also one that is only a companion or rewritten",
          "[cli]") {
  const auto json_run = run_gamefmt({"formats", "--json"});
  REQUIRE(json_run.exit_code == 0);
  const auto text_run = run_gamefmt({"formats"});
  REQUIRE(text_run.exit_code == 0);
  std::map<std::string, std::string> lines;  // format id -> its line in the listing
  std::istringstream text(text_run.output);
  for (std::string line; std::getline(text, line);)
    if (line.rfind("  ", 0) == 0 && line.rfind("   ", 0) != 0)
      lines[line.substr(2, line.find(' ', 2) - 2)] = line;
  const auto formats = nlohmann::json::parse(json_run.output)["formats"];
  REQUIRE(formats.size() == lines.size());
  std::vector<std::string> neither_read_nor_written;
  for (const auto& format : formats) {
    const std::string id = format["id"];
    INFO(id);
    REQUIRE(lines.count(id) == 1);
    if (!format["read"].get<bool>() && !format["write"].get<bool>()) {
      neither_read_nor_written.push_back(id);
      CHECK_FALSE(format["role_note"].get<std::string>().empty());
    }
    if (!format["role_note"].get<std::string>().empty())
      CHECK_THAT(lines[id], Catch::Contains(format["role_note"].get<std::string>()));
    if (!format["export_note"].get<std::string>().empty())
      CHECK_THAT(lines[id], Catch::Contains("written " + format["export_note"].get<std::string>()));
  }
  // A companion extension two formats share (.anm) means the one of the owner's family.
  const auto companion_of = [&](const std::string& id) {
    for (const auto& format : formats)
      if (format["id"] == id) return format["companion_of"].get<std::vector<std::string>>();
    return std::vector<std::string>{};
  };
  CHECK(companion_of("phoenix-anm") == std::vector<std::string>{"phoenix-phxbn"});
  CHECK(companion_of("xray-anm").empty());
  // The three the listing used to show without a word.
  for (const char* id : {"westwood-hva", "phoenix-sav", "xray-level-geom"})
    CHECK(std::find(neither_read_nor_written.begin(), neither_read_nor_written.end(), id) !=
          neither_read_nor_written.end());
}

TEST_CASE("--quiet keeps only errors, --verbose adds a line per file", "[cli]") {
  gamefmt::test::TempDir dir;
  // Wolf.solid with bytes after its end: read with a warning.
  std::ifstream in(kWolf, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), {});
  std::ofstream(dir.path() / "Tail.solid", std::ios::binary) << bytes << "extra";
  const auto tail = (dir.path() / "Tail.solid").string();
  const auto warned = run_gamefmt({"convert", tail, "-o", (dir.path() / "t.glb").string()});
  CHECK(warned.exit_code == 0);
  CHECK_THAT(warned.output,
             Catch::Contains("gamefmt: warning: ") && Catch::Contains("after the last triangle"));
  const auto quiet = run_gamefmt({"-q", "convert", tail, "-o", (dir.path() / "q.glb").string()});
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.output.empty());
  CHECK(fs::exists(dir.path() / "q.glb"));
  const auto quiet_batch =
      run_gamefmt({"-q", "convert", kSamples.string(), "-o", (dir.path() / "q").string()});
  CHECK(quiet_batch.exit_code == 0);
  CHECK(quiet_batch.output.empty());
  // Errors are still printed.
  std::ofstream(dir.path() / "Broken.solid", std::ios::binary) << bytes.substr(0, 100);
  const auto broken = run_gamefmt(
      {"-q", "convert", (dir.path() / "Broken.solid").string(), "-o", (dir.path() / "b.glb").string()});
  CHECK(broken.exit_code == 1);
  CHECK_THAT(broken.output, Catch::StartsWith("gamefmt: ") && Catch::Contains("Broken.solid"));
  // --verbose: one line per file written, with its time.
  const auto verbose =
      run_gamefmt({"-v", "convert", kSamples.string(), "-o", (dir.path() / "v").string(), "--jobs", "2"});
  CHECK(verbose.exit_code == 0);
  const auto solids = gamefmt::test::files_with_extension(kSamples, "solid");
  std::size_t wrote_lines = 0;
  std::istringstream lines(verbose.output);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("gamefmt: wrote ", 0) == 0 && line.find(".glb in ") != std::string::npos) ++wrote_lines;
  CHECK(wrote_lines == solids.size());
  const auto single = run_gamefmt({"-v", "convert", kWolf.string(), "-o", (dir.path() / "v.glb").string()});
  CHECK_THAT(single.output, Catch::Contains("wrote ") && Catch::Contains("v.glb in "));
}

TEST_CASE("The batch summary counts in words and measures its time", "[cli]") {
  gamefmt::test::TempDir dir;
  const auto start = std::chrono::steady_clock::now();
  const auto one =
      run_gamefmt({"convert", kSamples.string(), "-o", (dir.path() / "one").string(), "--jobs", "1"});
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  REQUIRE(one.exit_code == 0);
  const auto solids = gamefmt::test::files_with_extension(kSamples, "solid");
  std::smatch match;
  REQUIRE(std::regex_search(one.output, match,
                            std::regex(R"(converted (\d+) of (\d+) files in ([0-9.]+) (ms|s) \(1 job\))")));
  CHECK(std::stoul(match[1]) == solids.size());
  CHECK(std::stoul(match[2]) == solids.size());
  // The time printed is the time the work took: more than nothing, less than the whole run.
  const double seconds = std::stod(match[3]) * (match[4] == "ms" ? 1e-3 : 1.0);
  CHECK(seconds > 0);
  CHECK(seconds <= wall);
  CHECK_THAT(one.output, !Catch::Contains("1 jobs") && !Catch::Contains(" 0.00 "));
  // One file: "1 file".
  fs::create_directory(dir.path() / "single");
  fs::copy_file(kWolf, dir.path() / "single" / "Wolf.solid");
  const auto single =
      run_gamefmt({"convert", (dir.path() / "single").string(), "-o", (dir.path() / "single_out").string()});
  CHECK_THAT(single.output, Catch::Contains("converted 1 of 1 file in ") && Catch::Contains("(1 job)"));
}

TEST_CASE("On a terminal the batch shows a progress bar with the current file and the time left", "[cli]") {
  gamefmt::test::TempDir dir;
  // `script` runs the command on a pseudo-terminal, as a user at a terminal runs it.
  const auto command = [&](const std::string& options, const std::string& out) {
    return gamefmt::test::run_program({"script", "-qec",
                                       "'" GAMEFMT_CLI_PATH "' " + options + " convert '" +
                                           kSamples.string() + "' -o '" + (dir.path() / out).string() +
                                           "' --jobs 1",
                                       "/dev/null"});
  };
  const auto shown = command("", "shown");
  CHECK(shown.exit_code == 0);
  const auto solids = gamefmt::test::files_with_extension(kSamples, "solid");
  const std::string total = "/" + std::to_string(solids.size());
  CHECK_THAT(shown.output,
             Catch::Contains("] 0" + total + "  ETA --  " + solids.front().filename().string()));
  CHECK_THAT(shown.output, Catch::Contains("] 1" + total + "  ETA "));
  CHECK_THAT(shown.output, Catch::Contains(solids.back().filename().string()));
  CHECK_THAT(shown.output, Catch::Contains("converted " + std::to_string(solids.size())));
  const auto quiet = command("-q", "quiet");
  CHECK(quiet.exit_code == 0);
  CHECK(quiet.output.empty());
}

TEST_CASE("scripts/build.sh without arguments prints its usage", "[cli]") {
  const auto run =
      gamefmt::test::run_program({"bash", (gamefmt::test::source_dir() / "scripts" / "build.sh").string()});
  CHECK(run.exit_code == 2);
  CHECK_THAT(run.output, Catch::StartsWith("usage: scripts/build.sh DIR"));
  CHECK_THAT(run.output, !Catch::Contains("unbound variable"));
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
