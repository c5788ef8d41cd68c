#include "xray/xray_game_data.hpp"

#include <map>
#include <set>

#include "../core/shared_game_folders.hpp"
#include "../core/texture_images.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/xray/texture_files.hpp"
#include "xray/xray_shader_drawing.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kGameDataFolder = "the game-data folder";

// The texture a material's field names as its base ("act\\act_rat.dds", or a shader's "texture,lmap#1"), or
// nothing for the engine's placeholders and empty fields.
std::optional<std::string> base_texture_name(std::string_view field) {
  auto names = split_texture_names(field);
  if (names.empty()) return std::nullopt;
  return std::move(names.front());
}

}  // namespace

std::optional<GameFolder> xray_game_data(const ImportRequest& request) {
  if (const auto given = gamedata_option(request.options)) return shared_game_folder(*given, kGameDataFolder);
  std::error_code error;
  if (!std::filesystem::is_regular_file(request.primary.path, error)) return std::nullopt;
  if (const auto found = find_xray_gamedata(std::filesystem::absolute(request.primary.path, error)))
    return shared_game_folder(*found, kGameDataFolder);
  return std::nullopt;
}

void attach_xray_textures(scene::Scene& scene, const ImportRequest& request) {
  if (!textures_option(request.options, request.primary.path)) return;
  const auto game_data = xray_game_data(request);
  std::error_code error;
  if (!game_data && !std::filesystem::is_regular_file(request.primary.path, error)) return;  // data in memory
  std::map<std::string, std::optional<scene::ImageIndex>> by_name;  // a texture several materials share: once
  for (auto& material : scene.materials) {
    const auto field = material.texture_names.find("base_color");
    if (field == material.texture_names.end()) continue;
    const auto texture = base_texture_name(field->second);
    if (!texture) continue;
    const std::string& name = *texture;
    auto [it, first] = by_name.try_emplace(name);
    if (first) {
      if (!game_data) {
        warn_texture_missing(scene, name, {});
        continue;
      }
      const auto files = find_texture_files(*game_data, name);
      if (files.base.found)
        it->second = add_texture_image(scene, *files.base.found, name, request.limits, &*game_data);
      else
        warn_texture_missing(scene, name, files.base);
    }
    if (it->second) material.base_color_texture = scene::TextureReference{*it->second, 0};
  }
  link_self_lit_textures(scene);
}

nlohmann::json xray_textures_info(const ImportRequest& request,
                                  const std::vector<std::string>& texture_fields) {
  const auto game_data = xray_game_data(request);
  nlohmann::json out = nlohmann::json::array();
  std::set<std::string> seen;
  for (const auto& field : texture_fields) {
    const auto name = base_texture_name(field);
    if (!name || !seen.insert(*name).second) continue;
    const FileLookup lookup = game_data ? find_texture_files(*game_data, *name).base : FileLookup{};
    out.push_back(texture_lookup_json(*name, lookup));
  }
  return out;
}

}  // namespace gamefmt::xray
