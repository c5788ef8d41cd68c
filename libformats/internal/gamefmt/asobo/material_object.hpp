#pragma once
// The body of a Material_Z object of FUEL PC (BigFile v1.381.67.09), 172 bytes (docs/formats/asobo.md,
// "Material_Z"); its link header is the ResourceObject one (a Name), left to the archive record.
//
//   f32 diffuse[4] (RGBA); f32 emission[3]; i32 unknown0; f32 t_matrix_top_left[2]; i32 some_number;
//   u32 flags1; f32 t_matrix_bottom_right[2]; u32 enabled_bitmaps (bit k: slot k is used);
//   u32 render_flags (bit 5 transparency); f32 t_matrix_offset[2]; f32 t_matrix_scale; f32 t_rotation;
//   f32 specular[3]; f32 alpha_ref, env_map_factor, spec_map_factor, bump_map_factor, param4;
//   f32 t_translation[2], t_scale[2], bitmap_related[2];
//   Name bitmap_names[9]: diffuse, unused, specular, add_normal_local, occlusion, normal, dirt, normal_local,
//   unused. A name is the name hash of a Bitmap_Z object; 0 is none.
// Bytes after the 172 are kept (`trailing`), so write_material_object(read_material_object(x)) == x.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::asobo {

inline constexpr std::size_t kMaterialBodySize = 172;
inline constexpr std::size_t kMaterialBitmapSlots = 9;

enum class MaterialSlot : std::uint8_t {
  diffuse = 0,
  unused0 = 1,
  specular = 2,
  add_normal_local = 3,
  occlusion = 4,
  normal = 5,
  dirt = 6,
  normal_local = 7,
  unused1 = 8,
};
// "diffuse", "specular", ...: the slot's name in extras and messages.
const char* material_slot_name(MaterialSlot slot);

struct MaterialObject {
  std::array<float, 4> diffuse{1, 1, 1, 1};
  std::array<float, 3> emission{};
  std::int32_t unknown0 = 0;
  std::array<float, 2> t_matrix_top_left{};
  std::int32_t some_number = 0;
  std::uint32_t flags1 = 0;
  std::array<float, 2> t_matrix_bottom_right{};
  std::uint32_t enabled_bitmaps = 0;
  std::uint32_t render_flags = 0;
  std::array<float, 2> t_matrix_offset{};
  float t_matrix_scale = 1;
  float t_rotation = 0;
  std::array<float, 3> specular{};
  float alpha_ref = 0;
  float env_map_factor = 0;
  float spec_map_factor = 0;
  float bump_map_factor = 0;
  float param4 = 0;
  std::array<float, 2> t_translation{};
  std::array<float, 2> t_scale{1, 1};
  std::array<float, 2> bitmap_related{};
  std::array<std::uint32_t, kMaterialBitmapSlots> bitmap_names{};
  std::vector<std::byte> trailing;  // after the 172 bytes
  Warnings warnings;

  std::uint32_t bitmap(MaterialSlot slot) const { return bitmap_names[static_cast<std::size_t>(slot)]; }
  bool enabled(MaterialSlot slot) const {
    return ((enabled_bitmaps >> static_cast<unsigned>(slot)) & 1) != 0;
  }
};

// Throws FormatError (file, offset, field) for a body shorter than 172 bytes. Bytes after them are kept with
// a warning.
MaterialObject read_material_object(std::span<const std::byte> body, std::string_view file_name,
                                    ByteOrder order);
std::vector<std::byte> write_material_object(const MaterialObject& material, ByteOrder order);

}  // namespace gamefmt::asobo
