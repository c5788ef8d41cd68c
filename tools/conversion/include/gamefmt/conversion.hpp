#pragma once
// One conversion, end to end: inputs (a game file with its companions, a glTF, or anything Assimp reads) ->
// scene model -> an output chosen by extension (.glb/.gltf, a game format, or anything Assimp writes).
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

// A request that cannot be carried out as asked, whatever the files hold: an unknown option, an output
// extension nothing writes, a folder named like a file. The command line exits with status 2 for it.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OutputFile {
  std::filesystem::path path;
  std::vector<std::byte> bytes;
};

// The options every conversion understands besides its formats' own (common_options.hpp).
std::vector<const OptionSpec*> conversion_option_specs();
// Throws UsageError when `options` names an option that neither the conversion nor any of the formats takes
// (import options of `inputs`, export options of `output`; either may be null for glTF or Assimp's formats).
// The message lists the known names, the closest first.
void check_option_names(const Options& options, const std::vector<const FormatHandler*>& inputs,
                        const FormatHandler* output);
// The game format of `output` (the one that writes it, when several share the extension), or null for glTF
// and Assimp's formats. Throws UsageError when no format is named so (no extension, an unknown one).
const FormatHandler* output_format(const std::filesystem::path& output);

// The first input is the primary file; the others are its companions. Throws FormatError.
scene::Scene load_scene(const std::vector<std::filesystem::path>& inputs, const Options& options);
// The files that make up `output` (Assimp's exporters may add some, like an OBJ's .mtl). The exporter's
// warnings (ExportRequest::warnings) are appended to `warnings` when given. Throws FormatError.
std::vector<OutputFile> save_scene(const scene::Scene& scene, const std::filesystem::path& output,
                                   const Options& options, std::vector<std::string>* warnings = nullptr);
// Loads, saves and writes every output file atomically. Converting a single game file to its own format
// rewrites it through the format struct. Checks the options first (check_option_names). Throws UsageError or
// FormatError; on failure no output file is left behind. Returns the importer's warnings (things it worked
// around: scene::Scene::warnings), then the exporter's (defaults it filled in).
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

// Files on disk, for handlers that look for companions beside the primary file, read under the rule of
// gamefmt/core/file_io.hpp (see FileSource): each read file lies in the folder it was looked up in, is a
// regular file and is at most limits.max_file_bytes; refusals() says why a file that was there was not read.
std::unique_ptr<FileSource> disk_file_source(const Limits& limits);

// Reads the file whose name or content identifies a game format, or null.
const FormatHandler* handler_for_file(const std::filesystem::path& path);

}  // namespace gamefmt
