#pragma once
// Where a Grimrock model's companions live: the folder that `mod_assets/...` paths start from (a mod), and
// the unpacked game (`assets/...`) when that folder holds it; and what the mod's Lua scripts define there
// (shinobi/material_scripts.hpp), read once per folder for the whole process.
#include <memory>
#include <optional>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/shinobi/material_scripts.hpp"

namespace gamefmt::shinobi {

struct GrimrockGameData {
  GameFolder root;
  std::optional<GameFolder> game;  // the unpacked game itself, when the root holds assets/
};

// -O gamedata=DIR when given, else the folder found by walking up from the input (find_grimrock_root), else
// nothing (also for data handed over in memory).
std::optional<GrimrockGameData> grimrock_game_data(const ImportRequest& request);

// The definitions of the scripts of a game-data root (read_material_scripts), read once per process: a batch
// of a mod's models shares them.
std::shared_ptr<const MaterialLibrary> grimrock_script_definitions(const GrimrockGameData& data);

}  // namespace gamefmt::shinobi
