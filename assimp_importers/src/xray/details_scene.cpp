#include <cmath>
#include <string>

#include "gamefmt/assimp/scene_building.hpp"
#include "gamefmt/assimp/xray_details.hpp"
#include "gamefmt/assimp/xray_dm.hpp"
#include "gamefmt/assimp/xray_level_mesh.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

struct Placement {
  XrayPoint position;
  float scale;
};

// Calls place(model, placement) for every baked instance, slot by slot.
template <class Place>
void for_each_instance(const xray::Details& details, unsigned grid, Place place) {
  const auto& h = details.header;
  const unsigned cells = grid * grid;
  for (std::size_t i = 0; i < details.slots.size(); ++i) {
    const auto& slot = details.slots[i];
    const std::int64_t x = std::int64_t(i % h.size_x), z = std::int64_t(i / h.size_x);
    const float min_x = float(x - h.offset_x) * xray::kDetailSlotSize;
    const float min_z = float(z - h.offset_z) * xray::kDetailSlotSize;
    const float y = details.slot_y_min(slot);
    for (int k = 0; k < 4; ++k) {
      const auto model = details.model_of(slot, k);
      if (!model) continue;
      unsigned sum = 0;
      for (int c = 0; c < 4; ++c) sum += slot.density(k, c);
      const auto count = unsigned(std::lround(double(sum) / 60.0 * cells));
      const auto& dm = details.models[*model];
      for (unsigned cell = 0; cell < count; ++cell) {
        const float cx = min_x + (float(cell % grid) + 0.5f) * xray::kDetailSlotSize / float(grid);
        const float cz = min_z + (float(cell / grid) + 0.5f) * xray::kDetailSlotSize / float(grid);
        place(*model, Placement{{cx, y, cz}, (dm.min_scale + dm.max_scale) * 0.5f});
      }
    }
  }
}

}  // namespace

std::vector<std::size_t> details_instance_counts(const xray::Details& details, unsigned grid) {
  std::vector<std::size_t> counts(details.models.size(), 0);
  for_each_instance(details, grid, [&](unsigned model, const Placement&) { ++counts[model]; });
  return counts;
}

std::unique_ptr<aiScene> details_to_scene(const xray::Details& details, unsigned grid, std::string_view name) {
  const auto counts = details_instance_counts(details, grid);
  std::size_t total = 0;
  for (std::size_t m = 0; m < counts.size(); ++m) total += counts[m] * details.models[m].vertices.size();
  if (total > kDetailsMaxBakedVertices)
    throw FormatError(std::string(name), std::nullopt, "option details_grid",
                      "baking would make " + std::to_string(total) + " vertices (limit " +
                          std::to_string(kDetailsMaxBakedVertices) + "); use a smaller details_grid");

  std::vector<std::vector<XrayPoint>> positions(details.models.size());
  std::vector<std::vector<std::array<float, 2>>> uvs(details.models.size());
  std::vector<std::vector<std::uint32_t>> faces(details.models.size());
  for_each_instance(details, grid, [&](unsigned m, const Placement& at) {
    const auto& dm = details.models[m];
    const auto base = std::uint32_t(positions[m].size());
    for (const auto& v : dm.vertices) {
      positions[m].push_back({at.position[0] + v.position[0] * at.scale, at.position[1] + v.position[1] * at.scale,
                              at.position[2] + v.position[2] * at.scale});
      uvs[m].push_back({v.u, v.v});
    }
    for (const auto index : dm.indices) faces[m].push_back(base + index);
  });

  std::vector<LevelNode> nodes;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  for (std::size_t m = 0; m < details.models.size(); ++m) {
    const std::string node_name = "details_" + std::to_string(m);
    auto parts = dm_scene_parts(details.models[m], node_name);
    LevelNode node{node_name};
    node.metadata = parts.node->mMetaData;
    parts.node->mMetaData = nullptr;
    delete parts.node;
    add_metadata(node.metadata, "xray.details.instances", int(counts[m]));
    if (!faces[m].empty())
      node.mesh = make_level_mesh({.name = node_name, .positions = &positions[m], .faces = &faces[m],
                                   .corners_per_face = 3, .material = unsigned(materials.size()), .uvs = &uvs[m]});
    materials.push_back(std::move(parts.material));
    nodes.push_back(std::move(node));
  }
  auto scene = make_level_scene(name, "level.details", std::move(nodes), std::move(materials));
  add_metadata(scene->mRootNode->mMetaData, "xray.details.version", int(details.header.version));
  add_metadata(scene->mRootNode->mMetaData, "xray.details.grid", int(grid));
  return scene;
}

}  // namespace gamefmt::assimp
