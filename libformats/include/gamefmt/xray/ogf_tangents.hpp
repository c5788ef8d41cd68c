#pragma once
// Tangents and binormals of OGF vertices, for meshes that come without them (a model built from a scene, the
// early 1-link vertices). Per vertex: the directions in which u and v grow across its full-detail triangles,
// summed, then made perpendicular to the normal and unit length (as the SDK's, they need not be perpendicular
// to each other). Where the UVs give no direction, any pair perpendicular to the normal is taken.
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

void compute_ogf_tangents(OgfMesh& mesh);

}  // namespace gamefmt::xray
