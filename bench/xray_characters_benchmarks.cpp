// X-Ray characters: OMF read / write / key decoding (MB/s, keys/s) on a synthetic motion set, and that set
// as a scene and as a .glb (keys/s); OGF read / write (MB/s, vertices/s) and .glb -> OGF on a synthetic
// character; OGF -> .glb on the largest corpus model and the corpus dog with its 79 motions (what
// `gamefmt convert` does for it, in memory, stage by stage) when GAMEFMT_CORPUS is set.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <vector>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"
#include "gamefmt/xray/omf.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"

namespace {

// 40 motions x 48 bones x 60 frames: rotating bones with 8- and 16-bit translations, as a creature's motion
// set.
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
          translations.push_back(
              {0.01f * f * float(b % 3), (b % 5 == 0 ? 2.0f : 0.1f) * std::sin(angle), 0.0f});
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
BENCHMARK(BM_OmfRead)->Name("xray-omf/read");

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
BENCHMARK(BM_OmfDecode)->Name("xray-omf/decode");

// Bone keys (a rotation and a translation per bone per frame) of a motion set.
std::int64_t key_count(const gamefmt::xray::OmfFile& omf) {
  std::int64_t keys = 0;
  for (const auto& motion : omf.keys.motions)
    keys += std::int64_t(motion.bones.size()) * std::int64_t(motion.frame_count);
  return keys;
}

// The motions as scene animations (keys decoded, converted to glTF axes): keys/s.
void BM_OmfToScene(benchmark::State& state) {
  const auto omf = gamefmt::xray::read_omf(synthetic_omf(), "synthetic.omf");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::xray::omf_to_scene(omf, "synthetic"));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * key_count(omf));
}
BENCHMARK(BM_OmfToScene)->Name("xray-omf/to-scene")->Unit(benchmark::kMillisecond);

// The scene written as a .glb in each iteration (validation, accessors, JSON, GLB container); bytes/s of
// .glb.
void write_glb_each_iteration(benchmark::State& state, const gamefmt::scene::Scene& scene) {
  std::size_t size = 0;
  for (auto _ : state) {
    const auto glb = gamefmt::gltf::write_gltf(scene, {}, "benchmark.glb");
    size = glb.size();
    benchmark::DoNotOptimize(glb.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
}

// Those animations written as a .glb: keys/s.
void BM_MotionSceneToGlb(benchmark::State& state) {
  const auto omf = gamefmt::xray::read_omf(synthetic_omf(), "synthetic.omf");
  write_glb_each_iteration(state, gamefmt::xray::omf_to_scene(omf, "synthetic"));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * key_count(omf));
}
BENCHMARK(BM_MotionSceneToGlb)->Name("xray-omf/motion-scene-to-glb")->Unit(benchmark::kMillisecond);

void BM_OmfWrite(benchmark::State& state) {
  const auto& bytes = synthetic_omf();
  const auto omf = gamefmt::xray::read_omf(bytes, "synthetic.omf");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::xray::write_omf(omf));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_OmfWrite)->Name("xray-omf/write");

// A character as the SDK writes one: 32 bones in a chain, 3 children of 128 x 64 vertices (2 links, a grid
// wrapped round the bones), with tangents.
const gamefmt::xray::OgfModel& synthetic_character() {
  static const gamefmt::xray::OgfModel model = [] {
    using namespace gamefmt::xray;
    OgfModel m;
    m.header.type = kOgfSkeletonRigid;
    constexpr int kBones = 32, kColumns = 128, kRows = 64;
    for (int b = 0; b < kBones; ++b) {
      OgfBone bone;
      bone.name = "bone" + std::to_string(b);
      bone.parent_name = b == 0 ? "" : "bone" + std::to_string(b - 1);
      bone.box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      bone.box.half_size = {0.1f, 0.1f, 0.1f};
      bone.ik_version = 1;
      bone.game_material = "default_object";
      bone.bind_translation = {0, b == 0 ? 0.0f : 0.05f, 0};
      bone.mass = 10;
      m.bones.push_back(bone);
    }
    m.has_ik_data = true;
    for (int child = 0; child < 3; ++child) {
      OgfMesh mesh;
      mesh.header.type = kOgfSkinnedStatic;
      mesh.texture = "act\\body" + std::to_string(child);
      mesh.shader = "models\\model";
      mesh.vertex_format = kSkinned2LinkSoC;
      mesh.links = 2;
      for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kColumns; ++c) {
          OgfVertex v;
          const float angle = 6.2831853f * float(c) / kColumns, height = 1.6f * float(r) / kRows;
          v.position = {0.2f * std::cos(angle) + 0.5f * float(child), height, 0.2f * std::sin(angle)};
          v.normal = {std::cos(angle), 0, std::sin(angle)};
          v.uv = {float(c) / kColumns, float(r) / kRows};
          const int bone = std::min(kBones - 2, int(height / 0.05f));
          v.bones = {std::uint16_t(bone), std::uint16_t(bone + 1), 0, 0};
          v.weights[0] = std::fmod(height, 0.05f) / 0.05f;
          mesh.vertices.push_back(v);
        }
      for (int r = 0; r + 1 < kRows; ++r)
        for (int c = 0; c < kColumns; ++c) {
          const auto at = [&](int rr, int cc) { return std::uint16_t(rr * kColumns + cc % kColumns); };
          mesh.indices.insert(mesh.indices.end(), {at(r, c), at(r + 1, c), at(r, c + 1), at(r, c + 1),
                                                   at(r + 1, c), at(r + 1, c + 1)});
        }
      compute_ogf_tangents(mesh);
      m.meshes.push_back(std::move(mesh));
    }
    return m;
  }();
  return model;
}

std::int64_t vertex_count(const gamefmt::xray::OgfModel& model) {
  std::int64_t count = 0;
  for (const auto& mesh : model.meshes) count += std::int64_t(mesh.vertices.size());
  return count;
}

void BM_OgfRead(benchmark::State& state) {
  const auto bytes = gamefmt::xray::write_ogf(synthetic_character(), "synthetic.ogf");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::xray::read_ogf(bytes, "synthetic.ogf"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * vertex_count(synthetic_character()));
}
BENCHMARK(BM_OgfRead)->Name("xray-ogf/read");

void BM_OgfWrite(benchmark::State& state) {
  const auto& model = synthetic_character();
  std::size_t size = 0;
  for (auto _ : state) {
    const auto bytes = gamefmt::xray::write_ogf(model, "synthetic.ogf");
    size = bytes.size();
    benchmark::DoNotOptimize(bytes.data());
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * vertex_count(synthetic_character()));
}
BENCHMARK(BM_OgfWrite)->Name("xray-ogf/write");

// Tangents and binormals of one child of the synthetic character (8192 vertices, 16128 triangles), as the OGF
// writer computes them (vertices kept).
void BM_OgfTangents(benchmark::State& state) {
  auto mesh = synthetic_character().meshes[0];
  for (auto _ : state) {
    gamefmt::xray::compute_ogf_tangents(mesh);
    benchmark::DoNotOptimize(mesh.vertices.data());
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(mesh.vertices.size()));
}
BENCHMARK(BM_OgfTangents)->Name("xray-ogf/tangents")->Unit(benchmark::kMillisecond);

// The way back: the character's .glb read, turned into a model (skin, bones, tangents) and written as an OGF.
void BM_GlbToOgf(benchmark::State& state) {
  const auto scene = gamefmt::xray::ogf_to_scene(synthetic_character(), "synthetic", {});
  const auto glb = gamefmt::gltf::write_gltf(scene, {}, "synthetic.glb");
  for (auto _ : state) {
    const auto back = gamefmt::gltf::read_gltf(glb, "synthetic.glb");
    benchmark::DoNotOptimize(
        gamefmt::xray::write_ogf(gamefmt::xray::scene_to_ogf(back, {}, "synthetic.ogf"), "synthetic.ogf"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(glb.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GlbToOgf)->Name("xray-ogf/from-glb")->Unit(benchmark::kMillisecond);

// The corpus files `names` (below GAMEFMT_CORPUS/xray), or none when GAMEFMT_CORPUS is unset or lacks one.
std::vector<std::filesystem::path> corpus_files(std::initializer_list<const char*> names) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  std::vector<std::filesystem::path> paths;
  for (const char* name : names) {
    paths.push_back(std::filesystem::path(corpus ? corpus : "") / "xray" / name);
    if (corpus == nullptr || !std::filesystem::exists(paths.back())) return {};
  }
  return paths;
}

std::int64_t total_size(const std::vector<std::filesystem::path>& paths) {
  std::int64_t size = 0;
  for (const auto& path : paths) size += std::int64_t(std::filesystem::file_size(path));
  return size;
}

// A 1.2 MB character (rad_stalker_zombied4c_face1.ogf) -> .glb in memory.
void BM_OgfToGlb(benchmark::State& state) {
  const auto paths = corpus_files({"rad_stalker_zombied4c_face1.ogf"});
  if (paths.empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  for (auto _ : state) {
    const auto scene = gamefmt::load_scene(paths, {});
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "character.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * total_size(paths));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OgfToGlb)->Name("xray-ogf/to-glb")->Unit(benchmark::kMillisecond);

// The corpus dog (33 bones) with its 79 motions (1.1 MB .omf) -> .glb in memory: `gamefmt convert` without
// the process start and the file writing. MB/s of input, files/s (one conversion is one item); then its two
// stages apart: the scene (reading, key decoding) and the .glb (validation, accessors, JSON).
const std::vector<std::filesystem::path>& dog_files() {
  static const auto paths = corpus_files({"rad_dog_red_big_dead.ogf", "rad_dog_big_animation.omf"});
  return paths;
}

void BM_OgfWithMotionsToGlb(benchmark::State& state) {
  if (dog_files().empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  for (auto _ : state) {
    const auto scene = gamefmt::load_scene(dog_files(), {});
    benchmark::DoNotOptimize(gamefmt::gltf::write_gltf(scene, {}, "dog.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * total_size(dog_files()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OgfWithMotionsToGlb)->Name("xray-ogf/with-motions-to-glb")->Unit(benchmark::kMillisecond);

void BM_OgfWithMotionsToScene(benchmark::State& state) {
  if (dog_files().empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::load_scene(dog_files(), {}));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * total_size(dog_files()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OgfWithMotionsToScene)->Name("xray-ogf/with-motions-to-scene")->Unit(benchmark::kMillisecond);

void BM_OgfWithMotionsSceneToGlb(benchmark::State& state) {
  if (dog_files().empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  write_glb_each_iteration(state, gamefmt::load_scene(dog_files(), {}));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_OgfWithMotionsSceneToGlb)
    ->Name("xray-ogf/with-motions-scene-to-glb")
    ->Unit(benchmark::kMillisecond);

// What `gamefmt convert dog.ogf dog.omf -o dog.glb` does, in process: gamefmt::convert_files reading both
// files and writing the .glb to disk (the goal: 50 ms of wall time for the CLI), with
// -O way_back=compact (the default), full (the default before compact) and off.
void BM_DogConvertFiles(benchmark::State& state) {
  if (dog_files().empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  static const char* const kWayBack[] = {"compact", "full", "off"};
  const char* way_back = kWayBack[state.range(0)];
  state.SetLabel(std::string("way_back=") + way_back);
  const auto output = std::filesystem::temp_directory_path() / "gamefmt_bench_dog.glb";
  const gamefmt::Options options{{"way_back", way_back}};
  for (auto _ : state) benchmark::DoNotOptimize(gamefmt::convert_files(dog_files(), output, options));
  std::filesystem::remove(output);
  state.SetBytesProcessed(std::int64_t(state.iterations()) * total_size(dog_files()));
}
BENCHMARK(BM_DogConvertFiles)
    ->Name("xray-ogf/dog-convert-files")
    ->ArgName("way_back")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

}  // namespace
