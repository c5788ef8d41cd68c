#pragma once
// Westwood `.vxl` voxel model (Tiberian Sun, Red Alert 2), little-endian. A header with an 8-bit palette, one
// header per limb, the limb bodies (per-column span tables and run-length span data) and one tailer per limb
// (scale, 3x4 transform, bounds, sizes, normals type). Layout: docs/formats/westwood.md, `.vxl`.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::westwood {

inline constexpr std::size_t kVxlHeaderSize = 802;
inline constexpr std::size_t kVxlLimbHeaderSize = 28;
inline constexpr std::size_t kVxlLimbTailerSize = 92;
inline constexpr std::string_view kVxlMagic{"Voxel Animation\0", 16};

// A 16-byte name field kept verbatim: the text up to the first NUL and whatever bytes follow it.
using NameField = std::array<char, 16>;
std::string name_text(const NameField& field);
NameField make_name_field(std::string_view text);  // NUL-padded; longer text is cut to 15 characters

struct VxlLimbHeader {
  NameField name{};
  std::uint32_t number = 0;
  std::uint32_t unknown1 = 1;
  std::uint32_t unknown2 = 0;
};

struct VxlLimbTailer {
  // Offsets relative to the start of the body. The writer recomputes them from the body layout.
  std::uint32_t span_start_offset = 0;
  std::uint32_t span_end_offset = 0;
  std::uint32_t span_data_offset = 0;
  float scale = 1.0f / 12.0f;
  std::array<float, 12> transform{1, 0, 0, 0, 0, 1,
                                  0, 0, 0, 0, 1, 0};  // row-major 3x4, column 3 = translation
  std::array<float, 3> min_bounds{};
  std::array<float, 3> max_bounds{};
  std::uint8_t size_x = 0, size_y = 0, size_z = 0;
  std::uint8_t normals_type = 4;  // 2 = Tiberian Sun (36 normals), 4 = Red Alert 2 (244 normals)
};

// One limb's body exactly as stored: column c = x + y * size_x; -1 marks an empty column.
struct VxlLimbBody {
  std::vector<std::int32_t> span_start;  // offset of the column's first byte in span_data
  std::vector<std::int32_t> span_end;    // offset of the column's last byte (inclusive)
  std::vector<std::byte> span_data;      // every byte up to the next limb's body (or the end of the body)
};

struct VxlLimb {
  VxlLimbHeader header;
  VxlLimbBody body;
  VxlLimbTailer tailer;
};

struct VxlFile {
  NameField magic{};  // "Voxel Animation\0"
  std::uint32_t palette_count = 1;
  std::uint8_t remap_start = 16;  // house-colour range of the palette
  std::uint8_t remap_end = 31;
  std::array<std::uint8_t, 768> palette{};  // 8-bit RGB; all zeros in many files (the game uses its own)
  std::vector<VxlLimb> limbs;
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

// A decoded voxel: filled cells have a palette index and an index into the normals table.
struct Voxel {
  std::uint8_t color = 0;
  std::uint8_t normal = 0;
  bool filled = false;
};

struct VoxelGrid {
  std::size_t size_x = 0, size_y = 0, size_z = 0;
  std::vector<Voxel> cells;  // index x + size_x * (y + size_y * z)

  VoxelGrid() = default;
  VoxelGrid(std::size_t x, std::size_t y, std::size_t z)
      : size_x(x), size_y(y), size_z(z), cells(x * y * z) {}
  std::size_t index(std::size_t x, std::size_t y, std::size_t z) const {
    return x + size_x * (y + size_y * z);
  }
  Voxel& at(std::size_t x, std::size_t y, std::size_t z) { return cells[index(x, y, z)]; }
  const Voxel& at(std::size_t x, std::size_t y, std::size_t z) const { return cells[index(x, y, z)]; }
  std::size_t filled_count() const;
};

// Throws FormatError on truncation, a wrong magic, limb/tailer count mismatch, a body whose offsets do not
// describe consecutive limbs (start table, end table, data) inside the body, spans that run past their column
// or past the limb height. Bytes after the last tailer are kept (trailing_bytes), with a warning.
VxlFile read_vxl(std::span<const std::byte> data, std::string_view file_name);
// Lays the limb bodies out one after another and writes the offsets and body size that follow from that.
std::vector<std::byte> write_vxl(const VxlFile& file, std::string_view file_name = {});

// The voxels of one limb. Throws FormatError for a column outside the span data, a span running past its
// column or past the limb height, or a closing count that differs from the opening one. `data_file_offset`
// (where span_data starts in the file) and `limb_index` only locate errors.
VoxelGrid decode_limb_voxels(const VxlLimb& limb, std::string_view file_name,
                             std::uint64_t data_file_offset = 0, std::size_t limb_index = 0);
// The span encoding of a grid: per column, runs of (skip, count, voxels, count), and a final (skip, 0, 0)
// when the column ends in empty space; empty columns are -1.
VxlLimbBody encode_limb_voxels(const VoxelGrid& grid);

}  // namespace gamefmt::westwood
