#pragma once
// Makes every gamefmt format available to a program that embeds Assimp.
namespace Assimp {
class Importer;
class Exporter;
}  // namespace Assimp

namespace gamefmt::assimp {

// Registers one Assimp importer per readable format. Options (the format's own and the common ones: gamedata,
// textures, limits) go in as importer properties named "gamefmt.<option>" (strings), or all together as
// "gamefmt.options" ("name=value" lines); companion files as "gamefmt.companions" (paths separated by
// newlines). Assimp keeps properties by a hash of their name, so a mistyped "gamefmt.<option>" cannot be
// seen; a name in "gamefmt.options" that the format does not know is a warning in Assimp's log, listing the
// known ones (and is not used).
void register_importers(Assimp::Importer& importer);
// Registers one Assimp exporter per writable format, with ids "gamefmt-<format id>". Options go in as
// export properties named "gamefmt.<option>", or as "gamefmt.options" (checked the same way).
void register_exporters(Assimp::Exporter& exporter);

inline constexpr const char* kCompanionsProperty = "gamefmt.companions";
inline constexpr const char* kOptionsProperty = "gamefmt.options";

}  // namespace gamefmt::assimp
