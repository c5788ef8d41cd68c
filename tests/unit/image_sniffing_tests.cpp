// PNG and JPEG recognition (gamefmt/image/image_sniffing.hpp), on files written by stb_image_write and by
// hand.
#include <stb/stb_image_write.h>

#include <catch2/catch.hpp>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/image_sniffing.hpp"
#include "gamefmt/image/png.hpp"

using namespace gamefmt;
using image::EncodedImageFormat;
using image::EncodedImageInfo;

namespace {

void append_to_vector(void* context, void* data, int size) {
  auto* out = static_cast<std::vector<std::byte>*>(context);
  const auto* bytes = static_cast<const std::byte*>(data);
  out->insert(out->end(), bytes, bytes + size);
}

std::vector<std::byte> stb_written(bool jpeg, int width, int height) {
  std::vector<std::uint8_t> rgb(std::size_t(width) * std::size_t(height) * 3, 128);
  std::vector<std::byte> out;
  const int ok =
      jpeg ? stbi_write_jpg_to_func(append_to_vector, &out, width, height, 3, rgb.data(), 90)
           : stbi_write_png_to_func(append_to_vector, &out, width, height, 3, rgb.data(), width * 3);
  REQUIRE(ok != 0);
  return out;
}

std::optional<EncodedImageInfo> sniff(const std::vector<std::byte>& data) {
  return image::sniff_encoded_image(data, "t.img");
}

FormatError sniff_error(const std::vector<std::byte>& data) {
  try {
    (void)sniff(data);
  } catch (const FormatError& e) {
    return e;
  }
  FAIL("no error");
  throw std::logic_error("unreachable");
}

// A JPEG head by hand: SOI, an APP0 segment, two fill bytes, a DHT segment, then a progressive SOF2 of 772 x
// 258.
std::vector<std::byte> hand_built_jpeg_head() {
  ByteWriter w(ByteOrder::big);
  for (int b : {0xFF, 0xD8}) w.u8(std::uint8_t(b));
  for (int b : {0xFF, 0xE0}) w.u8(std::uint8_t(b));
  w.u16(16);
  w.bytes(std::string_view("JFIF\0\1\1\0\0\1\0\1\0\0", 14));
  for (int b : {0xFF, 0xFF, 0xFF, 0xC4}) w.u8(std::uint8_t(b));  // fill bytes, then DHT: not a frame
  w.u16(5);
  for (int b : {0x00, 0x01, 0x02}) w.u8(std::uint8_t(b));
  for (int b : {0xFF, 0xC2}) w.u8(std::uint8_t(b));
  w.u16(17);
  w.u8(8);     // precision
  w.u16(258);  // height
  w.u16(772);  // width
  w.u8(3);     // components
  for (int c = 1; c <= 3; ++c) {
    w.u8(std::uint8_t(c));
    w.u8(0x11);
    w.u8(0);
  }
  return w.take();
}

}  // namespace

TEST_CASE("sniff_encoded_image reads the size of PNG and JPEG files", "[image]") {
  CHECK(sniff(stb_written(false, 17, 9)) == EncodedImageInfo{EncodedImageFormat::png, 17, 9});
  CHECK(sniff(stb_written(true, 33, 20)) == EncodedImageInfo{EncodedImageFormat::jpeg, 33, 20});
  CHECK(sniff(hand_built_jpeg_head()) == EncodedImageInfo{EncodedImageFormat::jpeg, 772, 258});
  const image::Rgba8Image one_pixel{1, 1, {1, 2, 3, 4}};
  CHECK(sniff(image::encode_png(one_pixel)) == EncodedImageInfo{EncodedImageFormat::png, 1, 1});
}

TEST_CASE("sniff_encoded_image: other data is neither", "[image]") {
  CHECK_FALSE(sniff({}));
  const std::string_view dds = "DDS |\0\0\0";
  CHECK_FALSE(
      sniff({reinterpret_cast<const std::byte*>(dds.data()), reinterpret_cast<const std::byte*>(dds.end())}));
  auto png = stb_written(false, 2, 2);
  png.resize(5);  // a cut signature is no signature
  CHECK_FALSE(sniff(png));
}

TEST_CASE("sniff_encoded_image names what is wrong in a damaged header", "[image]") {
  auto png = stb_written(false, 17, 9);
  SECTION("PNG cut inside IHDR") {
    png.resize(18);
    const auto e = sniff_error(png);
    CHECK(e.field() == "ihdr.width");
    CHECK(e.offset() == 16u);
  }
  SECTION("PNG whose first chunk is not IHDR") {
    png[12] = std::byte{'X'};
    const auto e = sniff_error(png);
    CHECK(e.field() == "ihdr.type");
    CHECK(e.offset() == 12u);
  }
  SECTION("PNG of width 0") {
    for (int i = 16; i < 20; ++i) png[std::size_t(i)] = std::byte{0};
    CHECK(sniff_error(png).field() == "ihdr.width");
  }
  auto jpeg = hand_built_jpeg_head();
  SECTION("JPEG cut inside its frame header") {
    jpeg.resize(jpeg.size() - 4);
    const auto e = sniff_error(jpeg);
    CHECK(e.field() == "segments[2].payload");
    CHECK(e.offset() == 33u);  // SOI 2, APP0 18, fill 2, DHT 7, SOF2 marker and length 4
  }
  SECTION("JPEG of height 0") {
    jpeg[34] = jpeg[35] = std::byte{0};
    const auto e = sniff_error(jpeg);
    CHECK(e.field() == "segments[2].height");
    CHECK(e.offset() == 34u);
  }
  SECTION("JPEG scan before any frame") {
    jpeg[30] = std::byte{0xDA};
    const auto e = sniff_error(jpeg);
    CHECK(e.field() == "segments[2].marker");
    CHECK(e.offset() == 29u);
    CHECK_THAT(e.problem(), Catch::Contains("start of scan before any start-of-frame"));
  }
}
