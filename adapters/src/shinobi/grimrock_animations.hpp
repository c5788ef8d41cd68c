#pragma once
// The animation files of a Grimrock model that the user did not name, found as the game finds them.
//
// A model plays the animations of the objects that draw it: the mod's scripts define each object with
// defineObject{ model = "mod_assets/.../x.fbx", animations = { idle = ".../x_idle.fbx", ... } }, and the game
// loads the .model and .animation files of those names (the ".fbx" stands for the compiled files; Legend of
// Grimrock modding guide, "Custom monsters"). When no object names the model, the files
// `<model>_<name>.animation` beside it are taken: mods ship a monster's animations that way (the corpus's
// skeleton_warrior_axe plugin).
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"

namespace gamefmt::shinobi {

// The files found (each once; those the request holds already are left out), in the order the objects name
// them, else in name order. A file an object names that is not there is a warning.
std::vector<InputFile> grimrock_model_animations(const ImportRequest& request,
                                                 std::vector<std::string>& warnings);

}  // namespace gamefmt::shinobi
