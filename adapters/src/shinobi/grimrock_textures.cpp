#include "shinobi/grimrock_textures.hpp"

#include <map>

#include "../core/texture_images.hpp"
#include "gamefmt/adapters/common_options.hpp"
#include "gamefmt/shinobi/material_scripts.hpp"
#include "gamefmt/shinobi/texture_files.hpp"
#include "shinobi/grimrock_game_data.hpp"

namespace gamefmt::shinobi {
namespace {

std::optional<scene::ImageIndex> map_image(scene::Scene& scene, const std::string& map,
                                           const GrimrockGameData& data, const ImportRequest& request,
                                           TexelRule rule) {
  const auto lookup = find_map_texture(map, data.root, data.game ? &*data.game : nullptr);
  if (!lookup.found) {
    warn_texture_missing(scene, map, lookup);
    return std::nullopt;
  }
  return add_texture_image(scene, *lookup.found, map, request.limits, &data.root, rule);
}

}  // namespace

nlohmann::json grimrock_materials_info(const ImportRequest& request,
                                       const std::vector<std::string>& materials) {
  const auto data = grimrock_game_data(request);
  const auto library = data ? grimrock_script_definitions(*data) : nullptr;
  nlohmann::json out = nlohmann::json::array();
  for (const auto& name : materials) {
    const MaterialDefinition* definition = library ? library->find(name) : nullptr;
    nlohmann::json entry = {{"name", name}, {"script", nullptr}};
    if (definition != nullptr) {
      entry["script"] = definition->script;
      entry["line"] = definition->line;
      nlohmann::json maps = nlohmann::json::object();
      for (const auto& [map, path] :
           {std::pair<const char*, const std::string*>{"diffuse", &definition->diffuse_map},
            {"normal", &definition->normal_map},
            {"specular", &definition->specular_map}})
        if (!path->empty())
          maps[map] = texture_lookup_json(
              *path, find_map_texture(*path, data->root, data->game ? &*data->game : nullptr));
      entry["maps"] = std::move(maps);
    }
    out.push_back(std::move(entry));
  }
  return out;
}

void attach_grimrock_materials(scene::Scene& scene, const ImportRequest& request) {
  if (!textures_option(request.options, request.primary.path)) return;
  const auto data = grimrock_game_data(request);
  if (!data) {
    std::error_code error;
    if (std::filesystem::is_regular_file(request.primary.path, error) && !scene.materials.empty())
      scene.warnings.push_back(
          "no mod_assets/ or assets/ folder found above the model: its materials' textures are not loaded "
          "(give "
          "the folder that holds mod_assets/ with --gamedata DIR)");
    return;
  }
  const auto library = grimrock_script_definitions(*data);
  std::map<std::pair<std::string, TexelRule>, std::optional<scene::ImageIndex>> maps;  // each looked up once
  const auto image_of = [&](const std::string& map, TexelRule rule = TexelRule::as_stored) {
    auto [it, first] = maps.try_emplace({map, rule});
    if (first) it->second = map_image(scene, map, *data, request, rule);
    return it->second;
  };
  bool reported_script_warnings = false;
  for (auto& material : scene.materials) {
    const MaterialDefinition* definition = library->find(material.name);
    if (definition == nullptr) {
      scene.warnings.push_back("material '" + material.name + "' is not defined by the scripts under " +
                               data->root.root().string() + " (it may be one of the game's own)");
      if (!reported_script_warnings)
        for (const auto& warning : library->warnings)
          scene.warnings.push_back("material scripts: " + warning);
      reported_script_warnings = true;
      continue;
    }
    nlohmann::json record = definition->fields;
    record["script"] = definition->script;
    record["line"] = definition->line;
    if (!material.extras.is_object()) material.extras = nlohmann::json::object();
    material.extras["shinobi.material"] = std::move(record);
    const auto& fields = definition->fields;
    if (fields.value("alphaTest", false)) material.alpha_mode = scene::AlphaMode::mask;
    if (fields.contains("blendMode") && fields["blendMode"].is_string() && fields["blendMode"] != "Opaque")
      material.alpha_mode = scene::AlphaMode::blend;
    if (fields.contains("doubleSided") && fields["doubleSided"].is_boolean())
      material.double_sided = fields["doubleSided"].get<bool>();
    // `lighting = false`: the engine draws the diffuse map as it is, without its lights (glTF's unlit).
    if (fields.contains("lighting") && fields["lighting"].is_boolean())
      material.unlit = !fields["lighting"].get<bool>();
    if (!definition->diffuse_map.empty()) {
      material.texture_names["base_color"] = definition->diffuse_map;
      if (const auto image = image_of(definition->diffuse_map)) {
        material.base_color_texture = scene::TextureReference{*image, 0};
        material.base_color = glm::vec4(1.0f);  // the texture is the colour (the grey was a placeholder)
      }
    }
    if (!definition->normal_map.empty()) {
      material.texture_names["normal"] = definition->normal_map;
      // Some of the games' DXT normal maps store no z (blue 255 everywhere): it is rebuilt from x and y.
      if (const auto image = image_of(definition->normal_map, TexelRule::normal_z_from_xy_when_blue_is_flat))
        material.normal_texture = scene::TextureReference{*image, 0};
    }
    if (!definition->specular_map.empty()) material.texture_names["specular"] = definition->specular_map;
  }
}

}  // namespace gamefmt::shinobi
