#include <atomic>
#include <catch2/catch.hpp>
#include <fstream>
#include <thread>

#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/shinobi/texture_files.hpp"
#include "gamefmt/xray/texture_files.hpp"
#include "test_support.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {

// Creates a file (and its folders) under `root`, holding its own relative path as text.
fs::path make_file(const fs::path& root, const std::string& relative) {
  const fs::path path = root / relative;
  fs::create_directories(path.parent_path());
  std::ofstream(path) << relative;
  return path;
}

}  // namespace

TEST_CASE("A game folder resolves Windows names whatever the letter case on disk", "[textures]") {
  test::TempDir dir;
  const auto rat = make_file(dir.path(), "Textures/Act/act_Rat.dds");
  make_file(dir.path(), "textures_other/x.dds");
  const GameFolder folder(dir.path());

  CHECK(folder.resolve("textures\\act\\act_rat.dds") == rat);
  CHECK(folder.resolve("TEXTURES/ACT/ACT_RAT.DDS") == rat);
  CHECK(folder.resolve("./textures//act/./act_rat.dds") == rat);
  CHECK(folder.resolve("textures") == dir.path() / "Textures");
  CHECK_FALSE(folder.resolve("textures/act/act_rat.tga"));
  CHECK_FALSE(folder.resolve("textures/act/act_rat.dds/more"));  // a file is not a folder
  // Never outside the root.
  CHECK_FALSE(folder.resolve("textures/../textures/act/act_rat.dds"));
  CHECK_FALSE(folder.resolve("/textures/act/act_rat.dds"));
  CHECK_FALSE(folder.resolve("\\textures\\act\\act_rat.dds"));

  const auto lookup = folder.find_first({"textures/act/missing.dds", "textures\\act\\ACT_rat.dds"});
  CHECK(lookup.found == rat);
  REQUIRE(lookup.candidates.size() == 2);
  CHECK(lookup.candidates[0] == dir.path() / "textures" / "act" / "missing.dds");
  CHECK(lookup.candidates[1] == dir.path() / "textures" / "act" / "ACT_rat.dds");
  // A folder is not a file.
  CHECK_FALSE(folder.find_first({"textures/act"}).found);
}

TEST_CASE("A game folder prefers the exact name, then the first in byte order", "[textures]") {
  test::TempDir dir;
  const auto upper = make_file(dir.path(), "A.dds");
  const auto lower = make_file(dir.path(), "a.dds");
  const GameFolder folder(dir.path());
  CHECK(folder.resolve("a.dds") == lower);
  CHECK(folder.resolve("A.dds") == upper);
  CHECK(folder.resolve("a.DDS") == upper);  // 'A' < 'a'

  // A folder in two spellings, which Windows would see as one: both are searched.
  const auto in_upper = make_file(dir.path(), "Scripts/init.lua");
  const auto in_lower = make_file(dir.path(), "scripts/items.lua");
  const GameFolder fresh(dir.path());
  CHECK(fresh.resolve("scripts/init.lua") == in_upper);
  CHECK(fresh.resolve("SCRIPTS/items.lua") == in_lower);
}

TEST_CASE("A game folder lists each folder once and shares the listings between copies", "[textures]") {
  test::TempDir dir;
  make_file(dir.path(), "textures/a.dds");
  const GameFolder folder(dir.path());
  const GameFolder copy = folder;
  REQUIRE(folder.resolve("textures/a.dds"));
  make_file(dir.path(), "textures/b.dds");
  // The listing was read before b.dds existed: this folder (and its copy) keeps it; a new one sees b.dds.
  CHECK_FALSE(folder.resolve("textures/b.dds"));
  CHECK_FALSE(copy.resolve("textures/b.dds"));
  CHECK(GameFolder(dir.path()).resolve("textures/B.DDS"));
}

TEST_CASE("A game folder answers lookups from many threads at once", "[textures]") {
  test::TempDir dir;
  for (int f = 0; f < 8; ++f)
    for (int t = 0; t < 20; ++t)
      make_file(dir.path(), "Folder" + std::to_string(f) + "/Tex" + std::to_string(t) + ".dds");
  const GameFolder folder(dir.path());
  std::atomic<int> found{0};
  std::vector<std::thread> threads;
  for (int job = 0; job < 8; ++job) {
    threads.emplace_back([&, job] {
      for (int round = 0; round < 20; ++round)
        for (int f = 0; f < 8; ++f)
          if (folder.resolve("folder" + std::to_string((f + job) % 8) + "\\tex" + std::to_string(round) +
                             ".DDS"))
            ++found;
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(found == 8 * 20 * 8);
}

TEST_CASE("A game folder lists the files below a folder by extension, case ignored", "[textures]") {
  test::TempDir dir;
  // Two spellings of mod_assets on a case-sensitive disk: one folder for the game.
  const auto a = make_file(dir.path(), "Mod_Assets/scripts/init.lua");
  const auto b = make_file(dir.path(), "mod_assets/plugins/Axe/AXE.LUA");
  make_file(dir.path(), "mod_assets/plugins/Axe/readme.txt");
  make_file(dir.path(), "other/x.lua");
  const GameFolder folder(dir.path());
  CHECK(folder.files_below("MOD_ASSETS", ".lua") == std::vector<fs::path>{a, b});
  CHECK(folder.relative_name(b) == "mod_assets/plugins/Axe/AXE.LUA");
  CHECK(folder.files_below("missing", ".lua").empty());
}

TEST_CASE("The game-data root is found by walking up from an input file", "[textures]") {
  test::TempDir dir;
  SECTION("X-Ray: an ancestor named gamedata") {
    const auto ogf = make_file(dir.path(), "stalker/GameData/meshes/monsters/rat/rat.ogf");
    CHECK(find_xray_gamedata(ogf) == dir.path() / "stalker" / "GameData");
  }
  SECTION("X-Ray: files unpacked beside a gamedata folder") {
    const auto ogf = make_file(dir.path(), "unpacked/rat.ogf");
    make_file(dir.path(), "unpacked/Gamedata/textures/act/act_rat.dds");
    CHECK(find_xray_gamedata(ogf) == dir.path() / "unpacked" / "Gamedata");
  }
  SECTION("Grimrock: a file inside mod_assets") {
    const auto model = make_file(dir.path(), "my_mod/Mod_Assets/models/env/wall.model");
    CHECK(find_grimrock_root(model) == dir.path() / "my_mod");
  }
  SECTION("Grimrock: a file beside mod_assets") {
    const auto model = make_file(dir.path(), "my_mod/wall.model");
    fs::create_directories(dir.path() / "my_mod" / "mod_assets");
    CHECK(find_grimrock_root(model) == dir.path() / "my_mod");
  }
  SECTION("Grimrock: the game's unpacked assets") {
    const auto model = make_file(dir.path(), "grimrock/assets/models/monsters/snail.model");
    CHECK(find_grimrock_root(model) == dir.path() / "grimrock");
  }
}

TEST_CASE("X-Ray texture fields split into the engine's texture names", "[textures]") {
  CHECK(xray::split_texture_names("act\\act_rat") == std::vector<std::string>{"act\\act_rat"});
  CHECK(xray::split_texture_names("act\\act_rat.DDS") == std::vector<std::string>{"act\\act_rat"});
  CHECK(xray::split_texture_names("terrain\\ground,lmap#1_1.tga,lmap#1_2") ==
        std::vector<std::string>{"terrain\\ground", "lmap#1_1", "lmap#1_2"});
  // Only the engine's extensions are dropped; placeholders and empty names are not files.
  CHECK(xray::split_texture_names("fx\\fx_v1.5") == std::vector<std::string>{"fx\\fx_v1.5"});
  CHECK(xray::split_texture_names("ui.dir\\name") == std::vector<std::string>{"ui.dir\\name"});
  CHECK(xray::split_texture_names("$null").empty());
  CHECK(xray::split_texture_names("").empty());
  CHECK(xray::split_texture_names("a,,$user$rt,b.bmp") == std::vector<std::string>{"a", "b"});
}

TEST_CASE("X-Ray textures resolve under gamedata/textures with their bump maps", "[textures]") {
  test::TempDir dir;
  const auto base = make_file(dir.path(), "textures/act/act_Zombie_1.dds");
  const auto bump = make_file(dir.path(), "textures/ACT/act_zombie_1_bump.dds");
  const auto bump_error = make_file(dir.path(), "textures/act/act_zombie_1_bump#.DDS");
  make_file(dir.path(), "textures/act/act_rat.dds");
  const GameFolder gamedata(dir.path());

  const auto zombie = xray::find_texture_files(gamedata, "act\\act_zombie_1");
  CHECK(zombie.name == "act\\act_zombie_1");
  CHECK(zombie.base.found == base);
  CHECK(zombie.default_bump.bump == bump);
  CHECK(zombie.default_bump.name == "act\\act_zombie_1_bump");
  CHECK(zombie.default_bump.bump_error == bump_error);

  const auto rat = xray::find_texture_files(gamedata, "act\\act_rat");
  CHECK(rat.base.found);
  CHECK_FALSE(rat.default_bump.bump);
  CHECK_FALSE(rat.default_bump.bump_error);

  const auto missing = xray::find_texture_files(gamedata, "act\\act_dog_red");
  CHECK_FALSE(missing.base.found);
  CHECK(missing.base.candidates ==
        std::vector<fs::path>{dir.path() / "textures" / "act" / "act_dog_red.dds"});
}

TEST_CASE("Grimrock maps are the .dds beside the .tga the material names", "[textures]") {
  test::TempDir dir;
  const auto mod = dir.path() / "mod";
  const auto game = dir.path() / "game";
  const auto dif = make_file(mod, "mod_assets/Textures/Env/Wall_Dif.dds");
  make_file(mod, "mod_assets/textures/env/wall_normal.tga");  // the source, which the game does not load
  const auto snail = make_file(game, "assets/textures/monsters/snail_normal.dds");
  const GameFolder mod_folder(mod), game_folder(game);

  CHECK(shinobi::find_map_texture("mod_assets/textures/env/wall_dif.tga", mod_folder).found == dif);
  CHECK(shinobi::find_map_texture("mod_assets\\textures\\env\\wall_dif", mod_folder).found == dif);

  const auto normal = shinobi::find_map_texture("mod_assets/textures/env/wall_normal.tga", mod_folder);
  CHECK_FALSE(normal.found);
  CHECK(normal.candidates ==
        std::vector<fs::path>{mod / "mod_assets" / "textures" / "env" / "wall_normal.dds"});

  const auto base_game = shinobi::find_map_texture("assets/textures/monsters/snail_normal.tga", mod_folder);
  CHECK_FALSE(base_game.found);
  const auto with_game =
      shinobi::find_map_texture("assets/textures/monsters/snail_normal.tga", mod_folder, &game_folder);
  CHECK(with_game.found == snail);
  CHECK(with_game.candidates.size() == 2);
}
