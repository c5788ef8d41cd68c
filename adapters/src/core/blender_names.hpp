#pragma once
// Blender keeps names unique: a material imported under a name that another one already has becomes
// "<name>.001" (then ".002", ...). A model assembled there from several converted files comes back with such
// names, so exporters that write a material's name back, or find its record by that name, see through the
// suffix.
#include <string>
#include <string_view>

namespace gamefmt {

// `name` without a trailing dot followed by exactly three digits, the suffix Blender adds ("wood.001" ->
// "wood"); any other name as it is ("wood.1", "wood.0001", "wood.001a", ".001").
std::string_view without_blender_suffix(std::string_view name);

// Whether `current` is `recorded` or Blender's renamed copy of it: "wood.001" of "wood", and "wood.002" of
// "wood.001" (Blender counts on from a name that already ends so).
bool is_name_or_blender_copy(std::string_view current, std::string_view recorded);

// The name the game file gave a material that has since been through a DCC tool: `recorded` (what the
// importer kept with the material) when `current` is that name or Blender's copy of it; otherwise `current`,
// a name the user chose.
std::string game_material_name(std::string_view current, std::string_view recorded);

// The warning for a material name that is written as it is (`written_as`: "the .dm's shader") although it
// ends like Blender's copies, because nothing recorded the name the game file gave the material: the game
// will look for the name with the suffix.
std::string blender_suffix_kept_warning(std::string_view name, std::string_view written_as);

}  // namespace gamefmt
