#pragma once
// A Skin_Z object of FUEL PC (BigFile v1.381.67.09): which meshes a skeleton deforms, and for each mesh the
// bone palettes of its draw calls.
//
//   link header: the Object link header, whose second name (data_name) is the Skel_Z.
//   body: DynArray<Name> mesh_names; u32 zeros[4]; f32 (1.5); u32 bone_name_count;
//         DynArray<Section{DynArray<Subsection{Name animation_node_names[4]; Name
//         bone_names[bone_name_count]}>}>
// There is one section per mesh name. A skinned vertex's bone slot (its blend index / 6) indexes the
// bone_names of a subsection; gamefmt takes subsection k for the mesh's vertex group k.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"

namespace gamefmt::asobo {

struct SkinSubsection {
  std::array<std::uint32_t, 4> animation_node_names{};
  std::vector<std::uint32_t> bone_names;  // name hashes of Skel_Z bones
};

struct SkinObject {
  std::uint32_t skeleton_name = 0;  // the Skel_Z, from the link header
  std::vector<std::uint32_t> mesh_names;
  std::vector<std::vector<SkinSubsection>> sections;  // one per mesh name
};

// Throws FormatError (file, offset, field) on counts past the data or a section count that differs from the
// mesh count.
SkinObject read_skin_object(std::span<const std::byte> link_header, std::span<const std::byte> body,
                            std::string_view file_name, ByteOrder order);

}  // namespace gamefmt::asobo
