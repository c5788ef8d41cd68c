#include "xray_compiled_level_samples.hpp"

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/sample_level_vertices.hpp"

namespace gamefmt::test {

xray::LevelGeom xray_sample_level_geom() {
  xray::LevelGeom geom;
  geom.xrlc_version = 14;
  xray::LevelVertexBuffer brush;
  brush.declaration = xray::lightmapped_brush_declaration();
  ByteWriter w(ByteOrder::little);
  constexpr std::array<std::int16_t, 2> kLightmapHalf{16384, -16384};  // lightmap UV (0.5, -0.5)
  xray::write_lightmapped_brush_vertex(w, {0, 0, 0}, {0, 0}, kLightmapHalf);
  xray::write_lightmapped_brush_vertex(w, {0, 0, 1}, {0, 1024}, kLightmapHalf);
  xray::write_lightmapped_brush_vertex(w, {1, 0, 0}, {1024, 0}, kLightmapHalf);
  xray::write_lightmapped_brush_vertex(w, {1, 0, 1}, {1024, 1024}, kLightmapHalf);
  brush.vertex_count = 4;
  brush.vertices = w.take();
  xray::LevelVertexBuffer tree;
  tree.declaration = {{0, 0, xray::kDeclFloat3, 0, xray::kUsagePosition, 0},
                      {0, 12, xray::kDeclShort4, 0, xray::kUsageTexcoord, 0}};
  ByteWriter t(ByteOrder::little);
  for (int i = 0; i < 3; ++i) {
    t.f32(float(i == 1));
    t.f32(float(i == 2));
    t.f32(0);
    t.i16(std::int16_t(2048 * (i == 1)));
    t.i16(std::int16_t(2048 * (i == 2)));
    t.i16(0);
    t.i16(0);
  }
  tree.vertex_count = 3;
  tree.vertices = t.take();
  geom.vertex_buffers = {brush, tree};
  geom.index_buffers = {{0, 1, 2, 2, 1, 3, 0, 1, 2}};
  xray::SlideWindows swi;
  swi.windows = {{0, 2, 4}, {0, 1, 3}};
  geom.slide_windows = {swi};
  return geom;
}

xray::Level xray_sample_level() {
  xray::Level level;
  level.xrlc_version = 14;
  level.xrlc_quality = 1;
  level.shaders = {"", "default/ston\\ston_beton,lmap#1_1,lmap#1_2", "flora\\leaf_wave/trees\\trees_elka"};
  auto visual = [&](std::uint8_t type, std::uint16_t shader) {
    xray::LevelVisual v;
    v.chunk_id = std::uint32_t(level.visuals.size());
    xray::OgfHeader h;
    h.type = type;
    h.shader_id = shader;
    h.bbox_max = {1, 1, 1};
    h.sphere_radius = 1;
    v.header = h;
    return v;
  };
  auto brush = visual(xray::kOgfNormal, 1);
  brush.geometry = xray::GeometryRef{0, 0, 4, 0, 0, 6};
  brush.fast_path = xray::LevelFastPath{xray::GeometryRef{0, 0, 4, 0, 0, 6}, std::nullopt, {}};
  level.visuals.push_back(brush);
  auto progressive = visual(xray::kOgfProgressive, 1);
  progressive.geometry = xray::GeometryRef{0, 0, 4, 0, 0, 6};
  progressive.slide_windows = 0;
  level.visuals.push_back(progressive);
  auto tree = visual(xray::kOgfTreeStatic, 2);
  tree.geometry = xray::GeometryRef{1, 0, 3, 0, 6, 3};
  xray::TreeDefinition def;
  def.transform = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2, 0, 3, 1};
  def.color_scale = {1, 1, 1, 0.5f, 0.5f};
  tree.tree = def;
  level.visuals.push_back(tree);
  auto group = visual(xray::kOgfHierarchy, 0);
  group.children = std::vector<std::uint32_t>{0, 1, 2};
  level.visuals.push_back(group);
  xray::RawChunk glows{7, {std::byte{1}, std::byte{2}}};
  level.layout.order = {1, 2, 7, 3};
  level.layout.others = {glows};
  return level;
}

std::vector<SweepInput> xray_compiled_level_samples() {
  return {{"level", xray::write_level(xray_sample_level())},
          {"level.geom", xray::write_level_geom(xray_sample_level_geom(), "level.geom")}};
}

}  // namespace gamefmt::test
