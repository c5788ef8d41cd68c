#pragma once
// Grimrock's materials onto a converted model: the mod's Lua scripts define each material the model names
// (defineMaterial{ name, diffuseMap, normalMap, specularMap, ... }, read by shinobi/material_scripts.hpp),
// and its maps are the .dds files beside the .tga paths the scripts write.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::shinobi {

// For every material of the scene that the scripts define: the diffuse map becomes the base colour, the
// normal map the normal texture (both embedded), every map's path goes to texture_names ("base_color",
// "normal", "specular"), alphaTest gives alpha mode MASK, a blendMode other than "Opaque" gives BLEND,
// doubleSided is kept, and the whole definition goes to the material extras "shinobi.material" (fields as the
// script wrote them, plus its "script" and "line"). The game-data root is -O gamedata=DIR, else found by
// walking up from the input (the folder that holds mod_assets/ or assets/). A material no script defines, a
// map that is not there and a script that fails are warnings; nothing here fails the conversion.
void attach_grimrock_materials(scene::Scene& scene, const ImportRequest& request);

// For `gamefmt info`: for each material name, the script and line that define it (null when none does) and
// where each of its maps was found or looked for (texture_lookup_json), by map ("diffuse", "normal",
// "specular").
nlohmann::json grimrock_materials_info(const ImportRequest& request,
                                       const std::vector<std::string>& materials);

}  // namespace gamefmt::shinobi
