#pragma once
// Vertices of an OGF mesh merged as the SDK's exporter merges them when it collects a mesh (the packed
// skeleton collector): a vertex is the same as an earlier one when it has the same bones with weights within
// 1e-3, its UV within 1e-7 and its position and normal within 1e-3 (each component); a vertex at the position
// of an earlier one (within 1e-3) that differs otherwise takes that vertex's position exactly. The first
// vertex of each group is kept, in order; the index buffer is renumbered, and triangles that fall to two
// corners or fewer are dropped, as the SDK drops them. For a mesh built from a scene, before its tangents are
// computed (ogf_tangents.hpp): a DCC tool's split copies of a vertex become one again. Not for a mesh with
// sliding windows (detail levels index the vertices as they are): left unchanged.
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

void weld_ogf_vertices(OgfMesh& mesh);

}  // namespace gamefmt::xray
