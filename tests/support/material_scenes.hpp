#pragma once
// A scene whose materials use every slot gamefmt's scene has (base colour, metal/roughness, normal,
// occlusion, emissive; a texture transform; an unlit, a masked double-sided and a blended material), on one
// textured quad each: for the glTF bridge's read-back test, the validator and the Godot import check.
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::test {

scene::Scene make_material_slots_scene();

}  // namespace gamefmt::test
