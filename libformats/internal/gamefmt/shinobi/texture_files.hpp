#pragma once
// Where Grimrock keeps the texture a material map names, by the game's rule: materials name their maps as the
// artist's source ("mod_assets/textures/x_dif.tga") and the game loads the .dds with the same path and base
// name
// ("mod_assets/textures/x_dif.dds"), letter case ignored. Paths start at the game-data root: "mod_assets/..."
// belongs to a mod, "assets/..." to the game itself (packed in grimrock.dat, so found only when an unpacked
// game folder is given).
#include <string_view>

#include "gamefmt/core/game_folder.hpp"

namespace gamefmt::shinobi {

// The .dds a map path names: looked for under the mod root, then under the game folder when one is given.
FileLookup find_map_texture(std::string_view map_path, const GameFolder& mod_root,
                            const GameFolder* game = nullptr);

}  // namespace gamefmt::shinobi
