#include "bc_decoder.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/dds.hpp"
#include "uncompressed_pixels.hpp"

namespace gamefmt::image {

Rgba8Image decode_top_level(const DdsTexture& texture) {
  // read_dds guarantees these; a texture made by hand is checked so that nothing is read out of bounds.
  const auto expected_size =
      dds_top_level_size(texture.encoding, texture.width, texture.height, texture.bits_per_pixel);
  if (texture.width == 0 || texture.height == 0 || texture.top_level.size() != expected_size)
    throw FormatError({}, std::nullopt, "top_level",
                      "holds " + std::to_string(texture.top_level.size()) + " bytes; a " +
                          std::to_string(texture.width) + " x " + std::to_string(texture.height) + " " +
                          texture.format_name + " top level takes " + std::to_string(expected_size));
  std::optional<detail::WholeBytePixelLayout> layout;
  if (texture.encoding == DdsEncoding::uncompressed) {
    layout = detail::whole_byte_layout(texture.bits_per_pixel, texture.masks);
    if (!layout)
      throw FormatError({}, std::nullopt, "masks",
                        "are not whole bytes of a 24- or 32-bit pixel with red, green and blue");
  }

  Rgba8Image image;
  image.width = texture.width;
  image.height = texture.height;
  image.pixels.resize(std::size_t{texture.width} * texture.height * 4);
  if (layout)
    detail::decode_whole_byte_pixels(*layout, texture.top_level, texture.width, texture.height,
                                     image.pixels.data());
  else
    detail::decode_bc_blocks(texture.encoding, texture.top_level, texture.width, texture.height,
                             image.pixels.data());
  return image;
}

}  // namespace gamefmt::image
