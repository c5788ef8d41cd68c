#include "gamefmt/xray/texture_files.hpp"

#include <algorithm>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::xray {
namespace {

// fix_texture_name: only these extensions are dropped; any other dot belongs to the name.
std::string_view without_texture_extension(std::string_view name) {
  const auto dot = name.rfind('.');
  if (dot == std::string_view::npos || name.find_first_of("/\\", dot) != std::string_view::npos) return name;
  const std::string extension = lower_ascii(name.substr(dot));
  if (extension == ".tga" || extension == ".dds" || extension == ".bmp" || extension == ".ogm")
    return name.substr(0, dot);
  return name;
}

}  // namespace

std::vector<std::string> split_texture_names(std::string_view texture_field) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= texture_field.size()) {
    const std::size_t end = std::min(texture_field.find(',', start), texture_field.size());
    const std::string_view name = without_texture_extension(texture_field.substr(start, end - start));
    if (!name.empty() && name.front() != '$') names.emplace_back(name);
    start = end + 1;
  }
  return names;
}

TextureFiles find_texture_files(const GameFolder& gamedata, std::string_view texture_name) {
  TextureFiles files;
  files.name = std::string(texture_name);
  const std::string stem = "textures/" + files.name;
  files.base = gamedata.find_first({stem + ".dds"});
  files.thm = gamedata.find_first({stem + ".thm"}).found;
  files.default_bump = find_bump_files(gamedata, files.name + "_bump");
  return files;
}

BumpFiles find_bump_files(const GameFolder& gamedata, std::string_view bump_name) {
  BumpFiles files;
  files.name = std::string(without_texture_extension(bump_name));
  const std::string stem = "textures/" + files.name;
  files.bump = gamedata.find_first({stem + ".dds"}).found;
  files.bump_error = gamedata.find_first({stem + "#.dds"}).found;
  return files;
}

}  // namespace gamefmt::xray
