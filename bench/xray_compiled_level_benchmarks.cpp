// X-Ray compiled level (level + level.geom) and SDK .anm paths: readers (MB/s, files/s) and conversions.
#include <benchmark/benchmark.h>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/anm.hpp"
#include "gamefmt/xray/level.hpp"
#include "gamefmt/xray/level_geom.hpp"
#include "gamefmt/xray/sample_level_vertices.hpp"
#include "xray/anm_scene.hpp"
#include "xray/level_scene.hpp"

namespace {

using namespace gamefmt;

constexpr std::uint32_t kPatch = 16;  // each visual is a 16 x 16 quad patch

// side x side patches of lightmapped 32-byte vertices in one vertex and one index buffer, one visual per
// patch under one hierarchy visual.
std::pair<xray::Level, xray::LevelGeom> grid_level(std::uint32_t side) {
  xray::LevelGeom geom;
  xray::LevelVertexBuffer vb;
  vb.declaration = xray::lightmapped_brush_declaration();
  ByteWriter w(ByteOrder::little);
  std::vector<std::uint16_t> indices;
  xray::Level level;
  level.shaders = {"", "default/ston\\ston_beton,lmap#1_1,lmap#1_2"};
  xray::LevelVisual root;
  root.header = xray::OgfHeader{4, xray::kOgfHierarchy, 0, {}, {}, {}, 0};
  root.children.emplace();
  std::uint32_t vertices = 0;
  for (std::uint32_t pz = 0; pz < side; ++pz)
    for (std::uint32_t px = 0; px < side; ++px) {
      const std::uint32_t first_vertex = vertices, first_index = std::uint32_t(indices.size());
      for (std::uint32_t z = 0; z <= kPatch; ++z)
        for (std::uint32_t x = 0; x <= kPatch; ++x) {
          xray::write_lightmapped_brush_vertex(
              w, {float(px * kPatch + x), float((x ^ z) & 3) * 0.1f, float(pz * kPatch + z)},
              {std::int16_t(x * 64), std::int16_t(z * 64)}, {std::int16_t(x * 512), std::int16_t(z * 512)});
          ++vertices;
        }
      for (std::uint32_t z = 0; z < kPatch; ++z)
        for (std::uint32_t x = 0; x < kPatch; ++x) {
          const std::uint16_t a = std::uint16_t(z * (kPatch + 1) + x), b = a + 1,
                              c = std::uint16_t(a + kPatch + 1), d = c + 1;
          indices.insert(indices.end(), {a, c, b, b, c, d});
        }
      xray::LevelVisual visual;
      visual.chunk_id = std::uint32_t(level.visuals.size());
      visual.header = xray::OgfHeader{4, xray::kOgfNormal, 1, {}, {}, {}, 0};
      visual.geometry = xray::GeometryRef{0, first_vertex, (kPatch + 1) * (kPatch + 1),
                                          0, first_index,  kPatch * kPatch * 6};
      root.children->push_back(visual.chunk_id);
      level.visuals.push_back(visual);
    }
  root.chunk_id = std::uint32_t(level.visuals.size());
  level.visuals.push_back(root);
  vb.vertex_count = vertices;
  vb.vertices = w.take();
  geom.vertex_buffers = {vb};
  geom.index_buffers = {indices};
  return {level, geom};
}

template <class Read>
void read_benchmark(benchmark::State& state, const std::vector<std::byte>& bytes, Read read) {
  for (auto _ : state) benchmark::DoNotOptimize(read(bytes));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
  state.SetItemsProcessed(state.iterations());
}

void BM_XrayLevelGeomRead(benchmark::State& state) {
  const auto bytes = xray::write_level_geom(grid_level(std::uint32_t(state.range(0))).second, "level.geom");
  read_benchmark(state, bytes, [](const auto& b) { return xray::read_level_geom(b, "level.geom"); });
}
BENCHMARK(BM_XrayLevelGeomRead)
    ->Name("xray-level-geom/read")
    ->Arg(4)
    ->Arg(32)
    ->Unit(benchmark::kMillisecond);  // 32: 1024 patches, 296 k vertices

void BM_XrayLevelGeomWrite(benchmark::State& state) {
  const auto geom = grid_level(std::uint32_t(state.range(0))).second;
  const auto size = xray::write_level_geom(geom, "level.geom").size();
  for (auto _ : state) benchmark::DoNotOptimize(xray::write_level_geom(geom, "level.geom"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayLevelGeomWrite)->Name("xray-level-geom/write")->Arg(32)->Unit(benchmark::kMillisecond);

void BM_XrayLevelRead(benchmark::State& state) {
  const auto bytes = xray::write_level(grid_level(std::uint32_t(state.range(0))).first);
  read_benchmark(state, bytes, [](const auto& b) { return xray::read_level(b, "level"); });
}
BENCHMARK(BM_XrayLevelRead)->Name("xray-level/read")->Arg(32)->Unit(benchmark::kMillisecond);

void BM_XrayLevelToGlb(benchmark::State& state) {
  const auto [level, geom] = grid_level(std::uint32_t(state.range(0)));
  const auto geom_size = xray::write_level_geom(geom, "level.geom").size() + xray::write_level(level).size();
  for (auto _ : state) {
    const auto scene = xray::level_to_scene(level, geom, "level", "level.geom");
    benchmark::DoNotOptimize(gltf::write_gltf(scene, {}, "level.glb"));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(geom_size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayLevelToGlb)->Name("xray-level/to-glb")->Arg(4)->Arg(32)->Unit(benchmark::kMillisecond);

// The grid level with what a whole level has besides its visuals: a sector per row of patches (its root a
// hierarchy visual over the row), a portal between neighbouring rows, a light and a glow over every patch.
std::pair<xray::Level, xray::LevelGeom> grid_level_with_contents(std::uint32_t side) {
  auto [level, geom] = grid_level(side);
  level.shaders.push_back("effects\\glow/glow\\glow_04");
  const std::uint32_t patches = side * side;
  for (std::uint32_t row = 0; row < side; ++row) {
    xray::LevelVisual group;
    group.chunk_id = std::uint32_t(level.visuals.size());
    group.header = xray::OgfHeader{4, xray::kOgfHierarchy, 0, {}, {}, {}, 0};
    group.children.emplace();
    for (std::uint32_t column = 0; column < side; ++column) group.children->push_back(row * side + column);
    level.visuals.push_back(group);
    xray::LevelSector sector;
    sector.chunk_id = row;
    sector.root_visual = group.chunk_id;
    if (row > 0) sector.portals.push_back(std::uint16_t(row - 1));
    if (row + 1 < side) sector.portals.push_back(std::uint16_t(row));
    level.sectors.push_back(sector);
    if (row + 1 < side) {
      xray::LevelPortal portal;
      portal.front_sector = std::uint16_t(row);
      portal.back_sector = std::uint16_t(row + 1);
      const float z = float((row + 1) * kPatch);
      portal.vertices = {
          {{0, 0, z}, {float(side * kPatch), 0, z}, {float(side * kPatch), 4, z}, {0, 4, z}, {}, {}}};
      portal.vertex_count = 4;
      level.portals.push_back(portal);
    }
  }
  level.visuals[patches].children->clear();  // the old root: the sectors hold the rows now
  for (std::uint32_t p = 0; p < patches; ++p) {
    const float x = float(p % side * kPatch) + 8, z = float(p / side * kPatch) + 8;
    xray::LevelLight light;
    light.controller = 2;
    light.type = 1 + p % 3;
    light.diffuse = {1, 0.8f, 0.6f, 1};
    light.position = {x, 3, z};
    light.direction = {0, -1, 0};
    light.range = 10;
    light.theta = 0.5f;
    light.phi = 1;
    level.lights.push_back(light);
    level.glows.push_back({{x, 2.5f, z}, 0.5f, std::uint16_t(level.shaders.size() - 1)});
  }
  return {level, geom};
}

// The whole way: the level and its level.geom imported as the CLI does (the stored level kept for the way
// back), written as .glb, read back and written as the level again.
// The grid level with contents as the CLI hands it to the level handler (no textures, no parts beside it).
ImportRequest whole_level_request(std::uint32_t side) {
  const auto [level, geom] = grid_level_with_contents(side);
  ImportRequest request;
  request.primary = {"level", xray::write_level(level, "level")};
  request.companions.push_back({"level.geom", xray::write_level_geom(geom, "level.geom")});
  request.options = {{"textures", "0"}, {"parts", "none"}};
  return request;
}

void BM_XrayWholeLevelBack(benchmark::State& state) {
  const auto request = whole_level_request(std::uint32_t(state.range(0)));
  const auto* handler = find_handler_by_id("xray-level");
  const auto size = request.primary.bytes.size() + request.companions[0].bytes.size();
  for (auto _ : state) {
    const auto glb = gltf::write_gltf(handler->import_scene(request), {}, "level.glb");
    ExportRequest back;
    back.output_name = "level";
    benchmark::DoNotOptimize(handler->export_scene(gltf::read_gltf(glb, "level.glb"), back));
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayWholeLevelBack)
    ->Name("xray-level/whole-to-glb-and-back")
    ->Arg(32)
    ->Unit(benchmark::kMillisecond);

void BM_XrayWholeLevelToGlb(benchmark::State& state) {
  const auto request = whole_level_request(std::uint32_t(state.range(0)));
  const auto* handler = find_handler_by_id("xray-level");
  const auto size = request.primary.bytes.size() + request.companions[0].bytes.size();
  for (auto _ : state)
    benchmark::DoNotOptimize(gltf::write_gltf(handler->import_scene(request), {}, "level.glb"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayWholeLevelToGlb)->Name("xray-level/whole-to-glb")->Arg(32)->Unit(benchmark::kMillisecond);

// A camera shake like rad_earthquake_20.anm, but 10x longer: 6 channels of `keys` TCB keys.
xray::AnmFile shake(std::size_t keys) {
  xray::AnmFile anm;
  anm.motion.name = "shake";
  anm.motion.frame_end = std::int32_t(keys * 2);
  for (std::size_t c = 0; c < 6; ++c)
    for (std::size_t k = 0; k < keys; ++k) {
      xray::EnvelopeKey key;
      key.time = float(k) / 15.0f;
      key.value = float((k * 7919 + c * 104729) % 1000) * 0.0001f;
      key.shape = static_cast<std::uint32_t>(xray::EnvelopeShape::tcb);
      anm.motion.stored[c].keys.push_back(key);
    }
  return anm;
}

void BM_XrayAnmRead(benchmark::State& state) {
  const auto bytes = xray::write_anm(shake(2500), "shake.anm");
  read_benchmark(state, bytes, [](const auto& b) { return xray::read_anm(b, "shake.anm"); });
}
BENCHMARK(BM_XrayAnmRead)->Name("xray-anm/read")->Unit(benchmark::kMillisecond);

void BM_XrayAnmToScene(benchmark::State& state) {
  const auto anm = shake(2500);
  const auto size = xray::write_anm(anm, "shake.anm").size();
  for (auto _ : state) benchmark::DoNotOptimize(xray::anm_to_scene(anm.motion, "shake", {}));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_XrayAnmToScene)->Name("xray-anm/to-scene")->Unit(benchmark::kMillisecond);

}  // namespace
