#pragma once
// The bones of a Skel_Z object of FUEL PC (BigFile v1.381.67.09).
//
//   body: u32 flags; Sphere (4 x f32); DynArray<Bone, 248 bytes>; then name arrays and collision bones
//         (not read).
//   Bone: ... Mat4f transformation at 164 (16 f32, row-major with the translation in the fourth row, D3D's
//         row-vector convention); i32 parent_index at 228 (-1 = root); i32 x 3; Name bone_name at 244.
// The transformation is taken as the bone's model-space rest transform (the "original model transform" of the
// community importers).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/byte_order.hpp"

namespace gamefmt::asobo {

inline constexpr std::size_t kSkeletonBoneSize = 248;

struct SkeletonBone {
  std::uint32_t name = 0;
  std::int32_t parent = -1;
  std::array<float, 16> transformation{};  // as stored: row-major, translation in elements 12..14
};

struct SkeletonObject {
  std::uint32_t flags = 0;
  std::vector<SkeletonBone> bones;
};

// Throws FormatError (file, offset, field) on counts past the data, a parent index out of range, or parents
// that form a loop.
SkeletonObject read_skeleton_object(std::span<const std::byte> body, std::string_view file_name,
                                    ByteOrder order);

}  // namespace gamefmt::asobo
