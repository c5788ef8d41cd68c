#include "xray_bump_samples.hpp"

#include <algorithm>

#include "dds_samples.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "xray_character_samples.hpp"

namespace gamefmt::test {

std::vector<std::byte> xray_bump_quad_ogf_bytes() {
  auto model = xray::read_ogf(xray_sample_skinned_ogf_bytes(), "beast.ogf");
  auto& mesh = model.meshes.at(0);
  mesh.vertices.resize(4);
  const std::array<std::array<float, 3>, 4> corners{{{-1, 0, -1}, {1, 0, -1}, {1, 0, 1}, {-1, 0, 1}}};
  for (std::size_t i = 0; i < 4; ++i) {
    auto& v = mesh.vertices[i];
    v.position = corners[i];
    v.uv = {(corners[i][0] + 1) / 2, (corners[i][2] + 1) / 2};
    v.normal = kBumpQuadNormal;
    v.tangent = kBumpQuadTangent;
    v.binormal = kBumpQuadBinormal;
    v.bones = {0, 0, 0, 0};
    v.weights = {0, 0, 0};
  }
  // Clockwise seen from above in X-Ray's left-handed axes: the front faces up.
  mesh.indices = {0, 2, 1, 0, 3, 2};
  mesh.sliding_windows.reset();
  mesh.layout.clear();
  model.layout.clear();
  return xray::write_ogf(model, "quad.ogf");
}

namespace {

std::uint16_t rgb565(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
  return static_cast<std::uint16_t>((r >> 3) << 11 | (g >> 2) << 5 | (b >> 3));
}

std::vector<std::byte> dxt5_file(std::uint32_t width, const std::vector<std::byte>& blocks) {
  DdsSampleHeader header;
  header.width = width;
  header.fourcc = "DXT5";
  return dds_file(header, blocks);
}

std::uint8_t clamp_byte(int v) {
  return static_cast<std::uint8_t>(std::clamp(v, 0, 255));
}

}  // namespace

std::vector<std::byte> uniform_dxt5(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  const auto alpha = bc3_alpha_block(a, a, {});
  const std::uint16_t colour = rgb565(r, g, b);
  const auto colours = bc1_block(colour, colour, {});
  return dxt5_file(4, concatenate({alpha, colours}));
}

std::vector<std::byte> varied_dxt5(std::uint8_t seed) {
  const auto s = [&](int k) { return static_cast<std::uint8_t>((seed * 37 + k * 91) & 0xFF); };
  const std::array<std::uint8_t, 16> ramp{0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0};
  const std::array<std::uint8_t, 16> steps{0, 1, 2, 3, 3, 2, 1, 0, 1, 1, 2, 2, 0, 3, 0, 3};
  const auto alpha0 = bc3_alpha_block(255, s(1), ramp);      // eight values
  const auto alpha1 = bc3_alpha_block(s(2) / 2, 250, ramp);  // six values, then 0 and 255
  const auto colour0 = bc1_block(rgb565(255, s(3), 0), rgb565(0, s(4), 255), steps);
  const auto colour1 = bc1_block(rgb565(s(5), 255, s(6)), rgb565(s(7), 0, s(8)), steps);
  return dxt5_file(8, concatenate({alpha0, colour0, alpha1, colour1}));
}

Pixels expected_normal_pixels(const Pixels& bump, const std::optional<Pixels>& bump_error) {
  Pixels out{bump.width, bump.height, std::vector<std::uint8_t>(bump.rgba.size())};
  for (std::size_t i = 0; i < bump.rgba.size(); i += 4) {
    const std::uint8_t* b = &bump.rgba[i];
    // n = 2 * (bump.agb + bump#.rgb - 1); stored as (n + 1) / 2 in 0..255, rounded half up: a + e - 127.
    // Without an error map: the bump's channel. glTF's green is X-Ray's y negated.
    const int x = bump_error ? b[3] + bump_error->rgba[i] - 127 : b[3];
    const int y = bump_error ? b[2] + bump_error->rgba[i + 1] - 127 : b[2];
    const int z = bump_error ? b[1] + bump_error->rgba[i + 2] - 127 : b[1];
    out.rgba[i] = clamp_byte(x);
    out.rgba[i + 1] = static_cast<std::uint8_t>(255 - clamp_byte(y));
    out.rgba[i + 2] = clamp_byte(z);
    out.rgba[i + 3] = 255;
  }
  return out;
}

Pixels expected_metal_roughness_pixels(const Pixels& bump, const std::optional<Pixels>& bump_error) {
  Pixels out{bump.width, bump.height, std::vector<std::uint8_t>(bump.rgba.size())};
  for (std::size_t i = 0; i < bump.rgba.size(); i += 4) {
    out.rgba[i] = bump.rgba[i];  // raw gloss
    out.rgba[i + 1] = static_cast<std::uint8_t>(255 - bump.rgba[i]);
    out.rgba[i + 2] = bump_error ? bump_error->rgba[i + 3] : 127;  // parallax height
    out.rgba[i + 3] = 255;
  }
  return out;
}

}  // namespace gamefmt::test
