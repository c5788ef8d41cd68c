#include "westwood/westwood_space.hpp"

#include <algorithm>
#include <cmath>

#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/westwood/voxel_normal_tables.hpp"

namespace gamefmt::westwood {
namespace {

// Width of a cell's diamond on screen, in pixels (= voxel units).
constexpr double kRedAlert2CellPixels = 60;
constexpr double kTiberianSunCellPixels = 48;

}  // namespace

VxlGame vxl_game(const VxlFile& vxl) {
  const bool red_alert_2 = std::any_of(vxl.limbs.begin(), vxl.limbs.end(), [](const VxlLimb& limb) {
    return limb.tailer.normals_type == kRedAlert2NormalsType;
  });
  return red_alert_2 ? VxlGame::red_alert_2 : VxlGame::tiberian_sun;
}

const char* vxl_game_name(VxlGame game) {
  return game == VxlGame::red_alert_2 ? "ra2" : "ts";
}

double vxl_units_per_cell(VxlGame game) {
  return (game == VxlGame::red_alert_2 ? kRedAlert2CellPixels : kTiberianSunCellPixels) / std::sqrt(2.0);
}

double vxl_metres_per_unit(VxlGame game) {
  return kVxlCellMetres / vxl_units_per_cell(game);
}

glm::mat4 vxl_z_up_to_y_up() {
  using scene::at;
  glm::mat4 m(0.0f);
  at(m, 0, 1) = 1;  // scene x = voxel y
  at(m, 1, 2) = 1;  // scene y (up) = voxel z (up)
  at(m, 2, 0) = 1;  // scene z (front) = voxel x (the unit's front)
  at(m, 3, 3) = 1;
  return m;
}

std::array<float, 3> vxl_section_scale(const VxlLimbTailer& t) {
  const float size[3] = {float(t.size_x), float(t.size_y), float(t.size_z)};
  std::array<float, 3> scale{};
  for (int i = 0; i < 3; ++i) scale[i] = size[i] > 0 ? (t.max_bounds[i] - t.min_bounds[i]) / size[i] : 1.0f;
  return scale;
}

glm::mat4 vxl_matrix(const HvaMatrix& m) {
  glm::mat4 out(1.0f);
  for (int row = 0; row < 3; ++row)
    for (int column = 0; column < 4; ++column) scene::at(out, row, column) = m[4 * row + column];
  return out;
}

}  // namespace gamefmt::westwood
