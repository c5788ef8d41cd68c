#pragma once
// Hand-built aiScenes that use every feature of the glTF bridge: hierarchy, skin with more than four
// influences on a vertex, morph target, texture name, node extras, TRS and morph-weight animations, STEP.
#include <assimp/scene.h>

#include <memory>

namespace gamefmt::test {

std::unique_ptr<aiScene> make_skinned_animated_scene();

}  // namespace gamefmt::test
