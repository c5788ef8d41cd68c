#include "dds_samples.hpp"

#include "gamefmt/core/byte_writer.hpp"

namespace gamefmt::test {

std::vector<std::byte> dds_file(const DdsSampleHeader& h, std::span<const std::byte> data) {
  ByteWriter w(ByteOrder::little);
  w.bytes("DDS ");
  w.u32(124);
  w.u32(h.header_flags);
  w.u32(h.height);
  w.u32(h.width);
  w.u32(0);  // pitch or linear size: readers ignore it
  w.u32(h.depth);
  w.u32(h.mip_levels);
  w.fill(44, std::byte{0});
  w.u32(32);
  w.u32(h.pixel_flags);
  std::string fourcc = h.fourcc;
  fourcc.resize(4, '\0');
  w.bytes(fourcc);
  w.u32(h.rgb_bit_count);
  for (const auto mask : h.masks) w.u32(mask);
  w.u32(0x1000);  // DDSCAPS_TEXTURE
  w.u32(h.caps2);
  w.fill(12, std::byte{0});
  if (h.dx10) {
    w.u32(h.dx10->dxgi_format);
    w.u32(h.dx10->resource_dimension);
    w.u32(h.dx10->misc_flag);
    w.u32(h.dx10->array_size);
    w.u32(h.dx10->misc_flags2);
  }
  w.bytes(data);
  return w.take();
}

DdsSampleHeader uncompressed_dds_header(std::uint32_t width, std::uint32_t height, std::uint32_t bit_count,
                                        std::array<std::uint32_t, 4> masks) {
  DdsSampleHeader h;
  h.width = width;
  h.height = height;
  h.pixel_flags = 0x40 | (masks[3] != 0 ? 0x1 : 0);  // DDPF_RGB, DDPF_ALPHAPIXELS
  h.fourcc = std::string(4, '\0');
  h.rgb_bit_count = bit_count;
  h.masks = masks;
  return h;
}

std::array<std::byte, 8> bc1_block(std::uint16_t color0, std::uint16_t color1,
                                   std::array<std::uint8_t, 16> indices) {
  std::uint32_t bits = 0;
  for (int i = 0; i < 16; ++i) bits |= std::uint32_t(indices[i] & 3) << (2 * i);
  return {std::byte(color0 & 0xFF), std::byte(color0 >> 8), std::byte(color1 & 0xFF), std::byte(color1 >> 8),
          std::byte(bits & 0xFF),   std::byte(bits >> 8),   std::byte(bits >> 16),    std::byte(bits >> 24)};
}

std::array<std::byte, 8> bc2_alpha_block(std::array<std::uint8_t, 16> alphas) {
  std::array<std::byte, 8> out{};
  for (int i = 0; i < 16; ++i) out[i / 2] |= std::byte((alphas[i] & 0xF) << (4 * (i % 2)));
  return out;
}

std::array<std::byte, 8> bc3_alpha_block(std::uint8_t alpha0, std::uint8_t alpha1,
                                         std::array<std::uint8_t, 16> indices) {
  std::uint64_t bits = 0;
  for (int i = 0; i < 16; ++i) bits |= std::uint64_t(indices[i] & 7) << (3 * i);
  std::array<std::byte, 8> out{std::byte{alpha0}, std::byte{alpha1}};
  for (int i = 0; i < 6; ++i) out[2 + i] = std::byte((bits >> (8 * i)) & 0xFF);
  return out;
}

std::vector<std::byte> concatenate(std::initializer_list<std::span<const std::byte>> parts) {
  std::vector<std::byte> out;
  for (const auto& part : parts) out.insert(out.end(), part.begin(), part.end());
  return out;
}

}  // namespace gamefmt::test
