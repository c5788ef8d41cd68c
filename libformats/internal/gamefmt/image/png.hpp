#pragma once
// PNG encoding of RGBA8 images (glTF's lossless image format), with libpng.
#include <cstddef>
#include <vector>

#include "gamefmt/image/rgba8_image.hpp"

namespace gamefmt::image {

// PNG bytes of the image: 8-bit RGB when every alpha is 255 (a quarter smaller), else 8-bit RGBA; no
// interlacing, no ancillary chunks (no gamma, colour profile or time), so the same pixels always give the
// same bytes with the same libpng and zlib. Rows are stored unfiltered and deflated at zlib level 1: on
// decoded DXT textures, whose 4x4 blocks repeat exact colours, that is both the fastest and the smallest of
// libpng's settings we measured (bench/image_benchmarks.cpp). Throws FormatError (no offset) when the width
// or height is 0 or above 2^31 - 1 (PNG's limit) or pixels.size() is not width * height * 4.
std::vector<std::byte> encode_png(const Rgba8Image& image);

}  // namespace gamefmt::image
