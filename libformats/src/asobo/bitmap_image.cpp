#include "gamefmt/asobo/bitmap_image.hpp"

#include <algorithm>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/image/dds.hpp"

namespace gamefmt::asobo {
namespace {

// DDS_HEADER and DDS_PIXELFORMAT flags (Microsoft's "DDS_HEADER structure" page).
constexpr std::uint32_t kDdsFlagsTexture = 0x1 | 0x2 | 0x4 | 0x1000;  // CAPS, HEIGHT, WIDTH, PIXELFORMAT
constexpr std::uint32_t kDdsFlagPitch = 0x8;
constexpr std::uint32_t kDdsFlagMipMapCount = 0x20000;
constexpr std::uint32_t kDdsFlagLinearSize = 0x80000;
constexpr std::uint32_t kPixelFourCc = 0x4;
constexpr std::uint32_t kPixelLuminanceAlpha = 0x20000 | 0x1;  // LUMINANCE, ALPHAPIXELS
constexpr std::uint32_t kCapsComplex = 0x8;
constexpr std::uint32_t kCapsTexture = 0x1000;
constexpr std::uint32_t kCapsMipMap = 0x400000;
constexpr std::uint32_t kCaps2CubeMapAllFaces = 0x200 | 0xFC00;

image::Rgba8Image decode_a8l8(std::span<const std::byte> pixels, std::uint32_t width, std::uint32_t height) {
  image::Rgba8Image out;
  out.width = width;
  out.height = height;
  out.pixels.resize(std::size_t{width} * height * 4);
  for (std::size_t i = 0; i < std::size_t{width} * height; ++i) {
    const auto luminance = std::to_integer<std::uint8_t>(pixels[i * 2]);
    out.pixels[i * 4] = out.pixels[i * 4 + 1] = out.pixels[i * 4 + 2] = luminance;
    out.pixels[i * 4 + 3] = std::to_integer<std::uint8_t>(pixels[i * 2 + 1]);
  }
  return out;
}

}  // namespace

image::Rgba8Image decode_bitmap(const BitmapObject& bitmap, std::string_view file_name) {
  const BitmapShape shape = bitmap_shape(bitmap, file_name);
  if (shape.encoding == BitmapEncoding::dds_file)
    return image::decode_top_level(image::read_dds(bitmap.data, file_name));
  const auto top_size = fuel_bitmap_level_size(bitmap.fuel.format1, shape.width, shape.height);
  const std::span<const std::byte> top(bitmap.data.data(), static_cast<std::size_t>(top_size));
  if (shape.encoding == BitmapEncoding::a8l8) return decode_a8l8(top, shape.width, shape.height);
  image::DdsTexture texture;
  texture.width = shape.width;
  texture.height = shape.height;
  texture.encoding =
      shape.encoding == BitmapEncoding::dxt1 ? image::DdsEncoding::bc1 : image::DdsEncoding::bc3;
  texture.format_name = shape.format_name;
  texture.top_level.assign(top.begin(), top.end());
  return image::decode_top_level(texture);
}

std::vector<std::byte> bitmap_dds_file(const BitmapObject& bitmap, std::string_view file_name) {
  const BitmapShape shape = bitmap_shape(bitmap, file_name);
  if (shape.encoding == BitmapEncoding::dds_file) return bitmap.data;
  const bool a8l8 = shape.encoding == BitmapEncoding::a8l8;
  const bool cube = shape.faces == 6;
  ByteWriter w(ByteOrder::little, 128 + static_cast<std::size_t>(shape.chain_size));
  w.bytes(std::string_view("DDS "));
  w.u32(124);
  w.u32(kDdsFlagsTexture | (a8l8 ? kDdsFlagPitch : kDdsFlagLinearSize) |
        (shape.levels > 1 ? kDdsFlagMipMapCount : 0));
  w.u32(shape.height);
  w.u32(shape.width);
  w.u32(static_cast<std::uint32_t>(
      a8l8 ? std::uint64_t{shape.width} * 2
           : fuel_bitmap_level_size(bitmap.fuel.format1, shape.width, shape.height)));
  w.u32(0);  // depth
  w.u32(shape.levels);
  w.fill(11 * 4, std::byte{0});
  w.u32(32);  // DDS_PIXELFORMAT
  w.u32(a8l8 ? kPixelLuminanceAlpha : kPixelFourCc);
  w.bytes(a8l8 ? std::string_view("\0\0\0\0", 4) : std::string_view(shape.format_name));  // FourCC
  w.u32(a8l8 ? 16 : 0);
  for (const std::uint32_t mask : {a8l8 ? 0xFFu : 0u, 0u, 0u, a8l8 ? 0xFF00u : 0u}) w.u32(mask);
  w.u32(kCapsTexture | (shape.levels > 1 ? kCapsComplex | kCapsMipMap : 0) | (cube ? kCapsComplex : 0));
  w.u32(cube ? kCaps2CubeMapAllFaces : 0);
  w.fill(3 * 4, std::byte{0});  // caps3, caps4, reserved2
  w.bytes(std::span(bitmap.data).first(static_cast<std::size_t>(shape.chain_size)));
  return w.take();
}

}  // namespace gamefmt::asobo
