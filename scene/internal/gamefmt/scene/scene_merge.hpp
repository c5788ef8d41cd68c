#pragma once
// One scene put inside another: for conversions that gather several files into one scene (a compiled level
// with its collision, details and occluders).
#include <string_view>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt::scene {

// Moves `part` into `into` under the node `parent`: its roots become children of `parent`; its nodes,
// meshes, materials, images and animations are appended with their indices renumbered; its warnings are
// appended, each after `warning_prefix`. Document-level glTF extensions of `part` go to `into` unless `into`
// has the same one already (then a warning says what was dropped: node extensions that index into them are
// not renumbered). Its name and scene extras are dropped.
void append_scene(Scene& into, Scene part, NodeIndex parent, std::string_view warning_prefix);

}  // namespace gamefmt::scene
