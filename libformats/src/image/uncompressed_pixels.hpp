#pragma once
// Uncompressed DDS pixels whose channel masks are whole bytes (R8G8B8, A8R8G8B8, X8B8G8R8...).
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "gamefmt/image/dds.hpp"

namespace gamefmt::image::detail {

struct WholeBytePixelLayout {
  std::uint32_t bytes_per_pixel = 0;
  std::array<int, 4> channel_byte{};  // R, G, B, A: byte of the pixel holding it, -1 when absent (alpha only)
};

// The layout, or nothing when bits_per_pixel is not 24 or 32, or red, green or blue is missing, or a mask is
// not exactly one whole byte of the little-endian pixel, or two masks share a byte.
std::optional<WholeBytePixelLayout> whole_byte_layout(std::uint32_t bits_per_pixel,
                                                      const DdsPixelMasks& masks);

// Direct3D 9 style name, channels from the most significant byte down: "A8R8G8B8", "X8B8G8R8", "R8G8B8".
std::string layout_name(const WholeBytePixelLayout& layout);

// Decodes width * height tightly packed pixels from `pixels` into `rgba`; the caller checks both sizes.
void decode_whole_byte_pixels(const WholeBytePixelLayout& layout, std::span<const std::byte> pixels,
                              std::uint32_t width, std::uint32_t height, std::uint8_t* rgba);

}  // namespace gamefmt::image::detail
