#include "shared_game_folders.hpp"

#include <map>
#include <mutex>

namespace gamefmt {

GameFolder shared_game_folder(const std::filesystem::path& root, const std::string& description) {
  static std::mutex mutex;
  static std::map<std::pair<std::filesystem::path, std::string>, GameFolder> folders;
  std::error_code error;
  std::filesystem::path key = std::filesystem::weakly_canonical(root, error);
  if (error) key = root;
  std::lock_guard lock(mutex);
  return folders.try_emplace({key, description}, key, description).first->second;
}

}  // namespace gamefmt
