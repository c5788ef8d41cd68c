#pragma once
// Where X-Ray keeps the textures a model names, by the engine's own rule (xrRender
// CResourceManager::_ParseList, fix_texture_name, CTexture loading):
// - A texture field may hold several names separated by commas, e.g. a level shader's
//   "texture,lmap#1_1,lmap#1_2": the first is the base texture, the others light maps. Each name loses a
//   ".tga", ".dds", ".bmp" or ".ogm" extension; names starting with '$' ("$null", "$user$...") are engine
//   placeholders, not files.
// - A name "act\act_rat" is the file <gamedata>/textures/act/act_rat.dds, letter case ignored.
// - Bump maps (xrDXT DXTCompressBump) are two DXT5 files beside the texture. "<name>_bump.dds": R = gloss,
//   G = normal z, B = normal y, A = normal x (unsigned bytes). "<name>_bump#.dds": R, G, B = the compression
//   error of normal x, y, z as 128 + 2/3 * (original - compressed); A = a height for parallax. The shader
//   adds them: normal = bump.agb + bump#.rgb - 1. So a normal texel in the usual RGB = xyz/2 + 0.5 layout is
//   (bump.a + bump#.r - 0.5, bump.b + bump#.g - 0.5, bump.g + bump#.b - 0.5) in 0..1 units, or bump.agb
//   alone. Which bump belongs to a texture: the engine's texture manager takes the bump name from the
//   texture's descriptor, textures/<name>.thm (thm.hpp), when its bump mode is "use" or "use with parallax"
//   (its "#" file is that name + "#"); else "<name>_bump", the SDK's default spelling and what mods ship.
//   (Clear Sky and Call of Pripyat can also name it in textures.ltx [specification]; that file is not read.)
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/game_folder.hpp"

namespace gamefmt::xray {

// The texture names of a texture field, in order, without extensions and placeholders.
std::vector<std::string> split_texture_names(std::string_view texture_field);

// A bump pair: the engine name of the bump texture and its two files, where they exist.
struct BumpFiles {
  std::string name;                                 // e.g. "act\act_rat_bump"
  std::optional<std::filesystem::path> bump;        // textures/<name>.dds
  std::optional<std::filesystem::path> bump_error;  // textures/<name>#.dds
};

struct TextureFiles {
  std::string name;                          // the engine name, e.g. "act\act_rat"
  FileLookup base;                           // textures/<name>.dds
  std::optional<std::filesystem::path> thm;  // textures/<name>.thm, when it exists
  BumpFiles default_bump;                    // textures/<name>_bump.dds and <name>_bump#.dds
};

// The files of one texture name (one of split_texture_names) under a gamedata folder.
TextureFiles find_texture_files(const GameFolder& gamedata, std::string_view texture_name);
// The files of a bump texture name (as a .thm names it) under a gamedata folder.
BumpFiles find_bump_files(const GameFolder& gamedata, std::string_view bump_name);

}  // namespace gamefmt::xray
