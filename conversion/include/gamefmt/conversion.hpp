#pragma once
// gamefmt::conversion — converting files as `gamefmt convert` does, for C++ programs.
//
// A conversion is planned once, then carried out. plan_conversion looks at the names (and, only when the
// input's name does not decide, at the first 64 KiB of the input) and decides everything before a file is
// read whole: which format reads the input, which writes the output, and whether the options make sense for
// exactly those formats. convert() then reads each input once and writes every output file atomically.
//
//   const auto plan = gamefmt::plan_conversion({"Wolf.solid"}, "Wolf.glb", {});   // throws UsageError
//   const auto warnings = gamefmt::convert(plan);                                  // throws FormatError
//
// The output's format, by one rule:
// - `.glb` / `.gltf`: glTF 2.0 (binary, or JSON with its buffers and images as files beside it).
// - an extension (or well-known file name) of game formats: those formats, in this order: the input's own
//   format, then the formats that write scenes, then the others (each group in registry order). A conversion
//   that needs no scene — the input's own format rewriting it, or a format converting directly
//   (FormatHandler::convert_to of the input's format, then convert_from of the output's) — asks the first.
//   Through a scene, the first that writes scenes and takes this scene (FormatHandler::takes_scene) writes
//   it; Overgrowth and X-Ray `.anm` share an extension this way.
// - any other extension: Assimp's exporter for it (gamefmt/assimp/assimp.hpp).
// The input's format: the game format its name names (one), else glTF by its extension, else the game format
// its content shows, else glTF by content, else Assimp's importers by extension.
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

// A request that cannot be carried out as asked, whatever the files hold: an unknown option, an output
// extension nothing writes, a folder named like a file. The command line exits with status 2 for it.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class InputKind {
  game_format,  // ConversionPlan::input_format reads it
  gltf,
  assimp,   // one of Assimp's own importers reads it
  unknown,  // nothing reads it as a scene; a game format may still convert it directly (a save's JSON dump)
};

enum class OutputKind {
  game_format,  // ConversionPlan::output_formats
  gltf,
  assimp,  // ConversionPlan::assimp_exporter
};

// What one conversion does, decided before any file is read whole (see the rule at the top).
struct ConversionPlan {
  std::vector<std::filesystem::path> inputs;  // the primary file, then its companions
  std::filesystem::path output;
  Options options;  // checked against the input's format, the output's formats and the common options
  InputKind input_kind = InputKind::unknown;
  const FormatHandler* input_format = nullptr;  // game_format only
  OutputKind output_kind = OutputKind::gltf;
  std::vector<const FormatHandler*> output_formats;  // game_format only: in the order they are asked
  std::string assimp_exporter;                       // assimp only: the exporter's id

  // Whether the input's own format writes the output straight from its struct (one input, same format).
  bool rewrites() const;
};

// The plan for converting `inputs` (the primary file, then companions given by the user) to `output`. Throws
// FormatError when the primary file is missing, UsageError when it is a folder, when the output's extension
// is missing or nothing writes it, or when `options` names an option none of the planned formats takes (the
// message lists the known names, the closest first).
ConversionPlan plan_conversion(const std::vector<std::filesystem::path>& inputs,
                               const std::filesystem::path& output, const Options& options);

// Carries the plan out: reads each input once, converts, and writes every output file atomically (making the
// folders they go into); on failure no output file is left behind. Returns the warnings: the importer's
// (things it worked around, scene::Scene::warnings, and files found beside the input that were refused), then
// the exporter's (defaults it filled in). Throws FormatError, or UsageError when the output's formats cannot
// write what the input gives.
std::vector<std::string> convert(const ConversionPlan& plan);

// plan_conversion, then convert.
std::vector<std::string> convert_files(const std::vector<std::filesystem::path>& inputs,
                                       const std::filesystem::path& output, const Options& options);

// The scene of `inputs` (the first is the primary file, the others its companions), read by the input's
// format as planned above. Throws FormatError.
scene::Scene load_scene(const std::vector<std::filesystem::path>& inputs, const Options& options);
// The files that make up `output` for `scene` (Assimp's exporters may add some, like an OBJ's .mtl), not yet
// written. The exporter's warnings are appended to `warnings` when given. Throws FormatError or UsageError.
std::vector<OutputFile> save_scene(const scene::Scene& scene, const std::filesystem::path& output,
                                   const Options& options, std::vector<std::string>* warnings = nullptr);

// What `gamefmt info` shows about one file: its format's own facts (FormatHandler::info, with "refused"
// listing files found beside it that were not read), or the summary of the scene glTF or Assimp make of it;
// "file" names it. Throws FormatError, or UsageError for a folder.
nlohmann::json file_info(const std::filesystem::path& file, const Options& options);

// ---- A folder ----

// One file of a folder conversion.
struct FolderJob {
  std::filesystem::path input;
  std::filesystem::path output;
  // Why the input is not converted: a link out of the folder being converted (gamefmt/core/file_io.hpp).
  std::optional<std::string> refused;
};

// Every file below `folder` that a game format imports (and, when the target is a game format, every glTF
// file: the way back for a folder of edited assets), each with its output below the output folder at the
// same relative path with the target's extension (files that differ only in extension keep their whole
// name: x.object.glb, x.skl.glb), sorted by input.
struct FolderPlan {
  std::filesystem::path folder;
  std::filesystem::path output_folder;
  std::string to;  // the target extension, lower case, no dot
  Options options;
  std::vector<FolderJob> jobs;  // may be empty
};

// Throws UsageError when `to` names no format, when the output folder is a file or is named like a file (an
// extension, and no such folder yet), or when an option is known to none of the batch's formats.
FolderPlan plan_folder_conversion(const std::filesystem::path& folder,
                                  const std::filesystem::path& output_folder, const std::string& to,
                                  const Options& options);

struct FolderJobResult {
  std::vector<std::string> warnings;
  std::optional<FormatError> error;  // a failure not about a file is named after the input
  double seconds = 0;
};

// Called from the worker threads (serialise what they share): `started` before a job, `finished` after it.
struct FolderProgress {
  std::function<void(std::size_t job)> started;
  std::function<void(std::size_t job, const FolderJobResult& result)> finished;
};

// Converts every job on `threads` threads (0: one per core, never more than the jobs), each as convert_files
// does. The output folder is made first; UsageError when it cannot be made or written. The results are in the
// order of plan.jobs.
std::vector<FolderJobResult> convert_folder(const FolderPlan& plan, unsigned threads = 0,
                                            const FolderProgress& progress = {});
// The number of threads convert_folder uses for `jobs` jobs when asked for `threads`.
unsigned folder_threads(unsigned threads, std::size_t jobs);

// ---- Names and options ----

// The options every conversion understands besides its formats' own (common_options.hpp).
std::vector<const OptionSpec*> conversion_option_specs();
// Lower-case extension without the dot ("glb"); empty when there is none.
std::string extension_of(const std::filesystem::path& path);
bool is_gltf_extension(const std::string& extension);
// The game format that reads `path`, by its name, else by its first 64 KiB; null when none does.
const FormatHandler* handler_for_file(const std::filesystem::path& path);

// Files on disk, for handlers that look for companions beside the primary file, read under the rule of
// gamefmt/core/file_io.hpp (see FileSource): each read file lies in the folder it was looked up in, is a
// regular file and is at most limits.max_file_bytes; refusals() says why a file that was there was not read.
std::unique_ptr<FileSource> disk_file_source(const Limits& limits);

}  // namespace gamefmt
