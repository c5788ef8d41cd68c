// Lugaru .solid: read and write MB/s, and the whole .solid -> .glb conversion per file.
#include <benchmark/benchmark.h>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/lugaru/solid.hpp"

namespace {

const std::filesystem::path kWolf = std::filesystem::path(GAMEFMT_SOURCE_DIR) / "samples/lugaru/Wolf.solid";

void BM_SolidRead(benchmark::State& state) {
  const auto bytes = gamefmt::read_file_bytes(kWolf);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::lugaru::read_solid(bytes, "Wolf.solid"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SolidRead)->Name("lugaru-solid/read");

void BM_SolidWrite(benchmark::State& state) {
  const auto bytes = gamefmt::read_file_bytes(kWolf);
  const auto model = gamefmt::lugaru::read_solid(bytes, "Wolf.solid");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::lugaru::write_solid(model));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SolidWrite)->Name("lugaru-solid/write");

// File bytes in memory -> scene -> .glb bytes (what `gamefmt convert Wolf.solid -o Wolf.glb` does minus
// disk).
void BM_SolidToGlb(benchmark::State& state) {
  for (auto _ : state) {
    const auto scene = gamefmt::load_scene({kWolf}, {});
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "Wolf.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SolidToGlb)->Name("lugaru-solid/to-glb")->Unit(benchmark::kMillisecond);

}  // namespace
