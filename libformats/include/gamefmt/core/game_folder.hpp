#pragma once
// A game's data folder, read the way the games read it on Windows: names in game files ("act\act_rat",
// "mod_assets/textures/x.tga") find files whose letter case differs ("act/act_Rat.dds") on any file system.
//
// Contract:
// - A relative path may use '\' or '/' separators. Each component is matched exactly first, then ignoring the
//   case of ASCII letters (other bytes must match), the spellings in byte order; where a folder exists in two
//   spellings ("scripts" and "Scripts" on a case-sensitive disk), both are searched. The first full match
//   wins, so a lookup always gives the same answer.
// - A path never leaves the root: absolute paths and ".." components find nothing ("." and empty components
// are
//   skipped).
// - Each folder is listed once per GameFolder (and its copies, which share the listings); files added later
// are
//   not seen. Lookups are thread-safe: batch conversion shares one GameFolder between jobs.
// - Nothing here throws for a missing or unreadable folder: it finds nothing instead.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gamefmt {

// The answer of a lookup that may fail, naming where it looked so that a warning can say so.
struct FileLookup {
  std::optional<std::filesystem::path> found;
  // The paths looked for, in order, spelled as asked (root / relative path with '/' separators).
  std::vector<std::filesystem::path> candidates;
};

class GameFolder {
 public:
  explicit GameFolder(std::filesystem::path root);

  const std::filesystem::path& root() const { return root_; }

  // The existing file or folder the relative path names, with its real spelling.
  std::optional<std::filesystem::path> resolve(std::string_view relative_path) const;
  // The first of the relative paths that exists; every one tried is a candidate.
  FileLookup find_first(const std::vector<std::string>& relative_paths) const;
  // Regular files below a folder (any depth; every spelling of it) whose names end with `extension` (".lua",
  // case ignored), sorted by path. Nothing when the folder does not exist.
  std::vector<std::filesystem::path> files_below(std::string_view relative_folder,
                                                 std::string_view extension) const;
  // The path of `file` relative to the root with '/' separators, as a game would write it (`file` must lie
  // below the root).
  std::string relative_name(const std::filesystem::path& file) const;

  struct Listings;  // the shared cache of folder listings

 private:
  void resolve_below(const std::filesystem::path& folder, const std::vector<std::string_view>& parts,
                     std::size_t next, bool first_only, std::vector<std::filesystem::path>& found) const;
  std::filesystem::path root_;
  std::shared_ptr<Listings> listings_;
};

// The folder a relative path names, spelled with the platform's separators (no lookup): root / "a" / "b".
std::filesystem::path join_game_path(const std::filesystem::path& root, std::string_view relative_path);

// X-Ray: the `gamedata` folder an input file belongs to: the nearest ancestor named `gamedata` (case
// ignored), else the nearest ancestor that holds a `gamedata` folder (files unpacked beside it).
std::optional<std::filesystem::path> find_xray_gamedata(const std::filesystem::path& input_file);

// Grimrock: the folder that `mod_assets/...` and `assets/...` paths start from: the nearest ancestor that is
// named `mod_assets` gives its parent; the nearest ancestor that holds `mod_assets/` (a mod) or `assets/`
// (the game, unpacked) is the root itself. Case ignored.
std::optional<std::filesystem::path> find_grimrock_root(const std::filesystem::path& input_file);

}  // namespace gamefmt
