#include "xray/xray_bump_maps.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <glm/geometric.hpp>

namespace gamefmt::xray {
namespace {

// One channel of the normal: a bump channel plus its error, as (n + 1) / 2 in 0..255 rounded half up.
std::uint8_t corrected(std::uint8_t bump, std::uint8_t error) {
  return static_cast<std::uint8_t>(std::clamp(int(bump) + int(error) - 127, 0, 255));
}

// The texel of `image` at the same UV as texel (x, y) of a width x height image: nearest, by texel centres.
const std::uint8_t* texel_at(const image::Rgba8Image& image, std::uint32_t x, std::uint32_t y,
                             std::uint32_t width, std::uint32_t height) {
  const std::uint64_t ex = std::uint64_t(x) * image.width / width;
  const std::uint64_t ey = std::uint64_t(y) * image.height / height;
  return &image.pixels[(ey * image.width + ex) * 4];
}

bool usable(const glm::vec3& v) {
  const float length = glm::length(v);
  return std::isfinite(length) && length > 1e-12f;
}

}  // namespace

glm::vec4 gltf_tangent(const glm::vec3& normal, const glm::vec3& tangent, const glm::vec3& binormal) {
  glm::vec3 t = tangent;
  if (!usable(t)) {
    const glm::vec3 n = usable(normal) ? glm::normalize(normal) : glm::vec3(0.0f, 0.0f, 1.0f);
    t = glm::cross(n, std::abs(n.x) < 0.9f ? glm::vec3(1.0f, 0.0f, 0.0f) : glm::vec3(0.0f, 1.0f, 0.0f));
  }
  t = glm::normalize(t);
  // The normal texture's +G points along -binormal (see the formula above).
  const float side = glm::dot(glm::cross(normal, t), -binormal);
  return {t, side < 0.0f ? -1.0f : 1.0f};
}

XrayBumpImages rebuild_xray_bump(const image::Rgba8Image& bump, const image::Rgba8Image* bump_error) {
  XrayBumpImages out;
  out.normal.width = out.metal_roughness.width = bump.width;
  out.normal.height = out.metal_roughness.height = bump.height;
  const std::size_t count = std::size_t(bump.width) * bump.height;
  out.normal.pixels.resize(count * 4);
  out.metal_roughness.pixels.resize(count * 4);
  // Without an error map the error term is zero (127.5 of 255): each channel is the bump's own.
  constexpr std::uint8_t kNoHeight = 127;
  for (std::uint32_t y = 0; y < bump.height; ++y)
    for (std::uint32_t x = 0; x < bump.width; ++x) {
      const std::size_t at = (std::size_t(y) * bump.width + x) * 4;
      const std::uint8_t* b = &bump.pixels[at];
      const std::uint8_t* e = bump_error ? texel_at(*bump_error, x, y, bump.width, bump.height) : nullptr;
      std::uint8_t* n = &out.normal.pixels[at];
      n[0] = e ? corrected(b[3], e[0]) : b[3];
      n[1] = static_cast<std::uint8_t>(255 - (e ? corrected(b[2], e[1]) : b[2]));
      n[2] = e ? corrected(b[1], e[2]) : b[1];
      n[3] = 255;
      std::uint8_t* m = &out.metal_roughness.pixels[at];
      m[0] = b[0];
      m[1] = static_cast<std::uint8_t>(255 - b[0]);
      m[2] = e ? e[3] : kNoHeight;
      m[3] = 255;
    }
  return out;
}

}  // namespace gamefmt::xray
