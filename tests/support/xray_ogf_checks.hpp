#pragma once
// Catch checks that two OGF models hold the same content.
#include "gamefmt/xray/ogf.hpp"

namespace gamefmt::test {

struct OgfComparison {
  float tolerance = 0.0f;  // on positions, normals, UVs, weights, bind poses, boxes and IK values
  // true: vertices as stored (tangents, bone and weight slots, the whole index buffer and its windows,
  // headers); false: what a conversion keeps (influences as the engine blends them, full-detail triangles,
  // bind transforms).
  bool as_stored = true;
};

void check_same_ogf(const xray::OgfModel& expected, const xray::OgfModel& actual, const OgfComparison& how);

// `model` with each mesh as a model written from a scene holds it (ogf_scene.hpp): its full-detail triangles
// as a plain mesh, vertices merged as the SDK merges them (ogf_vertex_welding.hpp).
xray::OgfModel as_written_from_scene(xray::OgfModel model);

}  // namespace gamefmt::test
