#pragma once
// The options every conversion takes, whatever its formats: the Limits, where the game's data is, and whether
// to load textures. (A format's own options are in its FormatDescription.)
#include <filesystem>
#include <optional>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/adapters/options.hpp"

namespace gamefmt {

// Every option of this file and of Limits.
std::vector<const OptionSpec*> common_option_specs();

// -O gamedata=DIR (the CLI's --gamedata): the game's data folder (X-Ray `gamedata`, Grimrock's folder holding
// mod_assets/), or nothing when not given (formats then look for it by walking up from the input).
std::optional<std::filesystem::path> gamedata_option(const Options& options);
// -O textures=0 turns texture loading off (it is on by default). Throws FormatError for a bad value.
bool textures_option(const Options& options, std::string_view file);
// -O animations=0 leaves the model's animations out: its own, and the motion files named or found for it
// (nothing is looked up). On by default. Throws FormatError for a bad value.
bool animations_option(const Options& options, std::string_view file);
// -O way_back: how the scene keeps what only the exact way back to the game's format needs
// (FormatDescription::way_back_records). Throws FormatError for a bad value.
enum class WayBackRecords {
  compact,  // the default: each file as its difference from what the writer makes of the scene
            // (gamefmt/adapters/compact_way_back.hpp); exact from the glTF as written
  full,     // the records themselves: exact also after a DCC tool re-exported the scene (the Blender add-on)
  off,      // none: for users who only view the asset ("0" too)
};
WayBackRecords way_back_option(const Options& options, std::string_view file);
// Whether an import builds the way-back records: unless -O way_back=off, or the caller patches the files
// instead (ImportRequest::way_back_patched).
bool keeps_way_back_records(const ImportRequest& request);

}  // namespace gamefmt
