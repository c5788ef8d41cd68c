#include "gamefmt/xray/sample_level_vertices.hpp"

namespace gamefmt::xray {

std::vector<VertexElement> lightmapped_brush_declaration() {
  return {{0, 0, kDeclFloat3, 0, kUsagePosition, 0},  {0, 12, kDeclColor, 0, kUsageNormal, 0},
          {0, 16, kDeclColor, 0, kUsageTangent, 0},   {0, 20, kDeclColor, 0, kUsageBinormal, 0},
          {0, 24, kDeclShort2, 0, kUsageTexcoord, 0}, {0, 28, kDeclShort2, 0, kUsageTexcoord, 1}};
}

void write_lightmapped_brush_vertex(ByteWriter& w, std::array<float, 3> position,
                                    std::array<std::int16_t, 2> uv, std::array<std::int16_t, 2> lightmap_uv) {
  for (float c : position) w.f32(c);
  w.u32(0x007FFF7Fu);  // normal (0, +1, 0): bytes B=0x7F, G=0xFF, R=0x7F; hemi 0
  w.u32(0x007F7FFFu);  // tangent, du = 0
  w.u32(0x80FF7F7Fu);  // binormal, dv = 128/255
  for (std::int16_t c : uv) w.i16(c);
  for (std::int16_t c : lightmap_uv) w.i16(c);
}

}  // namespace gamefmt::xray
