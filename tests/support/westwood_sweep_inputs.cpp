#include "westwood_sweep_inputs.hpp"

#include <algorithm>
#include <cmath>

#include "gamefmt/westwood/vox.hpp"
#include "westwood/vox_conversion.hpp"

namespace gamefmt::test {

westwood::VxlFile westwood_sample_vxl() {
  westwood::VxlFile vxl;
  std::copy(westwood::kVxlMagic.begin(), westwood::kVxlMagic.end(), vxl.magic.begin());
  for (std::size_t i = 3; i < vxl.palette.size(); ++i) vxl.palette[i] = static_cast<std::uint8_t>(i * 37);
  const struct {
    const char* name;
    std::uint8_t x, y, z;
  } limbs[] = {{"body", 4, 3, 2}, {"turret", 2, 2, 3}};
  for (std::size_t l = 0; l < 2; ++l) {
    westwood::VxlLimb limb;
    limb.header.name = westwood::make_name_field(limbs[l].name);
    limb.header.number = static_cast<std::uint32_t>(l);
    auto& t = limb.tailer;
    t.size_x = limbs[l].x;
    t.size_y = limbs[l].y;
    t.size_z = limbs[l].z;
    t.min_bounds = {-0.5f * t.size_x, -0.5f * t.size_y, l == 0 ? 0.0f : 2.0f};
    t.max_bounds = {0.5f * t.size_x, 0.5f * t.size_y, t.min_bounds[2] + t.size_z};
    t.normals_type = 2;
    westwood::VoxelGrid grid(t.size_x, t.size_y, t.size_z);
    for (std::size_t z = 0; z < grid.size_z; ++z)
      for (std::size_t y = 0; y < grid.size_y; ++y)
        for (std::size_t x = 0; x < grid.size_x; ++x)
          if ((x + 2 * y + 3 * z + l) % 4 != 1)
            grid.at(x, y, z) = {static_cast<std::uint8_t>(1 + (x + y + z) % 9),
                                static_cast<std::uint8_t>((x + z) % 6), true};
    limb.body = westwood::encode_limb_voxels(grid);
    vxl.limbs.push_back(std::move(limb));
  }
  return vxl;
}

westwood::HvaFile westwood_sample_hva() {
  westwood::HvaFile hva;
  hva.file_name = westwood::make_name_field("sample");
  hva.frame_count = 3;
  hva.section_names = {westwood::make_name_field("body"), westwood::make_name_field("turret")};
  for (int frame = 0; frame < 3; ++frame) {
    hva.matrices.push_back({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0});
    const float a = 0.5f * float(frame), c = std::cos(a), s = std::sin(a);
    hva.matrices.push_back({c, -s, 0, 12.0f * float(frame), s, c, 0, 0, 0, 0, 1, 24});
  }
  return hva;
}

void add_westwood_sweep_inputs(std::vector<SweepInput>& inputs) {
  const auto vxl = westwood_sample_vxl();
  const auto vxl_bytes = westwood::write_vxl(vxl);
  inputs.push_back({"sample.vxl", vxl_bytes});
  inputs.push_back({"sample.hva", westwood::write_hva(westwood_sample_hva())});
  inputs.push_back({"sample.vox", westwood::write_vox(westwood::vxl_to_vox(vxl, vxl_bytes, std::nullopt))});
}

}  // namespace gamefmt::test
