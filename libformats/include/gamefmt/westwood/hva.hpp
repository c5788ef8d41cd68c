#pragma once
// Westwood `.hva` voxel animation: per frame, one 3x4 matrix per VXL limb (section), little-endian.
// Layout: docs/formats/westwood.md, `.hva`. Every matrix is relative to the unit origin (no parenting); its
// translation is in 1/scale voxel units (same section).
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

inline constexpr std::size_t kHvaHeaderSize = 24;
inline constexpr std::size_t kHvaMatrixSize = 48;

using HvaMatrix = std::array<float, 12>;  // row-major 3x4, column 3 = translation

struct HvaFile {
  NameField file_name{};  // often a path of the author's machine, or zeros
  std::uint32_t frame_count = 0;
  std::vector<NameField> section_names;
  std::vector<HvaMatrix> matrices;  // frame-major: matrices[frame * sections + section]

  const HvaMatrix& matrix(std::size_t frame, std::size_t section) const {
    return matrices[frame * section_names.size() + section];
  }
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

// Throws FormatError on truncation or counts the data cannot hold. Bytes after the last matrix are kept
// (trailing_bytes), with a warning.
HvaFile read_hva(std::span<const std::byte> data, std::string_view file_name);
// Throws FormatError when the matrix count is not frame_count * section count.
std::vector<std::byte> write_hva(const HvaFile& file, std::string_view file_name = {});

}  // namespace gamefmt::westwood
