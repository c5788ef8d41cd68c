// Texture decoding and PNG encoding (gamefmt/image): BC1 and BC3 decode MB/s of compressed data, beside
// libsquish's decoder on the same blocks for comparison, and PNG encode MB/s of RGBA.
// The textures are made here: a 1024 x 1024 picture with smooth gradients, noise and (for BC3) varying alpha,
// compressed by libsquish, so the blocks mix colours and modes as real textures do.
#include <benchmark/benchmark.h>
#include <squish.h>

#include <cstring>
#include <random>

#include "gamefmt/image/dds.hpp"
#include "gamefmt/image/png.hpp"

namespace {

using gamefmt::image::DdsEncoding;
using gamefmt::image::DdsTexture;

constexpr std::uint32_t kSize = 1024;

std::vector<std::uint8_t> synthetic_picture(bool with_alpha) {
  std::vector<std::uint8_t> rgba(std::size_t{kSize} * kSize * 4);
  std::mt19937 random(1234);
  std::uniform_int_distribution<int> noise(-12, 12);
  for (std::uint32_t y = 0; y < kSize; ++y) {
    for (std::uint32_t x = 0; x < kSize; ++x) {
      std::uint8_t* p = &rgba[(std::size_t{y} * kSize + x) * 4];
      const int base[3] = {int(x / 4), int(y / 4), int((x + y) / 8)};
      for (int c = 0; c < 3; ++c)
        p[c] = static_cast<std::uint8_t>(std::clamp(base[c] + noise(random), 0, 255));
      p[3] = with_alpha ? static_cast<std::uint8_t>((x * 7 + y * 3) & 0xFF) : 255;
    }
  }
  return rgba;
}

DdsTexture synthetic_texture(DdsEncoding encoding) {
  const int flags = (encoding == DdsEncoding::bc1 ? squish::kDxt1 : squish::kDxt5) | squish::kColourRangeFit;
  const auto picture = synthetic_picture(encoding != DdsEncoding::bc1);
  DdsTexture texture;
  texture.width = texture.height = kSize;
  texture.encoding = encoding;
  texture.format_name = encoding == DdsEncoding::bc1 ? "DXT1" : "DXT5";
  texture.top_level.resize(static_cast<std::size_t>(squish::GetStorageRequirements(kSize, kSize, flags)));
  squish::CompressImage(picture.data(), kSize, kSize, texture.top_level.data(), flags);
  return texture;
}

const DdsTexture& texture_of(DdsEncoding encoding) {
  static const DdsTexture bc1 = synthetic_texture(DdsEncoding::bc1);
  static const DdsTexture bc3 = synthetic_texture(DdsEncoding::bc3);
  return encoding == DdsEncoding::bc1 ? bc1 : bc3;
}

void decode_with_gamefmt(benchmark::State& state, DdsEncoding encoding) {
  const auto& texture = texture_of(encoding);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::image::decode_top_level(texture));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(texture.top_level.size()));
}
void BM_ImageDecodeBc1(benchmark::State& state) {
  decode_with_gamefmt(state, DdsEncoding::bc1);
}
void BM_ImageDecodeBc3(benchmark::State& state) {
  decode_with_gamefmt(state, DdsEncoding::bc3);
}
BENCHMARK(BM_ImageDecodeBc1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImageDecodeBc3)->Unit(benchmark::kMillisecond);

// libsquish on one core: its DecompressImage spreads blocks over OpenMP threads in Debian's build, so the
// blocks go through squish::Decompress (what DecompressImage runs per block) into the same image.
void decode_with_libsquish(benchmark::State& state, DdsEncoding encoding) {
  const auto& texture = texture_of(encoding);
  const int flags = encoding == DdsEncoding::bc1 ? squish::kDxt1 : squish::kDxt5;
  const std::size_t block_size = encoding == DdsEncoding::bc1 ? 8 : 16;
  std::vector<std::uint8_t> rgba(std::size_t{kSize} * kSize * 4);
  for (auto _ : state) {
    const std::byte* block = texture.top_level.data();
    std::uint8_t tile[64];
    for (std::uint32_t y = 0; y < kSize; y += 4) {
      for (std::uint32_t x = 0; x < kSize; x += 4, block += block_size) {
        squish::Decompress(tile, block, flags);
        for (int r = 0; r < 4; ++r)
          std::memcpy(&rgba[((y + r) * std::size_t{kSize} + x) * 4], tile + 16 * r, 16);
      }
    }
    benchmark::DoNotOptimize(rgba.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(texture.top_level.size()));
}
void BM_ImageDecodeBc1Libsquish(benchmark::State& state) {
  decode_with_libsquish(state, DdsEncoding::bc1);
}
void BM_ImageDecodeBc3Libsquish(benchmark::State& state) {
  decode_with_libsquish(state, DdsEncoding::bc3);
}
BENCHMARK(BM_ImageDecodeBc1Libsquish)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImageDecodeBc3Libsquish)->Unit(benchmark::kMillisecond);

// MB/s of RGBA pixels in: the decoded BC1 texture is opaque (written as RGB), the BC3 one has alpha.
void encode_png(benchmark::State& state, DdsEncoding encoding) {
  const auto image = gamefmt::image::decode_top_level(texture_of(encoding));
  std::size_t png_size = 0;
  for (auto _ : state) {
    const auto png = gamefmt::image::encode_png(image);
    png_size = png.size();
    benchmark::DoNotOptimize(png.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(image.pixels.size()));
  state.counters["png_bytes"] = double(png_size);
}
void BM_ImagePngEncodeOpaque(benchmark::State& state) {
  encode_png(state, DdsEncoding::bc1);
}
void BM_ImagePngEncodeAlpha(benchmark::State& state) {
  encode_png(state, DdsEncoding::bc3);
}
BENCHMARK(BM_ImagePngEncodeOpaque)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ImagePngEncodeAlpha)->Unit(benchmark::kMillisecond);

}  // namespace
