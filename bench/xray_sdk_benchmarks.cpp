// X-Ray SDK files: .object read / write / -> scene (MB/s, files/s) on a synthetic skinned, animated grid,
// .skls read and baking (keys/s), and the corpus SDK files rewritten (files/s) when GAMEFMT_CORPUS is set.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/xray/bones_file.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_motion_scene.hpp"

namespace {

using namespace gamefmt::xray;

constexpr int kGrid = 64;          // 64 x 64 points, 7938 triangles
constexpr int kBones = 16;         // a chain, each bone weighting a band of rows
constexpr int kMotionFrames = 60;  // 2 s at 30 fps, one LINE key per frame and channel

SdkMotion synthetic_motion(int index) {
  SdkMotion motion;
  motion.name = "motion" + std::to_string(index);
  motion.frame_end = kMotionFrames - 1;
  for (int b = 0; b < kBones; ++b) {
    SdkBoneMotion bone;
    bone.name = "bone" + std::to_string(b);
    for (int c = 0; c < 6; ++c)
      for (int f = 0; f < kMotionFrames; ++f) {
        EnvelopeKey key;
        key.time = float(f) / 30;
        key.value =
            c < 3 ? (c == 1 && b > 0 ? 0.1f : 0.0f) : 0.2f * std::sin(0.1f * float(f + b + c + index));
        key.shape = static_cast<std::uint32_t>(EnvelopeShape::linear);
        bone.channels[c].keys.push_back(key);
      }
    motion.bones.push_back(std::move(bone));
  }
  return motion;
}

const std::vector<std::byte>& synthetic_object() {
  static const std::vector<std::byte> bytes = [] {
    ObjectFile o;
    o.flags = kObjectDynamic;
    o.surfaces = {
        {"skin", "models\\model", "default", "default_object", "act\\skin", "Texture", 0, 0x112, 1}};
    ObjectMesh mesh;
    mesh.name = "grid";
    mesh.bbox = std::array<float, 6>{0, 0, 0, 1, 1.6f, 0};
    VMap uv{"Texture", 2, 0, 0, {}, {}, {}};
    std::vector<VMap> weights(kBones);
    for (int b = 0; b < kBones; ++b) weights[b] = {"bone" + std::to_string(b), 1, 0, 1, {}, {}, {}};
    for (int y = 0; y < kGrid; ++y)
      for (int x = 0; x < kGrid; ++x) {
        const auto point = std::uint32_t(mesh.points.size());
        mesh.points.push_back({float(x) / kGrid, 1.6f * float(y) / kGrid, 0.05f * std::sin(float(x))});
        uv.data.insert(uv.data.end(), {float(x) / kGrid, float(y) / kGrid});
        uv.points.push_back(point);
        const int bone = y * kBones / kGrid;
        weights[bone].data.push_back(1.0f);
        weights[bone].points.push_back(point);
        mesh.vmap_refs.push_back(
            {{0, point}, {std::uint32_t(1 + bone), std::uint32_t(weights[bone].points.size() - 1)}});
      }
    mesh.vmaps.push_back(uv);
    mesh.vmaps.insert(mesh.vmaps.end(), weights.begin(), weights.end());
    SurfaceFaces all{"skin", {}};
    for (int y = 0; y + 1 < kGrid; ++y)
      for (int x = 0; x + 1 < kGrid; ++x) {
        const auto a = std::uint32_t(y * kGrid + x), b = a + 1, c = a + kGrid, d = c + 1;
        for (const auto& tri : {std::array{a, c, b}, std::array{b, c, d}}) {
          all.faces.push_back(std::uint32_t(mesh.faces.size()));
          mesh.faces.push_back({tri, tri});
        }
      }
    mesh.smoothing = std::vector<std::uint32_t>(mesh.faces.size(), 0);
    mesh.surface_faces = {all};
    o.meshes = std::vector<ObjectMesh>{mesh};
    auto& bones = o.bones.emplace(kBones);
    for (int b = 0; b < kBones; ++b) {
      bones[b].version = 2;
      bones[b].name = bones[b].weight_map = "bone" + std::to_string(b);
      if (b > 0) bones[b].parent = "bone" + std::to_string(b - 1);
      bones[b].second_definition = true;
      bones[b].bind_pose = std::array<float, 7>{0, b > 0 ? 0.1f : 0.0f, 0, 0, 0, 0, 0.1f};
      bones[b].game_material = "default_object";
      bones[b].shape.emplace();
      bones[b].joint.emplace();
    }
    o.motions = std::vector<SdkMotion>{synthetic_motion(0), synthetic_motion(1)};
    return write_object(o);
  }();
  return bytes;
}

void BM_SdkObjectRead(benchmark::State& state) {
  const auto& bytes = synthetic_object();
  for (auto _ : state) benchmark::DoNotOptimize(read_object(bytes, "synthetic.object"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkObjectRead)->Name("xray-object/read");

void BM_SdkObjectWrite(benchmark::State& state) {
  const auto& bytes = synthetic_object();
  const auto object = read_object(bytes, "synthetic.object");
  for (auto _ : state) benchmark::DoNotOptimize(write_object(object));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkObjectWrite)->Name("xray-object/write");

// Read + scene: smoothing-group normals, vertex splitting, skin and baking of both motions.
void BM_SdkObjectToScene(benchmark::State& state) {
  const auto& bytes = synthetic_object();
  for (auto _ : state)
    benchmark::DoNotOptimize(gamefmt::xray::object_to_scene(read_object(bytes, "synthetic.object"), "grid"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkObjectToScene)->Name("xray-object/to-scene")->Unit(benchmark::kMillisecond);

// Read a .skls and bake every bone at every frame (keys/s = bone poses evaluated).
void BM_SdkSklsBake(benchmark::State& state) {
  static const auto bytes = write_skls({{synthetic_motion(0), synthetic_motion(1), synthetic_motion(2)}});
  std::int64_t poses = 0;
  for (auto _ : state) {
    const auto skls = read_skls(bytes, "synthetic.skls");
    benchmark::DoNotOptimize(
        gamefmt::xray::sdk_motions_to_scene(skls.motions, "motions", "synthetic.skls", {}));
    poses += std::int64_t(skls.motions.size()) * kBones * kMotionFrames;
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(poses);
}
BENCHMARK(BM_SdkSklsBake)->Name("xray-skls/read-and-bake");

// Read and write of one motion (.skl) and of a list of three (.skls).
void BM_SdkSklRewrite(benchmark::State& state) {
  static const auto bytes = write_skl({kChunkSklMotion, synthetic_motion(0)});
  for (auto _ : state) benchmark::DoNotOptimize(write_skl(read_skl(bytes, "synthetic.skl")));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkSklRewrite)->Name("xray-skl/read-write");

void BM_SdkSklsRewrite(benchmark::State& state) {
  static const auto bytes = write_skls({{synthetic_motion(0), synthetic_motion(1), synthetic_motion(2)}});
  for (auto _ : state) benchmark::DoNotOptimize(write_skls(read_skls(bytes, "synthetic.skls")));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkSklsRewrite)->Name("xray-skls/read-write");

// The bones of the synthetic object as a .bones file, read alone, and read and written.
const std::vector<std::byte>& synthetic_bones_file() {
  static const auto bytes = [] {
    BonesFile file;
    file.bones = *read_object(synthetic_object(), "synthetic.object").bones;
    return write_bones_file(file);
  }();
  return bytes;
}

void BM_SdkBonesRead(benchmark::State& state) {
  const auto& bytes = synthetic_bones_file();
  for (auto _ : state) benchmark::DoNotOptimize(read_bones_file(bytes, "synthetic.bones"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkBonesRead)->Name("xray-bones/read");

void BM_SdkBonesRewrite(benchmark::State& state) {
  const auto& bytes = synthetic_bones_file();
  for (auto _ : state) benchmark::DoNotOptimize(write_bones_file(read_bones_file(bytes, "synthetic.bones")));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SdkBonesRewrite)->Name("xray-bones/read-write");

// Every corpus .object/.skl/.skls/.bones read and rewritten: files/s.
void BM_SdkCorpusRewrite(benchmark::State& state) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  if (corpus == nullptr) {
    state.SkipWithError("GAMEFMT_CORPUS is not set");
    return;
  }
  std::vector<std::pair<std::string, std::vector<std::byte>>> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(corpus) / "xray")) {
    const auto extension = entry.path().extension().string();
    if (extension == ".object" || extension == ".skl" || extension == ".skls" || extension == ".bones")
      files.emplace_back(extension, gamefmt::read_file_bytes(entry.path()));
  }
  std::int64_t bytes = 0;
  for (auto _ : state)
    for (const auto& [extension, data] : files) {
      if (extension == ".object")
        benchmark::DoNotOptimize(write_object(read_object(data, "x")));
      else if (extension == ".skl")
        benchmark::DoNotOptimize(write_skl(read_skl(data, "x")));
      else if (extension == ".skls")
        benchmark::DoNotOptimize(write_skls(read_skls(data, "x")));
      else
        benchmark::DoNotOptimize(write_bones_file(read_bones_file(data, "x")));
      bytes += std::int64_t(data.size());
    }
  state.SetBytesProcessed(bytes);
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(files.size()));
}
BENCHMARK(BM_SdkCorpusRewrite)->Name("xray-object/corpus-sdk-files-rewrite");

}  // namespace
