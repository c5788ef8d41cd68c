#pragma once
// An 8-bit RGBA image in memory: what the texture decoders produce and the PNG writer takes.
#include <cstdint>
#include <vector>

namespace gamefmt::image {

struct Rgba8Image {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  // width * height pixels, rows from top to bottom, 4 bytes each: R, G, B, A (straight alpha, 255 = opaque).
  std::vector<std::uint8_t> pixels;
};

// Whether every pixel's alpha is 255 (an image with no pixels is opaque).
bool is_opaque(const Rgba8Image& image) noexcept;

}  // namespace gamefmt::image
