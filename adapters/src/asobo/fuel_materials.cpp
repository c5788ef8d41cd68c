#include "asobo/fuel_materials.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "../core/kept_bytes.hpp"
#include "../core/texture_images.hpp"
#include "gamefmt/asobo/bitmap_image.hpp"
#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"

namespace gamefmt::asobo {
namespace {

// Materials convert from FUEL PC archives only (bigfile_scene.hpp), which are little-endian.
constexpr ByteOrder kOrder = ByteOrder::little;

float unit(float value) {
  return std::isnan(value) ? 0.0f : std::clamp(value, 0.0f, 1.0f);
}

std::string hash_text(std::uint32_t hash) {
  char text[16];
  std::snprintf(text, sizeof text, "%08X", hash);
  return text;
}

nlohmann::json fields_json(const MaterialObject& m) {
  const auto finite = [](float v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
  const auto array = [&](const auto& values) {
    nlohmann::json out = nlohmann::json::array();
    for (const float v : values) out.push_back(finite(v));
    return out;
  };
  return {{"diffuse", array(m.diffuse)},
          {"emission", array(m.emission)},
          {"specular", array(m.specular)},
          {"enabled_bitmaps", m.enabled_bitmaps},
          {"render_flags", m.render_flags},
          {"flags1", m.flags1},
          {"alpha_ref", finite(m.alpha_ref)},
          {"env_map_factor", finite(m.env_map_factor)},
          {"spec_map_factor", finite(m.spec_map_factor)},
          {"bump_map_factor", finite(m.bump_map_factor)},
          {"t_translation", array(m.t_translation)},
          {"t_scale", array(m.t_scale)},
          {"t_rotation", finite(m.t_rotation)}};
}

}  // namespace

FuelMaterials::FuelMaterials(scene::Scene& scene,
                             const std::unordered_map<std::uint32_t, const ArchiveObject*>& by_name,
                             const NameList* names, std::string_view file_name)
    : scene_(scene), by_name_(by_name), names_(names), file_name_(file_name) {}

std::string FuelMaterials::object_file(std::uint32_t hash) const {
  return std::string(file_name_) + " (object " + name_or_hash(hash, names_) + ")";
}

void FuelMaterials::apply(std::uint32_t hash, scene::Material& material) {
  const auto found = by_name_.find(hash);
  if (found == by_name_.end() || found->second->class_name != name_hash("Material_Z")) return;
  try {
    const auto body = object_body(*found->second, object_file(hash));
    const auto object = read_material_object(body, object_file(hash), kOrder);
    for (const auto& warning : object.warnings) scene_.warnings.push_back(warning);
    material.extras["asobo.material_body"] = kept_bytes_json(body);
    apply_material(object, material);
  } catch (const FormatError& e) {
    scene_.warnings.push_back("material " + material.name + " left untextured: " + e.what());
  }
}

void FuelMaterials::apply_material(const MaterialObject& object, scene::Material& material) {
  material.base_color = {unit(object.diffuse[0]), unit(object.diffuse[1]), unit(object.diffuse[2]),
                         unit(object.diffuse[3])};
  material.emissive = {unit(object.emission[0]), unit(object.emission[1]), unit(object.emission[2])};
  if ((object.render_flags & (1u << 5)) != 0) material.alpha_mode = scene::AlphaMode::blend;
  material.extras["asobo.material"] = fields_json(object);

  nlohmann::json bitmaps = nlohmann::json::object();
  for (std::size_t s = 0; s < kMaterialBitmapSlots; ++s) {
    const auto slot = static_cast<MaterialSlot>(s);
    const std::uint32_t bitmap = object.bitmap(slot);
    if (bitmap == 0) continue;
    const std::string bitmap_name = name_or_hash(bitmap, names_);
    bitmaps[material_slot_name(slot)] = {
        {"name", bitmap_name}, {"hash", hash_text(bitmap)}, {"enabled", object.enabled(slot)}};
    const char* scene_slot = slot == MaterialSlot::diffuse     ? "base_color"
                             : slot == MaterialSlot::normal    ? "normal"
                             : slot == MaterialSlot::occlusion ? "occlusion"
                                                               : nullptr;
    if (scene_slot == nullptr) continue;
    material.texture_names[scene_slot] = bitmap_name;
    const auto index = image(bitmap, material.name, slot);
    if (!index) continue;
    const scene::TextureReference reference{*index, 0, std::nullopt};
    if (slot == MaterialSlot::diffuse) material.base_color_texture = reference;
    if (slot == MaterialSlot::normal) material.normal_texture = reference;
    if (slot == MaterialSlot::occlusion) material.occlusion_texture = reference;
  }
  if (!bitmaps.empty()) material.extras["asobo.bitmaps"] = std::move(bitmaps);
}

std::optional<scene::ImageIndex> FuelMaterials::image(std::uint32_t bitmap, const std::string& material,
                                                      MaterialSlot slot) {
  const std::string where =
      "material " + material + ": " + material_slot_name(slot) + " bitmap " + name_or_hash(bitmap, names_);
  const auto cached = images_.find(bitmap);
  if (cached != images_.end()) {
    if (!cached->second) scene_.warnings.push_back(where + " has no image (see above)");
    return cached->second;
  }
  std::optional<scene::ImageIndex> index;
  const auto found = by_name_.find(bitmap);
  if (found == by_name_.end() || found->second->class_name != name_hash("Bitmap_Z")) {
    scene_.warnings.push_back(where + " (hash " + hash_text(bitmap) +
                              ") is not a Bitmap_Z of the archive: the slot is left empty");
  } else {
    try {
      const std::string file = object_file(bitmap);
      const auto body = object_body(*found->second, file);
      const auto object =
          read_bitmap_object(found->second->resource->link_header, body, file, kOrder, BitmapLayout::fuel);
      for (const auto& warning : object.warnings) scene_.warnings.push_back(warning);
      index = add_pixels_image(scene_, decode_bitmap(object, file), name_or_hash(bitmap, names_));
    } catch (const FormatError& e) {
      scene_.warnings.push_back(where + " (hash " + hash_text(bitmap) + ") does not decode: " + e.what());
    }
  }
  images_.emplace(bitmap, index);
  return index;
}

}  // namespace gamefmt::asobo
