#include <algorithm>
#include <cmath>
#include <set>
#include <span>

#include "../core/texture_images.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/image/rgba8_image.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"
#include "gamefmt/westwood/voxel_normal_tables.hpp"
#include "westwood/vxl_scene.hpp"
#include "westwood/westwood_space.hpp"

namespace gamefmt::westwood {
namespace {

using scene::at;

constexpr std::size_t kPaletteImageWidth = 256;

template <class Array>
void require_finite(const Array& values, const FieldPath& path, std::string_view field) {
  for (const float v : values)
    if (!std::isfinite(v)) path.fail(field, "holds a value that is not a finite number");
}

// An HVA matrix as a limb model transform: its translation is in 1/scale units (docs/formats/westwood.md,
// `.hva`).
glm::mat4 hva_model_transform(const HvaMatrix& m, const VxlLimbTailer& t) {
  glm::mat4 out = vxl_matrix(m);
  const auto scale = vxl_section_scale(t);
  for (int row = 0; row < 3; ++row) at(out, row, 3) *= t.scale * scale[row];
  return out;
}

// Limb names, made unique and distinct from the root's (animation tools address nodes by name).
std::vector<std::string> unique_limb_names(const VxlFile& vxl, const std::string& root_name) {
  std::vector<std::string> names;
  std::set<std::string> taken{root_name};
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    std::string name = name_text(vxl.limbs[i].header.name);
    if (name.empty()) name = "limb";
    const std::string base = name;
    for (std::size_t k = i; !taken.insert(name).second; ++k) name = base + "." + std::to_string(k);
    names.push_back(name);
  }
  return names;
}

// The texel of palette index c in the 256 x 1 palette image: its centre, so that every filter gives its
// colour.
glm::vec2 palette_texel(std::size_t c) {
  return {(float(c) + 0.5f) / float(kPaletteImageWidth), 0.5f};
}

// The palette as a 256 x 1 opaque image, index i at column i.
image::Rgba8Image palette_image(const Palette& palette) {
  image::Rgba8Image out;
  out.width = kPaletteImageWidth;
  out.height = 1;
  out.pixels.reserve(4 * kPaletteImageWidth);
  for (std::size_t c = 0; c < kPaletteImageWidth; ++c)
    out.pixels.insert(out.pixels.end(), {palette[3 * c], palette[3 * c + 1], palette[3 * c + 2], 255});
  return out;
}

// Each vertex's normal: the table vector of its voxels' normal index, or the face's own normal when the table
// has no such index (or the limb's normals type names no table).
scene::Mesh make_limb_mesh(const VoxelMesh& voxels, std::span<const VoxelNormal> table,
                           const std::string& name) {
  scene::Mesh mesh;
  mesh.name = name;
  mesh.material = 0;
  const std::size_t n = voxels.positions.size();
  mesh.positions.resize(n);
  mesh.normals.resize(n);
  mesh.texcoords.assign(1, std::vector<glm::vec2>(n));
  for (std::size_t i = 0; i < n; ++i) {
    const auto& p = voxels.positions[i];
    mesh.positions[i] = {p[0], p[1], p[2]};
    const std::size_t k = voxels.normal_indices[i];
    const auto& q = k < table.size() ? table[k] : voxels.normals[i];
    mesh.normals[i] = {q[0], q[1], q[2]};
    mesh.texcoords[0][i] = palette_texel(voxels.colors[i]);
  }
  mesh.triangles = voxels.indices;
  return mesh;
}

// A warning for a limb whose voxels' normals are not all in its table: the face's own normal stands in.
void warn_unknown_normals(scene::Scene& scene, const std::string& limb_name, std::uint8_t normals_type,
                          std::span<const VoxelNormal> table, const VoxelGrid& grid) {
  std::size_t outside = 0;
  int largest = -1;
  for (const auto& v : grid.cells)
    if (v.filled && v.normal >= table.size()) {
      ++outside;
      largest = std::max(largest, int(v.normal));
    }
  if (outside == 0) return;
  const std::string where = "limb '" + limb_name + "': ";
  const std::string fallback = ": their faces get their own (axis) normal instead";
  if (table.empty())
    scene.warnings.push_back(where + "normals type " + std::to_string(normals_type) +
                             " names no table the games know (2: Tiberian Sun, 4: Red Alert 2)" + fallback);
  else
    scene.warnings.push_back(where + std::to_string(outside) + " voxel(s) have normal indices past the " +
                             std::to_string(table.size()) + " entries of the table of normals type " +
                             std::to_string(normals_type) + " (largest " + std::to_string(largest) + ")" +
                             fallback);
}

// The HVA frames of each matched limb as keys, one per frame at `frames_per_second`.
void add_hva_animation(scene::Scene& scene, const VxlSceneInput& input, const std::vector<int>& sections,
                       const std::vector<scene::NodeIndex>& limb_nodes) {
  const auto& hva = *input.hva;
  const auto& vxl = *input.vxl;
  FieldPath path(input.hva_name);
  scene::Animation animation;
  animation.name = "hva";
  animation.interpolation = scene::Interpolation::step;
  animation.duration = double(hva.frame_count - 1) / input.frames_per_second;
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    if (sections[i] < 0) continue;
    scene::NodeAnimation channel;
    channel.node = limb_nodes[i];
    for (std::uint32_t f = 0; f < hva.frame_count; ++f) {
      const scene::Trs trs =
          scene::decompose(hva_model_transform(hva.matrix(f, sections[i]), vxl.limbs[i].tailer));
      const auto matrix = path.enter("matrices", f * hva.section_names.size() + sections[i]);
      require_finite(std::array<float, 10>{trs.translation.x, trs.translation.y, trs.translation.z,
                                           trs.rotation.w, trs.rotation.x, trs.rotation.y, trs.rotation.z,
                                           trs.scale.x, trs.scale.y, trs.scale.z},
                     path, "");
      const double time = double(f) / input.frames_per_second;
      channel.translation.push_back({time, trs.translation});
      channel.rotation.push_back({time, trs.rotation});
      channel.scale.push_back({time, trs.scale});
    }
    animation.channels.push_back(std::move(channel));
  }
  if (!animation.channels.empty()) scene.animations.push_back(std::move(animation));
}

}  // namespace

std::vector<int> match_hva_sections(const VxlFile& vxl, const HvaFile& hva) {
  std::vector<int> match(vxl.limbs.size(), -1);
  if (hva.section_names.size() == vxl.limbs.size()) {
    for (std::size_t i = 0; i < match.size(); ++i) match[i] = static_cast<int>(i);
    return match;
  }
  std::vector<bool> used(hva.section_names.size(), false);
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    const auto name = name_text(vxl.limbs[i].header.name);
    for (std::size_t s = 0; s < hva.section_names.size(); ++s)
      if (!used[s] && name_text(hva.section_names[s]) == name) {
        used[s] = true;
        match[i] = static_cast<int>(s);
        break;
      }
  }
  return match;
}

scene::Scene vxl_to_scene(const VxlSceneInput& input, std::string_view scene_name) {
  const auto& vxl = *input.vxl;
  const auto palette = choose_voxel_palette(input.palette, vxl.palette);

  std::vector<int> sections(vxl.limbs.size(), -1);
  const bool animated =
      input.hva != nullptr && input.hva->frame_count > 0 && !input.hva->section_names.empty();
  if (animated) {
    sections = match_hva_sections(vxl, *input.hva);
    FieldPath path(input.hva_name);
    for (std::size_t i = 0; i < input.hva->matrices.size(); ++i) {
      const auto matrix = path.enter("matrices", i);
      require_finite(input.hva->matrices[i], path, "");
    }
  }

  scene::Scene scene;
  const std::string root_name = scene_name.empty() ? "vxl" : std::string(scene_name);
  scene.name = root_name;
  const scene::NodeIndex root = scene.add_node(root_name);
  scene.nodes[root].transform = vxl_z_up_to_y_up() * scene::scaling(glm::vec3(float(input.scale)));
  scene.nodes[root].extras["westwood.scale"] = input.scale;

  FieldPath path(input.vxl_name);
  const auto names = unique_limb_names(vxl, root_name);
  std::vector<scene::NodeIndex> limb_nodes;
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    const auto& limb = vxl.limbs[i];
    const auto& t = limb.tailer;
    {
      const auto tailer = path.enter("tailers", i);
      require_finite(t.transform, path, "transform");
      require_finite(t.min_bounds, path, "min_bounds");
      require_finite(t.max_bounds, path, "max_bounds");
      require_finite(std::array<float, 1>{t.scale}, path, "scale");
    }

    const scene::NodeIndex node = scene.add_node(names[i], root);
    limb_nodes.push_back(node);
    scene.nodes[node].transform = sections[i] >= 0 ? hva_model_transform(input.hva->matrix(0, sections[i]), t)
                                                   : vxl_matrix(t.transform);
    const auto grid = decode_limb_voxels(limb, input.vxl_name, 0, i);
    auto& extras = scene.nodes[node].extras;
    extras["westwood.limb"] = static_cast<int>(i);
    extras["westwood.normals_type"] = static_cast<int>(t.normals_type);
    extras["westwood.voxels"] = static_cast<int>(grid.filled_count());

    const scene::NodeIndex voxels = scene.add_node(names[i] + ".voxels", node);
    const auto scale = vxl_section_scale(t);
    glm::mat4 placement(1.0f);
    for (int a = 0; a < 3; ++a) {
      at(placement, a, a) = scale[a];
      at(placement, a, 3) = t.min_bounds[a];
    }
    scene.nodes[voxels].transform = placement;
    const auto table = voxel_normal_table(t.normals_type);
    warn_unknown_normals(scene, names[i], t.normals_type, table, grid);
    const auto mesh = mesh_voxels(grid);
    if (!mesh.indices.empty())
      scene.nodes[voxels].meshes.push_back(scene.add_mesh(make_limb_mesh(mesh, table, names[i])));
  }
  scene::Material material;
  material.name = "westwood_palette";
  material.base_color_texture =
      scene::TextureReference{add_pixels_image(scene, palette_image(palette.colors), "westwood_palette")};
  material.extras["westwood.remap"] = {vxl.remap_start, vxl.remap_end};
  scene.add_material(std::move(material));
  switch (palette.source) {
    case VoxelPaletteSource::game:
      scene.extras["westwood.palette"] = input.palette_name;
      break;
    case VoxelPaletteSource::embedded:
      scene.extras["westwood.palette"] = "embedded";
      break;
    case VoxelPaletteSource::built_in:
      scene.extras["westwood.palette"] = "built-in";
      scene.warnings.push_back(
          "the embedded palette is all zeros and no game palette was given (a .pal companion or -O "
          "palette=FILE): the voxels are coloured with " +
          std::string(kBuiltInVoxelPaletteName));
      break;
  }

  if (animated && input.hva->frame_count > 1) add_hva_animation(scene, input, sections, limb_nodes);
  return scene;
}

}  // namespace gamefmt::westwood
