#pragma once
// Westwood game palettes (`.pal`): 256 RGB triples of 6-bit values (0..63), 768 bytes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace gamefmt::westwood {

using Palette = std::array<std::uint8_t, 768>;  // 8-bit RGB

// Expands a game palette to 8 bits (v << 2 | v >> 4, so 63 becomes 255). A palette holding a value above 63
// is already 8-bit and is kept as it is. Throws FormatError unless the data is exactly 768 bytes.
Palette read_game_palette(std::span<const std::byte> data, std::string_view file_name);
bool palette_is_empty(const Palette& palette);  // all zeros: the VXL leaves colours to the game palette

}  // namespace gamefmt::westwood
