#pragma once
// Decoding of BC1/BC2/BC3 (DXT1/DXT3/DXT5) block data to RGBA8; the rules are stated in
// gamefmt/image/dds.hpp.
#include <cstddef>
#include <cstdint>
#include <span>

#include "gamefmt/image/dds.hpp"

namespace gamefmt::image::detail {

// Decodes `blocks` (ceil(width / 4) * ceil(height / 4) blocks, row by row) into `rgba` (width * height * 4
// bytes, rows top to bottom). `encoding` is bc1, bc2 or bc3. The caller checks both sizes.
void decode_bc_blocks(DdsEncoding encoding, std::span<const std::byte> blocks, std::uint32_t width,
                      std::uint32_t height, std::uint8_t* rgba);

}  // namespace gamefmt::image::detail
