// Companion files: those a model finds without being named (motion files named after it beside it, an X-Ray
// model's motion references in the game data, the animations a Grimrock mod's scripts give the objects that
// draw it), each file read once however it was reached, none with -O animations=0; a companion of the wrong
// kind, and one converted alone, say what to do.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "shinobi_samples.hpp"
#include "test_support.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {

struct Converted {
  test::CommandResult run;
  std::size_t animations = 0;
};

// `gamefmt convert ARGS -o OUT.glb` and the animations in the glb.
Converted convert_to_glb(const std::vector<std::string>& inputs, const fs::path& glb,
                         const std::vector<std::string>& extra = {}) {
  std::vector<std::string> arguments = {"convert"};
  arguments.insert(arguments.end(), inputs.begin(), inputs.end());
  arguments.insert(arguments.end(), {"-o", glb.string()});
  arguments.insert(arguments.end(), extra.begin(), extra.end());
  Converted out{test::run_gamefmt(arguments), 0};
  if (out.run.exit_code == 0)
    out.animations = gltf::read_gltf(test::read_bytes(glb), glb.string()).animations.size();
  return out;
}

// The sample skinned OGF naming one motion reference, "monsters\walker".
std::vector<std::byte> ogf_with_reference() {
  auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "sample.ogf");
  model.motion_refs = {"monsters\\walker"};
  model.motion_refs_chunk = xray::kOgfMotionRefsList;
  return xray::write_ogf(model, "sample.ogf");
}

constexpr std::size_t kSampleMotions = 2;  // xray_sample_omf_bytes: walk and shoot

}  // namespace

TEST_CASE("An .ogf finds <model>.omf beside it, its references in the game data, and reads each file once",
          "[companions][xray][xray-ogf][cli]") {
  test::TempDir dir;
  const auto omf = test::xray_sample_omf_bytes();
  fs::create_directories(dir / "gamedata" / "meshes" / "monsters" / "creature");
  const auto model = dir / "gamedata" / "meshes" / "monsters" / "creature" / "creature.ogf";
  write_file_atomically(model, ogf_with_reference());

  // Alone, without its referenced file: a warning naming the reference and where it was looked for.
  auto alone = convert_to_glb({model.string()}, dir / "a.glb");
  INFO(alone.run.output);
  REQUIRE(alone.run.exit_code == 0);
  CHECK(alone.animations == 0);
  CHECK_THAT(alone.run.output, Catch::Contains("creature.ogf: motion reference 'monsters/walker' not found"));

  // The file given explicitly (under another name): its motions, and no warning about the reference.
  write_file_atomically(dir / "walker_copy.omf", omf);
  auto given = convert_to_glb({model.string(), (dir / "walker_copy.omf").string()}, dir / "b.glb");
  INFO(given.run.output);
  CHECK(given.animations == kSampleMotions);
  CHECK_THAT(given.run.output, !Catch::Contains("motion reference"));

  // The referenced file in the game data, and the same bytes given too: read once.
  write_file_atomically(dir / "gamedata" / "meshes" / "monsters" / "walker.omf", omf);
  CHECK(convert_to_glb({model.string()}, dir / "c.glb").animations == kSampleMotions);
  auto twice = convert_to_glb({model.string(), (dir / "walker_copy.omf").string()}, dir / "d.glb");
  INFO(twice.run.output);
  CHECK(twice.animations == kSampleMotions);

  // <model>.omf beside the model, not named: found, and once with the reference (the same bytes).
  write_file_atomically(model.parent_path() / "creature.OMF", omf);
  CHECK(convert_to_glb({model.string()}, dir / "e.glb").animations == kSampleMotions);
  fs::remove(dir / "gamedata" / "meshes" / "monsters" / "walker.omf");
  auto beside = convert_to_glb({model.string()}, dir / "f.glb");
  INFO(beside.run.output);
  CHECK(beside.animations == kSampleMotions);

  // -O animations=0: nothing looked up, nothing said about motions.
  auto none = convert_to_glb({model.string()}, dir / "g.glb", {"-O", "animations=0"});
  INFO(none.run.output);
  REQUIRE(none.run.exit_code == 0);
  CHECK(none.animations == 0);
  CHECK_THAT(none.run.output, !Catch::Contains("motion"));
}

TEST_CASE("A Grimrock model plays the animations its mod's objects name, else <model>_*.animation beside it",
          "[companions][shinobi][shinobi-model][cli]") {
  test::TempDir dir;
  for (const char* folder :
       {"beside", "mod/mod_assets/models", "mod/mod_assets/animations", "mod/mod_assets/scripts"})
    fs::create_directories(dir / folder);
  const auto model = shinobi::write_model(test::awkward_model(), "m.model");
  const auto animation = shinobi::write_animation(test::awkward_animation(), "a.animation");
  auto other = test::awkward_animation();
  other.name = "idle";
  const auto idle = shinobi::write_animation(other, "idle.animation");  // other bytes: another file's

  // Beside it: <model>_<name>.animation (any letter case), not other files.
  write_file_atomically(dir / "beside" / "golem.model", model);
  write_file_atomically(dir / "beside" / "golem_walk.animation", animation);
  write_file_atomically(dir / "beside" / "Golem_Idle.ANIMATION", idle);
  write_file_atomically(dir / "beside" / "golem.animation", animation);       // no suffix
  write_file_atomically(dir / "beside" / "golems_run.animation", animation);  // another model's
  auto found = convert_to_glb({(dir / "beside" / "golem.model").string()}, dir / "a.glb");
  INFO(found.run.output);
  REQUIRE(found.run.exit_code == 0);
  CHECK(found.animations == 2);
  // Given as well: once (the same file, or the same bytes under another name, are one file).
  CHECK(convert_to_glb(
            {(dir / "beside" / "golem.model").string(), (dir / "beside" / "golem_walk.animation").string()},
            dir / "b.glb")
            .animations == 2);

  // A mod whose script defines an object drawing the model: its animations, from the mod root, .fbx read as
  // the compiled files; one it names that is missing is a warning; files beside the model are not taken then.
  const auto mod = dir / "mod";
  write_file_atomically(mod / "mod_assets" / "models" / "golem.model", model);
  write_file_atomically(mod / "mod_assets" / "models" / "golem_extra.animation", animation);
  write_file_atomically(mod / "mod_assets" / "animations" / "golem_attack.animation", animation);
  write_file_atomically(
      mod / "mod_assets" / "scripts" / "init.lua",
      std::string("defineObject{ name = \"golem\", class = \"Monster\",\n"
                  "  model = \"mod_assets/models/golem.fbx\",\n"
                  "  animations = { attack = \"mod_assets/animations/golem_attack.fbx\",\n"
                  "                 idle = \"mod_assets/animations/golem_idle.fbx\" } }\n"));
  auto scripted = convert_to_glb({(mod / "mod_assets" / "models" / "golem.model").string()}, dir / "c.glb");
  INFO(scripted.run.output);
  REQUIRE(scripted.run.exit_code == 0);
  CHECK(scripted.animations == 1);
  CHECK_THAT(scripted.run.output,
             Catch::Contains("animation 'mod_assets/animations/golem_idle.fbx' of object "
                             "'golem' (mod_assets/scripts/init.lua:1) not found"));

  // -O animations=0: none, and nothing looked up.
  auto none =
      convert_to_glb({(dir / "beside" / "golem.model").string()}, dir / "d.glb", {"-O", "animations=0"});
  CHECK(none.animations == 0);
}

TEST_CASE("A companion of the wrong kind, and a companion converted alone, say what to do",
          "[companions][cli]") {
  test::TempDir dir;
  write_file_atomically(dir / "creature.ogf", test::xray_sample_skinned_ogf_bytes());
  write_file_atomically(dir / "walk.animation", shinobi::write_animation(test::awkward_animation(), "w"));
  const auto wrong = test::run_gamefmt({"convert", (dir / "creature.ogf").string(),
                                        (dir / "walk.animation").string(), "-o", (dir / "x.glb").string()});
  CHECK(wrong.exit_code == 1);
  CHECK_THAT(wrong.output,
             Catch::Contains("walk.animation is not a companion of .ogf files: expected .omf, .skl, .skls"));
  CHECK_FALSE(fs::exists(dir / "x.glb"));

  // A .hva alone: it goes with its .vxl.
  write_file_atomically(dir / "tank.hva", std::vector<std::byte>(24 + 16 + 48, std::byte{0}));
  const auto hva =
      test::run_gamefmt({"convert", (dir / "tank.hva").string(), "-o", (dir / "y.glb").string()});
  CHECK(hva.exit_code == 1);
  CHECK_THAT(hva.output, Catch::Contains("a .hva goes with a .vxl"));
  CHECK_THAT(hva.output, Catch::Contains("gamefmt convert tank.vxl tank.hva -o OUTPUT"));
}
