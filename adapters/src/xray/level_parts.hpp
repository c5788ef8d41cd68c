#pragma once
// The files a compiled level has beside it, gathered into the level's scene: `<level>.cform` (collision),
// `<level>.details` (grass and bushes), `<level>.hom` (visibility occluders) and `<level>.som` (sound
// occluders), each converted by its own handler and put under a node named after it with extras
// "gamefmt.role" ("collision", "details", "occluders", "sound_occluders"): the game does not draw the
// collision and the occluders, so tools hide those (the Blender add-on puts them in hidden collections).
// `-O parts=` chooses them ("all", the default; "none"; or a comma-separated list of cform, details, hom,
// som); a part that is not there is a warning naming where it was looked for.
#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

const OptionSpec& level_parts_option_spec();

// Throws FormatError for a `parts` value that names something else, and what a part's handler throws for a
// part that is there but cannot be read.
void add_level_parts(scene::Scene& scene, const ImportRequest& request);

}  // namespace gamefmt::xray
