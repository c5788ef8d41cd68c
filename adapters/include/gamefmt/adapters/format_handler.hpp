#pragma once
// A game format as the rest of gamefmt sees it: what it is called, which files it takes, and how it turns
// into a scene (gamefmt/scene/scene.hpp) and back. Each family implements one FormatHandler per format (on
// the base of adapters/src/core/handler_base.hpp); format_registry.hpp lists them all.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

struct CompanionSpec {
  std::string role;  // "animations", "palette", ...
  std::string description;
  std::vector<std::string> extensions;
  bool multiple = false;
};

// What comes back when a file goes to glTF and back unedited (`gamefmt convert X -o a.glb`, then
// `gamefmt convert a.glb -o back.X`); tests/corpus/way_back_corpus_tests.cpp holds every corpus file to it.
enum class WayBack {
  not_exact,    // the file comes back valid, but not byte for byte (way_back_note says what changes)
  second_pass,  // the first way back normalises the file; from then on it comes back byte for byte
  exact,        // the same bytes
};
// "exact", "second_pass", "not_exact".
const char* to_string(WayBack way_back);

// Which of a scene's animations an export writes, so that a caller can leave the others out of what it makes
// (the Blender add-on then does not have Blender's glTF exporter sample actions the file will not hold).
enum class AnimationsWritten {
  all,   // every animation of the scene (the safe default)
  own,   // the model's own: those the scene extras list at FormatDescription::own_animations (all when the
         // scene has no such list); the format's option "motions", where it has one, may ask for all or none
  none,  // the format holds no animations
};
// "all", "own", "none".
const char* to_string(AnimationsWritten animations);

struct FormatDescription {
  std::string id;                       // stable identifier, e.g. "lugaru-solid"
  std::string name;                     // human name, e.g. "Lugaru model"
  std::string family;                   // "lugaru", "phoenix", "xray", ...
  std::string game;                     // the game a user looks for, e.g. "S.T.A.L.K.E.R. (X-Ray)"
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
  // For a format that imports and exports: how an unedited file comes back from glTF, and what is lost or
  // changed when it is not exact (or when the scene was edited).
  WayBack way_back = WayBack::not_exact;
  std::string way_back_note;
  // The records of the imported scene's extras whose only use is the exact way back (kept bytes: the file,
  // a chunk, stored keys or arrays), which -O way_back=0 leaves out: paths of keys separated by '/', '*' in a
  // key standing for any run of characters ("xray.motions/*/stored_keys"), looked up in the extras of the
  // scene and of each node, mesh, material and animation. What the scene needs to be viewed (textures,
  // skins, animations, names) is not among them.
  std::vector<std::string> way_back_records;
  // For a format whose file holds one of the scene's animations: the export option naming it ("animation",
  // "motion"). The compact way back keeps a patch for each animation of a scene this format's files came
  // with (adapters/internal/gamefmt/adapters/compact_way_back.hpp).
  std::string animation_option;
  AnimationsWritten animations = AnimationsWritten::all;
  // For AnimationsWritten::own: a JSON pointer into the scene extras to the list of the names of the model's
  // own animations ("/xray.ogf/embedded_motions").
  std::string own_animations;
};

struct InputFile {
  std::string path;
  std::vector<std::byte> bytes;
};

// A file a conversion makes, to be written whole (gamefmt/conversion.hpp writes each atomically).
struct OutputFile {
  std::filesystem::path path;
  std::vector<std::byte> bytes;
};

// Where an importer finds companion files that were not named (same base name beside the primary file).
// Files are read under the rule of gamefmt/core/file_io.hpp, the folder of `path` being the folder they were
// looked up in: a file that is there but resolves outside that folder, is not a regular file (a FIFO would
// hang the read) or is larger than Limits::max_file_bytes is not read. read() then gives nothing, as for a
// missing file, and keeps the refusal: refusals() says why, and FormatHandler::import_file adds each to the
// scene's warnings.
class FileSource {
 public:
  virtual ~FileSource() = default;
  // The file's bytes, or nothing when it is not there or is refused.
  virtual std::optional<std::vector<std::byte>> read(const std::string& path) const = 0;
  // A file the user named (an option's path, such as Westwood's palette): it may lie anywhere, but must be a
  // regular file. Nothing when it is not there; throws FormatError saying why when it is there but cannot be
  // read. The default reads it as read() does.
  virtual std::optional<std::vector<std::byte>> read_named(const std::string& path) const;
  // The paths of the files (anything but folders) directly in `folder` (not below it), sorted; none where
  // the source cannot list folders (the default).
  virtual std::vector<std::string> list(const std::string& folder) const;
  // Why files were not read so far, one sentence each naming the file; none by default.
  virtual std::vector<std::string> refusals() const;
  // The paths read() gave bytes for so far, in the order first read; none by default.
  virtual std::vector<std::string> read_paths() const;
};

struct ImportRequest {
  InputFile primary;
  std::vector<InputFile> companions;  // given explicitly, in the user's order
  const FileSource* files = nullptr;  // may be null: then nothing is looked up
  Options options;
  Limits limits;
  // The caller keeps patches of the files read instead of the way-back records (-O way_back=compact on the
  // way to a glTF file, gamefmt/adapters/compact_way_back.hpp): the import builds none.
  bool way_back_patched = false;
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
  // What conversions call: import_scene, with the rest frames of the scene's skeleton recorded, and
  // export_scene of the scene with the game's rest frames restored (gamefmt/scene/rest_frames.hpp: a DCC tool
  // may have turned the bones; a warning saying how many turned back goes to request.warnings).
  // import_file also leaves the way-back records out with -O way_back=off, or when the caller patches the
  // files instead (ImportRequest::way_back_patched); export_file gives the file a patched scene keeps while
  // the scene is unchanged (gamefmt/adapters/compact_way_back.hpp).
  scene::Scene import_file(const ImportRequest& request) const;
  std::vector<std::byte> export_file(const scene::Scene& scene, const ExportRequest& request) const;

  // Each throws FormatError; the defaults say the format cannot do that.
  virtual scene::Scene import_scene(const ImportRequest& request) const;
  virtual std::vector<std::byte> export_scene(const scene::Scene& scene, const ExportRequest& request) const;
  // For formats that share an output extension (Overgrowth and X-Ray `.anm`): whether `scene` is one this
  // format writes. The first writer of the extension that takes the scene writes it. The default takes every
  // scene.
  virtual bool takes_scene(const scene::Scene& scene) const;
  // Reads and writes the file through the format struct (LosslessHandler below gives the usual body).
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
};

// A format whose struct keeps every byte: `rewrite` is `Write(Read(data, file_name), file_name)`, with the
// family's `read_x(std::span<const std::byte>, std::string_view)` and `write_x(const X&, std::string_view)`.
template <auto Read, auto Write>
class LosslessHandler : public FormatHandler {
 public:
  std::vector<std::byte> rewrite(std::span<const std::byte> data, std::string_view file_name) const final {
    return Write(Read(data, file_name), file_name);
  }
};

}  // namespace gamefmt
