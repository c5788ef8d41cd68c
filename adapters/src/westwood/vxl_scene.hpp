#pragma once
// Westwood `.vxl` (+ `.hva`) -> scene model. The games' axes, matrices and units: westwood_space.hpp.
//
// Scene layout: the scene and its one root node are named after the file; the root turns the VXL's
// right-handed Z-up space into Y-up ((x, y, z) -> (x, z, -y)) and scales it to metres (`scale`, recorded in
// its extras as "westwood.scale"). Under it, one node per limb (named after the
// limb; a repeated name gets ".<index>" appended) holds the limb's model transform: HVA frame 0 when an .hva
// is given, else the tailer transform. A child "<limb>.voxels" places the voxel grid inside the limb
// (translation to min_bounds, scale (max_bounds - min_bounds) / size) and holds the mesh: visible faces only,
// merged greedily per colour, with the palette colour as colour set 0 and the face normal. One voxel is one
// unit. The HVA frames become the animation "hva" of the limb nodes, one key per frame at
// `frames_per_second`, with step interpolation (the game shows frames, it does not blend them).
// Node extras: "westwood.limb" (index), "westwood.normals_type", "westwood.voxels" (count);
// scene extras: "westwood.palette" (embedded, the .pal file name, or "grey" when there is none).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/palette.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

inline constexpr double kVxlDefaultFramesPerSecond = 6.0;

struct VxlSceneInput {
  const VxlFile* vxl = nullptr;
  std::string vxl_name;
  const HvaFile* hva = nullptr;  // optional
  std::string hva_name;
  std::optional<Palette> palette;  // a game palette; else the embedded one
  std::string palette_name;
  double frames_per_second = kVxlDefaultFramesPerSecond;
  double scale = 1;  // metres per unit of the model space (westwood_space.hpp)
};

// Throws FormatError (naming the .vxl or .hva and the field) for non-finite transforms or bounds.
scene::Scene vxl_to_scene(const VxlSceneInput& input, std::string_view scene_name);

// The HVA section that drives each limb: the same index when the counts agree (what the game and OpenRA do),
// else the first section with the limb's name; -1 for none.
std::vector<int> match_hva_sections(const VxlFile& vxl, const HvaFile& hva);

}  // namespace gamefmt::westwood
