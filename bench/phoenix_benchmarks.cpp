// Overgrowth rigs: .phxbn and .anm read/write MB/s (and keyframes/s), and a rig + model + 10 animations -> .glb.
// No game files are public: the sample biped (42 bones) with a 60-key walk stands in.
#include <benchmark/benchmark.h>

#include "gamefmt/assimp/format_registry.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace {

using namespace gamefmt::phoenix;

const SampleBiped& biped() {
  static const SampleBiped b = make_sample_biped(11, 1);
  return b;
}
const std::vector<std::byte>& walk_bytes() {
  static const auto bytes = write_animation(make_sample_walk(biped(), 10, 60));
  return bytes;
}

void BM_PhoenixAnmRead(benchmark::State& state) {
  const auto& bytes = walk_bytes();
  std::size_t keys = 0;
  for (auto _ : state) {
    auto a = read_animation(bytes, "walk.anm");
    keys += a.keyframes.size();
    benchmark::DoNotOptimize(a);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(std::int64_t(keys));  // keyframes/s
}
BENCHMARK(BM_PhoenixAnmRead);

void BM_PhoenixAnmWrite(benchmark::State& state) {
  const auto a = read_animation(walk_bytes(), "walk.anm");
  for (auto _ : state) benchmark::DoNotOptimize(write_animation(a));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(walk_bytes().size()));
  state.SetItemsProcessed(std::int64_t(state.iterations() * a.keyframes.size()));
}
BENCHMARK(BM_PhoenixAnmWrite);

void BM_PhoenixPhxbnRead(benchmark::State& state) {
  const auto bytes = write_skeleton(biped().skeleton);
  for (auto _ : state) benchmark::DoNotOptimize(read_skeleton(bytes, "biped.phxbn"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixPhxbnRead);

void BM_PhoenixPhxbnWrite(benchmark::State& state) {
  const auto bytes = write_skeleton(biped().skeleton);
  for (auto _ : state) benchmark::DoNotOptimize(write_skeleton(biped().skeleton));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixPhxbnWrite);

// What `gamefmt convert biped.phxbn biped.obj walk0.anm ... walk9.anm -o out.glb` does minus the disk.
void BM_PhoenixRigWith10AnimationsToGlb(benchmark::State& state) {
  const auto* handler = gamefmt::assimp::find_handler_by_id("phoenix-phxbn");
  gamefmt::assimp::ImportRequest request;
  request.primary = {"biped.phxbn", write_skeleton(biped().skeleton)};
  const auto* obj = reinterpret_cast<const std::byte*>(biped().model_obj.data());
  request.companions.push_back({"biped.obj", {obj, obj + biped().model_obj.size()}});
  for (int i = 0; i < 10; ++i) request.companions.push_back({"walk" + std::to_string(i) + ".anm", walk_bytes()});
  for (auto _ : state) {
    const auto scene = handler->import_scene(request);
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(*scene, {}, "out.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixRigWith10AnimationsToGlb)->Unit(benchmark::kMillisecond);

}  // namespace
