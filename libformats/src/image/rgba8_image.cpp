#include "gamefmt/image/rgba8_image.hpp"

namespace gamefmt::image {

bool is_opaque(const Rgba8Image& image) noexcept {
  for (std::size_t i = 3; i < image.pixels.size(); i += 4)
    if (image.pixels[i] != 255) return false;
  return true;
}

}  // namespace gamefmt::image
