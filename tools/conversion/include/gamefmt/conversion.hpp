#pragma once
// One conversion, end to end: inputs (a game file with its companions, a glTF, or anything Assimp reads) ->
// scene model -> an output chosen by extension (.glb/.gltf, a game format, or anything Assimp writes).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

struct OutputFile {
  std::filesystem::path path;
  std::vector<std::byte> bytes;
};

// The first input is the primary file; the others are its companions. Throws FormatError.
scene::Scene load_scene(const std::vector<std::filesystem::path>& inputs, const Options& options);
// The files that make up `output` (Assimp's exporters may add some, like an OBJ's .mtl). Throws FormatError.
std::vector<OutputFile> save_scene(const scene::Scene& scene, const std::filesystem::path& output,
                                   const Options& options);
// Loads, saves and writes every output file atomically. Converting a single game file to its own format
// rewrites it through the format struct. Throws FormatError; on failure no output file is left behind.
// Returns the importer's warnings (things it worked around, see assimp::scene_warnings).
std::vector<std::string> convert_files(const std::vector<std::filesystem::path>& inputs,
                                       const std::filesystem::path& output, const Options& options);

// Lower-case extension without the dot ("glb"); empty when there is none.
std::string extension_of(const std::filesystem::path& path);
bool is_gltf_extension(const std::string& extension);
// The Assimp exporter id for an extension, or empty.
std::string assimp_export_id(const std::string& extension);
// Extensions Assimp's own importers and exporters handle.
std::vector<std::string> assimp_import_extensions();
std::vector<std::string> assimp_export_extensions();

// Files on disk, for handlers that look for companions beside the primary file.
const FileSource& disk_file_source();

// Reads the file whose name or content identifies a game format, or null.
const FormatHandler* handler_for_file(const std::filesystem::path& path);

}  // namespace gamefmt
