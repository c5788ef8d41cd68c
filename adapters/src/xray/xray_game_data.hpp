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

// The material extras key of what attach_xray_textures found beside a texture (its descriptor, bump pair,
// detail texture): {"thm": the descriptor's path relative to the game-data folder, when there is one; "bump":
// the bump texture's name; "bump_from": "thm" or "name" (<texture>_bump); "bump_mode", "bump_virtual_height"
// (from the descriptor); "error_map": whether a `#` file was there; "gloss": where the raw gloss is;
// "height": where the parallax height is (with an error map); "detail": {"name", "scale"} when the descriptor
// says the engine uses one}. Only the conversion to glTF writes it; the way back ignores it
// (imported_scene_match.hpp).
inline constexpr const char* kXrayTextureMapsKey = "xray.texture_maps";

// Embeds the textures the scene's materials name (texture_names "base_color", an engine name such as
// "act\act_rat.dds" or a shader's "texture,lmap#1"): <gamedata>/textures/<name>.dds, letter case ignored, as
// the material's base colour. Its bump pair (the one its .thm names when the descriptor's bump mode uses one,
// else <name>_bump.dds and <name>_bump#.dds) becomes the normal texture and the metal/roughness texture
// (xray_bump_maps.hpp; metallic factor 0, roughness factor 1), described in kXrayTextureMapsKey. A texture,
// descriptor or bump that is not there, or does not read or decode, is a warning naming it and where it was
// looked for (a bump named by a .thm that is not there falls back to <name>_bump with a warning).
void attach_xray_textures(scene::Scene& scene, const ImportRequest& request);

// For `gamefmt info`: where each distinct texture that the fields name (as attach_xray_textures reads them)
// was found or looked for (texture_lookup_json), in first-named order, with "thm" (the descriptor found, or
// null), "bump" (the bump pair used: {"name", "from", "bump", "bump_error"} with the files found, or null)
// and "problems" (why a descriptor or a named bump was not used) when there were any.
nlohmann::json xray_textures_info(const ImportRequest& request,
                                  const std::vector<std::string>& texture_fields);

}  // namespace gamefmt::xray
