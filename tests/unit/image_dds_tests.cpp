// DDS reading and decoding (gamefmt/image/dds.hpp). Expected pixels are worked out by hand from the rules of
// Microsoft's block-compression pages (quoted in dds.hpp), for blocks laid out by hand; random blocks are
// compared with libsquish, an independent decoder.
#include <squish.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>

#include "dds_samples.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/png.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using image::DdsEncoding;
using test::bc1_block;
using test::bc2_alpha_block;
using test::bc3_alpha_block;
using test::concatenate;
using test::dds_file;
using test::DdsSampleHeader;
using Pixel = std::array<int, 4>;  // ints, so that Catch prints numbers

namespace {

// 5:6:5 colours used below.
constexpr std::uint16_t kRed = 0xF800;    // r 31 -> 255
constexpr std::uint16_t kGreen = 0x07E0;  // g 63 -> 255
constexpr std::uint16_t kBlue = 0x001F;   // b 31 -> 255
constexpr std::uint16_t kWhite = 0xFFFF;
constexpr std::uint16_t kBlack = 0x0000;
// Index i % 4 for pixel i: columns 0, 1, 2, 3 show palette entries 0, 1, 2, 3 on every row.
constexpr std::array<std::uint8_t, 16> kColumnIndices{0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3};

DdsSampleHeader compressed_header(const char* fourcc, std::uint32_t width, std::uint32_t height) {
  DdsSampleHeader h;
  h.fourcc = fourcc;
  h.width = width;
  h.height = height;
  return h;
}

image::Rgba8Image decode(std::span<const std::byte> file) {
  return image::decode_top_level(image::read_dds(file, "t.dds"));
}

Pixel pixel(const image::Rgba8Image& image, std::uint32_t x, std::uint32_t y) {
  const auto* p = &image.pixels.at((std::size_t{y} * image.width + x) * 4);
  return {p[0], p[1], p[2], p[3]};
}

FormatError read_error(std::span<const std::byte> file, image::DdsLimits limits = {}) {
  try {
    (void)image::read_dds(file, "bad.dds", limits);
  } catch (const FormatError& e) {
    return e;
  }
  FAIL("read_dds accepted the file");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("BC1 four-colour block: end points and thirds between them", "[image]") {
  // color_0 = red > color_1 = blue as 16-bit numbers: four colours, color_2 = 2/3 red + 1/3 blue.
  const auto block = bc1_block(kRed, kBlue, kColumnIndices);
  const auto texture = image::read_dds(dds_file(compressed_header("DXT1", 4, 4), block), "t.dds");
  CHECK(texture.encoding == DdsEncoding::bc1);
  CHECK(texture.format_name == "DXT1");
  const auto decoded = image::decode_top_level(texture);
  REQUIRE(decoded.width == 4);
  REQUIRE(decoded.height == 4);
  for (std::uint32_t y = 0; y < 4; ++y) {
    CHECK(pixel(decoded, 0, y) == Pixel{255, 0, 0, 255});
    CHECK(pixel(decoded, 1, y) == Pixel{0, 0, 255, 255});
    CHECK(pixel(decoded, 2, y) == Pixel{170, 0, 85, 255});  // (2 * 255 + 0) / 3, (2 * 0 + 255) / 3
    CHECK(pixel(decoded, 3, y) == Pixel{85, 0, 170, 255});
  }
}

TEST_CASE("BC1 5:6:5 end points widen to 8 bits by repeating their top bits", "[image]") {
  // r 30, g 33, b 3: (30 << 3) | (30 >> 2) = 247, (33 << 2) | (33 >> 4) = 134, (3 << 3) | (3 >> 2) = 24.
  // (Scaling by 255/31 and rounding would give 247, 134, 25; truncating 246, 133, 24.)
  const std::uint16_t color = 30 << 11 | 33 << 5 | 3;
  const auto block = bc1_block(color, kBlack, {0, 1});
  const auto decoded = decode(dds_file(compressed_header("DXT1", 4, 4), block));
  CHECK(pixel(decoded, 0, 0) == Pixel{247, 134, 24, 255});
  CHECK(pixel(decoded, 1, 0) == Pixel{0, 0, 0, 255});
  CHECK(pixel(decoded, 3, 3) == Pixel{247, 134, 24, 255});
}

TEST_CASE("BC1 thirds are rounded down, as libsquish, Pillow and ImageMagick decode them", "[image]") {
  // red (255, 0, 0) and b 1 -> (0, 0, 8): color_2 blue = (2 * 0 + 8) / 3 = 2.67 -> 2 (the Direct3D 9 page's
  // sample code, (2 * c0 + c1 + 1) / 3, would give 3); color_3 blue = 16 / 3 -> 5.
  const auto block = bc1_block(kRed, 0x0001, kColumnIndices);
  const auto decoded = decode(dds_file(compressed_header("DXT1", 4, 4), block));
  CHECK(pixel(decoded, 1, 0) == Pixel{0, 0, 8, 255});
  CHECK(pixel(decoded, 2, 0) == Pixel{170, 0, 2, 255});
  CHECK(pixel(decoded, 3, 0) == Pixel{85, 0, 5, 255});
}

TEST_CASE("BC1 three-colour block: a half-way colour and transparent black", "[image]") {
  SECTION("color_0 < color_1") {
    const auto block = bc1_block(kBlue, kRed, kColumnIndices);
    const auto decoded = decode(dds_file(compressed_header("DXT1", 4, 4), block));
    for (std::uint32_t y = 0; y < 4; ++y) {
      CHECK(pixel(decoded, 0, y) == Pixel{0, 0, 255, 255});
      CHECK(pixel(decoded, 1, y) == Pixel{255, 0, 0, 255});
      CHECK(pixel(decoded, 2, y) == Pixel{127, 0, 127, 255});  // (0 + 255) / 2
      CHECK(pixel(decoded, 3, y) == Pixel{0, 0, 0, 0});
    }
  }
  SECTION("color_0 == color_1 is three-colour too") {
    const auto block = bc1_block(kWhite, kWhite, kColumnIndices);
    const auto decoded = decode(dds_file(compressed_header("DXT1", 4, 4), block));
    CHECK(pixel(decoded, 0, 0) == Pixel{255, 255, 255, 255});
    CHECK(pixel(decoded, 2, 0) == Pixel{255, 255, 255, 255});
    CHECK(pixel(decoded, 3, 0) == Pixel{0, 0, 0, 0});
  }
}

TEST_CASE("BC2: explicit 4-bit alpha, and a colour block that always has four colours", "[image]") {
  std::array<std::uint8_t, 16> alphas{};
  for (int i = 0; i < 16; ++i) alphas[i] = static_cast<std::uint8_t>(i);
  // color_0 = blue < color_1 = red, which in BC1 would mean three colours; BC2 keeps the thirds.
  const auto block = concatenate({bc2_alpha_block(alphas), bc1_block(kBlue, kRed, kColumnIndices)});
  const auto texture = image::read_dds(dds_file(compressed_header("DXT3", 4, 4), block), "t.dds");
  CHECK(texture.encoding == DdsEncoding::bc2);
  const auto decoded = image::decode_top_level(texture);
  const std::array<std::array<int, 3>, 4> colours{{{0, 0, 255}, {255, 0, 0}, {85, 0, 170}, {170, 0, 85}}};
  for (std::uint32_t y = 0; y < 4; ++y) {
    for (std::uint32_t x = 0; x < 4; ++x) {
      const auto& c = colours[x];
      CHECK(pixel(decoded, x, y) == Pixel{c[0], c[1], c[2], int(4 * y + x) * 17});  // 0xF -> 255
    }
  }
}

TEST_CASE("BC3 alpha: eight values when alpha_0 > alpha_1, else six plus 0 and 255", "[image]") {
  std::array<std::uint8_t, 16> indices{};
  for (int i = 0; i < 16; ++i) indices[i] = static_cast<std::uint8_t>(i % 8);
  const auto white = bc1_block(kWhite, kBlack, {});

  const auto alphas_of = [&](std::uint8_t alpha0, std::uint8_t alpha1) {
    const auto block = concatenate({bc3_alpha_block(alpha0, alpha1, indices), white});
    const auto texture = image::read_dds(dds_file(compressed_header("DXT5", 4, 4), block), "t.dds");
    CHECK(texture.encoding == DdsEncoding::bc3);
    const auto decoded = image::decode_top_level(texture);
    std::vector<int> alphas;
    for (std::uint32_t i = 0; i < 16; ++i) {
      const auto p = pixel(decoded, i % 4, i / 4);
      CHECK(p[0] == 255);
      alphas.push_back(p[3]);
    }
    return alphas;
  };
  SECTION("eight values, in sevenths") {
    // 70 and 0: (6 * 70 + 0) / 7 = 60, then 50, 40, 30, 20, 10.
    CHECK(alphas_of(70, 0) == std::vector<int>{70, 0, 60, 50, 40, 30, 20, 10, 70, 0, 60, 50, 40, 30, 20, 10});
  }
  SECTION("six values, in fifths, then 0 and 255") {
    // 0 and 100: (4 * 0 + 100) / 5 = 20, then 40, 60, 80.
    CHECK(alphas_of(0, 100) ==
          std::vector<int>{0, 100, 20, 40, 60, 80, 0, 255, 0, 100, 20, 40, 60, 80, 0, 255});
    CHECK(alphas_of(50, 50) ==
          std::vector<int>{50, 50, 50, 50, 50, 50, 0, 255, 50, 50, 50, 50, 50, 50, 0, 255});
  }
  SECTION("sevenths are rounded down") {
    // 255 and 0: 1530 / 7 = 218.6 -> 218 (the Direct3D 9 sample code's (... + 3) / 7 gives 219), 182.1 ->
    // 182, 145.7 -> 145, 109.3 -> 109, 72.9 -> 72, 36.4 -> 36.
    CHECK(alphas_of(255, 0) ==
          std::vector<int>{255, 0, 218, 182, 145, 109, 72, 36, 255, 0, 218, 182, 145, 109, 72, 36});
  }
}

TEST_CASE("Uncompressed 24- and 32-bit pixels follow the header's masks", "[image]") {
  // 3 x 2 pixels (rows of 9 or 12 bytes, no padding); byte j of pixel k is 10 * k + j + 1.
  const auto pixels_of = [](std::uint32_t bytes_per_pixel) {
    std::vector<std::byte> data;
    for (int k = 0; k < 6; ++k)
      for (std::uint32_t j = 0; j < bytes_per_pixel; ++j) data.push_back(std::byte(10 * k + j + 1));
    return data;
  };
  // The expected pixel k: which byte (0-3) holds R, G, B, A, or -1 for an alpha of 255.
  const auto check = [&](const DdsSampleHeader& header, std::array<int, 4> byte_of, const char* name) {
    const auto texture = image::read_dds(dds_file(header, pixels_of(header.rgb_bit_count / 8)), "t.dds");
    CHECK(texture.encoding == DdsEncoding::uncompressed);
    CHECK(texture.format_name == name);
    const auto decoded = image::decode_top_level(texture);
    REQUIRE(decoded.width == 3);
    REQUIRE(decoded.height == 2);
    for (int k = 0; k < 6; ++k) {
      Pixel expected{};
      for (int c = 0; c < 4; ++c) expected[c] = byte_of[c] < 0 ? 255 : 10 * k + byte_of[c] + 1;
      CHECK(pixel(decoded, k % 3, k / 3) == expected);
    }
  };
  using test::uncompressed_dds_header;
  SECTION("24-bit") {
    check(uncompressed_dds_header(3, 2, 24, {0xFF0000, 0xFF00, 0xFF, 0}), {2, 1, 0, -1}, "R8G8B8");
    check(uncompressed_dds_header(3, 2, 24, {0xFF, 0xFF00, 0xFF0000, 0}), {0, 1, 2, -1}, "B8G8R8");
  }
  SECTION("32-bit") {
    check(uncompressed_dds_header(3, 2, 32, {0xFF0000, 0xFF00, 0xFF, 0xFF000000}), {2, 1, 0, 3}, "A8R8G8B8");
    check(uncompressed_dds_header(3, 2, 32, {0xFF, 0xFF00, 0xFF0000, 0xFF000000}), {0, 1, 2, 3}, "A8B8G8R8");
    check(uncompressed_dds_header(3, 2, 32, {0xFF0000, 0xFF00, 0xFF, 0}), {2, 1, 0, -1}, "X8R8G8B8");
    // An alpha mask without DDPF_ALPHAPIXELS is not valid: the fourth byte is padding.
    auto header = uncompressed_dds_header(3, 2, 32, {0xFF, 0xFF00, 0xFF0000, 0xFF000000});
    header.pixel_flags = 0x40;
    check(header, {0, 1, 2, -1}, "X8B8G8R8");
  }
  SECTION("DX10 names for the same layouts") {
    auto header = uncompressed_dds_header(3, 2, 32, {});
    header.pixel_flags = 0x4;
    header.fourcc = "DX10";
    header.rgb_bit_count = 32;              // only used by this test's data maker; DX10 files may leave it 0
    header.dx10 = test::DdsDx10Header{28};  // R8G8B8A8_UNORM
    check(header, {0, 1, 2, 3}, "DXGI_FORMAT_R8G8B8A8_UNORM");
    header.dx10 = test::DdsDx10Header{88};  // B8G8R8X8_UNORM
    check(header, {2, 1, 0, -1}, "DXGI_FORMAT_B8G8R8X8_UNORM");
    header.dx10 = test::DdsDx10Header{91};  // B8G8R8A8_UNORM_SRGB
    check(header, {2, 1, 0, 3}, "DXGI_FORMAT_B8G8R8A8_UNORM_SRGB");
  }
}

TEST_CASE("DX10 headers name BC1-BC3 too", "[image]") {
  auto header = compressed_header("DX10", 4, 4);
  header.dx10 = test::DdsDx10Header{72};  // BC1_UNORM_SRGB
  const auto texture = image::read_dds(dds_file(header, bc1_block(kRed, kBlue, kColumnIndices)), "t.dds");
  CHECK(texture.encoding == DdsEncoding::bc1);
  CHECK(texture.format_name == "DXGI_FORMAT_BC1_UNORM_SRGB");
  CHECK(pixel(image::decode_top_level(texture), 2, 1) == Pixel{170, 0, 85, 255});
  header.dx10 = test::DdsDx10Header{77};  // BC3_UNORM
  const auto bc3 = concatenate({bc3_alpha_block(70, 0, {1}), bc1_block(kRed, kBlue, kColumnIndices)});
  const auto decoded = decode(dds_file(header, bc3));
  CHECK(pixel(decoded, 0, 0) == Pixel{255, 0, 0, 0});
  CHECK(pixel(decoded, 1, 0) == Pixel{0, 0, 255, 70});
}

TEST_CASE("Sizes that are not a multiple of 4 keep the inside of the edge blocks", "[image]") {
  SECTION("BC1 5 x 3: two blocks, one column and three rows of the second") {
    // Second block: green and black, four colours; column 0 has indices 0, 1, 2, (3 on the row cut off).
    const auto data =
        concatenate({bc1_block(kRed, kBlue, kColumnIndices),
                     bc1_block(kGreen, kBlack, {0, 3, 3, 3, 1, 3, 3, 3, 2, 3, 3, 3, 3, 3, 3, 3})});
    const auto decoded = decode(dds_file(compressed_header("DXT1", 5, 3), data));
    REQUIRE(decoded.width == 5);
    REQUIRE(decoded.height == 3);
    REQUIRE(decoded.pixels.size() == 5 * 3 * 4);
    for (std::uint32_t y = 0; y < 3; ++y) {
      CHECK(pixel(decoded, 0, y) == Pixel{255, 0, 0, 255});
      CHECK(pixel(decoded, 3, y) == Pixel{85, 0, 170, 255});
    }
    CHECK(pixel(decoded, 4, 0) == Pixel{0, 255, 0, 255});
    CHECK(pixel(decoded, 4, 1) == Pixel{0, 0, 0, 255});
    CHECK(pixel(decoded, 4, 2) == Pixel{0, 170, 0, 255});  // 2/3 * 255
  }
  SECTION("BC3 1 x 1: the top-left pixel of one block") {
    // r 16 -> (16 << 3) | (16 >> 2) = 132, g 32 -> (32 << 2) | (32 >> 4) = 130, b 16 -> 132.
    const std::uint16_t grey = 16 << 11 | 32 << 5 | 16;
    const auto data = concatenate({bc3_alpha_block(200, 100, {}), bc1_block(grey, kBlack, {})});
    const auto decoded = decode(dds_file(compressed_header("DXT5", 1, 1), data));
    REQUIRE(decoded.pixels.size() == 4);
    CHECK(pixel(decoded, 0, 0) == Pixel{132, 130, 132, 200});
  }
}

TEST_CASE("Random blocks decode as libsquish decodes them", "[image]") {
  std::mt19937 random(20240517);
  for (const auto& [fourcc, encoding, flags] : {std::tuple{"DXT1", DdsEncoding::bc1, squish::kDxt1},
                                                std::tuple{"DXT3", DdsEncoding::bc2, squish::kDxt3},
                                                std::tuple{"DXT5", DdsEncoding::bc3, squish::kDxt5}}) {
    for (const auto& [width, height] :
         {std::pair{64u, 64u}, std::pair{13u, 7u}, std::pair{1u, 1u}, std::pair{6u, 5u}, std::pair{2u, 9u}}) {
      INFO(fourcc << " " << width << " x " << height);
      const std::size_t size = image::dds_top_level_size(encoding, width, height, 0);
      std::vector<std::byte> blocks(size);
      for (auto& b : blocks) b = std::byte(random() & 0xFF);
      const auto decoded = decode(dds_file(compressed_header(fourcc, width, height), blocks));
      std::vector<std::uint8_t> expected(std::size_t{width} * height * 4);
      squish::DecompressImage(expected.data(), int(width), int(height), blocks.data(), flags);
      CHECK(decoded.pixels == expected);
    }
  }
}

TEST_CASE("Cube maps, arrays and mip chains: the top level of the first face", "[image]") {
  SECTION("legacy cube map with six faces") {
    auto header = compressed_header("DXT1", 4, 4);
    header.caps2 = 0x200 | 0xFC00;
    std::vector<std::byte> faces;
    for (const auto colour : {kRed, kGreen, kBlue, kWhite, kBlack, kRed}) {
      const auto block = bc1_block(colour, kBlack, {});
      faces.insert(faces.end(), block.begin(), block.end());
    }
    const auto texture = image::read_dds(dds_file(header, faces), "cube.dds");
    CHECK(texture.faces == 6);
    CHECK(texture.top_level.size() == 8);
    CHECK(pixel(image::decode_top_level(texture), 3, 3) == Pixel{255, 0, 0, 255});
  }
  SECTION("DX10 array of cube maps") {
    auto header = compressed_header("DX10", 4, 4);
    header.dx10 = test::DdsDx10Header{71, 3, 0x4, 3, 0};
    std::vector<std::byte> data(18 * 8);
    const auto texture = image::read_dds(dds_file(header, data), "cubes.dds");
    CHECK(texture.faces == 18);
    CHECK(texture.top_level.size() == 8);
  }
  SECTION("mip chain") {
    auto header = compressed_header("DXT1", 8, 8);
    header.mip_levels = 4;
    const auto top = concatenate({bc1_block(kGreen, kBlack, {}), bc1_block(kGreen, kBlack, {}),
                                  bc1_block(kGreen, kBlack, {}), bc1_block(kGreen, kBlack, {})});
    const auto smaller = bc1_block(kRed, kBlack, {});
    const auto texture =
        image::read_dds(dds_file(header, concatenate({top, smaller, smaller, smaller})), "m.dds");
    CHECK(texture.mip_levels == 4);
    CHECK(texture.top_level == top);
    const auto decoded = image::decode_top_level(texture);
    CHECK(pixel(decoded, 7, 7) == Pixel{0, 255, 0, 255});
  }
}

TEST_CASE("read_dds names the field and offset of what is wrong", "[image]") {
  const auto good = dds_file(compressed_header("DXT1", 8, 8), std::vector<std::byte>(32));
  SECTION("not a DDS file") {
    auto bytes = good;
    bytes[0] = std::byte{'X'};
    const auto e = read_error(bytes);
    CHECK(e.field() == "magic");
    CHECK(e.offset() == 0u);
  }
  SECTION("header structure size") {
    auto bytes = good;
    bytes[4] = std::byte{100};
    const auto e = read_error(bytes);
    CHECK(e.field() == "header.size");
    CHECK(e.offset() == 4u);
  }
  SECTION("truncated header") {
    const auto e = read_error(std::span(good).first(60));
    CHECK(e.field() == "header.reserved1");
    CHECK(e.offset() == 32u);
  }
  SECTION("zero width") {
    const auto e = read_error(dds_file(compressed_header("DXT1", 0, 8), {}));
    CHECK(e.field() == "header.width");
    CHECK(e.offset() == 16u);
  }
  SECTION("huge dimensions are refused before the data size is looked at") {
    const auto e = read_error(dds_file(compressed_header("DXT1", 100000, 100000), {}));
    CHECK(e.field() == "header.width");
    CHECK(e.offset() == 16u);
    CHECK_THAT(e.problem(), Catch::Contains("10000000000 pixels is more than the limit of 268435456"));
    CHECK(read_error(good, image::DdsLimits{63}).field() == "header.width");
    CHECK_NOTHROW(image::read_dds(good, "t.dds", image::DdsLimits{64}));
  }
  SECTION("data shorter than the top level") {
    auto bytes = good;
    bytes.pop_back();
    const auto e = read_error(bytes);
    CHECK(e.field() == "top_level");
    CHECK(e.offset() == 128u);
    CHECK_THAT(e.problem(), Catch::Contains("8 x 8 DXT1 top level needs 32 bytes, 31 left"));
  }
  SECTION("truncated DX10 header") {
    auto header = compressed_header("DX10", 4, 4);
    const auto e = read_error(dds_file(header, std::vector<std::byte>(3)));
    CHECK(e.field() == "dx10.dxgi_format");
    CHECK(e.offset() == 128u);
  }
  SECTION("volume texture") {
    auto header = compressed_header("DXT1", 4, 4);
    header.caps2 = 0x200000;
    header.depth = 4;
    const auto e = read_error(dds_file(header, std::vector<std::byte>(32)));
    CHECK(e.field() == "header.depth");
    CHECK(e.offset() == 24u);
    header.caps2 = 0;
    header.fourcc = "DX10";
    header.dx10 = test::DdsDx10Header{71, 4, 0, 1, 0};
    CHECK(read_error(dds_file(header, std::vector<std::byte>(32))).field() == "header.depth");
  }
}

TEST_CASE("Unsupported formats are refused by name", "[image]") {
  const auto fourcc_error = [](const char* fourcc) {
    return read_error(dds_file(compressed_header(fourcc, 4, 4), std::vector<std::byte>(16)));
  };
  const auto e = fourcc_error("DXT2");
  CHECK(e.field() == "header.pixel_format.fourcc");
  CHECK(e.offset() == 84u);
  CHECK_THAT(e.problem(), Catch::StartsWith("'DXT2' (BC2 with premultiplied alpha) is not supported"));
  CHECK_THAT(fourcc_error("DXT4").problem(), Catch::Contains("BC3 with premultiplied alpha"));
  CHECK_THAT(fourcc_error("ATI2").problem(), Catch::StartsWith("'ATI2' (BC5) is not supported"));
  CHECK_THAT(fourcc_error("BC4U").problem(), Catch::StartsWith("'BC4U' (BC4)"));
  CHECK_THAT(fourcc_error("q").problem(), Catch::StartsWith("113 (D3DFMT_A16B16G16R16F) is not supported"));

  const auto dx10_error = [](std::uint32_t dxgi_format) {
    auto header = compressed_header("DX10", 4, 4);
    header.dx10 = test::DdsDx10Header{dxgi_format};
    return read_error(dds_file(header, std::vector<std::byte>(64)));
  };
  const auto bc7 = dx10_error(98);
  CHECK(bc7.field() == "dx10.dxgi_format");
  CHECK(bc7.offset() == 128u);
  CHECK_THAT(bc7.problem(), Catch::StartsWith("DXGI_FORMAT_BC7_UNORM is not supported"));
  CHECK_THAT(dx10_error(80).problem(), Catch::StartsWith("DXGI_FORMAT_BC4_UNORM"));
  CHECK_THAT(dx10_error(95).problem(), Catch::StartsWith("DXGI_FORMAT_BC6H_UF16"));
  CHECK_THAT(dx10_error(10).problem(), Catch::StartsWith("DXGI_FORMAT_R16G16B16A16_FLOAT"));
  CHECK_THAT(dx10_error(500).problem(), Catch::StartsWith("DXGI format 500"));

  auto premultiplied = compressed_header("DX10", 4, 4);
  premultiplied.dx10 = test::DdsDx10Header{71, 3, 0, 1, 2};
  const auto alpha_mode = read_error(dds_file(premultiplied, std::vector<std::byte>(8)));
  CHECK(alpha_mode.field() == "dx10.misc_flags2");
  CHECK(alpha_mode.offset() == 144u);

  const auto rgb565 = read_error(dds_file(
      test::uncompressed_dds_header(4, 4, 16, {0xF800, 0x07E0, 0x001F, 0}), std::vector<std::byte>(32)));
  CHECK(rgb565.field() == "header.pixel_format.rgb_bit_count");
  CHECK(rgb565.offset() == 88u);
  CHECK_THAT(rgb565.problem(), Catch::StartsWith("16-bit pixels with masks R 0xf800 G 0x7e0 B 0x1f A 0x0"));
  // 10:10:10:2 in 32 bits: the masks are not whole bytes.
  CHECK(read_error(dds_file(test::uncompressed_dds_header(4, 4, 32, {0x3FF, 0xFFC00, 0x3FF00000, 0xC0000000}),
                            std::vector<std::byte>(64)))
            .field() == "header.pixel_format.rgb_bit_count");

  auto luminance = test::uncompressed_dds_header(4, 4, 8, {0xFF, 0, 0, 0});
  luminance.pixel_flags = 0x20000;
  const auto l8 = read_error(dds_file(luminance, std::vector<std::byte>(16)));
  CHECK(l8.field() == "header.pixel_format.flags");
  CHECK(l8.offset() == 80u);
  CHECK_THAT(l8.problem(), Catch::StartsWith("0x20000 (luminance pixels) is not supported"));
}

TEST_CASE("decode_top_level checks a hand-made texture instead of reading past its data", "[image]") {
  image::DdsTexture texture;
  texture.width = 8;
  texture.height = 8;
  texture.encoding = DdsEncoding::bc3;
  texture.top_level.resize(32);  // BC3 8 x 8 takes 64
  CHECK_THROWS_AS(image::decode_top_level(texture), FormatError);
  texture.encoding = DdsEncoding::uncompressed;
  texture.bits_per_pixel = 32;
  texture.top_level.resize(256);
  texture.masks = {0xFF, 0xFF00, 0xFF00, 0};  // green and blue share a byte
  CHECK_THROWS_AS(image::decode_top_level(texture), FormatError);
  texture.masks = {0xFF, 0xFF00, 0xFF0000, 0};
  CHECK(image::decode_top_level(texture).pixels.size() == 256);
}

// The seeds of fuzz_dds (fuzz/seeds/dds/) are the files made here, none from the corpus: one small file per
// decoded encoding and a PNG, each of which decodes. GAMEFMT_WRITE_FUZZ_SEEDS=1 writes them anew.
TEST_CASE("The DDS fuzz seeds are valid files made by the sample helpers", "[image]") {
  const auto folder = test::source_dir() / "fuzz/seeds/dds";
  const char* rewrite = std::getenv("GAMEFMT_WRITE_FUZZ_SEEDS");
  const auto write = [&](const char* name, const std::vector<std::byte>& bytes) {
    INFO(name);
    if (rewrite != nullptr && std::string_view(rewrite) == "1")
      std::ofstream(folder / name, std::ios::binary)
          .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    CHECK(test::read_bytes(folder / name) == bytes);
    if (std::string_view(name).ends_with(".dds")) CHECK_NOTHROW(decode(bytes));
  };
  const auto colours =
      concatenate({bc1_block(kRed, kBlue, kColumnIndices), bc1_block(kBlue, kRed, kColumnIndices)});
  write("bc1_8x4.dds", dds_file(compressed_header("DXT1", 8, 4), colours));
  write("bc2_5x3.dds",
        dds_file(compressed_header("DXT3", 5, 3),
                 concatenate({bc2_alpha_block({1, 2, 3, 15}), bc1_block(kBlue, kRed, kColumnIndices),
                              bc2_alpha_block({15, 0}), bc1_block(kGreen, kRed, {3, 2, 1})})));
  write("bc3_4x4.dds", dds_file(compressed_header("DXT5", 4, 4),
                                concatenate({bc3_alpha_block(0, 100, {7, 6, 5, 4, 3, 2, 1, 0}),
                                             bc1_block(kWhite, kBlue, kColumnIndices)})));
  auto dx10 = compressed_header("DX10", 4, 4);
  dx10.dx10 = test::DdsDx10Header{71, 3, 0x4, 1, 0};
  write("dx10_bc1_cube.dds", dds_file(dx10, std::vector<std::byte>(6 * 8, std::byte{0x5A})));
  std::vector<std::byte> pixels;
  for (int i = 0; i < 3 * 3 * 4; ++i) pixels.push_back(std::byte(i * 7));
  write("a8r8g8b8_3x3.dds",
        dds_file(test::uncompressed_dds_header(3, 3, 32, {0xFF0000, 0xFF00, 0xFF, 0xFF000000}), pixels));
  pixels.resize(2 * 3 * 3);
  write("r8g8b8_2x3.dds",
        dds_file(test::uncompressed_dds_header(2, 3, 24, {0xFF0000, 0xFF00, 0xFF, 0}), pixels));
  // The target also sniffs its input for PNG and JPEG.
  write("png_2x1.png", image::encode_png(image::Rgba8Image{2, 1, {255, 0, 0, 255, 0, 0, 255, 128}}));
}
