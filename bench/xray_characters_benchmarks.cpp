// X-Ray characters: OMF read / write / key decoding (MB/s, keys/s) on a synthetic motion set, and OGF -> .glb on
// the largest corpus model when GAMEFMT_CORPUS is set.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/xray/omf.hpp"

namespace {

// 40 motions x 48 bones x 60 frames: rotating bones with 8- and 16-bit translations, as a creature's motion set.
const std::vector<std::byte>& synthetic_omf() {
  static const std::vector<std::byte> bytes = [] {
    using namespace gamefmt::xray;
    OmfFile omf;
    constexpr int kBones = 48, kMotions = 40, kFrames = 60;
    BonePart part;
    part.name = "default";
    for (int b = 0; b < kBones; ++b) part.bones.push_back({"bone" + std::to_string(b), std::uint32_t(b)});
    omf.params.parts.push_back(part);
    omf.keys.count_payload = {std::byte{kMotions}, std::byte{0}, std::byte{0}, std::byte{0}};
    for (int m = 0; m < kMotions; ++m) {
      MotionKeys motion;
      motion.chunk_id = std::uint32_t(m + 1);
      motion.name = "motion" + std::to_string(m);
      motion.frame_count = kFrames;
      for (int b = 0; b < kBones; ++b) {
        std::vector<std::array<float, 4>> rotations;
        std::vector<std::array<float, 3>> translations;
        for (int f = 0; f < kFrames; ++f) {
          const float angle = 0.05f * float(f + b + m);
          rotations.push_back({std::sin(angle / 2), 0.0f, 0.0f, std::cos(angle / 2)});
          translations.push_back({0.01f * f * float(b % 3), (b % 5 == 0 ? 2.0f : 0.1f) * std::sin(angle), 0.0f});
        }
        motion.bones.push_back(encode_bone_keys(rotations, translations, false));
      }
      omf.keys.motions.push_back(std::move(motion));
      MotionDef def;
      def.name = "motion" + std::to_string(m);
      def.motion = std::uint16_t(m);
      omf.params.motions.push_back(def);
    }
    return write_omf(omf);
  }();
  return bytes;
}

void BM_OmfRead(benchmark::State& state) {
  const auto& bytes = synthetic_omf();
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::xray::read_omf(bytes, "synthetic.omf"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_OmfRead);

// Read plus the engine decoding of every key (rotation and translation per bone per frame): keys/s.
void BM_OmfDecode(benchmark::State& state) {
  const auto& bytes = synthetic_omf();
  std::int64_t keys = 0;
  for (auto _ : state) {
    const auto omf = gamefmt::xray::read_omf(bytes, "synthetic.omf");
    float sum = 0;
    for (const auto& motion : omf.keys.motions)
      for (const auto& bone : motion.bones)
        for (std::size_t f = 0; f < motion.frame_count; ++f) {
          sum += gamefmt::xray::decode_rotation(bone, f)[3] + gamefmt::xray::decode_translation(bone, f)[1];
          ++keys;
        }
    benchmark::DoNotOptimize(sum);
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(keys);
}
BENCHMARK(BM_OmfDecode);

void BM_OmfWrite(benchmark::State& state) {
  const auto& bytes = synthetic_omf();
  const auto omf = gamefmt::xray::read_omf(bytes, "synthetic.omf");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::xray::write_omf(omf));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_OmfWrite);

// A 1.2 MB character (rad_stalker_zombied4c_face1.ogf) -> .glb in memory.
void BM_OgfToGlb(benchmark::State& state) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  const auto path = std::filesystem::path(corpus ? corpus : "") / "xray/rad_stalker_zombied4c_face1.ogf";
  if (corpus == nullptr || !std::filesystem::exists(path)) {
    state.SkipWithError("GAMEFMT_CORPUS is not set");
    return;
  }
  for (auto _ : state) {
    const auto scene = gamefmt::load_scene({path}, {});
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(*scene, {}, "character.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(std::filesystem::file_size(path)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OgfToGlb)->Unit(benchmark::kMillisecond);

}  // namespace
