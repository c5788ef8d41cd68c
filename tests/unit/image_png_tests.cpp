// PNG encoding (gamefmt/image/png.hpp): every image is decoded back with stb_image, which shares no code with
// libpng, and must give the same pixels.
#include <stb/stb_image.h>

#include <catch2/catch.hpp>
#include <random>

#include "dds_samples.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/png.hpp"

using namespace gamefmt;

namespace {

struct DecodedPng {
  int width = 0;
  int height = 0;
  int channels_in_file = 0;
  std::vector<std::uint8_t> rgba;
};

DecodedPng decode_with_stb(const std::vector<std::byte>& png) {
  DecodedPng out;
  stbi_uc* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()), int(png.size()),
                                          &out.width, &out.height, &out.channels_in_file, 4);
  INFO((pixels == nullptr ? stbi_failure_reason() : "decoded"));
  REQUIRE(pixels != nullptr);
  out.rgba.assign(pixels, pixels + std::size_t(out.width) * std::size_t(out.height) * 4);
  stbi_image_free(pixels);
  return out;
}

image::Rgba8Image pattern_image(std::uint32_t width, std::uint32_t height, bool opaque) {
  image::Rgba8Image image{width, height, {}};
  for (std::uint32_t y = 0; y < height; ++y) {
    for (std::uint32_t x = 0; x < width; ++x) {
      image.pixels.push_back(std::uint8_t(x * 37 + y));
      image.pixels.push_back(std::uint8_t(y * 11));
      image.pixels.push_back(std::uint8_t(x ^ y));
      image.pixels.push_back(opaque ? 255 : std::uint8_t(x * 5 + y * 3));
    }
  }
  return image;
}

// IHDR's colour type: byte 25 of a PNG (signature 8, chunk length 4, type 4, width 4, height 4, bit depth 1).
int png_colour_type(const std::vector<std::byte>& png) {
  return std::to_integer<int>(png.at(25));
}

}  // namespace

TEST_CASE("encode_png: RGBA pixels come back from an independent decoder unchanged", "[image]") {
  for (const auto& [width, height] :
       {std::pair{7u, 5u}, std::pair{1u, 1u}, std::pair{1000u, 1u}, std::pair{1u, 300u}}) {
    INFO(width << " x " << height);
    const auto image = pattern_image(width, height, false);
    const auto png = image::encode_png(image);
    CHECK(png_colour_type(png) == 6);  // truecolour with alpha
    const auto decoded = decode_with_stb(png);
    CHECK(decoded.width == int(width));
    CHECK(decoded.height == int(height));
    CHECK(decoded.channels_in_file == 4);
    CHECK(decoded.rgba == image.pixels);
  }
}

TEST_CASE("encode_png: an opaque image is stored as RGB", "[image]") {
  const auto image = pattern_image(33, 17, true);
  const auto png = image::encode_png(image);
  CHECK(png_colour_type(png) == 2);  // truecolour
  const auto decoded = decode_with_stb(png);
  CHECK(decoded.channels_in_file == 3);
  CHECK(decoded.rgba == image.pixels);
  // One pixel not quite opaque makes it RGBA, and the file bigger.
  auto translucent = image;
  translucent.pixels[3] = 254;
  const auto rgba_png = image::encode_png(translucent);
  CHECK(png_colour_type(rgba_png) == 6);
  CHECK(rgba_png.size() > png.size());
  CHECK(decode_with_stb(rgba_png).rgba == translucent.pixels);
}

TEST_CASE("encode_png: noise and decoded textures survive, and the same pixels give the same bytes",
          "[image]") {
  image::Rgba8Image noise{256, 256, std::vector<std::uint8_t>(256 * 256 * 4)};
  std::mt19937 random(7);
  for (auto& b : noise.pixels) b = std::uint8_t(random());
  const auto png = image::encode_png(noise);
  CHECK(decode_with_stb(png).rgba == noise.pixels);
  CHECK(image::encode_png(noise) == png);

  // A BC1 texture with transparent pixels, as the conversion will pass them on.
  std::vector<std::byte> blocks(image::dds_top_level_size(image::DdsEncoding::bc1, 13, 7, 0));
  for (auto& b : blocks) b = std::byte(random() & 0xFF);
  test::DdsSampleHeader header;
  header.width = 13;
  header.height = 7;
  const auto texture = image::decode_top_level(image::read_dds(test::dds_file(header, blocks), "t.dds"));
  CHECK(decode_with_stb(image::encode_png(texture)).rgba == texture.pixels);
}

TEST_CASE("encode_png refuses images that cannot be a PNG", "[image]") {
  CHECK_THROWS_AS(image::encode_png(image::Rgba8Image{0, 4, {}}), FormatError);
  CHECK_THROWS_AS(image::encode_png(image::Rgba8Image{4, 0, {}}), FormatError);
  auto image = pattern_image(4, 4, false);
  image.pixels.pop_back();
  CHECK_THROWS_WITH(image::encode_png(image), Catch::Contains("holds 63 bytes, not 4 x 4 x 4"));
  image.pixels.resize(4 * 5 * 4);
  CHECK_THROWS_AS(image::encode_png(image), FormatError);
}
