#include <cmath>
#include <string>

#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/details_scene.hpp"
#include "xray/dm_scene.hpp"
#include "xray/level_mesh_scene.hpp"
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

namespace {

// One mesh per model in model space and, under each model's node, one child node per placement (translation and
// uniform scale); the model node asks the glTF writer for EXT_mesh_gpu_instancing.
std::unique_ptr<aiScene> instanced_details_scene(const xray::Details& details, unsigned grid, std::string_view name) {
  std::vector<std::vector<Placement>> placements(details.models.size());
  std::size_t total = 0;
  for (const auto count : details_instance_counts(details, grid)) total += count;
  if (total > kDetailsMaxInstances)
    throw FormatError(std::string(name), std::nullopt, "option details_grid",
                      std::to_string(total) + " instances (limit " + std::to_string(kDetailsMaxInstances) +
                          "); use a smaller details_grid");
  for_each_instance(details, grid, [&](unsigned m, const Placement& at) { placements[m].push_back(at); });
  std::vector<LevelNode> nodes;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  for (std::size_t m = 0; m < details.models.size(); ++m) {
    const std::string node_name = "details_" + std::to_string(m);
    auto parts = dm_scene_parts(details.models[m], node_name);
    LevelNode node{node_name, nullptr, parts.node->mMetaData};
    parts.node->mMetaData = nullptr;
    delete parts.node;
    add_metadata(node.metadata, "xray.details.instances", int(placements[m].size()));
    if (parts.mesh->mNumFaces > 0 && !placements[m].empty()) {
      parts.mesh->mMaterialIndex = unsigned(materials.size());
      node.mesh = std::move(parts.mesh);
      add_metadata(node.metadata, "gltf.instancing", true);
    }
    materials.push_back(std::move(parts.material));
    nodes.push_back(std::move(node));
  }
  auto scene = make_level_scene(name, "level.details", std::move(nodes), std::move(materials));
  for (unsigned i = 0; i < scene->mRootNode->mNumChildren; ++i) {
    aiNode& node = *scene->mRootNode->mChildren[i];
    if (node.mNumMeshes == 0) continue;
    const unsigned mesh = node.mMeshes[0];
    set_meshes(node, {});
    const auto& list = placements[i];
    std::vector<aiNode*> children;
    children.reserve(list.size());
    for (std::size_t k = 0; k < list.size(); ++k) {
      aiNode* child = make_node(std::string(node.mName.C_Str()) + "_" + std::to_string(k));
      const auto& p = list[k].position;
      child->mTransformation = aiMatrix4x4(aiVector3D(list[k].scale, list[k].scale, list[k].scale), aiQuaternion(),
                                           xray_axes::vector(p[0], p[1], p[2]));
      set_meshes(*child, {mesh});
      children.push_back(child);
    }
    set_children(node, children);
  }
  return scene;
}

}  // namespace

std::unique_ptr<aiScene> details_to_scene(const xray::Details& details, unsigned grid, std::string_view name,
                                          DetailsMode mode) {
  if (mode == DetailsMode::instanced) {
    auto scene = instanced_details_scene(details, grid, name);
    add_metadata(scene->mRootNode->mMetaData, "xray.details.version", int(details.header.version));
    add_metadata(scene->mRootNode->mMetaData, "xray.details.grid", int(grid));
    return scene;
  }
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
