#include "gamefmt/core/game_folder.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

namespace {

struct Entry {
  std::string name;
  bool is_folder = false;
};

// One folder's entries in byte order, plus an index by lower-case name for the case-insensitive match.
struct Listing {
  std::vector<Entry> entries;
  std::vector<std::pair<std::string, std::size_t>> by_lower_name;  // (lower-case name, index), sorted

  // The entries a name may mean: the exact one first, then those that differ in letter case, in byte order.
  std::vector<const Entry*> matches(std::string_view name) const {
    std::vector<const Entry*> out;
    const auto exact = std::lower_bound(entries.begin(), entries.end(), name,
                                        [](const Entry& e, std::string_view n) { return e.name < n; });
    if (exact != entries.end() && exact->name == name) out.push_back(&*exact);
    const std::string lower = lower_ascii(name);
    auto folded = std::lower_bound(
        by_lower_name.begin(), by_lower_name.end(), lower,
        [](const std::pair<std::string, std::size_t>& e, const std::string& n) { return e.first < n; });
    for (; folded != by_lower_name.end() && folded->first == lower; ++folded)
      if (entries[folded->second].name != name) out.push_back(&entries[folded->second]);
    return out;
  }
};

Listing list_folder(const fs::path& folder) {
  Listing listing;
  std::error_code error;
  fs::directory_iterator it(folder, error);
  for (; !error && it != fs::directory_iterator(); it.increment(error)) {
    std::error_code type_error;
    listing.entries.push_back({it->path().filename().string(), it->is_directory(type_error)});
  }
  std::sort(listing.entries.begin(), listing.entries.end(),
            [](const Entry& a, const Entry& b) { return a.name < b.name; });
  listing.by_lower_name.reserve(listing.entries.size());
  for (std::size_t i = 0; i < listing.entries.size(); ++i)
    listing.by_lower_name.emplace_back(lower_ascii(listing.entries[i].name), i);
  // Stable on the byte-ordered index, so names that differ only in case resolve to the first in byte order.
  std::stable_sort(listing.by_lower_name.begin(), listing.by_lower_name.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  return listing;
}

// The components of a game path, or nothing when it would leave the root.
std::optional<std::vector<std::string_view>> split_game_path(std::string_view path) {
  if (!path.empty() && (path.front() == '/' || path.front() == '\\')) return std::nullopt;
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find_first_of("/\\", start), path.size());
    const std::string_view part = path.substr(start, end - start);
    if (part == "..") return std::nullopt;
    if (!part.empty() && part != ".") parts.push_back(part);
    start = end + 1;
  }
  return parts;
}

bool is_named(const fs::path& folder, std::string_view lower_name) {
  return lower_ascii(folder.filename().string()) == lower_name;
}

// The sub-folder of `folder` with that name (case ignored), with its real spelling.
std::optional<fs::path> child_folder(const fs::path& folder, std::string_view lower_name) {
  const Listing listing = list_folder(folder);
  for (const Entry* entry : listing.matches(lower_name))
    if (entry->is_folder) return folder / entry->name;
  return std::nullopt;
}

// The input's folder and its ancestors, nearest first.
std::vector<fs::path> ancestors_of(const fs::path& input_file) {
  std::error_code error;
  fs::path folder = fs::absolute(input_file, error).lexically_normal();
  if (error) return {};
  std::vector<fs::path> out;
  for (folder = folder.parent_path(); !folder.empty(); folder = folder.parent_path()) {
    out.push_back(folder);
    if (folder == folder.root_path()) break;
  }
  return out;
}

}  // namespace

struct GameFolder::Listings {
  std::shared_mutex mutex;
  std::map<fs::path, std::shared_ptr<const Listing>> by_folder;

  std::shared_ptr<const Listing> of(const fs::path& folder) {
    {
      std::shared_lock lock(mutex);
      if (const auto it = by_folder.find(folder); it != by_folder.end()) return it->second;
    }
    // Listed outside the lock; when two jobs list the same folder at once, the first stored wins.
    auto listing = std::make_shared<const Listing>(list_folder(folder));
    std::unique_lock lock(mutex);
    return by_folder.emplace(folder, std::move(listing)).first->second;
  }
};

GameFolder::GameFolder(fs::path root) : root_(std::move(root)), listings_(std::make_shared<Listings>()) {}

std::optional<fs::path> GameFolder::resolve(std::string_view relative_path) const {
  const auto parts = split_game_path(relative_path);
  if (!parts) return std::nullopt;
  std::vector<fs::path> found;
  resolve_below(root_, *parts, 0, true, found);
  if (found.empty()) return std::nullopt;
  return found.front();
}

// Every path that `parts` from `next` on names below `folder`, trying each spelling of each component (exact
// first): on a case-sensitive disk, "scripts" and "Scripts" may both exist where the game saw one folder.
// Stops at the first match when `first_only`.
void GameFolder::resolve_below(const fs::path& folder, const std::vector<std::string_view>& parts,
                               std::size_t next, bool first_only, std::vector<fs::path>& found) const {
  if (next == parts.size()) {
    found.push_back(folder);
    return;
  }
  const auto listing = listings_->of(folder);
  for (const Entry* entry : listing->matches(parts[next])) {
    if (next + 1 < parts.size() && !entry->is_folder) continue;
    resolve_below(folder / entry->name, parts, next + 1, first_only, found);
    if (first_only && !found.empty()) return;
  }
}

FileLookup GameFolder::find_first(const std::vector<std::string>& relative_paths) const {
  FileLookup lookup;
  for (const auto& relative : relative_paths) {
    lookup.candidates.push_back(join_game_path(root_, relative));
    if (auto found = resolve(relative)) {
      std::error_code error;
      if (fs::is_regular_file(*found, error)) {
        lookup.found = std::move(found);
        break;
      }
    }
  }
  return lookup;
}

std::vector<fs::path> GameFolder::files_below(std::string_view relative_folder,
                                              std::string_view extension) const {
  std::vector<fs::path> out;
  const auto parts = split_game_path(relative_folder);
  if (!parts) return out;
  // Every spelling of the folder: Windows would see their files in one.
  std::vector<fs::path> pending;
  resolve_below(root_, *parts, 0, false, pending);
  const std::string lower_extension = lower_ascii(extension);
  // Depth-bounded by the file system; a symbolic link loop is cut by the visited set.
  std::vector<fs::path> visited;
  while (!pending.empty()) {
    const fs::path folder = std::move(pending.back());
    pending.pop_back();
    std::error_code error;
    const fs::path canonical = fs::weakly_canonical(folder, error);
    if (std::find(visited.begin(), visited.end(), canonical) != visited.end()) continue;
    visited.push_back(canonical);
    for (const auto& entry : listings_->of(folder)->entries) {
      if (entry.is_folder) {
        pending.push_back(folder / entry.name);
      } else if (entry.name.size() >= lower_extension.size() &&
                 lower_ascii(entry.name.substr(entry.name.size() - lower_extension.size())) ==
                     lower_extension) {
        out.push_back(folder / entry.name);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string GameFolder::relative_name(const fs::path& file) const {
  return file.lexically_relative(root_).generic_string();
}

fs::path join_game_path(const fs::path& root, std::string_view relative_path) {
  fs::path out = root;
  std::size_t start = 0;
  while (start <= relative_path.size()) {
    const std::size_t end = std::min(relative_path.find_first_of("/\\", start), relative_path.size());
    const std::string_view part = relative_path.substr(start, end - start);
    if (!part.empty()) out /= std::string(part);
    start = end + 1;
  }
  return out;
}

std::optional<fs::path> find_xray_gamedata(const fs::path& input_file) {
  const auto ancestors = ancestors_of(input_file);
  for (const auto& folder : ancestors)
    if (is_named(folder, "gamedata")) return folder;
  for (const auto& folder : ancestors)
    if (auto gamedata = child_folder(folder, "gamedata")) return gamedata;
  return std::nullopt;
}

std::optional<fs::path> find_grimrock_root(const fs::path& input_file) {
  for (const auto& folder : ancestors_of(input_file)) {
    if (is_named(folder, "mod_assets") && folder.has_parent_path()) return folder.parent_path();
    if (child_folder(folder, "mod_assets") || child_folder(folder, "assets")) return folder;
  }
  return std::nullopt;
}

}  // namespace gamefmt
