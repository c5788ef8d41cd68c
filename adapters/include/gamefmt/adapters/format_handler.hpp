#pragma once
// A game format as the rest of gamefmt sees it: what it is called, which files it takes, and how it turns
// into a scene (gamefmt/scene/scene.hpp) and back. Each family implements one FormatHandler per format;
// format_registry.hpp lists them all.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/limits.hpp"
#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

struct CompanionSpec {
  std::string role;  // "animations", "palette", ...
  std::string description;
  std::vector<std::string> extensions;
  bool multiple = false;
};

struct FormatDescription {
  std::string id;                       // stable identifier, e.g. "lugaru-solid"
  std::string name;                     // human name, e.g. "Lugaru model"
  std::string family;                   // "lugaru", "phoenix", "xray", ...
  std::vector<std::string> extensions;  // lower case, no dot
  std::vector<std::string> file_names;  // well-known file names without extension (X-Ray's "level")
  bool can_import = false;              // file -> scene
  bool can_export = false;              // scene -> file
  bool can_rewrite = false;             // lossless read + write of the format struct
  std::vector<CompanionSpec> companions;
  std::vector<OptionSpec> import_options;
  std::vector<OptionSpec> export_options;
  // For a format that is written only one way (a .vox only from a .vxl): how to get one, for error messages.
  std::string export_note;
  // For a format that is only a companion or only rewritten: what it is used for, for listings.
  std::string role_note;
};

struct InputFile {
  std::string path;
  std::vector<std::byte> bytes;
};

// Where an importer finds companion files that were not named (same base name beside the primary file).
class FileSource {
 public:
  virtual ~FileSource() = default;
  virtual std::optional<std::vector<std::byte>> read(const std::string& path) const = 0;
};

struct ImportRequest {
  InputFile primary;
  std::vector<InputFile> companions;  // given explicitly, in the user's order
  const FileSource* files = nullptr;  // may be null: then nothing is looked up
  Options options;
  Limits limits;
};

struct ExportRequest {
  Options options;
  Limits limits;
  std::string output_name;  // names errors, and tells formats that decide by name (Lugaru's winding)
  // Where an exporter says what it filled in or guessed (a default for a record it could not find); null:
  // nowhere. `gamefmt convert` prints them.
  std::vector<std::string>* warnings = nullptr;
};

class FormatHandler {
 public:
  virtual ~FormatHandler() = default;
  virtual const FormatDescription& description() const = 0;

  // Content check on the start of a file, for files whose name says nothing.
  virtual bool recognizes(std::span<const std::byte> head) const;
  // Each throws FormatError; the defaults say the format cannot do that.
  virtual scene::Scene import_scene(const ImportRequest& request) const;
  virtual std::vector<std::byte> export_scene(const scene::Scene& scene, const ExportRequest& request) const;
  // For formats that share an output extension (Overgrowth and X-Ray `.anm`): whether `scene` is one this
  // format writes. The first writer of the extension that takes the scene writes it. The default takes every
  // scene.
  virtual bool takes_scene(const scene::Scene& scene) const;
  // Reads and writes the file through the format struct (lossless_handler.hpp gives the usual body).
  virtual std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const;
  // Facts about one file for `gamefmt info`. The default summarises the imported scene.
  virtual nlohmann::json info(const ImportRequest& request) const;

  // Conversions that must not pass through a scene (voxels to voxels, a save from its JSON dump...).
  // `gamefmt convert` asks the input's handler first (convert_to), then the output's (convert_from, with
  // `source` null when the input is not a game format). Nothing = not handled here: use the scene path.
  virtual std::optional<std::vector<std::byte>> convert_to(const ImportRequest& request,
                                                           const FormatHandler& target,
                                                           const ExportRequest& output) const;
  virtual std::optional<std::vector<std::byte>> convert_from(const ImportRequest& request,
                                                             const FormatHandler* source,
                                                             const ExportRequest& output) const;

  // Transitional (until every family declares Option<T>s): the value of an option: given, else the declared
  // default, else empty; and the same for an option with declared choices, a value that is not one of them
  // being a FormatError about `file`.
  std::string option(const Options& options, std::string_view name, bool for_export) const;
  std::string choice(const Options& options, std::string_view name, bool for_export,
                     std::string_view file) const;
};

}  // namespace gamefmt
