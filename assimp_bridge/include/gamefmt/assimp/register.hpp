#pragma once
// Makes every gamefmt format available to a program that embeds Assimp.
namespace Assimp {
class Importer;
class Exporter;
}  // namespace Assimp

namespace gamefmt::assimp {

// Registers one Assimp importer per readable format. Options go in as importer properties named
// "gamefmt.<option>" (strings); companion files as "gamefmt.companions" (paths separated by newlines).
void register_importers(Assimp::Importer& importer);
// Registers one Assimp exporter per writable format, with ids "gamefmt-<format id>". Options go in as
// export properties named "gamefmt.<option>".
void register_exporters(Assimp::Exporter& exporter);

inline constexpr const char* kCompanionsProperty = "gamefmt.companions";

}  // namespace gamefmt::assimp
