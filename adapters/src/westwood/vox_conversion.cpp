#include "westwood/vox_conversion.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/westwood/voxel_normals.hpp"
#include "westwood/westwood_space.hpp"

namespace gamefmt::westwood {
namespace {

// The filled state of the voxel and its six face neighbours: a voxel keeps its normal only if none changed.
bool same_neighbourhood(const VoxelGrid& a, const VoxelGrid& b, std::size_t x, std::size_t y, std::size_t z) {
  static constexpr int kSteps[7][3] = {{0, 0, 0},  {1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                       {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  const auto filled = [](const VoxelGrid& g, long x, long y, long z) {
    return x >= 0 && y >= 0 && z >= 0 && x < long(g.size_x) && y < long(g.size_y) && z < long(g.size_z) &&
           g.at(x, y, z).filled;
  };
  for (const auto& s : kSteps)
    if (filled(a, long(x) + s[0], long(y) + s[1], long(z) + s[2]) !=
        filled(b, long(x) + s[0], long(y) + s[1], long(z) + s[2]))
      return false;
  return true;
}

bool same_voxels(const VoxelGrid& a, const VoxelGrid& b) {
  if (a.size_x != b.size_x || a.size_y != b.size_y || a.size_z != b.size_z) return false;
  for (std::size_t i = 0; i < a.cells.size(); ++i) {
    const auto &p = a.cells[i], &q = b.cells[i];
    if (p.filled != q.filled || (p.filled && (p.color != q.color || p.normal != q.normal))) return false;
  }
  return true;
}

VoxelGrid grid_of_model(const VoxModel& model, FieldPath& path, std::size_t index) {
  const auto field = path.enter("models", index);
  for (const auto s : model.size)
    if (s == 0 || s > 255)
      path.fail("size", "a VXL limb is 1 to 255 voxels a side, this model is " + std::to_string(s),
                ErrorKind::limit);
  VoxelGrid grid(model.size[0], model.size[1], model.size[2]);
  for (const auto& v : model.voxels) {
    auto& cell = grid.at(v[0], v[1], v[2]);
    cell.filled = true;
    cell.color = v[3];
  }
  return grid;
}

}  // namespace

VoxFile vxl_to_vox(const VxlFile& vxl, std::span<const std::byte> vxl_bytes,
                   const std::optional<Palette>& game_palette) {
  std::vector<VoxModel> models;
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    const auto& limb = vxl.limbs[i];
    const auto& t = limb.tailer;
    const auto grid = decode_limb_voxels(limb, "", 0, i);
    VoxModel model;
    model.size = {t.size_x, t.size_y, t.size_z};
    model.name = name_text(limb.header.name);
    for (int a = 0; a < 3; ++a) {
      const float centre = t.transform[4 * a + 3] + 0.5f * (t.min_bounds[a] + t.max_bounds[a]);
      model.translation[a] =
          std::isfinite(centre) ? static_cast<std::int32_t>(std::lround(std::clamp(centre, -1e6f, 1e6f))) : 0;
    }
    for (std::size_t z = 0; z < grid.size_z; ++z)
      for (std::size_t y = 0; y < grid.size_y; ++y)
        for (std::size_t x = 0; x < grid.size_x; ++x)
          if (const auto& v = grid.at(x, y, z); v.filled)
            model.voxels.push_back({std::uint8_t(x), std::uint8_t(y), std::uint8_t(z), v.color});
    models.push_back(std::move(model));
  }
  const Palette palette = choose_voxel_palette(game_palette, vxl.palette).colors;
  VoxPalette rgba{};
  for (std::size_t k = 0; k < 256; ++k) {
    const std::size_t c = (k + 1) % 256;
    rgba[k] = {palette[3 * c], palette[3 * c + 1], palette[3 * c + 2], 255};
  }
  VoxChunk original;
  std::copy(kVoxOriginalVxlChunk.begin(), kVoxOriginalVxlChunk.end(), original.id.begin());
  original.content.assign(vxl_bytes.begin(), vxl_bytes.end());
  return make_vox(models, rgba, {std::move(original)});
}

std::optional<VxlFile> original_vxl_in_vox(const VoxFile& vox, std::string_view vox_name) {
  const auto* chunk = find_chunk(vox, kVoxOriginalVxlChunk);
  if (chunk == nullptr) return std::nullopt;
  return read_vxl(chunk->content, std::string(vox_name) + ":" + std::string(kVoxOriginalVxlChunk));
}

VxlFile vox_to_vxl(const VoxFile& vox, std::string_view vox_name, const VxlFile* reference,
                   std::uint8_t normals_type) {
  const auto models = vox_models(vox, vox_name);
  FieldPath path(vox_name);
  VxlFile out;
  if (reference != nullptr) {
    if (models.size() != reference->limbs.size())
      path.fail("models", std::to_string(models.size()) + " models, but the original .vxl has " +
                              std::to_string(reference->limbs.size()) + " limbs");
    out = *reference;
    NormalIndexEstimator estimator;
    std::vector<VoxelGrid> originals;
    for (std::size_t i = 0; i < reference->limbs.size(); ++i) {
      originals.push_back(decode_limb_voxels(reference->limbs[i], "original.vxl", 0, i));
      estimator.learn(originals.back());
    }
    for (std::size_t i = 0; i < models.size(); ++i) {
      auto grid = grid_of_model(models[i], path, i);
      const auto& original = originals[i];
      auto& limb = out.limbs[i];
      const bool same_size =
          grid.size_x == original.size_x && grid.size_y == original.size_y && grid.size_z == original.size_z;
      for (std::size_t z = 0; z < grid.size_z; ++z)
        for (std::size_t y = 0; y < grid.size_y; ++y)
          for (std::size_t x = 0; x < grid.size_x; ++x) {
            auto& v = grid.at(x, y, z);
            if (!v.filled) continue;
            const bool kept =
                same_size && original.at(x, y, z).filled && same_neighbourhood(grid, original, x, y, z);
            v.normal =
                kept ? original.at(x, y, z).normal : estimator.pick(grid, x, y, z, limb.tailer.normals_type);
          }
      if (same_voxels(grid, original)) continue;  // keeps the stored spans byte for byte
      auto& t = limb.tailer;
      if (!same_size) {
        const auto scale = vxl_section_scale(t);
        t.size_x = static_cast<std::uint8_t>(grid.size_x);
        t.size_y = static_cast<std::uint8_t>(grid.size_y);
        t.size_z = static_cast<std::uint8_t>(grid.size_z);
        for (int a = 0; a < 3; ++a) t.max_bounds[a] = t.min_bounds[a] + scale[a] * float(models[i].size[a]);
      }
      limb.body = encode_limb_voxels(grid);
    }
    return out;
  }
  std::copy(kVxlMagic.begin(), kVxlMagic.end(), out.magic.begin());
  if (const auto rgba = vox_palette(vox, vox_name))
    for (std::size_t c = 0; c < 256; ++c)
      for (int k = 0; k < 3; ++k) out.palette[3 * c + k] = (*rgba)[(c + 255) % 256][k];
  const NormalIndexEstimator nothing_learnt;  // the table of `normals_type` alone
  for (std::size_t i = 0; i < models.size(); ++i) {
    auto grid = grid_of_model(models[i], path, i);
    for (std::size_t z = 0; z < grid.size_z; ++z)
      for (std::size_t y = 0; y < grid.size_y; ++y)
        for (std::size_t x = 0; x < grid.size_x; ++x)
          if (auto& v = grid.at(x, y, z); v.filled)
            v.normal = nothing_learnt.pick(grid, x, y, z, normals_type);
    VxlLimb limb;
    limb.header.name = make_name_field(models[i].name.empty() ? "limb" + std::to_string(i) : models[i].name);
    limb.header.number = static_cast<std::uint32_t>(i);
    limb.header.unknown2 = 2;
    auto& t = limb.tailer;
    t.size_x = static_cast<std::uint8_t>(grid.size_x);
    t.size_y = static_cast<std::uint8_t>(grid.size_y);
    t.size_z = static_cast<std::uint8_t>(grid.size_z);
    t.min_bounds = {-0.5f * float(grid.size_x), -0.5f * float(grid.size_y), 0.0f};
    t.max_bounds = {0.5f * float(grid.size_x), 0.5f * float(grid.size_y), float(grid.size_z)};
    t.normals_type = normals_type;
    limb.body = encode_limb_voxels(grid);
    out.limbs.push_back(std::move(limb));
  }
  return out;
}

}  // namespace gamefmt::westwood
