#include "gamefmt/westwood/voxel_mesher.hpp"

namespace gamefmt::westwood {
namespace {

struct Axes {
  int d, u, v;  // (d, u, v) is a cyclic permutation of (x, y, z): e_u x e_v = e_d
};

void add_quad(VoxelMesh& mesh, const Axes& axes, int plane, int u0, int v0, int width, int height,
              bool positive, std::uint8_t color, std::uint8_t normal_index) {
  const auto base = static_cast<std::uint32_t>(mesh.positions.size());
  const int corners[4][2] = {{u0, v0}, {u0 + width, v0}, {u0 + width, v0 + height}, {u0, v0 + height}};
  std::array<float, 3> normal{};
  normal[axes.d] = positive ? 1.0f : -1.0f;
  for (const auto& corner : corners) {
    std::array<float, 3> p{};
    p[axes.d] = static_cast<float>(plane);
    p[axes.u] = static_cast<float>(corner[0]);
    p[axes.v] = static_cast<float>(corner[1]);
    mesh.positions.push_back(p);
    mesh.normals.push_back(normal);
    mesh.colors.push_back(color);
    mesh.normal_indices.push_back(normal_index);
  }
  if (positive)
    mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
  else
    mesh.indices.insert(mesh.indices.end(), {base, base + 2, base + 1, base, base + 3, base + 2});
}

}  // namespace

VoxelMesh mesh_voxels(const VoxelGrid& grid) {
  VoxelMesh mesh;
  const int size[3] = {int(grid.size_x), int(grid.size_y), int(grid.size_z)};
  const auto filled = [&](int p[3]) {
    return p[0] >= 0 && p[1] >= 0 && p[2] >= 0 && p[0] < size[0] && p[1] < size[1] && p[2] < size[2] &&
           grid.at(p[0], p[1], p[2]).filled;
  };
  std::vector<int> mask;  // per (u, v): 0 = no face, else 1 + colour + 256 * normal index
  for (const Axes axes : {Axes{0, 1, 2}, Axes{1, 2, 0}, Axes{2, 0, 1}}) {
    const int su = size[axes.u], sv = size[axes.v];
    mask.assign(std::size_t(su) * sv, 0);
    for (int plane = 0; plane <= size[axes.d]; ++plane) {
      for (const bool positive : {true, false}) {
        // A positive face belongs to the cell below the plane and looks up; a negative one to the cell above.
        bool any = false;
        for (int v = 0; v < sv; ++v)
          for (int u = 0; u < su; ++u) {
            int inside[3], outside[3];
            inside[axes.d] = positive ? plane - 1 : plane;
            outside[axes.d] = positive ? plane : plane - 1;
            inside[axes.u] = outside[axes.u] = u;
            inside[axes.v] = outside[axes.v] = v;
            int value = 0;
            if (filled(inside) && !filled(outside)) {
              const Voxel& voxel = grid.at(inside[0], inside[1], inside[2]);
              value = 1 + voxel.color + 256 * voxel.normal;
            }
            mask[std::size_t(v) * su + u] = value;
            any = any || value != 0;
          }
        if (!any) continue;
        for (int v = 0; v < sv; ++v)
          for (int u = 0; u < su;) {
            const int value = mask[std::size_t(v) * su + u];
            if (value == 0) {
              ++u;
              continue;
            }
            int width = 1;
            while (u + width < su && mask[std::size_t(v) * su + u + width] == value) ++width;
            int height = 1;
            for (; v + height < sv; ++height) {
              bool row = true;
              for (int k = 0; k < width && row; ++k)
                row = mask[std::size_t(v + height) * su + u + k] == value;
              if (!row) break;
            }
            for (int h = 0; h < height; ++h)
              for (int k = 0; k < width; ++k) mask[std::size_t(v + h) * su + u + k] = 0;
            add_quad(mesh, axes, plane, u, v, width, height, positive,
                     static_cast<std::uint8_t>((value - 1) % 256),
                     static_cast<std::uint8_t>((value - 1) / 256));
            u += width;
          }
      }
    }
  }
  return mesh;
}

}  // namespace gamefmt::westwood
