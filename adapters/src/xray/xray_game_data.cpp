#include "xray/xray_game_data.hpp"

#include <map>
#include <set>

#include "../core/shared_game_folders.hpp"
#include "../core/texture_images.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/texture_files.hpp"
#include "gamefmt/xray/thm.hpp"
#include "xray/xray_bump_maps.hpp"
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

scene::TextureReference texture_reference(scene::ImageIndex image) {
  scene::TextureReference reference;
  reference.image = image;
  return reference;
}

// The descriptor beside a texture and the bump pair the engine would use with it (textures_files.hpp).
struct BumpChoice {
  std::optional<std::string> thm_file;  // relative to the game-data folder
  std::optional<Thm> thm;
  BumpFiles files;
  const char* from = "name";          // "thm": the descriptor named it; "name": <texture>_bump
  std::vector<std::string> problems;  // why a descriptor or the bump it names was not used
};

BumpChoice choose_bump(const GameFolder& game_data, const TextureFiles& files, const Limits& limits) {
  BumpChoice choice;
  choice.files = files.default_bump;
  if (!files.thm) return choice;
  choice.thm_file = game_data.relative_name(*files.thm);
  try {
    choice.thm = read_thm(game_data.read(*files.thm, texture_file_limit(limits)), files.thm->string());
  } catch (const FormatError& error) {
    choice.problems.push_back("its descriptor `" + *choice.thm_file + "` is not used: " + error.what());
    return choice;
  }
  if (const auto named = choice.thm->used_bump()) {
    const std::string name = cp1251_to_utf8(*named);
    BumpFiles pair = find_bump_files(game_data, name);
    if (pair.bump) {
      choice.files = std::move(pair);
      choice.from = "thm";
    } else {
      choice.problems.push_back("its descriptor `" + *choice.thm_file + "` names the bump '" + name +
                                "', which is not there (looked for textures/" + pair.name +
                                ".dds): the default name is used");
    }
  }
  return choice;
}

image::Rgba8Image load_dds_pixels(const GameFolder& game_data, const std::filesystem::path& file,
                                  const Limits& limits) {
  return decode_dds_texture(game_data.read(file, texture_file_limit(limits)), file.string(), limits);
}

nlohmann::json path_or_null(const GameFolder& game_data, const std::optional<std::filesystem::path>& file) {
  return file ? nlohmann::json(game_data.relative_name(*file)) : nlohmann::json();
}

// What one texture name gives its materials.
struct TextureMaps {
  std::optional<scene::ImageIndex> base, normal, metal_roughness;
  nlohmann::json extras;  // kXrayTextureMapsKey, or null
};

// The bump pair's images and the extras that describe them; warnings for what could not be used.
void attach_bump(scene::Scene& scene, const GameFolder& game_data, const TextureFiles& files,
                 const Limits& limits, TextureMaps& maps) {
  const BumpChoice choice = choose_bump(game_data, files, limits);
  for (const auto& problem : choice.problems)
    scene.warnings.push_back("texture '" + files.name + "': " + problem);
  nlohmann::json extras = nlohmann::json::object();
  if (choice.thm_file) extras["thm"] = *choice.thm_file;
  if (choice.thm && choice.thm->bump) {
    extras["bump_mode"] = choice.thm->bump->mode;
    extras["bump_virtual_height"] = choice.thm->bump->virtual_height;
  }
  if (choice.thm)
    if (const auto detail = choice.thm->used_detail())
      extras["detail"] = {{"name", cp1251_to_utf8(detail->name)}, {"scale", detail->scale}};
  if (choice.files.bump) {
    try {
      const auto bump = load_dds_pixels(game_data, *choice.files.bump, limits);
      std::optional<image::Rgba8Image> error;
      if (choice.files.bump_error) error = load_dds_pixels(game_data, *choice.files.bump_error, limits);
      const XrayBumpImages images = rebuild_xray_bump(bump, error ? &*error : nullptr);
      maps.normal = add_pixels_image(scene, images.normal, choice.files.name);
      maps.metal_roughness = add_pixels_image(scene, images.metal_roughness, choice.files.name + " gloss");
      extras["bump"] = choice.files.name;
      extras["bump_from"] = choice.from;
      extras["error_map"] = error.has_value();
      extras["gloss"] = "metallicRoughnessTexture R (roughness G = 255 - R)";
      if (error) extras["height"] = "metallicRoughnessTexture B";
    } catch (const FormatError& problem) {
      scene.warnings.push_back("texture '" + files.name + "': its bump '" + choice.files.name +
                               "' is not used: " + problem.what());
    }
  }
  if (!extras.empty()) maps.extras = std::move(extras);
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
  std::map<std::string, TextureMaps> by_name;  // a texture several materials share: once
  for (auto& material : scene.materials) {
    const auto field = material.texture_names.find("base_color");
    if (field == material.texture_names.end()) continue;
    const auto texture = base_texture_name(field->second);
    if (!texture) continue;
    const std::string& name = *texture;
    auto [it, first] = by_name.try_emplace(name);
    TextureMaps& maps = it->second;
    if (first) {
      if (!game_data) {
        warn_texture_missing(scene, name, {});
        continue;
      }
      const auto files = find_texture_files(*game_data, name);
      if (files.base.found)
        maps.base = add_texture_image(scene, *files.base.found, name, request.limits, &*game_data);
      else
        warn_texture_missing(scene, name, files.base);
      attach_bump(scene, *game_data, files, request.limits, maps);
    }
    if (maps.base) material.base_color_texture = texture_reference(*maps.base);
    if (maps.normal && maps.metal_roughness) {
      material.normal_texture = texture_reference(*maps.normal);
      material.metallic_roughness_texture = texture_reference(*maps.metal_roughness);
      material.metallic = 0.0f;
      material.roughness = 1.0f;
    }
    if (!maps.extras.is_null()) material.extras[kXrayTextureMapsKey] = maps.extras;
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
    if (!game_data) {
      out.push_back(texture_lookup_json(*name, {}));
      continue;
    }
    const auto files = find_texture_files(*game_data, *name);
    nlohmann::json entry = texture_lookup_json(*name, files.base);
    const BumpChoice choice = choose_bump(*game_data, files, request.limits);
    entry["thm"] = choice.thm_file ? nlohmann::json(*choice.thm_file) : nlohmann::json();
    entry["bump"] = choice.files.bump
                        ? nlohmann::json{{"name", choice.files.name},
                                         {"from", choice.from},
                                         {"bump", path_or_null(*game_data, choice.files.bump)},
                                         {"bump_error", path_or_null(*game_data, choice.files.bump_error)}}
                        : nlohmann::json();
    if (!choice.problems.empty()) entry["problems"] = choice.problems;
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace gamefmt::xray
