#include "xray/xray_surface_record.hpp"

#include "core/blender_names.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"

namespace gamefmt::xray {
namespace {

template <class Matches>
nlohmann::json last_record(const nlohmann::json& surfaces, Matches matches) {
  nlohmann::json record;
  if (surfaces.is_array())
    for (const auto& surface : surfaces)
      if (matches(scene::get_or<std::string>(surface, "name", ""))) record = surface;
  return record;
}

}  // namespace

nlohmann::json sdk_surface_json(const ObjectSurface& s) {
  return {{"name", cp1251_to_utf8(s.name)},
          {"engine_shader", cp1251_to_utf8(s.engine_shader)},
          {"compiler_shader", cp1251_to_utf8(s.compiler_shader)},
          {"game_material", cp1251_to_utf8(s.game_material)},
          {"texture", cp1251_to_utf8(s.texture)},
          {"vmap", cp1251_to_utf8(s.vmap)},
          {"flags", s.flags},
          {"fvf", s.fvf},
          {"uv_count", s.uv_count}};
}

nlohmann::json sdk_surface_record(const nlohmann::json& surfaces, const scene::Extras& material_extras,
                                  std::string_view material_name) {
  if (auto own = scene::get<nlohmann::json>(material_extras, kXraySurfaceKey); own && own->is_object())
    return *own;
  auto record = last_record(surfaces, [&](const std::string& name) { return name == material_name; });
  if (record.is_null())
    record = last_record(
        surfaces, [&](const std::string& name) { return is_name_or_blender_copy(material_name, name); });
  return record;
}

std::string missing_surface_record_warning(std::string_view material_name, std::string_view written) {
  return "material '" + std::string(material_name) + "' has no X-Ray surface record (material extras \"" +
         kXraySurfaceKey + "\", or a surface of that name in scene extras \"" + kXraySurfacesKey +
         "\"): written with " + std::string(written);
}

}  // namespace gamefmt::xray
