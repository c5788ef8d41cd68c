#include "uncompressed_pixels.hpp"

namespace gamefmt::image::detail {

std::optional<WholeBytePixelLayout> whole_byte_layout(std::uint32_t bits_per_pixel,
                                                      const DdsPixelMasks& masks) {
  if (bits_per_pixel != 24 && bits_per_pixel != 32) return std::nullopt;
  WholeBytePixelLayout layout;
  layout.bytes_per_pixel = bits_per_pixel / 8;
  const std::array<std::uint32_t, 4> channel_masks{masks.red, masks.green, masks.blue, masks.alpha};
  std::uint32_t bytes_taken = 0;
  for (std::size_t c = 0; c < 4; ++c) {
    layout.channel_byte[c] = -1;
    if (channel_masks[c] == 0) {
      if (c < 3) return std::nullopt;  // colour without red, green or blue: not an RGB layout
      continue;
    }
    for (std::uint32_t b = 0; b < layout.bytes_per_pixel; ++b)
      if (channel_masks[c] == 0xFFu << (8 * b)) layout.channel_byte[c] = static_cast<int>(b);
    if (layout.channel_byte[c] < 0 || (bytes_taken & (1u << layout.channel_byte[c])) != 0)
      return std::nullopt;
    bytes_taken |= 1u << layout.channel_byte[c];
  }
  return layout;
}

std::string layout_name(const WholeBytePixelLayout& layout) {
  std::string name;
  for (int b = static_cast<int>(layout.bytes_per_pixel) - 1; b >= 0; --b) {
    char letter = 'X';
    for (std::size_t c = 0; c < 4; ++c)
      if (layout.channel_byte[c] == b) letter = "RGBA"[c];
    name += letter;
    name += '8';
  }
  return name;
}

void decode_whole_byte_pixels(const WholeBytePixelLayout& layout, std::span<const std::byte> pixels,
                              std::uint32_t width, std::uint32_t height, std::uint8_t* rgba) {
  const std::size_t count = std::size_t{width} * height;
  const std::byte* in = pixels.data();
  const int alpha_byte = layout.channel_byte[3];
  for (std::size_t i = 0; i < count; ++i, in += layout.bytes_per_pixel, rgba += 4) {
    for (std::size_t c = 0; c < 3; ++c) rgba[c] = std::to_integer<std::uint8_t>(in[layout.channel_byte[c]]);
    rgba[3] = alpha_byte < 0 ? 255 : std::to_integer<std::uint8_t>(in[alpha_byte]);
  }
}

}  // namespace gamefmt::image::detail
