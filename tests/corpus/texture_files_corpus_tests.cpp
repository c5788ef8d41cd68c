#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/shinobi/material_scripts.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/shinobi/texture_files.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/texture_files.hpp"
#include "test_support.hpp"

using namespace gamefmt;
namespace fs = std::filesystem;

namespace {

fs::path grimrock() {
  return *test::corpus_dir() / "grimrock";
}
fs::path xray_folder() {
  return *test::corpus_dir() / "xray";
}

// Every file below a folder, and their lower-case names: a name that does not resolve must not be among
// them, or the resolver missed a file that is there.
std::set<fs::path> files_below(const fs::path& folder, const std::string& extension) {
  const auto files = test::files_with_extension(folder, extension);
  return {files.begin(), files.end()};
}

std::set<std::string> lower_file_names_below(const fs::path& folder) {
  std::set<std::string> names;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) names.insert(lower_ascii(entry.path().filename().string()));
  return names;
}

std::string lower_file_name(const std::string& game_path) {
  const auto separator = game_path.find_last_of("/\\");
  return lower_ascii(separator == std::string::npos ? game_path : game_path.substr(separator + 1));
}

std::string all_script_text(const fs::path& mod) {
  std::string text;
  for (const auto& script : test::files_with_extension(mod, "lua")) {
    const auto bytes = read_file_bytes(script);
    text.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  return text;
}

}  // namespace

TEST_CASE("The corpus game-data roots are found from the corpus files", "[corpus][textures]") {
  CHECK(find_xray_gamedata(xray_folder() / "rad_rat_strong1.ogf") == xray_folder() / "gamedata");
  CHECK(find_grimrock_root(grimrock() / "mod" / "mod_assets" / "scripts" / "materials.lua") ==
        grimrock() / "mod");
}

TEST_CASE("Every material of the corpus models is defined by the corpus scripts or by none",
          "[corpus][textures]") {
  const fs::path mod = grimrock() / "mod";
  const GameFolder mod_folder(mod);
  const auto library = shinobi::read_material_scripts(mod_folder);
  // The corpus mod has no init.lua: its two scripts run by the fallback, and nothing else goes wrong.
  CHECK(library.scripts_read ==
        std::vector<std::string>{"mod_assets/plugins/skeleton_warrior_axe/skeleton_warrior_axe.lua",
                                 "mod_assets/scripts/materials.lua"});
  REQUIRE(library.warnings.size() == 1);
  CHECK(library.warnings[0].find("init.lua: not found") != std::string::npos);
  CHECK(library.materials.size() == 31);  // the defineMaterial calls of the two scripts

  const std::string scripts = all_script_text(mod);
  const auto shipped = lower_file_names_below(mod);
  std::set<std::string> undefined;
  std::set<fs::path> resolved;
  for (const auto& file : test::files_with_extension(grimrock(), "model")) {
    const auto model = shinobi::read_model(read_file_bytes(file), file.string());
    const std::string model_name = file.stem().string();
    for (const auto& node : model.nodes) {
      if (!node.mesh) continue;
      for (const auto& segment : node.mesh->mesh.segments) {
        INFO(model_name << ": material " << segment.material);
        const auto* material = library.find(segment.material);
        if (material == nullptr) {
          // Not defined: then no script of the corpus so much as names it.
          CHECK(scripts.find("\"" + segment.material + "\"") == std::string::npos);
          undefined.insert(segment.material);
          continue;
        }
        for (const auto* map : {&material->diffuse_map, &material->normal_map, &material->specular_map}) {
          if (map->empty()) continue;
          INFO("map " << *map);
          const auto lookup = shinobi::find_map_texture(*map, mod_folder);
          REQUIRE(lookup.candidates.size() == 1);
          if (lookup.found) {
            resolved.insert(*lookup.found);
            CHECK(lower_ascii(lookup.found->filename().string()) ==
                  lower_file_name(lookup.candidates[0].string()));
          } else {
            // Not shipped: no file of that name anywhere in the corpus mod.
            CHECK(shipped.count(lower_file_name(lookup.candidates[0].string())) == 0);
          }
        }
      }
    }
  }
  // The README: skeleton_warrior is the base game's; the other four are named by no corpus script either.
  CHECK(undefined == std::set<std::string>{"iron_porticullis", "metal_door", "skeleton_warrior", "tsgwood",
                                           "white_light"});
  CHECK(library.find("rusted_great_axe")->script ==
        "mod_assets/plugins/skeleton_warrior_axe/skeleton_warrior_axe.lua");
  // Every map the corpus ships (for six models) is found through a material.
  CHECK(resolved == files_below(mod, "dds"));
}

TEST_CASE("Every texture of the corpus Radium models resolves or is not shipped", "[corpus][textures]") {
  const GameFolder gamedata(xray_folder() / "gamedata");
  const auto shipped = lower_file_names_below(xray_folder() / "gamedata");
  std::set<std::string> missing;
  std::map<std::string, fs::path> found;
  std::set<fs::path> resolved;
  for (const auto& file : test::files_with_extension(xray_folder(), "ogf")) {
    if (file.filename().string().rfind("rad_", 0) != 0) continue;
    const auto model = xray::read_ogf(read_file_bytes(file), file.string());
    for (const auto& mesh : model.meshes) {
      for (const auto& name : xray::split_texture_names(mesh.texture)) {
        INFO(file.filename().string() << ": " << name);
        const auto files = xray::find_texture_files(gamedata, name);
        REQUIRE(files.base.candidates.size() == 1);
        if (files.base.found) {
          found[name] = *files.base.found;
          resolved.insert(*files.base.found);
          for (const auto& bump : {files.default_bump.bump, files.default_bump.bump_error})
            if (bump) resolved.insert(*bump);
        } else {
          CHECK(shipped.count(lower_file_name(name) + ".dds") == 0);
          missing.insert(name);
        }
      }
    }
  }
  // The README's case: act\act_rat is shipped as act_Rat.dds.
  CHECK(found["act\\act_rat"] == xray_folder() / "gamedata" / "textures" / "act" / "act_Rat.dds");
  // Every texture the corpus ships (with the bump maps) belongs to a model.
  CHECK(resolved == files_below(xray_folder() / "gamedata", "dds"));
  // The README names rad_stalker_hero_1 and rad_dog_red_big_dead "and a few others".
  CHECK(missing.count("act\\act_dog_red") == 1);
  CHECK(missing.count("act\\act_stalker_hero") == 1);

  const auto zombie = xray::find_texture_files(gamedata, "act\\act_zombie_1");
  CHECK(zombie.default_bump.bump ==
        xray_folder() / "gamedata" / "textures" / "act" / "act_zombie_1_bump.dds");
  CHECK(zombie.default_bump.bump_error ==
        xray_folder() / "gamedata" / "textures" / "act" / "act_zombie_1_bump#.dds");
  const auto boar = xray::find_texture_files(gamedata, "food\\food_raw_boar");
  CHECK(boar.default_bump.bump);
  CHECK(boar.default_bump.bump_error);
}
