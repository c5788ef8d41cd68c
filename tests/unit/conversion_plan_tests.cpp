// The conversion library's plan (gamefmt/conversion.hpp): each request's formats decided once, by the one
// output rule, and carried out as planned.
#include <catch2/catch.hpp>
#include <filesystem>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "gamefmt/xray/anm.hpp"
#include "test_support.hpp"
#include "westwood_sweep_inputs.hpp"
#include "xray_anm_samples.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {

const fs::path kWolf = test::samples_dir() / "lugaru" / "Wolf.solid";

std::vector<std::string> ids(const std::vector<const FormatHandler*>& formats) {
  std::vector<std::string> out;
  for (const auto* format : formats) out.push_back(format->description().id);
  return out;
}

}  // namespace

TEST_CASE("A plan names the formats on both sides before a file is read whole", "[conversion]") {
  test::TempDir dir;
  const auto to_glb = plan_conversion({kWolf}, dir / "Wolf.glb", {});
  CHECK(to_glb.input_kind == InputKind::game_format);
  REQUIRE(to_glb.input_format != nullptr);
  CHECK(to_glb.input_format->description().id == "lugaru-solid");
  CHECK(to_glb.output_kind == OutputKind::gltf);
  CHECK(to_glb.output_formats.empty());
  CHECK_FALSE(to_glb.rewrites());

  const auto same = plan_conversion({kWolf}, dir / "same.SOLID", {});
  CHECK(same.output_kind == OutputKind::game_format);
  CHECK(ids(same.output_formats) == std::vector<std::string>{"lugaru-solid"});
  CHECK(same.rewrites());

  const auto to_obj = plan_conversion({kWolf}, dir / "Wolf.obj", {});
  CHECK(to_obj.output_kind == OutputKind::assimp);
  CHECK(to_obj.assimp_exporter == "obj");

  // What the plan says is what happens: the rewrite gives the same bytes, the glTF reads back as glTF.
  convert(same);
  CHECK(test::read_bytes(dir / "same.SOLID") == test::read_bytes(kWolf));
  convert(to_glb);
  const auto back = plan_conversion({dir / "Wolf.glb"}, dir / "back.solid", {});
  CHECK(back.input_kind == InputKind::gltf);
  CHECK(back.input_format == nullptr);
  CHECK_FALSE(back.rewrites());
  convert(back);
  CHECK(test::read_bytes(dir / "back.solid") == test::read_bytes(kWolf));
}

TEST_CASE("Formats sharing the output's extension are asked in one order: the input's own first",
          "[conversion]") {
  test::TempDir dir;
  const fs::path xray_anm = dir / "path.anm";
  write_file_atomically(xray_anm, xray::write_anm(test::xray_sample_anm(5), xray_anm.string()));
  const auto rewrite = plan_conversion({xray_anm}, dir / "copy.anm", {});
  REQUIRE(rewrite.input_format != nullptr);
  CHECK(rewrite.input_format->description().id == "xray-anm");
  CHECK(ids(rewrite.output_formats) == std::vector<std::string>{"xray-anm", "phoenix-anm"});
  CHECK(rewrite.rewrites());
  convert(rewrite);
  CHECK(test::read_bytes(dir / "copy.anm") == test::read_bytes(xray_anm));

  // Without a game-format input, the registry's order; the scene then goes to the first that takes it.
  convert_files({xray_anm}, dir / "path.glb", {});
  const auto from_gltf = plan_conversion({dir / "path.glb"}, dir / "back.anm", {});
  CHECK(ids(from_gltf.output_formats) == std::vector<std::string>{"phoenix-anm", "xray-anm"});
  convert(from_gltf);
  CHECK(test::read_bytes(dir / "back.anm") == test::read_bytes(xray_anm));
}

TEST_CASE("A format that is written only from another is planned as the output and converts directly",
          "[conversion]") {
  test::TempDir dir;
  const fs::path vxl = dir / "tank.vxl";
  write_file_atomically(vxl, westwood::write_vxl(test::westwood_sample_vxl(), vxl.string()));
  const auto plan = plan_conversion({vxl}, dir / "tank.vox", {});
  CHECK(ids(plan.output_formats) == std::vector<std::string>{"magicavoxel-vox"});
  CHECK_FALSE(plan.rewrites());
  convert(plan);
  CHECK(handler_for_file(dir / "tank.vox")->description().id == "magicavoxel-vox");
}

TEST_CASE("Options are checked against exactly the planned formats", "[conversion]") {
  test::TempDir dir;
  CHECK_NOTHROW(plan_conversion({kWolf}, dir / "a.solid", {{"winding", "cw"}}));         // the format's own
  CHECK_NOTHROW(plan_conversion({kWolf}, dir / "a.glb", {{"max_file_bytes", "1000"}}));  // common
  CHECK_THROWS_AS(plan_conversion({kWolf}, dir / "a.glb", {{"windings", "cw"}}), UsageError);
  try {
    plan_conversion({kWolf}, dir / "a.glb", {{"details_mode", "baked"}});  // X-Ray's, not these formats'
    FAIL("an option of another format was accepted");
  } catch (const UsageError& e) {
    CHECK_THAT(e.what(), Catch::Contains("details_mode"));
  }
  CHECK_THROWS_AS(plan_conversion({kWolf}, dir / "noextension", {}), UsageError);
  CHECK_THROWS_AS(plan_conversion({kWolf}, dir / "a.nothing", {}), UsageError);
  CHECK_THROWS_AS(plan_conversion({dir / "missing.solid"}, dir / "a.glb", {}), FormatError);
  CHECK_THROWS_AS(plan_conversion({dir.path()}, dir / "a.glb", {}), UsageError);
}

TEST_CASE("A folder plan lists its jobs and converts them in order", "[conversion]") {
  test::TempDir in, out;
  fs::create_directories(in / "models");
  fs::copy_file(kWolf, in / "models" / "Wolf.solid");
  fs::copy_file(kWolf, in / "Wolf.solid");
  write_file_atomically(in / "notes.txt", std::string("not a model"));
  const auto plan = plan_folder_conversion(in.path(), out.path(), ".GLB", {});
  CHECK(plan.to == "glb");
  REQUIRE(plan.jobs.size() == 2);
  CHECK(plan.jobs[0].input == in / "Wolf.solid");
  CHECK(plan.jobs[0].output == out / "Wolf.glb");
  CHECK(plan.jobs[1].output == out / "models" / "Wolf.glb");
  std::vector<std::size_t> finished;
  const auto results = convert_folder(plan, 1, {nullptr, [&](std::size_t job, const FolderJobResult& result) {
                                                  CHECK_FALSE(result.error);
                                                  finished.push_back(job);
                                                }});
  CHECK(finished == std::vector<std::size_t>{0, 1});
  REQUIRE(results.size() == 2);
  CHECK(fs::exists(out / "models" / "Wolf.glb"));

  // Back to the game's format, the glTF files are inputs too.
  const auto back = plan_folder_conversion(out.path(), in / "back", "solid", {});
  REQUIRE(back.jobs.size() == 2);
  CHECK(extension_of(back.jobs[0].input) == "glb");
  CHECK_THROWS_AS(plan_folder_conversion(in.path(), out.path(), "nothing", {}), UsageError);
  CHECK_THROWS_AS(plan_folder_conversion(in.path(), out / "x.glb", "glb", {}), UsageError);
}
