#include "westwood_shading_checks.hpp"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/westwood/voxel_normal_tables.hpp"
#include "glb_images.hpp"

namespace gamefmt::test {
namespace {

void note(VoxelShadingReport& report, const std::string& error) {
  if (report.errors.size() < 8)
    report.errors.push_back(error);
  else if (report.errors.size() == 8)
    report.errors.push_back("...");
}

}  // namespace

VoxelShadingReport check_voxel_shading(const std::vector<std::filesystem::path>& inputs,
                                       const std::map<std::string, std::string, std::less<>>& options,
                                       const westwood::VxlFile& vxl, const westwood::Palette& palette) {
  VoxelShadingReport report;
  const auto converted = load_scene(inputs, options);
  report.warnings = converted.warnings;
  const auto files = save_scene(converted, "model.glb", {});
  if (files.size() != 1) throw std::runtime_error("the conversion gave more than one file");
  const auto scene = gltf::read_gltf(files[0].bytes, "model.glb");
  const auto glb = parse_glb(files[0].bytes);
  const auto image_bytes = material_image_bytes(glb, 0, "baseColorTexture");
  if (!image_bytes) {
    note(report, "the material has no base colour texture");
    return report;
  }
  const auto texture = decode_picture(*image_bytes);
  if (!texture) {
    note(report, "stb_image cannot decode the base colour texture");
    return report;
  }
  for (const auto& mesh : glb.json.at("meshes"))
    for (const auto& primitive : mesh.at("primitives"))
      report.has_vertex_colors = report.has_vertex_colors || primitive.at("attributes").contains("COLOR_0");

  for (const auto& node : scene.nodes) {
    if (!node.extras.is_object() || !node.extras.contains("westwood.limb")) continue;
    const auto limb_index = node.extras["westwood.limb"].get<std::size_t>();
    const auto& limb = vxl.limbs.at(limb_index);
    const auto grid = westwood::decode_limb_voxels(limb, "expected.vxl", 0, limb_index);
    const auto table = westwood::voxel_normal_table(limb.tailer.normals_type);
    for (const auto child : node.children)
      for (const auto mesh_index : scene.nodes[child].meshes) {
        const auto& mesh = scene.meshes[mesh_index];
        if (mesh.texcoords.empty() || mesh.normals.size() != mesh.positions.size()) {
          note(report, mesh.name + ": no UVs or normals");
          continue;
        }
        for (std::size_t t = 0; 3 * t < mesh.triangles.size(); ++t) {
          const std::uint32_t* corner = &mesh.triangles[3 * t];
          const glm::vec3 a = mesh.positions[corner[0]], b = mesh.positions[corner[1]],
                          c = mesh.positions[corner[2]];
          const glm::vec3 face = glm::normalize(glm::cross(b - a, c - a));
          const glm::vec3 inside = (a + b + c) / 3.0f - 0.5f * face;
          const long x = std::lround(std::floor(inside.x)), y = std::lround(std::floor(inside.y)),
                     z = std::lround(std::floor(inside.z));
          const std::string where = mesh.name + " triangle " + std::to_string(t);
          if (x < 0 || y < 0 || z < 0 || x >= long(grid.size_x) || y >= long(grid.size_y) ||
              z >= long(grid.size_z) || !grid.at(x, y, z).filled) {
            note(report, where + ": no voxel behind it");
            continue;
          }
          const auto& voxel = grid.at(x, y, z);
          ++report.triangles;
          glm::vec3 expected = face;
          if (voxel.normal < table.size()) {
            expected = {table[voxel.normal][0], table[voxel.normal][1], table[voxel.normal][2]};
            ++report.table_normals;
          } else {
            ++report.axis_normals;
          }
          for (int k = 0; k < 3; ++k) {
            const auto& n = mesh.normals[corner[k]];
            if (glm::length(n - expected) > 1e-6f)
              note(report, where + ": normal (" + std::to_string(n.x) + ", " + std::to_string(n.y) + ", " +
                               std::to_string(n.z) + "), voxel normal index " + std::to_string(voxel.normal));
            const auto& uv = mesh.texcoords[0][corner[k]];
            const auto column = std::uint32_t(std::clamp(uv.x, 0.0f, 0.999999f) * float(texture->width));
            const auto row = std::uint32_t(std::clamp(uv.y, 0.0f, 0.999999f) * float(texture->height));
            const std::uint8_t* texel = &texture->rgba[4 * (std::size_t(row) * texture->width + column)];
            const std::uint8_t* want = &palette[3 * voxel.color];
            if (texel[0] != want[0] || texel[1] != want[1] || texel[2] != want[2] || texel[3] != 255)
              note(report, where + ": texel (" + std::to_string(texel[0]) + ", " + std::to_string(texel[1]) +
                               ", " + std::to_string(texel[2]) + "), palette entry " +
                               std::to_string(voxel.color) + " is (" + std::to_string(want[0]) + ", " +
                               std::to_string(want[1]) + ", " + std::to_string(want[2]) + ")");
          }
        }
      }
  }
  return report;
}

}  // namespace gamefmt::test
