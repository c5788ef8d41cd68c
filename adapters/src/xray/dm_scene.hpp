#pragma once
// X-Ray .dm detail model <-> aiScene: one node named after the file with one mesh (the file's vertices in order,
// UVs, no normals) and one material named after the shader whose diffuse texture is "<texture>.dds".
// Node metadata: "xray.dm.shader", "xray.dm.texture" (UTF-8), "xray.dm.flags" (bit 0 = no waving),
// "xray.dm.min_scale", "xray.dm.max_scale". Axes: Z mirrored, winding flipped (xray_axes).
#include <assimp/scene.h>

#include <memory>
#include <string_view>

#include "gamefmt/xray/dm.hpp"

namespace gamefmt::assimp {

// The node, mesh and material of one detail model (also used for the models of level.details).
struct DmSceneParts {
  aiNode* node = nullptr;
  std::unique_ptr<aiMesh> mesh;
  std::unique_ptr<aiMaterial> material;
};
DmSceneParts dm_scene_parts(const xray::DetailModel& model, std::string_view name);
std::unique_ptr<aiScene> dm_to_scene(const xray::DetailModel& model, std::string_view name);

// All triangles of the scene become one model. Shader: the material name, else metadata; texture: the material's
// diffuse texture without ".dds" (slashes turned back into backslashes), else metadata. Flags and scales from
// metadata (defaults 0, 1, 1). Throws FormatError past 65536 vertices or on text Windows-1251 cannot hold.
xray::DetailModel scene_to_dm(const aiScene& scene, std::string_view output_name);

}  // namespace gamefmt::assimp
