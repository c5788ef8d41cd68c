// Westwood .vxl/.hva and MagicaVoxel .vox: read/write MB/s, voxels decoded per second, triangles meshed per
// second, and whole conversions. Uses $GAMEFMT_CORPUS/westwood/rv_havoc.vxl (+ .hva) when GAMEFMT_CORPUS is
// set (the largest corpus unit), else a synthetic 96 x 64 x 48 unit with a spherical hull (written to a temp
// folder) so the benchmarks always run.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/vox.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "westwood/vox_conversion.hpp"

namespace {

namespace fs = std::filesystem;
using namespace gamefmt;

fs::path synthetic_unit() {
  const fs::path dir = fs::temp_directory_path() / "gamefmt_westwood_bench";
  const fs::path path = dir / "synthetic.vxl";
  if (fs::exists(path)) return path;
  fs::create_directories(dir);
  westwood::VxlFile vxl;
  std::copy(westwood::kVxlMagic.begin(), westwood::kVxlMagic.end(), vxl.magic.begin());
  westwood::VxlLimb limb;
  limb.header.name = westwood::make_name_field("Body");
  auto& t = limb.tailer;
  t.size_x = 96;
  t.size_y = 64;
  t.size_z = 48;
  t.max_bounds = {96, 64, 48};
  westwood::VoxelGrid grid(96, 64, 48);
  for (std::size_t z = 0; z < 48; ++z)
    for (std::size_t y = 0; y < 64; ++y)
      for (std::size_t x = 0; x < 96; ++x) {
        const double dx = (x - 48.0) / 46, dy = (y - 32.0) / 30, dz = (z - 24.0) / 22;
        const double r = dx * dx + dy * dy + dz * dz;
        if (r < 1.0 && r > 0.6)
          grid.at(x, y, z) = {std::uint8_t(16 + (x / 4 + y / 4 + z / 4) % 40), std::uint8_t(x % 36), true};
      }
  limb.body = westwood::encode_limb_voxels(grid);
  vxl.limbs.push_back(limb);
  write_file_atomically(path, westwood::write_vxl(vxl));
  return path;
}

fs::path unit_path() {
  if (const char* corpus = std::getenv("GAMEFMT_CORPUS"); corpus != nullptr && corpus[0] != '\0')
    return fs::path(corpus) / "westwood" / "rv_havoc.vxl";
  return synthetic_unit();
}

void BM_VxlRead(benchmark::State& state) {
  const auto bytes = read_file_bytes(unit_path());
  for (auto _ : state) benchmark::DoNotOptimize(westwood::read_vxl(bytes, "unit.vxl"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_VxlRead)->Name("westwood-vxl/read");

void BM_VxlWrite(benchmark::State& state) {
  const auto bytes = read_file_bytes(unit_path());
  const auto vxl = westwood::read_vxl(bytes, "unit.vxl");
  for (auto _ : state) benchmark::DoNotOptimize(westwood::write_vxl(vxl));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_VxlWrite)->Name("westwood-vxl/write");

// Items: voxels decoded (filled cells).
void BM_VxlDecodeVoxels(benchmark::State& state) {
  const auto vxl = westwood::read_vxl(read_file_bytes(unit_path()), "unit.vxl");
  std::size_t voxels = 0;
  for (auto _ : state) {
    voxels = 0;
    for (const auto& limb : vxl.limbs)
      voxels += westwood::decode_limb_voxels(limb, "unit.vxl").filled_count();
    benchmark::DoNotOptimize(voxels);
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(voxels));
}
BENCHMARK(BM_VxlDecodeVoxels)->Name("westwood-vxl/decode-voxels");

// Items: triangles produced by the greedy mesher.
void BM_VoxelMesh(benchmark::State& state) {
  const auto vxl = westwood::read_vxl(read_file_bytes(unit_path()), "unit.vxl");
  std::vector<westwood::VoxelGrid> grids;
  for (const auto& limb : vxl.limbs) grids.push_back(westwood::decode_limb_voxels(limb, "unit.vxl"));
  std::size_t triangles = 0;
  for (auto _ : state) {
    triangles = 0;
    for (const auto& grid : grids) triangles += westwood::mesh_voxels(grid).triangle_count();
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(triangles));
}
BENCHMARK(BM_VoxelMesh)->Name("westwood-vxl/mesh-voxels")->Unit(benchmark::kMillisecond);

void BM_HvaReadWrite(benchmark::State& state) {
  fs::path path = unit_path();
  path.replace_extension(".hva");
  std::vector<std::byte> bytes;
  if (fs::exists(path))
    bytes = read_file_bytes(path);
  else {
    westwood::HvaFile hva;
    hva.frame_count = 30;
    hva.section_names.assign(4, westwood::make_name_field("limb"));
    hva.matrices.assign(120, {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0});
    bytes = westwood::write_hva(hva);
  }
  for (auto _ : state) benchmark::DoNotOptimize(westwood::write_hva(westwood::read_hva(bytes, "unit.hva")));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HvaReadWrite)->Name("westwood-hva/read-write");

// `gamefmt convert unit.vxl -o unit.glb` minus the disk write (the .hva beside it is picked up).
void BM_VxlToGlb(benchmark::State& state) {
  const auto path = unit_path();
  for (auto _ : state) {
    const auto scene = load_scene({path}, {});
    benchmark::DoNotOptimize(gltf::write_gltf(scene, {}, "unit.glb"));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_VxlToGlb)->Name("westwood-vxl/to-glb")->Unit(benchmark::kMillisecond);

void BM_VxlToVoxAndBack(benchmark::State& state) {
  const auto bytes = read_file_bytes(unit_path());
  for (auto _ : state) {
    const auto vxl = westwood::read_vxl(bytes, "unit.vxl");
    const auto vox = westwood::write_vox(westwood::vxl_to_vox(vxl, bytes, std::nullopt));
    const auto back = westwood::vox_to_vxl(westwood::read_vox(vox, "unit.vox"), "unit.vox", &vxl, 4);
    benchmark::DoNotOptimize(westwood::write_vxl(back));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_VxlToVoxAndBack)->Name("magicavoxel-vox/from-vxl-and-back")->Unit(benchmark::kMillisecond);

}  // namespace
