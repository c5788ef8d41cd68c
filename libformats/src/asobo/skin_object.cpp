#include "gamefmt/asobo/skin_object.hpp"

#include <string>

#include "gamefmt/core/byte_reader.hpp"

namespace gamefmt::asobo {

SkinObject read_skin_object(std::span<const std::byte> link_header, std::span<const std::byte> body,
                            std::string_view file_name, ByteOrder order) {
  SkinObject skin;
  {
    ByteReader link(link_header, file_name, order);
    auto field = link.enter("link_header");
    link.skip(4, "link_name");
    skin.skeleton_name = link.u32("data_name");
  }
  ByteReader r(body, file_name, order);
  skin.mesh_names.resize(r.count(r.u32("mesh_names"), 4, "mesh_names"));
  for (auto& name : skin.mesh_names) name = r.u32("mesh_names");
  r.skip(20, "zeros_and_scale");
  const std::uint32_t bone_name_count = r.u32("bone_name_count");
  const std::size_t sections_offset = r.absolute_offset();
  skin.sections.resize(r.count(r.u32("sections"), 4, "sections"));
  if (skin.sections.size() != skin.mesh_names.size())
    r.fail_at(sections_offset, "sections",
              std::to_string(skin.sections.size()) + " sections for " +
                  std::to_string(skin.mesh_names.size()) + " meshes; there must be one per mesh");
  for (std::size_t s = 0; s < skin.sections.size(); ++s) {
    auto section_field = r.enter("sections", s);
    // Each subsection is 16 bytes of animation node names plus bone_name_count names.
    const std::size_t subsection_size = 16 + std::size_t{4} * r.count(bone_name_count, 4, "bone_name_count");
    auto& subsections = skin.sections[s];
    subsections.resize(r.count(r.u32("subsections"), subsection_size, "subsections"));
    for (std::size_t k = 0; k < subsections.size(); ++k) {
      auto field = r.enter("subsections", k);
      r.read_array(subsections[k].animation_node_names, "animation_node_names");
      subsections[k].bone_names.resize(bone_name_count);
      r.read_array(subsections[k].bone_names, "bone_names");
    }
  }
  return skin;
}

}  // namespace gamefmt::asobo
