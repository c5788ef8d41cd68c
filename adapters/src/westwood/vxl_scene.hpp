#pragma once
// Westwood `.vxl` (+ `.hva`) -> scene model. The games' axes, matrices and units: westwood_space.hpp.
//
// Scene layout: the scene and its one root node are named after the file; the root turns the VXL's
// right-handed Z-up space into Y-up with its front at +Z ((x, y, z) -> (y, z, x)) and scales it to metres
// (`scale`, recorded in its extras as "westwood.scale"). Under it, one node per limb (named after the limb; a
// repeated name gets ".<index>" appended) holds the limb's model transform: HVA frame 0 when an .hva is
// given, else the tailer transform. A child "<limb>.voxels" places the voxel grid inside the limb
// (translation to min_bounds, scale (max_bounds - min_bounds) / size) and holds the mesh: visible faces only,
// merged greedily per colour and normal index (voxel_mesher.hpp). One voxel is one unit.
// Shading as the games do it: every vertex of a voxel's face has that voxel's normal from the table its
// limb's normals type names (voxel_normal_tables.hpp), in the voxel axes like the positions (the root node
// turns both Y-up); a normal index the table lacks, or a normals type without a table, gives the face's own
// axis normal and a warning. Colours: one material "westwood_palette" whose base colour texture is the
// palette as a 256 x 1 image (index i at column i), and texture coordinates at the centre of each face's
// colour texel (no COLOR_0: glTF multiplies it into the texture). The palette is the game palette given (.pal
// companion or the palette option), else the embedded one, else, when that is all zeros, the built-in one
// (palette.hpp) with a warning. The HVA frames become the animation "hva" of the limb nodes, one key per
// frame at `frames_per_second`, with step interpolation (the game shows frames, it does not blend them). Node
// extras: "westwood.limb" (index), "westwood.normals_type", "westwood.voxels" (count); material extras:
// "westwood.remap" ([first, last] palette index of the house-colour range, from the header);
// scene extras: "westwood.palette" (the .pal file name, "embedded" or "built-in").
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
