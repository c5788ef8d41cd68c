#include "gamefmt/core/game_folder.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <shared_mutex>

#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt {
namespace fs = std::filesystem;

namespace {

struct Entry {
  std::string name;
  bool is_folder = false;   // links followed
  bool is_regular = false;  // links followed
  bool is_link = false;
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
    Entry entry{it->path().filename().string(), it->is_directory(type_error), false, false};
    entry.is_regular = it->is_regular_file(type_error);
    entry.is_link = it->is_symlink(type_error);
    listing.entries.push_back(std::move(entry));
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
  std::map<fs::path, std::shared_ptr<const Listing>> by_folder;  // by real path

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

struct GameFolder::Refusals {
  static constexpr std::size_t kMost = 100;
  std::mutex mutex;
  std::vector<std::string> sentences;

  void add(const std::string& sentence) {
    std::lock_guard lock(mutex);
    if (sentences.size() < kMost &&
        std::find(sentences.begin(), sentences.end(), sentence) == sentences.end())
      sentences.push_back(sentence);
  }
};

struct GameFolder::Step {
  fs::path spelled;  // root / the real spelling of each component
  fs::path real;     // no links, no "..": what listings and containment are checked on
};

GameFolder::GameFolder(fs::path root, std::string description)
    : root_(std::move(root)), description_(std::move(description)), listings_(std::make_shared<Listings>()) {
  std::error_code error;
  real_root_ = fs::canonical(root_.empty() ? fs::path(".") : root_, error);
  if (error || !fs::is_directory(real_root_, error)) real_root_.clear();
}

GameFolder GameFolder::recording_refusals() const {
  GameFolder copy = *this;
  copy.refusals_ = std::make_shared<Refusals>();
  return copy;
}

std::vector<std::string> GameFolder::refusals() const {
  if (!refusals_) return {};
  std::lock_guard lock(refusals_->mutex);
  return refusals_->sentences;
}

void GameFolder::refuse(std::vector<std::string>& refused, std::string sentence) const {
  if (refusals_) refusals_->add(sentence);
  if (std::find(refused.begin(), refused.end(), sentence) == refused.end())
    refused.push_back(std::move(sentence));
}

std::string GameFolder::outside_sentence(const fs::path& spelled) const {
  return "`" + relative_name(spelled) + "` resolves outside " + description_ + " (" + root_.string() + ")";
}

// Every folder or file the relative path names, by spelling (exact first, then other letter cases, in byte
// order), one per real path: on a case-sensitive disk "scripts" and "Scripts" may both exist where the game
// saw one folder, while two links to one folder are one. Level by level, so that the work is bounded by the
// distinct real folders reached, not by the number of spellings.
std::vector<GameFolder::Step> GameFolder::resolve_all(std::string_view relative_path,
                                                      std::vector<std::string>& refused) const {
  const auto parts = split_game_path(relative_path);
  if (!parts || real_root_.empty()) return {};
  if (parts->size() > kMaxPathParts) {
    refuse(refused, "`" + std::string(relative_path) + "` has more than " + std::to_string(kMaxPathParts) +
                        " parts: not looked up");
    return {};
  }
  std::vector<Step> reached{{root_, real_root_}};
  for (std::size_t i = 0; i < parts->size() && !reached.empty(); ++i) {
    const bool last = i + 1 == parts->size();
    std::vector<Step> next;
    std::set<fs::path> real_paths;
    for (const auto& step : reached) {
      const auto listing = listings_->of(step.real);
      for (const Entry* entry : listing->matches((*parts)[i])) {
        if (!last && !entry->is_folder) continue;
        Step child{step.spelled / entry->name, step.real / entry->name};
        if (entry->is_link) {
          std::error_code error;
          child.real = fs::canonical(child.real, error);
          if (error) continue;  // a broken link or a loop: nothing there
          if (!lies_inside(real_root_, child.real)) {
            refuse(refused, outside_sentence(child.spelled));
            continue;
          }
        }
        if (!real_paths.insert(child.real).second) continue;
        if (next.size() == kMaxSpellings) {
          refuse(refused, "`" + std::string(relative_path) + "` is spelled more than " +
                              std::to_string(kMaxSpellings) + " ways: the rest not looked up");
          break;
        }
        next.push_back(std::move(child));
      }
    }
    reached = std::move(next);
  }
  return reached;
}

std::optional<fs::path> GameFolder::resolve(std::string_view relative_path) const {
  std::vector<std::string> refused;
  auto reached = resolve_all(relative_path, refused);
  if (reached.empty()) return std::nullopt;
  return std::move(reached.front().spelled);
}

FileLookup GameFolder::find_first(const std::vector<std::string>& relative_paths) const {
  FileLookup lookup;
  for (const auto& relative : relative_paths) {
    lookup.candidates.push_back(join_game_path(root_, relative));
    for (auto& step : resolve_all(relative, lookup.refused)) {
      if (const auto problem = regular_file_problem(step.real)) {
        refuse(lookup.refused, "`" + relative_name(step.spelled) + "` " + *problem);
        continue;
      }
      lookup.found = std::move(step.spelled);
      return lookup;
    }
  }
  return lookup;
}

std::vector<fs::path> GameFolder::files_below(std::string_view relative_folder,
                                              std::string_view extension) const {
  std::vector<fs::path> out;
  std::vector<std::string> refused;
  // Every spelling of the folder: Windows would see their files in one.
  std::vector<std::pair<Step, std::size_t>> pending;  // a folder and its depth below the folder asked for
  for (auto& step : resolve_all(relative_folder, refused)) pending.emplace_back(std::move(step), 0);
  std::reverse(pending.begin(), pending.end());
  const std::string lower_extension = lower_ascii(extension);
  std::set<fs::path> visited;  // real paths: a link to a folder already walked (or to its parent) is cut here
  bool deeper = false;
  while (!pending.empty()) {
    const auto [folder, depth] = std::move(pending.back());
    pending.pop_back();
    if (!visited.insert(folder.real).second) continue;
    if (visited.size() > kMaxWalkFolders) {
      refuse(refused, "more than " + std::to_string(kMaxWalkFolders) + " folders below `" +
                          std::string(relative_folder) + "`: the rest not searched");
      break;
    }
    for (const auto& entry : listings_->of(folder.real)->entries) {
      const bool wanted =
          !entry.is_folder && entry.name.size() >= lower_extension.size() &&
          lower_ascii(entry.name.substr(entry.name.size() - lower_extension.size())) == lower_extension;
      if (!entry.is_folder && !wanted) continue;
      Step child{folder.spelled / entry.name, folder.real / entry.name};
      if (entry.is_link) {
        std::error_code error;
        child.real = fs::canonical(child.real, error);
        if (error) continue;
        if (!lies_inside(real_root_, child.real)) {
          refuse(refused, outside_sentence(child.spelled));
          continue;
        }
      }
      if (entry.is_folder) {
        if (depth + 1 > kMaxWalkDepth)
          deeper = true;
        else
          pending.emplace_back(std::move(child), depth + 1);
      } else if (!entry.is_regular) {
        refuse(refused, "`" + relative_name(child.spelled) + "` " +
                            regular_file_problem(child.real).value_or("is not a regular file"));
      } else if (out.size() == kMaxWalkFiles) {
        refuse(refused, "more than " + std::to_string(kMaxWalkFiles) + " files below `" +
                            std::string(relative_folder) + "`: the rest not used");
        pending.clear();
        break;
      } else {
        out.push_back(std::move(child.spelled));
      }
    }
  }
  if (deeper)
    refuse(refused, "folders more than " + std::to_string(kMaxWalkDepth) + " levels below `" +
                        std::string(relative_folder) + "` not searched");
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::byte> GameFolder::read(const fs::path& file, const SizeLimit& limit) const {
  return read_contained_file(root_, file, limit, description_);
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
