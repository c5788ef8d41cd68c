// X-Ray texture descriptors and bump maps: .thm read and write (files/s of a full texture descriptor), and
// the rebuild of a 1024 x 1024 bump pair into glTF's normal and metal/roughness pixels (MB/s of RGBA input).
#include <benchmark/benchmark.h>

#include "gamefmt/xray/thm.hpp"
#include "xray/xray_bump_maps.hpp"

namespace {

using namespace gamefmt;

xray::Thm texture_thm() {
  xray::Thm thm;
  thm.version = 18;
  thm.type = xray::kThmTypeTexture;
  thm.params = xray::ThmTextureParams{3, xray::kThmFlagDiffuseDetail, 0, 0, 0, 0, 1024, 1024};
  thm.texture_type = 0;
  thm.detail = xray::ThmDetail{"detail\\detail_grnd_grass", 4.5f};
  thm.material = xray::ThmMaterial{1, 0.25f};
  thm.bump = xray::ThmBump{0.05f, 2, "act\\act_zombie_1_bump"};
  thm.fade_delay = 0;
  return thm;
}

void BM_XrayThmRead(benchmark::State& state) {
  const auto bytes = xray::write_thm(texture_thm());
  for (auto _ : state) benchmark::DoNotOptimize(xray::read_thm(bytes, "t.thm"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayThmRead)->Name("xray-thm/read");

void BM_XrayThmWrite(benchmark::State& state) {
  const auto thm = texture_thm();
  std::size_t size = 0;
  for (auto _ : state) {
    const auto bytes = xray::write_thm(thm);
    size = bytes.size();
    benchmark::DoNotOptimize(bytes.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayThmWrite)->Name("xray-thm/write");

void BM_XrayBumpRebuild(benchmark::State& state) {
  image::Rgba8Image bump{1024, 1024, std::vector<std::uint8_t>(1024 * 1024 * 4)};
  for (std::size_t i = 0; i < bump.pixels.size(); ++i) bump.pixels[i] = std::uint8_t(i * 7 + i / 4096);
  image::Rgba8Image error = bump;
  for (auto& v : error.pixels) v = std::uint8_t(v ^ 0x5A);
  for (auto _ : state) benchmark::DoNotOptimize(xray::rebuild_xray_bump(bump, &error));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bump.pixels.size()));
}
BENCHMARK(BM_XrayBumpRebuild)->Name("xray-bump/rebuild")->Unit(benchmark::kMillisecond);

}  // namespace
