#pragma once
// The Assimp bridge, both ways: gamefmt's formats in a program's Assimp (register_importers,
// register_exporters), and Assimp's own importers and exporters (OBJ, FBX, Collada...) for the formats
// gamefmt does not read or write itself, which the conversion library (gamefmt/conversion.hpp) falls back to.
// Those go through the scene model (gamefmt/scene/scene.hpp); nothing here exposes Assimp's types.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"

namespace Assimp {
class Importer;
class Exporter;
}  // namespace Assimp

namespace gamefmt::assimp {

// ---- gamefmt's formats in a program's Assimp ----

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

// ---- Assimp's own formats in gamefmt ----

// Extensions (lower case, no dot) Assimp's own importers read and its own exporters write.
std::vector<std::string> import_extensions();
std::vector<std::string> export_extensions();
// Assimp's exporter id for an extension ("obj" -> "obj"), or empty when Assimp writes no such files.
std::string exporter_id(const std::string& extension);

// The file read by Assimp's importers (triangulated). Every file an importer opens besides it (an OBJ's .mtl)
// is held to the rule of gamefmt/core/file_io.hpp with `max_file_bytes`; one it may not open is missing for
// the importer and a warning in the scene. Throws FormatError naming `path` when Assimp cannot read it.
scene::Scene read_with_assimp(const std::filesystem::path& path, std::uint64_t max_file_bytes);

// The scene as Assimp's exporter `id` writes it to `output`: every file it makes (an OBJ's .mtl too), as
// bytes, for the caller to place (nothing is left on disk). Throws FormatError naming `output`.
std::vector<OutputFile> write_with_assimp(const scene::Scene& scene, const std::filesystem::path& output,
                                          const std::string& id);

// "5.2.5": the Assimp library linked in.
std::string library_version();

}  // namespace gamefmt::assimp
