#pragma once
// X-Ray level.details -> aiScene, baked: the game scatters detail models over its 2 m slots at run time
// (random, ray-cast onto the collision mesh), so the file stores densities, not instances. We place them
// deterministically: each slot is split into grid x grid cells; a model part of the slot with corner densities
// a0..a3 (0..15) gets round((a0+a1+a2+a3)/60 * grid^2) instances, on the first cells in row-major order
// (x fastest), standing at the cell centre on the slot's lowest height, scaled by (min_scale + max_scale) / 2.
// Node "details_<model index>" per model (node metadata "xray.details.instances", plus the .dm metadata of
// xray_dm.hpp). Two modes:
// - instanced (default): the node has one child "details_<m>_<k>" per instance holding the model's mesh (model
//   space, shared), placed by translation and uniform scale; the node carries "gltf.instancing" = true, so the
//   glTF writer emits one node with EXT_mesh_gpu_instancing instead of the children (see gltf_writer.hpp);
// - baked: all instances of a model are merged into one mesh on the node (no extension needed).
#include <assimp/scene.h>

#include <cstddef>
#include <memory>
#include <string_view>

#include "gamefmt/xray/details.hpp"

namespace gamefmt::assimp {

inline constexpr std::size_t kDetailsMaxBakedVertices = 16u << 20;
inline constexpr std::size_t kDetailsMaxInstances = 4u << 20;

enum class DetailsMode { instanced, baked };

// Instances of every model (index = model), as baked by details_to_scene.
std::vector<std::size_t> details_instance_counts(const xray::Details& details, unsigned grid);
// Throws FormatError when the baked meshes would exceed kDetailsMaxBakedVertices, or the instances
// kDetailsMaxInstances (lower the grid).
std::unique_ptr<aiScene> details_to_scene(const xray::Details& details, unsigned grid, std::string_view name,
                                          DetailsMode mode = DetailsMode::instanced);

}  // namespace gamefmt::assimp
