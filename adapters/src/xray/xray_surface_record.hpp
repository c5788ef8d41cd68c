#pragma once
// An SDK `.object` surface as a record of extras: { name, engine_shader, compiler_shader, game_material,
// texture, vmap, flags, fvf, uv_count } (text in UTF-8). object_to_scene puts each surface's record on its
// material (material extras "xray.surface"), where it stays with the material whatever a DCC tool renames
// or merges, and all of them in the scene extras ("xray.surfaces", which older files have alone). The `.ogf`
// and `.object` exporters read a material's record back here.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/object.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXraySurfaceKey = "xray.surface";    // material extras
inline constexpr const char* kXraySurfacesKey = "xray.surfaces";  // scene extras

nlohmann::json sdk_surface_json(const ObjectSurface& surface);

// The record of the material named `material_name` whose extras are `material_extras` (null for a mesh
// without material): its own, else the last one of `surfaces` (the scene's list) of that name, else the last
// one whose renamed copy the material's name is ("wood.001" finds "wood": core/blender_names.hpp); null when
// there is none.
nlohmann::json sdk_surface_record(const nlohmann::json& surfaces, const scene::Extras& material_extras,
                                  std::string_view material_name);

// What the exporters say when a material has no record: its name and the defaults written instead
// (`written`: "shader 'models\model'").
std::string missing_surface_record_warning(std::string_view material_name, std::string_view written);

}  // namespace gamefmt::xray
