#pragma once
// Westwood `.vxl` (+ `.hva`) -> aiScene. The one place where VXL axes become aiScene axes.
//
// Scene layout: a root node named after the file turns the VXL's right-handed Z-up space into Y-up
// ((x, y, z) -> (x, z, -y)). Under it, one node per limb (named after the limb; a repeated name gets
// ".<index>" appended) holds the limb's model transform: HVA frame 0 when an .hva is given, else the
// tailer transform. A child "<limb>.voxels" places the voxel grid inside the limb (translation to
// min_bounds, scale (max_bounds - min_bounds) / size) and holds the mesh: visible faces only, merged greedily
// per colour, with the palette colour as COLOR_0 and the face normal. One voxel is one unit.
// The HVA frames become the animation "hva" of the limb nodes, one key per frame at `frames_per_second`,
// STEP-interpolated (the game shows frames, it does not blend them).
// Node metadata: "westwood.limb" (index), "westwood.normals_type", "westwood.voxels" (count);
// scene metadata: "westwood.palette" (embedded, the .pal file name, or "grey" when there is none).
#include <assimp/scene.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::assimp {

inline constexpr double kVxlDefaultFramesPerSecond = 6.0;

struct VxlSceneInput {
  const westwood::VxlFile* vxl = nullptr;
  std::string vxl_name;
  const westwood::HvaFile* hva = nullptr;  // optional
  std::string hva_name;
  std::optional<westwood::Palette> palette;  // a game palette; else the embedded one
  std::string palette_name;
  double frames_per_second = kVxlDefaultFramesPerSecond;
};

// Throws FormatError (naming the .vxl or .hva) for non-finite transforms or bounds.
std::unique_ptr<aiScene> vxl_to_scene(const VxlSceneInput& input, std::string_view scene_name);

// The HVA section that drives each limb: the same index when the counts agree (what the game and OpenRA do),
// else the first section with the limb's name; -1 for none.
std::vector<int> match_hva_sections(const westwood::VxlFile& vxl, const westwood::HvaFile& hva);

}  // namespace gamefmt::assimp
