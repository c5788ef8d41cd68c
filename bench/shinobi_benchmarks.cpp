// Shinobi MDL1 / ANIM: read and write MB/s, and .model -> .glb per file. The inputs are the largest corpus
// files (skeleton_warrior_axe and its walk animation) when GAMEFMT_CORPUS is set; otherwise the benchmarks
// report that they were skipped.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <optional>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"

namespace {

std::optional<std::filesystem::path> corpus_file(const char* name) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  if (corpus == nullptr) return std::nullopt;
  const auto path = std::filesystem::path(corpus) / "grimrock" / name;
  if (!std::filesystem::exists(path)) return std::nullopt;
  return path;
}

constexpr const char* kModel = "skeleton_warrior_axe.model";
constexpr const char* kAnimation = "skeleton_warrior_axe_walk.animation";

void BM_ShinobiModelRead(benchmark::State& state) {
  const auto path = corpus_file(kModel);
  if (!path) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  const auto bytes = gamefmt::read_file_bytes(*path);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::shinobi::read_model(bytes, kModel));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShinobiModelRead)->Name("shinobi-model/read");

void BM_ShinobiModelWrite(benchmark::State& state) {
  const auto path = corpus_file(kModel);
  if (!path) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  const auto bytes = gamefmt::read_file_bytes(*path);
  const auto model = gamefmt::shinobi::read_model(bytes, kModel);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::shinobi::write_model(model));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShinobiModelWrite)->Name("shinobi-model/write");

void BM_ShinobiAnimationRead(benchmark::State& state) {
  const auto path = corpus_file(kAnimation);
  if (!path) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  const auto bytes = gamefmt::read_file_bytes(*path);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::shinobi::read_animation(bytes, kAnimation));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShinobiAnimationRead)->Name("shinobi-animation/read");

void BM_ShinobiAnimationWrite(benchmark::State& state) {
  const auto path = corpus_file(kAnimation);
  if (!path) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  const auto bytes = gamefmt::read_file_bytes(*path);
  const auto animation = gamefmt::shinobi::read_animation(bytes, kAnimation);
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::shinobi::write_animation(animation));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShinobiAnimationWrite)->Name("shinobi-animation/write");

// File on disk -> scene -> .glb bytes (what `gamefmt convert skeleton_warrior_axe.model -o x.glb` does
// minus the output write).
void BM_ShinobiModelToGlb(benchmark::State& state) {
  const auto path = corpus_file(kModel);
  if (!path) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  for (auto _ : state) {
    const auto scene = gamefmt::load_scene({*path}, {});
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "warrior.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ShinobiModelToGlb)->Name("shinobi-model/to-glb")->Unit(benchmark::kMillisecond);

}  // namespace
