#include <bit>
#include <cstdio>

#include "dds_format_names.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/image/dds.hpp"
#include "uncompressed_pixels.hpp"

namespace gamefmt::image {
namespace {

constexpr std::uint32_t fourcc(const char (&code)[5]) {
  return std::uint32_t(std::uint8_t(code[0])) | std::uint32_t(std::uint8_t(code[1])) << 8 |
         std::uint32_t(std::uint8_t(code[2])) << 16 | std::uint32_t(std::uint8_t(code[3])) << 24;
}

constexpr std::uint32_t kHeaderSize = 124;
constexpr std::uint32_t kPixelFormatSize = 32;
// DDS_HEADER.dwFlags and dwCaps2.
constexpr std::uint32_t kHeaderFlagDepth = 0x800000;
constexpr std::uint32_t kCaps2Cubemap = 0x200;
constexpr std::uint32_t kCaps2CubemapFaces = 0xFC00;  // one bit per face present, +X to -Z
constexpr std::uint32_t kCaps2Volume = 0x200000;
// DDS_PIXELFORMAT.dwFlags.
constexpr std::uint32_t kPixelAlphaPixels = 0x1;
constexpr std::uint32_t kPixelAlphaOnly = 0x2;
constexpr std::uint32_t kPixelFourCc = 0x4;
constexpr std::uint32_t kPixelRgb = 0x40;
constexpr std::uint32_t kPixelYuv = 0x200;
constexpr std::uint32_t kPixelLuminance = 0x20000;
// DDS_HEADER_DXT10.
constexpr std::uint32_t kDimensionTexture1d = 2;
constexpr std::uint32_t kDimensionTexture3d = 4;
constexpr std::uint32_t kMiscTextureCube = 0x4;
constexpr std::uint32_t kAlphaModeMask = 0x7;
constexpr std::uint32_t kAlphaModePremultiplied = 2;

const char* const kSupported =
    "gamefmt decodes DXT1/BC1, DXT3/BC2, DXT5/BC3 and uncompressed 24- and 32-bit RGB(A) with 8-bit channels";

std::string hex(std::uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%x", value);
  return text;
}

// The encoding a DX10 header's dxgiFormat names, or false when gamefmt does not decode it.
bool dxgi_encoding(std::uint32_t dxgi_format, DdsTexture& texture) {
  constexpr DdsPixelMasks kRgba{0xFF, 0xFF00, 0xFF0000, 0xFF000000};
  constexpr DdsPixelMasks kBgra{0xFF0000, 0xFF00, 0xFF, 0xFF000000};
  constexpr DdsPixelMasks kBgrx{0xFF0000, 0xFF00, 0xFF, 0};
  switch (dxgi_format) {
    case 70:
    case 71:
    case 72:  // BC1_TYPELESS, _UNORM, _UNORM_SRGB
      texture.encoding = DdsEncoding::bc1;
      return true;
    case 73:
    case 74:
    case 75:  // BC2
      texture.encoding = DdsEncoding::bc2;
      return true;
    case 76:
    case 77:
    case 78:  // BC3
      texture.encoding = DdsEncoding::bc3;
      return true;
    case 27:
    case 28:
    case 29:  // R8G8B8A8_TYPELESS, _UNORM, _UNORM_SRGB
      texture.masks = kRgba;
      break;
    case 87:
    case 90:
    case 91:  // B8G8R8A8_UNORM, _TYPELESS, _UNORM_SRGB
      texture.masks = kBgra;
      break;
    case 88:
    case 92:
    case 93:  // B8G8R8X8_UNORM, _TYPELESS, _UNORM_SRGB
      texture.masks = kBgrx;
      break;
    default:
      return false;
  }
  texture.encoding = DdsEncoding::uncompressed;
  texture.bits_per_pixel = 32;
  return true;
}

std::uint64_t saturating_multiply(std::uint64_t a, std::uint64_t b) {
  std::uint64_t product = 0;
  return __builtin_mul_overflow(a, b, &product) ? UINT64_MAX : product;
}

}  // namespace

std::uint64_t dds_top_level_size(DdsEncoding encoding, std::uint32_t width, std::uint32_t height,
                                 std::uint32_t bits_per_pixel) {
  if (encoding == DdsEncoding::uncompressed)
    return saturating_multiply(std::uint64_t{width} * height, bits_per_pixel / 8);
  const std::uint64_t blocks = (std::uint64_t{width} + 3) / 4 * ((std::uint64_t{height} + 3) / 4);
  return saturating_multiply(blocks, encoding == DdsEncoding::bc1 ? 8 : 16);
}

DdsTexture read_dds(std::span<const std::byte> data, std::string_view file_name, DdsLimits limits) {
  ByteReader r(data, file_name, ByteOrder::little);
  DdsTexture texture;
  if (r.u32("magic") != fourcc("DDS "))
    r.fail_at(0, "magic", "not a DDS file (it does not start with \"DDS \")");

  // DDS_HEADER. Offsets of the fields that errors below point at.
  std::uint64_t width_offset = 0, depth_offset = 0, pixel_flags_offset = 0, fourcc_offset = 0,
                bit_count_offset = 0;
  std::uint32_t header_flags = 0, depth = 0, pixel_flags = 0, four_cc = 0, rgb_bit_count = 0, caps2 = 0;
  DdsPixelMasks masks;
  {
    auto header = r.enter("header");
    const auto size_offset = r.absolute_offset();
    if (const auto size = r.u32("size"); size != kHeaderSize)
      r.fail_at(size_offset, "size", "is " + std::to_string(size) + ", not 124");
    header_flags = r.u32("flags");
    const auto height_offset = r.absolute_offset();
    texture.height = r.u32("height");
    width_offset = r.absolute_offset();
    texture.width = r.u32("width");
    r.skip(4, "pitch_or_linear_size");
    depth_offset = r.absolute_offset();
    depth = r.u32("depth");
    texture.mip_levels = std::max<std::uint32_t>(1, r.u32("mip_map_count"));
    r.skip(44, "reserved1");
    {
      auto pixel_format = r.enter("pixel_format");
      const auto pixel_size_offset = r.absolute_offset();
      if (const auto size = r.u32("size"); size != kPixelFormatSize)
        r.fail_at(pixel_size_offset, "size", "is " + std::to_string(size) + ", not 32");
      pixel_flags_offset = r.absolute_offset();
      pixel_flags = r.u32("flags");
      fourcc_offset = r.absolute_offset();
      four_cc = r.u32("fourcc");
      bit_count_offset = r.absolute_offset();
      rgb_bit_count = r.u32("rgb_bit_count");
      masks.red = r.u32("red_mask");
      masks.green = r.u32("green_mask");
      masks.blue = r.u32("blue_mask");
      masks.alpha = r.u32("alpha_mask");
    }
    r.skip(4, "caps");
    caps2 = r.u32("caps2");
    r.skip(12, "caps3_caps4_reserved2");

    if (texture.height == 0) r.fail_at(height_offset, "height", "is 0");
    if (texture.width == 0) r.fail_at(width_offset, "width", "is 0");
    const std::uint64_t pixels = std::uint64_t{texture.width} * texture.height;
    if (pixels > limits.max_pixels)
      r.fail_at(width_offset, "width",
                std::to_string(texture.width) + " x " + std::to_string(texture.height) + " = " +
                    std::to_string(pixels) + " pixels is more than the limit of " +
                    std::to_string(limits.max_pixels));
  }

  const bool has_dx10_header = (pixel_flags & kPixelFourCc) != 0 && four_cc == fourcc("DX10");
  if (has_dx10_header) {
    std::uint32_t dimension = 0;
    {
      auto dx10 = r.enter("dx10");
      const auto format_offset = r.absolute_offset();
      const auto dxgi_format = r.u32("dxgi_format");
      if (!dxgi_encoding(dxgi_format, texture))
        r.fail_at(format_offset, "dxgi_format",
                  detail::dxgi_format_name(dxgi_format) + " is not supported; " + kSupported);
      texture.format_name = detail::dxgi_format_name(dxgi_format);
      const auto dimension_offset = r.absolute_offset();
      dimension = r.u32("resource_dimension");
      if (dimension < kDimensionTexture1d || dimension > kDimensionTexture3d)
        r.fail_at(dimension_offset, "resource_dimension",
                  "is " + std::to_string(dimension) + ", not 2 (1D), 3 (2D) or 4 (3D) texture");
      const auto misc_flag = r.u32("misc_flag");
      const auto array_size_offset = r.absolute_offset();
      const auto array_size = r.u32("array_size");
      if (array_size == 0) r.fail_at(array_size_offset, "array_size", "is 0");
      texture.faces = std::uint64_t{array_size} * ((misc_flag & kMiscTextureCube) != 0 ? 6 : 1);
      const auto misc_flags2_offset = r.absolute_offset();
      if ((r.u32("misc_flags2") & kAlphaModeMask) == kAlphaModePremultiplied)
        r.fail_at(misc_flags2_offset, "misc_flags2",
                  "premultiplied alpha (DDS_ALPHA_MODE_PREMULTIPLIED) is not supported");
    }
    if (dimension == kDimensionTexture3d && depth > 1)
      r.fail_at(depth_offset, "header.depth",
                "a volume texture (depth " + std::to_string(depth) + ") is not supported");
  } else if ((pixel_flags & kPixelFourCc) != 0) {
    if (four_cc == fourcc("DXT1")) {
      texture.encoding = DdsEncoding::bc1;
      texture.format_name = "DXT1";
    } else if (four_cc == fourcc("DXT3")) {
      texture.encoding = DdsEncoding::bc2;
      texture.format_name = "DXT3";
    } else if (four_cc == fourcc("DXT5")) {
      texture.encoding = DdsEncoding::bc3;
      texture.format_name = "DXT5";
    } else {
      r.fail_at(fourcc_offset, "header.pixel_format.fourcc",
                detail::fourcc_name(four_cc) + " is not supported; " + kSupported);
    }
  } else if ((pixel_flags & kPixelRgb) != 0) {
    if ((pixel_flags & kPixelAlphaPixels) == 0) masks.alpha = 0;  // the mask is only valid with the flag
    const auto layout = detail::whole_byte_layout(rgb_bit_count, masks);
    if (!layout)
      r.fail_at(bit_count_offset, "header.pixel_format.rgb_bit_count",
                std::to_string(rgb_bit_count) + "-bit pixels with masks R " + hex(masks.red) + " G " +
                    hex(masks.green) + " B " + hex(masks.blue) + " A " + hex(masks.alpha) +
                    " are not supported; " + kSupported);
    texture.encoding = DdsEncoding::uncompressed;
    // Only here: writers fill the field for FourCC formats too (some Grimrock DXT1 files say 32 bits).
    texture.bits_per_pixel = rgb_bit_count;
    texture.masks = masks;
    texture.format_name = detail::layout_name(*layout);
  } else {
    const char* kind = (pixel_flags & kPixelLuminance) != 0   ? "luminance"
                       : (pixel_flags & kPixelAlphaOnly) != 0 ? "alpha-only"
                       : (pixel_flags & kPixelYuv) != 0       ? "YUV"
                                                              : "neither FourCC nor RGB";
    r.fail_at(pixel_flags_offset, "header.pixel_format.flags",
              hex(pixel_flags) + " (" + kind + " pixels) is not supported; " + kSupported);
  }
  if (!has_dx10_header) {  // the DX10 header says these in its own fields
    if (((caps2 & kCaps2Volume) != 0 || (header_flags & kHeaderFlagDepth) != 0) && depth > 1)
      r.fail_at(depth_offset, "header.depth",
                "a volume texture (depth " + std::to_string(depth) + ") is not supported");
    if ((caps2 & kCaps2Cubemap) != 0) texture.faces = std::max(1, std::popcount(caps2 & kCaps2CubemapFaces));
  }

  // The size is checked against the bytes left before the copy is allocated.
  const auto top_level_size =
      dds_top_level_size(texture.encoding, texture.width, texture.height, texture.bits_per_pixel);
  if (top_level_size > r.remaining())
    r.fail("top_level", "the " + std::to_string(texture.width) + " x " + std::to_string(texture.height) +
                            " " + texture.format_name + " top level needs " + std::to_string(top_level_size) +
                            " bytes, " + std::to_string(r.remaining()) + " left");
  const auto top_level = r.bytes(static_cast<std::size_t>(top_level_size), "top_level");
  texture.top_level.assign(top_level.begin(), top_level.end());
  return texture;
}

}  // namespace gamefmt::image
