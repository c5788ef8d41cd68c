#pragma once
// A game's data folder, read the way the games read it on Windows: names in game files ("act\act_rat",
// "mod_assets/textures/x.tga") find files whose letter case differs ("act/act_Rat.dds") on any file system.
//
// Contract:
// - A relative path may use '\' or '/' separators. Each component is matched exactly first, then ignoring the
//   case of ASCII letters (other bytes must match), the spellings in byte order; where a folder exists in two
//   spellings ("scripts" and "Scripts" on a case-sensitive disk), both are searched. The first full match
//   wins, so a lookup always gives the same answer.
// - Nothing a lookup finds lies outside the root (the rule of file_io.hpp, which every lookup and walk here
//   keeps): absolute paths and ".." components find nothing ("." and empty components are skipped), and a
//   symbolic link is followed only when its real path lies inside the root's real path; one that leads out
//   is refused, and the refusal says so ("`textures/act` resolves outside the game-data folder (...)").
//   find_first finds regular files only (a FIFO, device or folder is refused); read() reads a found file
//   under the whole rule, size limit included.
// - Lookups cost no more than the folders they can reach: spellings that resolve to the same real folder are
//   one (two links `a -> .` and `A -> .` do not double the work per level), a path has at most kMaxPathParts
//   components and kMaxSpellings spellings per component, and a walk (files_below) goes at most
//   kMaxWalkDepth folders deep, through at most kMaxWalkFolders folders, finding at most kMaxWalkFiles files;
//   what a limit cuts off is a refusal too.
// - Each real folder is listed once per GameFolder (and its copies, which share the listings); files added
//   later are not seen. Lookups are thread-safe: batch conversion shares one GameFolder between jobs.
// - Nothing here throws for a missing or unreadable folder: it finds nothing instead.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/file_io.hpp"

namespace gamefmt {

// The answer of a lookup that may fail, naming where it looked so that a warning can say so.
struct FileLookup {
  std::optional<std::filesystem::path> found;
  // The paths looked for, in order, spelled as asked (root / relative path with '/' separators).
  std::vector<std::filesystem::path> candidates;
  // What was there but broke the rule, one sentence each naming the path relative to the root:
  // "`textures/act/act_rat.dds` resolves outside the game-data folder (/games/stalker/gamedata)".
  std::vector<std::string> refused;
};

class GameFolder {
 public:
  static constexpr std::size_t kMaxPathParts = 32;
  static constexpr std::size_t kMaxSpellings = 64;
  static constexpr std::size_t kMaxWalkDepth = 32;
  static constexpr std::size_t kMaxWalkFolders = 10'000;
  static constexpr std::size_t kMaxWalkFiles = 10'000;

  // `description` names the folder in refusals: "the game-data folder", "the mod folder".
  explicit GameFolder(std::filesystem::path root, std::string description = "the folder it was looked up in");

  const std::filesystem::path& root() const { return root_; }
  const std::string& description() const { return description_; }

  // The existing file or folder the relative path names, with its real spelling.
  std::optional<std::filesystem::path> resolve(std::string_view relative_path) const;
  // The first of the relative paths that names a regular file; every one tried is a candidate.
  FileLookup find_first(const std::vector<std::string>& relative_paths) const;
  // Regular files below a folder (every spelling of it, within the walk limits) whose names end with
  // `extension` (".lua", case ignored), sorted by path. Nothing when the folder does not exist.
  std::vector<std::filesystem::path> files_below(std::string_view relative_folder,
                                                 std::string_view extension) const;
  // A file this folder found, read under the rule of file_io.hpp (inside the root, regular, within `limit`).
  // Throws FormatError saying why not.
  std::vector<std::byte> read(const std::filesystem::path& file, const SizeLimit& limit) const;
  // The path of `file` relative to the root with '/' separators, as a game would write it (`file` must lie
  // below the root).
  std::string relative_name(const std::filesystem::path& file) const;

  // A copy (sharing the listings) that records the refusals its lookups and walks meet, for a caller whose
  // callee only sees what was found (the Grimrock scripts); refusals() gives them, once each, in order.
  GameFolder recording_refusals() const;
  std::vector<std::string> refusals() const;

  struct Listings;  // the shared cache of folder listings
  struct Refusals;  // the record of recording_refusals

 private:
  struct Step;  // a folder reached: as spelled below the root, and its real path
  std::vector<Step> resolve_all(std::string_view relative_path, std::vector<std::string>& refused) const;
  void refuse(std::vector<std::string>& refused, std::string sentence) const;
  std::string outside_sentence(const std::filesystem::path& spelled) const;

  std::filesystem::path root_;
  std::filesystem::path real_root_;  // empty when the root does not exist
  std::string description_;
  std::shared_ptr<Listings> listings_;
  std::shared_ptr<Refusals> refusals_;  // null unless recording
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
