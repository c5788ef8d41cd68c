#pragma once
#include <filesystem>
#include <string>

#include "gamefmt/core/game_folder.hpp"

namespace gamefmt {

// One GameFolder per root for the whole process, so that a batch of conversions lists each folder of a game
// once (GameFolder caches its listings; copies share them). Thread-safe.
// `description` names the folder in refusals ("the game-data folder").
GameFolder shared_game_folder(const std::filesystem::path& root, const std::string& description);

}  // namespace gamefmt
