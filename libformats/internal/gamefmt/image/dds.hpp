#pragma once
// DirectDraw Surface (.dds) textures, as S.T.A.L.K.E.R. (X-Ray) and Legend of Grimrock ship them: the header
// is read with every field checked, and the top mip level is decoded to RGBA8 (for glTF, which takes PNG or
// JPEG).
//
// Decoded encodings:
//   - BC1 (FourCC DXT1), BC2 (DXT3), BC3 (DXT5), and the same named by a DX10 header (BCn _UNORM,
//   _UNORM_SRGB,
//     _TYPELESS). Rules of Microsoft's "Block Compression (Direct3D 10)" and Direct3D 9 "Opaque and 1-Bit
//     Alpha Textures" / "Textures with Alpha Channels" pages: a 5:6:5 colour widens to 8 bits by repeating
//     its top bits
//     ((r << 3) | (r >> 2), (g << 2) | (g >> 4)); BC1 blocks with color_0 > color_1 (as unsigned 16-bit
//     numbers) have four colours, color_2 = 2/3 color_0 + 1/3 color_1 and color_3 = 1/3 color_0 + 2/3
//     color_1, the others three colours, color_2 = 1/2 color_0 + 1/2 color_1, and index 3 is transparent
//     black (0, 0, 0, 0); BC2 and BC3 colour blocks always have four colours; BC2 alpha is 4 bits per pixel
//     widened by * 17; BC3 alpha has 8 values (6 interpolated in sevenths) when alpha_0 > alpha_1, else 6 (4
//     interpolated in fifths) plus 0 and 255. Interpolated values are rounded down (integer division), as
//     libsquish, Pillow and ImageMagick decode them. The Direct3D 10 page gives the weights only as
//     fractions; the Direct3D 9 pages' sample code adds half the divisor before dividing, which gives one
//     more on some channels: the rounded-down rule is what the tools that convert these textures elsewhere
//     produce, so a converted model looks the same in both.
//   - Uncompressed 24- and 32-bit pixels (DDPF_RGB) whose red, green, blue and (with DDPF_ALPHAPIXELS) alpha
//   masks
//     are each one whole byte of the little-endian pixel: R8G8B8, B8G8R8, A8R8G8B8, X8R8G8B8, A8B8G8R8,
//     X8B8G8R8; and DX10 R8G8B8A8, B8G8R8A8, B8G8R8X8 (_UNORM, _UNORM_SRGB, _TYPELESS). No alpha mask decodes
//     as 255.
// Anything else (BC4-BC7, DXT2/DXT4 and other premultiplied alpha, float, 16-bit, luminance, YUV, volume
// textures) is a FormatError naming the format. Cube maps and texture arrays: the first face / element is
// read. Rows of uncompressed pixels are tightly packed (the header's pitch is ignored, as Direct3D's loaders
// do); sizes that are not a multiple of 4 use the part of the edge blocks that lies inside the image.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/image/rgba8_image.hpp"

namespace gamefmt::image {

enum class DdsEncoding : std::uint8_t { bc1, bc2, bc3, uncompressed };

// Where each channel lies in an uncompressed pixel, as the DDS_PIXELFORMAT masks say (0: the channel is
// absent).
struct DdsPixelMasks {
  std::uint32_t red = 0;
  std::uint32_t green = 0;
  std::uint32_t blue = 0;
  std::uint32_t alpha = 0;
  bool operator==(const DdsPixelMasks&) const = default;
};

struct DdsLimits {
  // Textures with more pixels are refused before anything is allocated (16384 x 16384: 1 GiB of RGBA8).
  std::uint64_t max_pixels = std::uint64_t{16384} * 16384;
};

struct DdsTexture {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  std::uint32_t mip_levels = 1;  // as declared (a header's 0 counts as 1); only the top level is read
  std::uint64_t faces = 1;       // cube faces times array elements declared; only the first is read
  DdsEncoding encoding = DdsEncoding::bc1;
  std::uint32_t bits_per_pixel = 0;  // uncompressed only: 24 or 32
  DdsPixelMasks masks;               // uncompressed only: whole-byte masks, alpha 0 when the pixels have none
  std::string format_name;           // "DXT1", "DXGI_FORMAT_BC3_UNORM_SRGB", "A8R8G8B8"...: for messages
  // The first face's top level exactly as stored: 4x4 blocks row by row (8 bytes each for BC1, 16 for BC2 and
  // BC3), or rows of pixels without padding.
  std::vector<std::byte> top_level;
};

// The number of bytes the top level of a width x height texture of this encoding takes (bits_per_pixel is
// used for uncompressed pixels only).
std::uint64_t dds_top_level_size(DdsEncoding encoding, std::uint32_t width, std::uint32_t height,
                                 std::uint32_t bits_per_pixel);

// Reads the header (magic "DDS ", DDS_HEADER, the DDS_HEADER_DXT10 when the FourCC is "DX10") and copies the
// top level of the first face. Throws FormatError (file, offset, field) for a bad magic or structure size, a
// zero width or height, more than limits.max_pixels pixels, an unsupported format, or data shorter than the
// top level; the sizes are checked before anything is allocated. Bytes after the top level (mip levels, other
// faces) are not read.
DdsTexture read_dds(std::span<const std::byte> data, std::string_view file_name, DdsLimits limits = {});

// Decodes the top level to RGBA8. The texture must be as read_dds returns it; a hand-made one whose top_level
// size, bits_per_pixel or masks break those rules gives a FormatError (no offset). Never reads out of bounds.
Rgba8Image decode_top_level(const DdsTexture& texture);

}  // namespace gamefmt::image
