#pragma once
// Tangents and binormals of OGF vertices, for meshes that come without them (a model built from a scene, the
// early 1-link vertices), as the SDKs that shipped with the games computed them (NVIDIA's NVMeshMender of
// 2002, called by the actor editor's exporter; the games' own models agree with it to a mean cosine of 0.98
// for tangents and 0.9 for binormals): for each full-detail triangle, the unit directions in which u and v
// grow across it (triangles whose UVs span no area give none); per vertex, the sum over its triangles, made
// unit length and NOT made perpendicular to the normal or to each other. Where the UVs give no direction, the
// tangent is any unit vector perpendicular to the normal and the binormal normal x tangent. The vertex count,
// order and indices do not change.
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::xray {

void compute_ogf_tangents(OgfMesh& mesh);

}  // namespace gamefmt::xray
