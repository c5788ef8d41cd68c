#pragma once
// X-Ray level.details -> scene, baked: the game scatters detail models over its 2 m slots at run time
// (random, ray-cast onto the collision mesh), so the file stores densities, not instances. We place them
// deterministically: each slot is split into grid x grid cells; a model part of the slot with corner
// densities a0..a3 (0..15) gets round((a0+a1+a2+a3)/60 * grid^2) instances, on the first cells in row-major
// order (x fastest), standing at the cell centre on the slot's lowest height, scaled by (min_scale +
// max_scale) / 2. The root node (extras "xray.format" = "level.details", "xray.details.version",
// "xray.details.grid") has one child "details_<model index>" per model (extras "xray.details.instances", plus
// the .dm extras of dm_scene.hpp). Two modes:
// - instanced (default): the node has one child "details_<m>_<k>" per instance showing the model's mesh
// (model
//   space, shared), placed by translation and uniform scale; the node's children_are_instances is set, so the
//   glTF writer emits one node with EXT_mesh_gpu_instancing instead of the children (see gltf_writer.hpp);
// - baked: all instances of a model are merged into one mesh on the node (no extension needed).
// There is no way back: the game's tools make level.details from their own scene files.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/details.hpp"

namespace gamefmt::xray {

enum class DetailsMode { instanced, baked };

struct DetailsPlacement {
  unsigned grid = 3;  // cells per slot side, 1..16
  DetailsMode mode = DetailsMode::instanced;
  std::uint64_t max_instances = 4u << 20;  // instanced mode: placements of all models together
};

// -O details_grid and -O details_mode (the level's import takes them too, for its level.details).
const Option<long long>& details_grid_option();
const Option<DetailsMode>& details_mode_option();

// Instances of every model (index = model), as details_to_scene places them.
std::vector<std::size_t> details_instance_counts(const Details& details, unsigned grid);
// Throws FormatError (limit, naming `file`) when the instances would exceed `placement.max_instances`
// (instanced) or the baked meshes 16 Mi vertices (baked): a smaller grid places fewer.
scene::Scene details_to_scene(const Details& details, const DetailsPlacement& placement,
                              std::string_view name, std::string_view file);

}  // namespace gamefmt::xray
