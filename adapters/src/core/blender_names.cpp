#include "core/blender_names.hpp"

namespace gamefmt {

std::string_view without_blender_suffix(std::string_view name) {
  constexpr std::size_t kSuffixLength = 4;  // ".NNN"
  if (name.size() <= kSuffixLength) return name;
  const std::string_view suffix = name.substr(name.size() - kSuffixLength);
  if (suffix[0] != '.') return name;
  for (const char c : suffix.substr(1))
    if (c < '0' || c > '9') return name;
  return name.substr(0, name.size() - kSuffixLength);
}

bool is_name_or_blender_copy(std::string_view current, std::string_view recorded) {
  if (current == recorded) return true;
  const std::string_view stem = without_blender_suffix(current);
  return stem != current && stem == without_blender_suffix(recorded);
}

std::string game_material_name(std::string_view current, std::string_view recorded) {
  return std::string(!recorded.empty() && is_name_or_blender_copy(current, recorded) ? recorded : current);
}

std::string blender_suffix_kept_warning(std::string_view name, std::string_view written_as) {
  return "material '" + std::string(name) + "' is written as " + std::string(written_as) + " '" +
         std::string(name) + "': nothing records the name it had in the game file, and Blender renames a " +
         "material whose name is taken to '<name>.001' (rename it to '" +
         std::string(without_blender_suffix(name)) + "' if that is the one meant)";
}

}  // namespace gamefmt
