#include "gamefmt/asobo/material_object.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/record_fields.hpp"

namespace gamefmt::asobo {

template <class IO, RecordOf<MaterialObject> T>
void fields(IO& io, T& m) {
  io(m.diffuse, "diffuse");
  io(m.emission, "emission");
  io(m.unknown0, "unknown0");
  io(m.t_matrix_top_left, "t_matrix_top_left");
  io(m.some_number, "some_number");
  io(m.flags1, "flags1");
  io(m.t_matrix_bottom_right, "t_matrix_bottom_right");
  io(m.enabled_bitmaps, "enabled_bitmaps");
  io(m.render_flags, "render_flags");
  io(m.t_matrix_offset, "t_matrix_offset");
  io(m.t_matrix_scale, "t_matrix_scale");
  io(m.t_rotation, "t_rotation");
  io(m.specular, "specular");
  io(m.alpha_ref, "alpha_ref");
  io(m.env_map_factor, "env_map_factor");
  io(m.spec_map_factor, "spec_map_factor");
  io(m.bump_map_factor, "bump_map_factor");
  io(m.param4, "param4");
  io(m.t_translation, "t_translation");
  io(m.t_scale, "t_scale");
  io(m.bitmap_related, "bitmap_related");
  io(m.bitmap_names, "bitmap_names");
}

const char* material_slot_name(MaterialSlot slot) {
  static const char* const names[kMaterialBitmapSlots] = {
      "diffuse", "unused0", "specular",     "add_normal_local", "occlusion",
      "normal",  "dirt",    "normal_local", "unused1"};
  return names[static_cast<std::size_t>(slot) % kMaterialBitmapSlots];
}

MaterialObject read_material_object(std::span<const std::byte> body, std::string_view file_name,
                                    ByteOrder order) {
  ByteReader r(body, file_name, order);
  MaterialObject material;
  r.collect_warnings(&material.warnings);
  FieldReader io(r);
  fields(io, material);
  if (!r.at_end()) {
    r.warn("trailing", std::to_string(r.remaining()) + " bytes after the material's " +
                           std::to_string(kMaterialBodySize) + ", kept");
    const auto rest = r.bytes(r.remaining(), "trailing");
    material.trailing.assign(rest.begin(), rest.end());
  }
  return material;
}

std::vector<std::byte> write_material_object(const MaterialObject& material, ByteOrder order) {
  ByteWriter w(order, kMaterialBodySize + material.trailing.size());
  FieldWriter io(w);
  fields(io, material);
  w.bytes(material.trailing);
  return w.take();
}

}  // namespace gamefmt::asobo
