#pragma once
// The normal tables Tiberian Sun and Red Alert 2 shade voxels with: a voxel stores an index into the table
// that its limb's normals type names (2: Tiberian Sun's 36 vectors, 4: Red Alert 2's 244, whose entries
// 240-243 are equal). The vectors are unit length, in the limb's voxel axes (x forward, y right, z up: the
// same axes as the voxel coordinates). Sources of the numbers: docs/formats/westwood.md, "Normals".
#include <array>
#include <cstdint>
#include <span>

namespace gamefmt::westwood {

using VoxelNormal = std::array<float, 3>;

inline constexpr std::uint8_t kTiberianSunNormalsType = 2;
inline constexpr std::uint8_t kRedAlert2NormalsType = 4;

std::span<const VoxelNormal> tiberian_sun_normals();  // 36 vectors
std::span<const VoxelNormal> red_alert_2_normals();   // 244 vectors
// The table a limb's normals type names; empty for a type the games do not know.
std::span<const VoxelNormal> voxel_normal_table(std::uint8_t normals_type);

// The index of the table vector closest in direction to `direction` (the largest cosine; the first of
// equals). Precondition: the table is not empty and holds at most 256 vectors, and `direction` is not zero.
std::uint8_t nearest_voxel_normal(std::span<const VoxelNormal> table, const std::array<float, 3>& direction);

}  // namespace gamefmt::westwood
