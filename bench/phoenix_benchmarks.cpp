// Overgrowth: .phxbn, .anm, .fzx and save read/write MB/s (and keyframes/s, files/s), a rig + model + 10
// animations (+ ragdoll) -> .glb, and the way back from the scene to .phxbn/.anm/.fzx.
// No game files are public: the sample biped (42 bones) with a 60-key walk stands in, and a synthetic save
// with 200 levels of 40 entries each.
#include <benchmark/benchmark.h>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/save.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/rig_scene.hpp"

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
BENCHMARK(BM_PhoenixAnmRead)->Name("phoenix-anm/read");

void BM_PhoenixAnmWrite(benchmark::State& state) {
  const auto a = read_animation(walk_bytes(), "walk.anm");
  for (auto _ : state) benchmark::DoNotOptimize(write_animation(a));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(walk_bytes().size()));
  state.SetItemsProcessed(std::int64_t(state.iterations() * a.keyframes.size()));
}
BENCHMARK(BM_PhoenixAnmWrite)->Name("phoenix-anm/write");

void BM_PhoenixPhxbnRead(benchmark::State& state) {
  const auto bytes = write_skeleton(biped().skeleton);
  for (auto _ : state) benchmark::DoNotOptimize(read_skeleton(bytes, "biped.phxbn"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixPhxbnRead)->Name("phoenix-phxbn/read");

void BM_PhoenixPhxbnWrite(benchmark::State& state) {
  const auto bytes = write_skeleton(biped().skeleton);
  for (auto _ : state) benchmark::DoNotOptimize(write_skeleton(biped().skeleton));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixPhxbnWrite)->Name("phoenix-phxbn/write");

// What `gamefmt convert biped.phxbn biped.obj walk0.anm ... walk9.anm -o out.glb` does minus the disk.
void BM_PhoenixRigWith10AnimationsToGlb(benchmark::State& state) {
  const auto* handler = gamefmt::find_handler_by_id("phoenix-phxbn");
  gamefmt::ImportRequest request;
  request.primary = {"biped.phxbn", write_skeleton(biped().skeleton)};
  const auto* obj = reinterpret_cast<const std::byte*>(biped().model_obj.data());
  request.companions.push_back({"biped.obj", {obj, obj + biped().model_obj.size()}});
  for (int i = 0; i < 10; ++i)
    request.companions.push_back({"walk" + std::to_string(i) + ".anm", walk_bytes()});
  for (auto _ : state) {
    const auto scene = handler->import_scene(request);
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "out.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixRigWith10AnimationsToGlb)
    ->Name("phoenix-phxbn/rig-with-10-animations-to-glb")
    ->Unit(benchmark::kMillisecond);

const std::vector<std::byte>& ragdoll_bytes() {
  static const auto bytes = write_ragdoll(make_sample_ragdoll(biped()));
  return bytes;
}

void BM_PhoenixFzxRead(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(read_ragdoll(ragdoll_bytes(), "biped.fzx"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(ragdoll_bytes().size()));
  state.SetItemsProcessed(state.iterations());  // files/s
}
BENCHMARK(BM_PhoenixFzxRead)->Name("phoenix-fzx/read");

void BM_PhoenixFzxWrite(benchmark::State& state) {
  const auto r = read_ragdoll(ragdoll_bytes(), "biped.fzx");
  for (auto _ : state) benchmark::DoNotOptimize(write_ragdoll(r));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(ragdoll_bytes().size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixFzxWrite)->Name("phoenix-fzx/write");

const std::vector<std::byte>& save_bytes() {
  static const auto bytes = [] {
    SaveFile save;
    for (int l = 0; l < 200; ++l) {
      SavedLevel level;
      level.campaign_id = "com-wolfire-overgrowth-campaign";
      level.save_category = "linear_campaign";
      level.save_name = "level_" + std::to_string(l);
      for (int i = 0; i < 20; ++i)
        level.values.push_back({"key_" + std::to_string(i), "value " + std::to_string(i * l)});
      for (int i = 0; i < 10; ++i)
        level.array_values.push_back({"list_" + std::to_string(i), {"a", "bb", "ccc"}});
      for (int i = 0; i < 10; ++i) level.int_values.push_back({"int_" + std::to_string(i), i * l});
      save.levels.push_back(std::move(level));
    }
    return write_save(save);
  }();
  return bytes;
}

void BM_PhoenixSaveRead(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(read_save(save_bytes(), "savefile.sav3"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(save_bytes().size()));
  state.SetItemsProcessed(state.iterations());  // files/s
}
BENCHMARK(BM_PhoenixSaveRead)->Name("phoenix-sav/read");

void BM_PhoenixSaveWrite(benchmark::State& state) {
  const auto save = read_save(save_bytes(), "savefile.sav3");
  for (auto _ : state) benchmark::DoNotOptimize(write_save(save));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(save_bytes().size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixSaveWrite)->Name("phoenix-sav/write");

gamefmt::ImportRequest rig_request(int animations, bool ragdoll) {
  gamefmt::ImportRequest request;
  request.primary = {"biped.phxbn", write_skeleton(biped().skeleton)};
  const auto* obj = reinterpret_cast<const std::byte*>(biped().model_obj.data());
  request.companions.push_back({"biped.obj", {obj, obj + biped().model_obj.size()}});
  for (int i = 0; i < animations; ++i)
    request.companions.push_back({"walk" + std::to_string(i) + ".anm", walk_bytes()});
  if (ragdoll) request.companions.push_back({"biped.fzx", ragdoll_bytes()});
  return request;
}

// The rig with one walk and its ragdoll (with proxy meshes) -> .glb: files/s.
void BM_PhoenixRigWithRagdollToGlb(benchmark::State& state) {
  const auto* handler = gamefmt::find_handler_by_id("phoenix-phxbn");
  auto request = rig_request(1, true);
  request.options.emplace("ragdoll_proxies", "1");
  for (auto _ : state) {
    const auto scene = handler->import_scene(request);
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "out.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_PhoenixRigWithRagdollToGlb)
    ->Name("phoenix-fzx/rig-with-ragdoll-to-glb")
    ->Unit(benchmark::kMillisecond);

// The way back from a read-back .glb: .phxbn + .anm + .fzx per iteration (files/s counts the three).
void BM_PhoenixGlbToPhxbnAnmFzx(benchmark::State& state) {
  const auto* handler = gamefmt::find_handler_by_id("phoenix-phxbn");
  const auto scene = handler->import_scene(rig_request(1, true));
  const auto glb = gamefmt::gltf::write_gltf(scene, {}, "out.glb");
  const auto back = gamefmt::gltf::read_gltf(glb, "out.glb");
  for (auto _ : state) {
    benchmark::DoNotOptimize(write_skeleton(skeleton_from_scene(back, "out.phxbn")));
    benchmark::DoNotOptimize(write_animation(animation_from_scene(back, back.animations[0], "walk0.anm")));
    benchmark::DoNotOptimize(write_ragdoll(ragdoll_from_scene(back, "out.fzx")));
  }
  state.SetItemsProcessed(3 * std::int64_t(state.iterations()));
}
BENCHMARK(BM_PhoenixGlbToPhxbnAnmFzx)
    ->Name("phoenix-phxbn/from-glb-with-anm-and-fzx")
    ->Unit(benchmark::kMillisecond);

}  // namespace
