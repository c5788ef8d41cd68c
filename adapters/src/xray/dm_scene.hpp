#pragma once
// X-Ray .dm detail model <-> scene: a root node "<name>_root" (extras "xray.format" = ".dm") over one node
// named after the file with one mesh (the file's vertices in order, UVs, no normals) and one material named
// after the shader whose texture is "<texture>.dds" (texture_names "base_color"). Node extras:
// "xray.dm.shader", "xray.dm.texture" (UTF-8), "xray.dm.flags" (bit 0 = no waving), "xray.dm.min_scale",
// "xray.dm.max_scale". Axes: X mirrored, winding flipped (xray_space).
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/dm.hpp"

namespace gamefmt::xray {

// The mesh, material and node extras of one detail model (also used for the models of level.details). The
// mesh uses material 0.
struct DmSceneParts {
  scene::Mesh mesh;
  scene::Material material;
  scene::Extras extras;
};
DmSceneParts dm_scene_parts(const DetailModel& model, std::string_view name);
scene::Scene dm_to_scene(const DetailModel& model, std::string_view name);

// All triangles of the scene become one model. Shader: the material's name (the node's "xray.dm.shader"
// when the name is that or Blender's "<shader>.001" copy of it; a warning in `warnings`, when given, for a
// name left with such a suffix), else extras; texture: the material's base colour texture without ".dds"
// (slashes turned back into backslashes), else extras. Flags and scales from extras (defaults 0, 1, 1).
// Throws FormatError past 65536 vertices (limit) or on text Windows-1251 cannot hold (cannot_write).
DetailModel dm_from_scene(const scene::Scene& scene, std::string_view output_name,
                          std::vector<std::string>* warnings = nullptr);

}  // namespace gamefmt::xray
