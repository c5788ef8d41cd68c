#include "shinobi/grimrock_animations.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

#include "../core/found_companions.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "shinobi/grimrock_game_data.hpp"

namespace gamefmt::shinobi {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kAnimationExtension[] = {".animation"};

// A script's file name as the game reads it: '/' separators, letter case ignored, the extension replaced.
std::string game_file_name(std::string name, std::string_view extension) {
  std::replace(name.begin(), name.end(), '\\', '/');
  name = lower_ascii(name);
  const auto slash = name.rfind('/');
  const auto dot = name.rfind('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash)) name.erase(dot);
  return name + std::string(extension);
}

// The model's path from the game-data root, as scripts name it; nothing when it lies outside the root.
std::optional<std::string> model_name_in(const GrimrockGameData& data, const std::string& primary) {
  std::error_code error;
  const fs::path file = fs::weakly_canonical(fs::absolute(primary, error), error);
  const fs::path root = fs::weakly_canonical(data.root.root(), error);
  const auto relative = file.lexically_relative(root);
  if (error || relative.empty() || *relative.begin() == "..") return std::nullopt;
  return game_file_name(relative.generic_string(), ".model");
}

}  // namespace

std::vector<InputFile> grimrock_model_animations(const ImportRequest& request,
                                                 std::vector<std::string>& warnings) {
  std::vector<InputFile> found;
  if (const auto data = grimrock_game_data(request)) {
    if (const auto model = model_name_in(*data, request.primary.path)) {
      const auto definitions = grimrock_script_definitions(*data);
      bool named = false;
      std::set<std::string> taken;
      for (const auto& object : definitions->objects) {
        if (game_file_name(object.model, ".model") != *model) continue;
        named = true;
        for (const auto& [role, file] : object.animations) {
          const std::string name = game_file_name(file, ".animation");
          if (!taken.insert(name).second) continue;
          const auto lookup = data->root.find_first({name});
          const std::string what = "animation '" + file + "' of object '" + object.name + "' (" +
                                   object.script + ":" + std::to_string(object.line) + ")";
          for (const auto& refusal : lookup.refused) warnings.push_back(what + ": " + refusal + ": not read");
          if (!lookup.found) {
            if (lookup.refused.empty())
              warnings.push_back(what + " not found (looked for " + lookup.candidates.front().string() + ")");
            continue;
          }
          std::vector<std::byte> bytes;
          try {
            bytes = data->root.read(*lookup.found, {request.limits.max_file_bytes, "max_file_bytes"});
          } catch (const FormatError& e) {
            warnings.push_back(what + ": " + e.what() + ": not read");
            continue;
          }
          if (!is_given(request, lookup.found->string(), bytes))
            found.push_back({lookup.found->string(), std::move(bytes)});
        }
      }
      if (named) return found;
    }
  }
  return files_named_after(request, kAnimationExtension, true);
}

}  // namespace gamefmt::shinobi
