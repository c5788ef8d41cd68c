#pragma once
#include <filesystem>

#include "gamefmt/core/game_folder.hpp"

namespace gamefmt {

// One GameFolder per root for the whole process, so that a batch of conversions lists each folder of a game
// once (GameFolder caches its listings; copies share them). Thread-safe.
GameFolder shared_game_folder(const std::filesystem::path& root);

}  // namespace gamefmt
