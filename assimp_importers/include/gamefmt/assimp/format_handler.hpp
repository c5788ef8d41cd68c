#pragma once
// A game format as the rest of gamefmt sees it: what it is called, which files it takes, and how it turns into
// an aiScene and back. Each family implements one FormatHandler per format; format_registry lists them all.
#include <assimp/scene.h>

#include <cstddef>
#include <map>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt::assimp {

using Options = std::map<std::string, std::string, std::less<>>;

struct OptionSpec {
  std::string name;  // passed as `--option name=value` on the CLI, as property "gamefmt.<name>" to Assimp
  std::string description;
  std::vector<std::string> choices;  // empty: free text
  std::string default_value;
};

struct CompanionSpec {
  std::string role;  // "animations", "palette", ...
  std::string description;
  std::vector<std::string> extensions;
  bool multiple = false;
};

struct FormatDescription {
  std::string id;      // stable identifier, e.g. "lugaru-solid"
  std::string name;    // human name, e.g. "Lugaru model"
  std::string family;  // "lugaru", "phoenix", "xray", ...
  std::vector<std::string> extensions;  // lower case, no dot
  std::vector<std::string> file_names;  // well-known file names without extension (X-Ray's "level")
  bool can_import = false;   // file -> aiScene
  bool can_export = false;   // aiScene -> file
  bool can_rewrite = false;  // lossless read + write of the format struct
  std::vector<CompanionSpec> companions;
  std::vector<OptionSpec> import_options;
  std::vector<OptionSpec> export_options;
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
};

class FormatHandler {
 public:
  virtual ~FormatHandler() = default;
  virtual const FormatDescription& description() const = 0;

  // Content check on the start of a file, for files whose name says nothing.
  virtual bool recognizes(std::span<const std::byte> head) const;
  // Each throws FormatError; the defaults say the format cannot do that.
  virtual std::unique_ptr<aiScene> import_scene(const ImportRequest& request) const;
  virtual std::vector<std::byte> export_scene(const aiScene& scene, const Options& options,
                                              std::string_view output_name) const;
  // For formats that share an output extension (Overgrowth and X-Ray `.anm`): whether `scene` is one this format
  // writes. The first writer of the extension that takes the scene writes it. The default takes every scene.
  virtual bool takes_scene(const aiScene& scene) const;
  virtual std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const;
  // Facts about one file for `gamefmt info`. The default summarises the imported scene.
  virtual nlohmann::json info(const ImportRequest& request) const;

  // Conversions that must not pass through an aiScene (voxels to voxels, a save from its JSON dump...).
  // `gamefmt convert` asks the input's handler first (convert_to), then the output's (convert_from, with
  // `source` null when the input is not a game format). Nothing = not handled here: use the scene path.
  virtual std::optional<std::vector<std::byte>> convert_to(const ImportRequest& request, const FormatHandler& target,
                                                           const Options& options, std::string_view output_name) const;
  virtual std::optional<std::vector<std::byte>> convert_from(const ImportRequest& request, const FormatHandler* source,
                                                             const Options& options, std::string_view output_name) const;

  // The value of an option: given, else the declared default, else empty.
  std::string option(const Options& options, std::string_view name, bool for_export) const;
  // The same for an option with declared choices; a value that is not one of them is a FormatError about
  // `file`.
  std::string choice(const Options& options, std::string_view name, bool for_export,
                     std::string_view file) const;
};

}  // namespace gamefmt::assimp
