#pragma once
// MagicaVoxel `.vox`: "VOX ", a version, then a tree of chunks (id, content size, children size, content,
// children). Kept losslessly as that tree; models, palette and node names are read from and written to it.
// Layout: github.com/ephtracy/voxel-model (MagicaVoxel-file-format-vox.txt and -vox-extension.txt).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::westwood {

using ChunkId = std::array<char, 4>;

struct VoxChunk {
  ChunkId id{};
  std::vector<std::byte> content;
  std::vector<VoxChunk> children;
};

struct VoxFile {
  std::uint32_t version = 150;
  VoxChunk main;                          // "MAIN"
  std::vector<std::byte> trailing_bytes;  // after the last record (the game reads no further), written back
  Warnings warnings;                      // problems the reader tolerated; not written to the file
};

// One model (a SIZE and an XYZI chunk) with the name of the scene-graph node that shows it, if any.
struct VoxModel {
  std::array<std::uint32_t, 3> size{};
  std::vector<std::array<std::uint8_t, 4>> voxels;  // x, y, z, colour index (1..255)
  std::string name;
  std::array<std::int32_t, 3> translation{};  // of the node that shows it (centre of the model)
};

using VoxPalette = std::array<std::array<std::uint8_t, 4>, 256>;  // RGBA chunk: entry i colours index i + 1

// Throws FormatError on truncation, chunk sizes past their parent or nesting deeper than 16. Bytes after the
// MAIN chunk are kept (trailing_bytes), with a warning.
VoxFile read_vox(std::span<const std::byte> data, std::string_view file_name);
std::vector<std::byte> write_vox(const VoxFile& file, std::string_view file_name = {});

// The models in file order. Throws FormatError for a malformed SIZE, XYZI or scene-graph chunk, or a voxel
// outside its model.
std::vector<VoxModel> vox_models(const VoxFile& file, std::string_view file_name);
// The RGBA chunk, if there is one (MagicaVoxel then uses its default palette).
std::optional<VoxPalette> vox_palette(const VoxFile& file, std::string_view file_name);
// The first child of MAIN with this id.
const VoxChunk* find_chunk(const VoxFile& file, std::string_view id);

// A file with the models (each shown by a named node at its translation), the palette, and extra chunks
// appended to MAIN (MagicaVoxel skips chunks it does not know).
VoxFile make_vox(const std::vector<VoxModel>& models, const VoxPalette& palette,
                 std::vector<VoxChunk> extra = {});

}  // namespace gamefmt::westwood
