#include "gamefmt/shinobi/texture_files.hpp"

#include <string>

namespace gamefmt::shinobi {
namespace {

// The path with its extension (if any, after the last separator) replaced by ".dds".
std::string dds_beside(std::string_view map_path) {
  const auto dot = map_path.rfind('.');
  const auto separator = map_path.find_last_of("/\\");
  const bool has_extension =
      dot != std::string_view::npos && (separator == std::string_view::npos || dot > separator);
  return std::string(has_extension ? map_path.substr(0, dot) : map_path) + ".dds";
}

}  // namespace

FileLookup find_map_texture(std::string_view map_path, const GameFolder& mod_root, const GameFolder* game) {
  const std::string dds = dds_beside(map_path);
  FileLookup lookup = mod_root.find_first({dds});
  if (lookup.found || game == nullptr) return lookup;
  FileLookup in_game = game->find_first({dds});
  lookup.candidates.insert(lookup.candidates.end(), in_game.candidates.begin(), in_game.candidates.end());
  lookup.found = std::move(in_game.found);
  return lookup;
}

}  // namespace gamefmt::shinobi
