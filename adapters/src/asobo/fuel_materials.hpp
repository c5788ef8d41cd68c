#pragma once
// FUEL Material_Z objects as scene materials, their Bitmap_Z maps as embedded PNG images
// (docs/formats/asobo.md, "Materials and bitmaps in the scene"):
//   diffuse   -> base colour texture (UV set 0), diffuse RGBA -> base colour factor (clamped to 0..1);
//   normal    -> normal texture (UV set 0), pixels as stored;
//   occlusion -> occlusion texture (UV set 0);
//   emission  -> emissive factor (clamped); render flag bit 5 (transparency) -> alpha mode blend.
// The other maps (specular, add_normal_local, dirt, normal_local, the unused slots) have no glTF slot: every
// non-zero map is listed in the material extras "asobo.bitmaps" ({slot: {"name", "hash", "enabled"}}), and
// the game's names of the three slots above are the material's texture_names. The Material_Z fields are in
// "asobo.material" (readable) and its body as kept bytes in "asobo.material_body" (adapters/src/core/
// kept_bytes.hpp), which give the object back byte for byte.
// A map whose bitmap is not a Bitmap_Z of the archive, or does not decode, is a scene warning naming the
// material, the slot and the hash; the material goes on without it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "asobo/archive_objects.hpp"
#include "gamefmt/asobo/material_object.hpp"
#include "gamefmt/asobo/names.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::asobo {

class FuelMaterials {
 public:
  // `by_name` and `names` must outlive this object.
  FuelMaterials(scene::Scene& scene, const std::unordered_map<std::uint32_t, const ArchiveObject*>& by_name,
                const NameList* names, std::string_view file_name);

  // Fills `material` from the Material_Z named `hash`, when the archive has one; else leaves it as it is. A
  // Material_Z that does not parse is a warning.
  void apply(std::uint32_t hash, scene::Material& material);

 private:
  void apply_material(const MaterialObject& object, scene::Material& material);
  // The bitmap's image, decoded once per bitmap; nothing (and one warning per material) when it is missing or
  // does not decode.
  std::optional<scene::ImageIndex> image(std::uint32_t bitmap, const std::string& material,
                                         MaterialSlot slot);
  std::string object_file(std::uint32_t hash) const;

  scene::Scene& scene_;
  const std::unordered_map<std::uint32_t, const ArchiveObject*>& by_name_;
  const NameList* names_;
  std::string_view file_name_;
  std::map<std::uint32_t, std::optional<scene::ImageIndex>> images_;
};

}  // namespace gamefmt::asobo
