#pragma once
// The vertex xrLC writes for lightmapped level brushes, for building synthetic compiled levels (tests,
// benchmarks, fuzz seeds; the real levels are not redistributable): 32 bytes of position, D3DCOLOR normal,
// tangent and binormal, and two SHORT2 UVs (base, lightmap).
#include <array>
#include <cstdint>
#include <vector>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/xray/level_geom.hpp"

namespace gamefmt::xray {

std::vector<VertexElement> lightmapped_brush_declaration();
// Normal (0, +1, 0), tangent and binormal of a horizontal brush; UVs in the file's fixed point (1024 = 1.0
// for the base UV, 32768 = 1.0 for the lightmap UV).
void write_lightmapped_brush_vertex(ByteWriter& w, std::array<float, 3> position,
                                    std::array<std::int16_t, 2> uv, std::array<std::int16_t, 2> lightmap_uv);

}  // namespace gamefmt::xray
