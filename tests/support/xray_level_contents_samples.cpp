#include "xray_level_contents_samples.hpp"

#include "gamefmt/core/byte_writer.hpp"
#include "xray_compiled_level_samples.hpp"

namespace gamefmt::test {

namespace {

xray::LevelLight light(std::uint32_t controller, std::uint32_t type, std::array<float, 3> position,
                       std::array<float, 3> direction, std::array<float, 4> diffuse) {
  xray::LevelLight l;
  l.controller = controller;
  l.type = type;
  l.diffuse = diffuse;
  l.specular = {1, 1, 1, 1};
  l.ambient = {0, 0, 0, 0};
  l.position = position;
  l.direction = direction;
  l.range = 12;
  l.falloff = 1;
  l.attenuation = {1, 0.1f, 0.01f};
  l.theta = 0.5f;
  l.phi = 1.0f;
  return l;
}

// OGF_LODDEF2: 8 quads of 4 vertices { vec3 position; vec2 uv; u32 hemi/rgb; u8 sun; 3 padding bytes }.
std::vector<std::byte> lod_billboards() {
  ByteWriter w(ByteOrder::little);
  for (int q = 0; q < 8; ++q)
    for (int v = 0; v < 4; ++v) {
      const float x = float(v == 1 || v == 2), y = float(v >= 2);
      w.f32(x + float(q));
      w.f32(y);
      w.f32(0.5f);
      w.f32(x / 8 + float(q) / 8);
      w.f32(1 - y);
      w.u32(0x80FF8040u);  // hemi 0x80, RGB (255, 128, 64)
      w.u8(std::uint8_t(32 * v));
      w.u8(0);
      w.u8(0);
      w.u8(0);
    }
  return w.take();
}

}  // namespace

xray::Level xray_sample_level_with_contents() {
  xray::Level level = xray_sample_level();
  level.layout = {};  // xrLC's order for all chunks
  level.shaders.push_back("details\\lod/level_lods");
  level.shaders.push_back("effects\\glow/glow\\glow_04");
  // A LOD visual over the tree (visual 2), listed by the group (visual 3) in its place.
  xray::LevelVisual lod;
  lod.chunk_id = std::uint32_t(level.visuals.size());
  xray::OgfHeader header;
  header.type = xray::kOgfLod;
  header.shader_id = 3;
  lod.header = header;
  lod.children = std::vector<std::uint32_t>{2};
  lod.layout.order = {1, 10, 11};
  lod.layout.others = {xray::RawChunk{11, lod_billboards()}};
  (*level.visuals[3].children)[2] = std::uint32_t(level.visuals.size());
  level.visuals.push_back(lod);
  // Sector 0: the group; sector 1: nothing of its own (a sector the compiler left empty).
  xray::LevelPortal quad;
  quad.front_sector = 0;
  quad.back_sector = 1;
  quad.vertices = {{{0, 0, 2}, {1, 0, 2}, {1, 1, 2}, {0, 1, 2}, {9, 9, 9}, {9, 9, 9}}};
  quad.vertex_count = 4;
  xray::LevelPortal triangle;
  triangle.front_sector = 1;
  triangle.back_sector = 0;
  triangle.vertices = {{{2, 0, 0}, {3, 0, 0}, {2, 1, 0}, {}, {}, {}}};
  triangle.vertex_count = 3;
  level.portals = {quad, triangle};
  xray::LevelSector inside, outside;
  inside.chunk_id = 0;
  inside.portals = {0, 1};
  inside.root_visual = 3;
  outside.chunk_id = 1;
  outside.portals = {0, 1};
  level.sectors = {inside, outside};
  level.lights = {light(2, 1, {1, 2, 3}, {0, 0, 1}, {2.0f, 1.0f, 0.5f, 1}),       // point
                  light(2, 2, {-1, 3, 0.5f}, {0, -1, 0}, {0.2f, 0.4f, 0.8f, 1}),  // spot, shining down
                  light(1, 3, {0, 0, 0}, {1, -1, 0}, {1, 1, 1, 1})};              // the sun
  level.glows = {{{0.5f, 2, 0.5f}, 0.25f, 4}, {{3, 1, -2}, 1.5f, 4}};
  return level;
}

}  // namespace gamefmt::test
