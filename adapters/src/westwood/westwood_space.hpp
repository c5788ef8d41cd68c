#pragma once
// Tiberian Sun's and Red Alert 2's voxel space as the scene meets it: axes (right-handed, Z up), the layout
// of the files' matrices (row-major 3x4), and units: how big the games draw a voxel model, in metres per unit
// of the model space of vxl_to_scene (one unit is one voxel where a limb's bounds span its size).
//
// The games draw one voxel unit as one screen pixel in a side view, and a cell, 256 leptons a side, is a
// diamond 60 pixels wide in Red Alert 2 and 48 in Tiberian Sun: a cell side is 60/√2 = 42.43 voxel units in
// Red Alert 2 and 48/√2 = 33.94 in Tiberian Sun, one unit 6.03 or 7.54 leptons (ModEnc "Voxel", Rendering,
// as vengi's VXLFormat.h quotes it).
// The games are not to scale, so a metre is a convention: a cell is the footprint of one vehicle (ModEnc
// "Cell"), and Red Alert 2's Rhino tank, a T-72-class tank whose hull is 6.95 m long, spans 45 voxel units
// (body bounds -19 to 26, same source), 1.06 cells: one cell is taken as 6.5 m, i.e. 256 leptons = 6.5 m.
// Which game a file is for: a limb with normals table 4 (Red Alert 2's 244 normals; Tiberian Sun has only
// table 2's 36) makes it Red Alert 2's; otherwise it is Tiberian Sun's.
#include <array>
#include <glm/mat4x4.hpp>

#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/vxl.hpp"

namespace gamefmt::westwood {

enum class VxlGame { tiberian_sun, red_alert_2 };

inline constexpr double kVxlCellMetres = 6.5;

VxlGame vxl_game(const VxlFile& vxl);
// "ts" or "ra2".
const char* vxl_game_name(VxlGame game);
// Voxel units along a cell side: 42.43 (Red Alert 2) or 33.94 (Tiberian Sun).
double vxl_units_per_cell(VxlGame game);
// kVxlCellMetres / vxl_units_per_cell(game): 0.1532 (Red Alert 2) or 0.1915 (Tiberian Sun).
double vxl_metres_per_unit(VxlGame game);

// The games' right-handed Z-up space turned Y-up with the unit's front (+X) at glTF's front (+Z): a rotation,
// (x, y, z) -> (y, z, x), exactly.
glm::mat4 vxl_z_up_to_y_up();
// The size of one voxel of a limb along each axis, in model units: (max_bounds - min_bounds) / size (1 for an
// axis of size 0).
std::array<float, 3> vxl_section_scale(const VxlLimbTailer& tailer);
// A row-major 3x4 matrix (HVA frames, tailer transforms) with the affine bottom row.
glm::mat4 vxl_matrix(const HvaMatrix& m);

}  // namespace gamefmt::westwood
