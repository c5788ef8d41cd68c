#include "gamefmt/westwood/palette.hpp"

#include <algorithm>
#include <string>

#include "gamefmt/core/format_error.hpp"

namespace gamefmt::westwood {

Palette read_game_palette(std::span<const std::byte> data, std::string_view file_name) {
  if (data.size() != 768)
    throw FormatError(std::string(file_name), 0, "palette",
                      "a game palette is 768 bytes, this file has " + std::to_string(data.size()));
  Palette palette;
  for (std::size_t i = 0; i < palette.size(); ++i) palette[i] = static_cast<std::uint8_t>(data[i]);
  const bool six_bit = std::all_of(palette.begin(), palette.end(), [](std::uint8_t v) { return v < 64; });
  if (six_bit)
    for (auto& v : palette) v = static_cast<std::uint8_t>(v << 2 | v >> 4);
  return palette;
}

bool palette_is_empty(const Palette& palette) {
  return std::all_of(palette.begin(), palette.end(), [](std::uint8_t v) { return v == 0; });
}

}  // namespace gamefmt::westwood
