#pragma once
// Whether a scene is still what an import made of a kept file, after a trip through glTF (and perhaps a DCC
// tool that changed nothing): the test the X-Ray exporters that keep the whole file (object_way_back.hpp,
// ogf_way_back.hpp) run before writing the kept bytes back.
//
// `expected` is the kept file imported anew, `actual` the scene to export. They match when they have the same
// nodes by name (transforms, extras, children, meshes), roots, meshes (material, triangles, positions, normal
// directions, UVs, skin weights by joint name; no lines, points or morph targets), materials (name,
// two-sidedness, extras but kXrayTextureMapsKey), animations (keys, either quaternion sign) and scene extras,
// all within the round-off of a glTF trip (core/round_off.hpp; same_extras_values in sdk_way_back.hpp). Node
// and material order may differ only as a glTF trip changes it (nodes are matched by name).
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

struct ImportedSceneMatch {
  // The import added animations of its own (motion companions) that the file does not hold: `actual` may have
  // animations beyond `expected`'s (those are matched by name), and its scene extras may hold more members
  // in their objects (the parameters of those motions).
  bool other_animations = false;
};

bool same_imported_scene(const scene::Scene& expected, const scene::Scene& actual,
                         const ImportedSceneMatch& match = {});

}  // namespace gamefmt::xray
