#pragma once
// DDS files laid out by hand for the image tests and the fuzz seeds: a header with the fields a test chooses,
// then the data as given. Nothing here decodes.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gamefmt::test {

struct DdsDx10Header {
  std::uint32_t dxgi_format = 71;        // DXGI_FORMAT_BC1_UNORM
  std::uint32_t resource_dimension = 3;  // 2D
  std::uint32_t misc_flag = 0;
  std::uint32_t array_size = 1;
  std::uint32_t misc_flags2 = 0;
};

struct DdsSampleHeader {
  std::uint32_t width = 4;
  std::uint32_t height = 4;
  std::uint32_t header_flags = 0x1007;  // CAPS | HEIGHT | WIDTH | PIXELFORMAT
  std::uint32_t depth = 0;
  std::uint32_t mip_levels = 1;
  std::uint32_t pixel_flags = 0x4;  // DDPF_FOURCC
  std::string fourcc = "DXT1";      // up to four characters, padded with NULs
  std::uint32_t rgb_bit_count = 0;
  std::array<std::uint32_t, 4> masks{};  // red, green, blue, alpha
  std::uint32_t caps2 = 0;
  std::optional<DdsDx10Header> dx10;  // written after the header when set (give fourcc "DX10" too)
};

// The 128-byte header (148 with DX10) followed by `data`.
std::vector<std::byte> dds_file(const DdsSampleHeader& header, std::span<const std::byte> data);

// Uncompressed headers: DDPF_RGB with the masks (and DDPF_ALPHAPIXELS when the alpha mask is not 0).
DdsSampleHeader uncompressed_dds_header(std::uint32_t width, std::uint32_t height, std::uint32_t bit_count,
                                        std::array<std::uint32_t, 4> masks);

// One BC1 colour block (also the second half of a BC2/BC3 block): two RGB 5:6:5 end points and 16 2-bit
// indices, pixel 0 (top left) first, row by row.
std::array<std::byte, 8> bc1_block(std::uint16_t color0, std::uint16_t color1,
                                   std::array<std::uint8_t, 16> indices);
// The first half of a BC2 block: 16 4-bit alphas, pixel 0 first.
std::array<std::byte, 8> bc2_alpha_block(std::array<std::uint8_t, 16> alphas);
// The first half of a BC3 block: two 8-bit end points and 16 3-bit indices, pixel 0 first.
std::array<std::byte, 8> bc3_alpha_block(std::uint8_t alpha0, std::uint8_t alpha1,
                                         std::array<std::uint8_t, 16> indices);

// Blocks concatenated.
std::vector<std::byte> concatenate(std::initializer_list<std::span<const std::byte>> parts);

}  // namespace gamefmt::test
