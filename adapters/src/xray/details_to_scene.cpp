#include <cmath>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/details_scene.hpp"
#include "xray/dm_scene.hpp"
#include "xray/level_mesh_scene.hpp"

namespace gamefmt::xray {
namespace {

constexpr std::uint64_t kMaxBakedVertices = 16u << 20;

struct Placement {
  XrayPoint position;
  float scale;
};

// Calls place(model, placement) for every baked instance, slot by slot.
template <class Place>
void for_each_instance(const Details& details, unsigned grid, Place place) {
  const auto& h = details.header;
  const unsigned cells = grid * grid;
  for (std::size_t i = 0; i < details.slots.size(); ++i) {
    const auto& slot = details.slots[i];
    const std::int64_t x = std::int64_t(i % h.size_x), z = std::int64_t(i / h.size_x);
    const float min_x = float(x - h.offset_x) * kDetailSlotSize;
    const float min_z = float(z - h.offset_z) * kDetailSlotSize;
    const float y = details.slot_y_min(slot);
    for (int k = 0; k < 4; ++k) {
      const auto model = details.model_of(slot, k);
      if (!model) continue;
      unsigned sum = 0;
      for (int c = 0; c < 4; ++c) sum += slot.density(k, c);
      const auto count = unsigned(std::lround(double(sum) / 60.0 * cells));
      const auto& dm = details.models[*model];
      for (unsigned cell = 0; cell < count; ++cell) {
        const float cx = min_x + (float(cell % grid) + 0.5f) * kDetailSlotSize / float(grid);
        const float cz = min_z + (float(cell / grid) + 0.5f) * kDetailSlotSize / float(grid);
        place(*model, Placement{{cx, y, cz}, (dm.min_scale + dm.max_scale) * 0.5f});
      }
    }
  }
}

// Translation and uniform scale, element by element as earlier versions built it with Assimp (scaled rows of
// the identity rotation: 0 * scale keeps the sign of the scale, and a non-finite one).
glm::mat4 placement_matrix(const Placement& at) {
  glm::mat4 m(1.0f);
  for (int row = 0; row < 3; ++row)
    for (int column = 0; column < 3; ++column)
      scene::at(m, row, column) = (row == column ? 1.0f : 0.0f) * at.scale;
  m[3] = glm::vec4(xray_space::vector(glm::vec3(at.position[0], at.position[1], at.position[2])), 1.0f);
  return m;
}

LevelNode model_node(const DetailModel& model, std::size_t index, std::size_t instances,
                     DmSceneParts& parts) {
  const std::string name = "details_" + std::to_string(index);
  parts = dm_scene_parts(model, name);
  LevelNode node{name, std::nullopt, std::move(parts.extras)};
  node.extras["xray.details.instances"] = std::int32_t(instances);
  return node;
}

// One mesh per model in model space and, under each model's node, one child node per placement; the model
// node's children are instances (EXT_mesh_gpu_instancing in glTF).
scene::Scene instanced_details_scene(const Details& details, const DetailsPlacement& placement,
                                     std::string_view name, const FieldPath& path) {
  std::vector<std::vector<Placement>> placements(details.models.size());
  std::uint64_t total = 0;
  for (const auto count : details_instance_counts(details, placement.grid)) total += count;
  if (total > placement.max_instances)
    path.fail("option details_grid",
              std::to_string(total) + " instances (limit " + std::to_string(placement.max_instances) +
                  "); use a smaller details_grid",
              ErrorKind::limit);
  for_each_instance(details, placement.grid,
                    [&](unsigned m, const Placement& at) { placements[m].push_back(at); });
  scene::Scene scene = make_level_root(name, "level.details");
  for (std::size_t m = 0; m < details.models.size(); ++m) {
    DmSceneParts parts;
    const auto node = add_level_node(scene, model_node(details.models[m], m, placements[m].size(), parts));
    if (!parts.mesh.triangles.empty() && !placements[m].empty()) {
      parts.mesh.material = scene.materials.size();
      const scene::MeshIndex mesh = scene.add_mesh(std::move(parts.mesh));
      scene.nodes[node].children_are_instances = true;
      const std::string node_name = scene.nodes[node].name;
      for (std::size_t k = 0; k < placements[m].size(); ++k) {
        const auto child = scene.add_node(node_name + "_" + std::to_string(k), node);
        scene.nodes[child].transform = placement_matrix(placements[m][k]);
        scene.nodes[child].meshes = {mesh};
      }
    }
    scene.add_material(std::move(parts.material));
  }
  keep_one_material(scene, "level.details");
  return scene;
}

// All placements of a model merged into one mesh on the model's node.
scene::Scene baked_details_scene(const Details& details, unsigned grid, std::string_view name,
                                 const FieldPath& path) {
  const auto counts = details_instance_counts(details, grid);
  std::uint64_t total = 0;
  for (std::size_t m = 0; m < counts.size(); ++m) total += counts[m] * details.models[m].vertices.size();
  if (total > kMaxBakedVertices)
    path.fail("option details_grid",
              "baking would make " + std::to_string(total) + " vertices (limit " +
                  std::to_string(kMaxBakedVertices) + "); use a smaller details_grid",
              ErrorKind::limit);

  std::vector<std::vector<XrayPoint>> positions(details.models.size());
  std::vector<std::vector<std::array<float, 2>>> uvs(details.models.size());
  std::vector<std::vector<std::uint32_t>> faces(details.models.size());
  for_each_instance(details, grid, [&](unsigned m, const Placement& at) {
    const auto& dm = details.models[m];
    const auto base = std::uint32_t(positions[m].size());
    for (const auto& v : dm.vertices) {
      positions[m].push_back({at.position[0] + v.position[0] * at.scale,
                              at.position[1] + v.position[1] * at.scale,
                              at.position[2] + v.position[2] * at.scale});
      uvs[m].push_back({v.u, v.v});
    }
    for (const auto index : dm.indices) faces[m].push_back(base + index);
  });

  std::vector<LevelNode> nodes;
  std::vector<scene::Material> materials;
  for (std::size_t m = 0; m < details.models.size(); ++m) {
    DmSceneParts parts;
    LevelNode node = model_node(details.models[m], m, counts[m], parts);
    if (!faces[m].empty())
      node.mesh = make_level_mesh({.name = node.name,
                                   .positions = &positions[m],
                                   .faces = &faces[m],
                                   .corners_per_face = 3,
                                   .material = materials.size(),
                                   .uvs = &uvs[m]});
    materials.push_back(std::move(parts.material));
    nodes.push_back(std::move(node));
  }
  return make_level_scene(name, "level.details", std::move(nodes), std::move(materials));
}

}  // namespace

std::vector<std::size_t> details_instance_counts(const Details& details, unsigned grid) {
  std::vector<std::size_t> counts(details.models.size(), 0);
  for_each_instance(details, grid, [&](unsigned model, const Placement&) { ++counts[model]; });
  return counts;
}

scene::Scene details_to_scene(const Details& details, const DetailsPlacement& placement,
                              std::string_view name, std::string_view file) {
  const FieldPath path(file);
  auto scene = placement.mode == DetailsMode::instanced
                   ? instanced_details_scene(details, placement, name, path)
                   : baked_details_scene(details, placement.grid, name, path);
  scene.nodes[kLevelRoot].extras["xray.details.version"] = std::int32_t(details.header.version);
  scene.nodes[kLevelRoot].extras["xray.details.grid"] = std::int32_t(placement.grid);
  return scene;
}

}  // namespace gamefmt::xray
