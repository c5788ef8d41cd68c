#pragma once
// Westwood game palettes (`.pal`): 256 RGB triples of 6-bit values (0..63), 768 bytes; and the choice of the
// palette a voxel model is coloured with.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace gamefmt::westwood {

using Palette = std::array<std::uint8_t, 768>;  // 8-bit RGB

// Expands a game palette to 8 bits (v << 2 | v >> 4, so 63 becomes 255). A palette holding a value above 63
// is already 8-bit and is kept as it is. Throws FormatError unless the data is exactly 768 bytes.
Palette read_game_palette(std::span<const std::byte> data, std::string_view file_name);
bool palette_is_empty(const Palette& palette);  // all zeros: the VXL leaves colours to the game palette

// The palette used when neither a game palette nor an embedded one is there: the Command & Conquer palette
// that vengi's VXL reader falls back to for a file whose embedded palette is all zeros (indices 16-31, the
// house-colour range, are its red ramp; index 0 is magenta, the transparent key). docs/formats/westwood.md.
const Palette& built_in_voxel_palette();
inline constexpr std::string_view kBuiltInVoxelPaletteName = "vengi's built-in Command & Conquer palette";

enum class VoxelPaletteSource { game, embedded, built_in };
struct VoxelPalette {
  Palette colors{};
  VoxelPaletteSource source = VoxelPaletteSource::embedded;
};
// What a voxel model is coloured with: the game palette when one is given (the games ignore the embedded
// one), else the file's embedded palette, else, when that is all zeros, built_in_voxel_palette().
VoxelPalette choose_voxel_palette(const std::optional<Palette>& game_palette, const Palette& embedded);

}  // namespace gamefmt::westwood
