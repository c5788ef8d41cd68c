#include "shinobi/grimrock_game_data.hpp"

#include <map>
#include <mutex>

#include "../core/shared_game_folders.hpp"
#include "gamefmt/adapters/common_options.hpp"

namespace gamefmt::shinobi {

std::optional<GrimrockGameData> grimrock_game_data(const ImportRequest& request) {
  std::optional<std::filesystem::path> root = gamedata_option(request.options);
  std::error_code error;
  if (!root && std::filesystem::is_regular_file(request.primary.path, error))
    root = find_grimrock_root(std::filesystem::absolute(request.primary.path, error));
  if (!root) return std::nullopt;
  GrimrockGameData data{shared_game_folder(*root, "the mod folder"), std::nullopt};
  if (data.root.resolve("assets")) data.game = data.root;
  return data;
}

std::shared_ptr<const MaterialLibrary> grimrock_script_definitions(const GrimrockGameData& data) {
  static std::mutex mutex;
  static std::map<std::filesystem::path, std::shared_ptr<const MaterialLibrary>> libraries;
  std::lock_guard lock(mutex);
  auto& library = libraries[data.root.root()];
  if (!library) {
    // The scripts see only the files their lookups found: what was refused (a script that resolves outside
    // the mod folder, a FIFO) is recorded on the way and told with the scripts' warnings.
    const GameFolder root = data.root.recording_refusals();
    const std::optional<GameFolder> game = data.game ? std::optional(root) : std::nullopt;
    MaterialLibrary read = read_material_scripts(root, game ? &*game : nullptr);
    for (const auto& refusal : root.refusals()) read.warnings.push_back(refusal + ": not read");
    library = std::make_shared<const MaterialLibrary>(std::move(read));
  }
  return library;
}

}  // namespace gamefmt::shinobi
