#pragma once
// A Bitmap_Z object (bitmap_object.hpp) as pictures: its top level decoded to RGBA8, and the whole object as
// a DDS file.
#include <cstddef>
#include <string_view>
#include <vector>

#include "gamefmt/asobo/bitmap_object.hpp"
#include "gamefmt/image/rgba8_image.hpp"

namespace gamefmt::asobo {

// The top level of the first face, decoded: DXT1 and DXT5 by the DDS block decoder (gamefmt/image/dds.hpp),
// A8L8 as luminance in red, green and blue and its alpha (each pixel a little-endian u16, luminance in the
// low byte), a dds_in_body object's DDS file as the DDS reader decodes it. Throws FormatError as bitmap_shape
// does.
image::Rgba8Image decode_bitmap(const BitmapObject& bitmap, std::string_view file_name);

// A DDS file of the bitmap. fuel: a 128-byte header (DXT1 or DXT5 by FourCC, A8L8 as 16-bit luminance with
// alpha; the mip count; a cube map's six faces) followed by the stored mip chain (bytes after it are left
// out). dds_in_body: the stored DDS file as it is. Throws FormatError as bitmap_shape does.
std::vector<std::byte> bitmap_dds_file(const BitmapObject& bitmap, std::string_view file_name);

}  // namespace gamefmt::asobo
