#pragma once
// Where an X-Ray model's companions live: the game's `gamedata` folder, which holds the textures
// (textures/<name>.dds) and the motions a model references (meshes/<reference>.omf).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

// -O gamedata=DIR (--gamedata) when given, else the folder found by walking up from the input
// (find_xray_gamedata), else nothing (also for data handed over in memory).
std::optional<GameFolder> xray_game_data(const ImportRequest& request);

// Embeds the textures the scene's materials name (texture_names "base_color", an engine name such as
// "act\act_rat.dds" or a shader's "texture,lmap#1"): <gamedata>/textures/<name>.dds, letter case ignored, as
// the material's base colour. A texture that is not there or does not decode is a warning naming it and where
// it was looked for. The `_bump` maps are not used (their tangent-space convention is not verified).
void attach_xray_textures(scene::Scene& scene, const ImportRequest& request);

// For `gamefmt info`: where each distinct texture that the fields name (as attach_xray_textures reads them)
// was found or looked for (texture_lookup_json), in first-named order.
nlohmann::json xray_textures_info(const ImportRequest& request,
                                  const std::vector<std::string>& texture_fields);

}  // namespace gamefmt::xray
