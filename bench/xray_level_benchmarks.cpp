// X-Ray level geometry: read and write MB/s of generated files (a million-triangle level.cform, occluders,
// error geometry, a detail model and a details grid), and cform -> .glb per file.
#include <benchmark/benchmark.h>

#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/cform.hpp"
#include "gamefmt/xray/details.hpp"
#include "gamefmt/xray/dm.hpp"
#include "gamefmt/xray/err.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/som.hpp"
#include "xray/cform_scene.hpp"

namespace {

using namespace gamefmt;

// A side x side grid of quads: 2 * side^2 triangles over (side+1)^2 vertices, materials and sectors varied.
xray::Cform grid_cform(std::uint32_t side) {
  xray::Cform cform;
  for (std::uint32_t z = 0; z <= side; ++z)
    for (std::uint32_t x = 0; x <= side; ++x)
      cform.vertices.push_back({float(x), float((x ^ z) & 7) * 0.1f, float(z)});
  for (std::uint32_t z = 0; z < side; ++z)
    for (std::uint32_t x = 0; x < side; ++x) {
      const std::uint32_t a = z * (side + 1) + x, b = a + 1, c = a + side + 1, d = c + 1;
      const std::uint32_t packed = xray::CformTriangle::pack((x / 16) % 40, x % 5 == 0, z % 7 == 0, z / 64);
      cform.triangles.push_back({{a, c, b}, packed});
      cform.triangles.push_back({{b, c, d}, packed});
    }
  cform.update_bounds();
  return cform;
}

template <class Polygon>
std::vector<Polygon> grid_polygons(std::uint32_t count) {
  std::vector<Polygon> out(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    const float x = float(i % 1000), z = float(i / 1000);
    out[i].corners = {{{x, 0, z}, {x, 3, z}, {x + 1, 0, z}}};
  }
  return out;
}

template <class Read>
void read_benchmark(benchmark::State& state, const std::vector<std::byte>& bytes, Read read) {
  for (auto _ : state) benchmark::DoNotOptimize(read(bytes));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}

void BM_XrayCformRead(benchmark::State& state) {
  const auto bytes = xray::write_cform(grid_cform(std::uint32_t(state.range(0))));
  read_benchmark(state, bytes, [](const auto& b) { return xray::read_cform(b, "level.cform"); });
}
BENCHMARK(BM_XrayCformRead)
    ->Name("xray-cform/read")
    ->Arg(64)
    ->Arg(708)
    ->Unit(benchmark::kMillisecond);  // 708^2 * 2 = 1.0 M triangles

void BM_XrayCformWrite(benchmark::State& state) {
  const auto cform = grid_cform(std::uint32_t(state.range(0)));
  const auto size = xray::write_cform(cform).size();
  for (auto _ : state) benchmark::DoNotOptimize(xray::write_cform(cform));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayCformWrite)->Name("xray-cform/write")->Arg(708)->Unit(benchmark::kMillisecond);

// level.cform bytes -> scene -> .glb bytes.
void BM_XrayCformToGlb(benchmark::State& state) {
  const auto bytes = xray::write_cform(grid_cform(std::uint32_t(state.range(0))));
  for (auto _ : state) {
    const auto scene = xray::cform_to_scene(xray::read_cform(bytes, "level.cform"), "level");
    benchmark::DoNotOptimize(gltf::write_gltf(scene, {}, "level.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayCformToGlb)->Name("xray-cform/to-glb")->Arg(64)->Arg(708)->Unit(benchmark::kMillisecond);

void BM_XrayHomRead(benchmark::State& state) {
  xray::Hom hom;
  hom.polygons = grid_polygons<xray::HomPolygon>(100000);
  read_benchmark(state, xray::write_hom(hom), [](const auto& b) { return xray::read_hom(b, "level.hom"); });
}
BENCHMARK(BM_XrayHomRead)->Name("xray-hom/read")->Unit(benchmark::kMillisecond);

void BM_XraySomRead(benchmark::State& state) {
  xray::Som som;
  som.polygons = grid_polygons<xray::SomPolygon>(100000);
  read_benchmark(state, xray::write_som(som), [](const auto& b) { return xray::read_som(b, "level.som"); });
}
BENCHMARK(BM_XraySomRead)->Name("xray-som/read")->Unit(benchmark::kMillisecond);

void BM_XrayErrRead(benchmark::State& state) {
  xray::Err err;
  err.layout = xray::ErrLayout::level_editor;
  for (const auto& p : grid_polygons<xray::HomPolygon>(30000)) {
    err.points.push_back(p.corners[0]);
    err.edges.push_back({p.corners[0], p.corners[1]});
    err.faces.push_back({p.corners, 0xFFFF0000u, 1, 2});
  }
  read_benchmark(state, xray::write_err(err), [](const auto& b) { return xray::read_err(b, "build.err"); });
}
BENCHMARK(BM_XrayErrRead)->Name("xray-err/read")->Unit(benchmark::kMillisecond);

xray::DetailModel bench_model(std::uint32_t quads) {
  xray::DetailModel model;
  model.shader = "details\\blend";
  model.texture = "detail\\detail_grass";
  for (std::uint32_t q = 0; q < quads; ++q) {
    const float x = float(q) * 0.1f;
    model.vertices.push_back({{x, 0, 0}, 0, 1});
    model.vertices.push_back({{x, 1, 0}, 0, 0});
    model.vertices.push_back({{x + 0.1f, 0, 0}, 1, 1});
    model.vertices.push_back({{x + 0.1f, 1, 0}, 1, 0});
    for (std::uint16_t i : {0, 1, 2, 2, 1, 3}) model.indices.push_back(std::uint16_t(4 * q + i));
  }
  return model;
}

void BM_XrayDmRead(benchmark::State& state) {
  read_benchmark(state, xray::write_dm(bench_model(8000)),
                 [](const auto& b) { return xray::read_dm(b, "grass.dm"); });
}
BENCHMARK(BM_XrayDmRead)->Name("xray-dm/read")->Unit(benchmark::kMicrosecond);

void BM_XrayDetailsRead(benchmark::State& state) {
  xray::Details details;
  details.header = {3, 4, 256, 256, 512, 512};
  details.models.assign(4, bench_model(4));
  details.model_chunk_ids = {0, 1, 2, 3};
  details.slots.resize(512 * 512);
  for (std::size_t i = 0; i < details.slots.size(); ++i) {
    details.slots[i].bits =
        1000 | (10ull << 12) | ((i % 4) << 20) | (0x3Full << 26) | (0x3Full << 32) | (0x3Full << 38);
    details.slots[i].palettes = {std::uint16_t(i), 0, 0, 0};
  }
  read_benchmark(state, xray::write_details(details),
                 [](const auto& b) { return xray::read_details(b, "level.details"); });
}
BENCHMARK(BM_XrayDetailsRead)->Name("xray-details/read")->Unit(benchmark::kMillisecond);

}  // namespace
