#include "bc_decoder.hpp"

#include <algorithm>
#include <array>
#include <cstring>

namespace gamefmt::image::detail {
namespace {

// One decoded 4x4 block: 16 RGBA pixels, row by row.
using Tile = std::array<std::uint8_t, 64>;

std::uint32_t load_u16(const std::byte* p) {
  return std::to_integer<std::uint32_t>(p[0]) | std::to_integer<std::uint32_t>(p[1]) << 8;
}
std::uint32_t load_u32(const std::byte* p) {
  return load_u16(p) | load_u16(p + 2) << 16;
}
std::uint64_t load_u48(const std::byte* p) {
  return load_u32(p) | std::uint64_t{load_u16(p + 4)} << 32;
}
std::uint64_t load_u64(const std::byte* p) {
  return load_u32(p) | std::uint64_t{load_u32(p + 4)} << 32;
}

// The 8-byte colour part of every block. BC2 and BC3 colour blocks always have four colours
// (`three_colour_mode_allowed` false); BC1 blocks with color_0 <= color_1 have three and transparent black.
void decode_colour_block(const std::byte* block, bool three_colour_mode_allowed, std::uint8_t* tile) {
  const std::uint32_t c0 = load_u16(block);
  const std::uint32_t c1 = load_u16(block + 2);
  const std::uint32_t indices = load_u32(block + 4);

  std::uint8_t palette[4][4];
  const auto widen = [](std::uint32_t c, std::uint8_t* rgba) {
    const std::uint32_t r = c >> 11, g = (c >> 5) & 0x3F, b = c & 0x1F;
    rgba[0] = static_cast<std::uint8_t>((r << 3) | (r >> 2));
    rgba[1] = static_cast<std::uint8_t>((g << 2) | (g >> 4));
    rgba[2] = static_cast<std::uint8_t>((b << 3) | (b >> 2));
    rgba[3] = 255;
  };
  widen(c0, palette[0]);
  widen(c1, palette[1]);
  if (c0 > c1 || !three_colour_mode_allowed) {
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t a = palette[0][k], b = palette[1][k];
      palette[2][k] = static_cast<std::uint8_t>((2 * a + b) / 3);
      palette[3][k] = static_cast<std::uint8_t>((a + 2 * b) / 3);
    }
    palette[2][3] = palette[3][3] = 255;
  } else {
    for (int k = 0; k < 3; ++k)
      palette[2][k] = static_cast<std::uint8_t>((palette[0][k] + palette[1][k]) / 2);
    palette[2][3] = 255;
    std::memset(palette[3], 0, 4);
  }
  for (int i = 0; i < 16; ++i) std::memcpy(tile + 4 * i, palette[(indices >> (2 * i)) & 3], 4);
}

// BC2: 4 bits of alpha per pixel, widened to 8 by repeating them (x * 17).
void decode_explicit_alpha(const std::byte* block, std::uint8_t* tile) {
  const std::uint64_t bits = load_u64(block);
  for (int i = 0; i < 16; ++i) tile[4 * i + 3] = static_cast<std::uint8_t>(((bits >> (4 * i)) & 0xF) * 17);
}

// BC3: two 8-bit end points and a 3-bit index per pixel into 8 values.
void decode_interpolated_alpha(const std::byte* block, std::uint8_t* tile) {
  const std::uint32_t a0 = std::to_integer<std::uint32_t>(block[0]);
  const std::uint32_t a1 = std::to_integer<std::uint32_t>(block[1]);
  std::uint8_t values[8];
  values[0] = static_cast<std::uint8_t>(a0);
  values[1] = static_cast<std::uint8_t>(a1);
  if (a0 > a1) {
    for (std::uint32_t i = 1; i < 7; ++i)
      values[1 + i] = static_cast<std::uint8_t>(((7 - i) * a0 + i * a1) / 7);
  } else {
    for (std::uint32_t i = 1; i < 5; ++i)
      values[1 + i] = static_cast<std::uint8_t>(((5 - i) * a0 + i * a1) / 5);
    values[6] = 0;
    values[7] = 255;
  }
  const std::uint64_t indices = load_u48(block + 2);
  for (int i = 0; i < 16; ++i) tile[4 * i + 3] = values[(indices >> (3 * i)) & 7];
}

template <DdsEncoding kEncoding>
void decode_block(const std::byte* block, std::uint8_t* tile) {
  if constexpr (kEncoding == DdsEncoding::bc1) {
    decode_colour_block(block, true, tile);
  } else {
    decode_colour_block(block + 8, false, tile);
    if constexpr (kEncoding == DdsEncoding::bc2) decode_explicit_alpha(block, tile);
    if constexpr (kEncoding == DdsEncoding::bc3) decode_interpolated_alpha(block, tile);
  }
}

template <DdsEncoding kEncoding>
void decode_all_blocks(const std::byte* blocks, std::uint32_t width, std::uint32_t height,
                       std::uint8_t* rgba) {
  constexpr std::size_t kBlockSize = kEncoding == DdsEncoding::bc1 ? 8 : 16;
  const std::size_t row_bytes = std::size_t{width} * 4;
  Tile tile;
  for (std::uint32_t y = 0; y < height; y += 4) {
    const std::uint32_t rows = std::min<std::uint32_t>(4, height - y);
    std::uint8_t* out_row = rgba + y * row_bytes;
    for (std::uint32_t x = 0; x < width; x += 4, blocks += kBlockSize) {
      decode_block<kEncoding>(blocks, tile.data());
      // Edge blocks of sizes that are not a multiple of 4 keep only the pixels inside the image.
      const std::size_t copy_bytes = std::size_t{std::min<std::uint32_t>(4, width - x)} * 4;
      for (std::uint32_t r = 0; r < rows; ++r)
        std::memcpy(out_row + r * row_bytes + std::size_t{x} * 4, tile.data() + 16 * r, copy_bytes);
    }
  }
}

}  // namespace

void decode_bc_blocks(DdsEncoding encoding, std::span<const std::byte> blocks, std::uint32_t width,
                      std::uint32_t height, std::uint8_t* rgba) {
  switch (encoding) {
    case DdsEncoding::bc1:
      return decode_all_blocks<DdsEncoding::bc1>(blocks.data(), width, height, rgba);
    case DdsEncoding::bc2:
      return decode_all_blocks<DdsEncoding::bc2>(blocks.data(), width, height, rgba);
    case DdsEncoding::bc3:
      return decode_all_blocks<DdsEncoding::bc3>(blocks.data(), width, height, rgba);
    case DdsEncoding::uncompressed:
      break;
  }
}

}  // namespace gamefmt::image::detail
