#pragma once
// -O way_back=0: the records a format keeps only for the exact way back to its files
// (FormatDescription::way_back_records) taken out of an imported scene.
#include <span>
#include <string>

#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

// Removes from every extras object of `scene` (the scene's, each node's, mesh's, material's and animation's)
// the values `patterns` name: paths of keys separated by '/', where '*' in a key stands for any run of
// characters ("xray.motions/*/stored_keys", "shinobi.animation.*.rotations"). Returns how many were removed.
std::size_t drop_way_back_records(scene::Scene& scene, std::span<const std::string> patterns);

}  // namespace gamefmt
