#pragma once
// X-Ray `.ogf` model -> aiScene. Axes: xray_axes.hpp (Z mirrored, winding flipped, UVs unchanged in glTF terms).
//
// Layout: a root node named after the file; under it the bone tree (node names = bone names in UTF-8, local
// transform = IK-data bind pose) and one node per mesh, `<root>_mesh<i>`. Skinned meshes name every bone of the
// model (unused ones without weights), with inverse bind matrices from the bind pose. One material per mesh, named
// after its texture (no image: glTF cannot use the game's .dds).
// Metadata (glTF extras):
//   mesh nodes  "xray.texture", "xray.shader", "xray.vertex_format", "xray.links", "xray.progressive"
//   bone nodes  "xray.bone": { box, game_material, shape, joint_type, limits, spring, damping, ik_flags,
//                              break_force, break_torque, friction, mass, center_of_mass, ik_version }
//   scene       "xray.ogf": { format_version, type, motion_refs, motion_refs_chunk, user_data, lod_ref, description,
//                             skipped_chunks }  and the motion keys of xray_motions.hpp.
#include <assimp/scene.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/omf.hpp"

namespace gamefmt::assimp {

struct XrayMotionFile {
  std::string name;
  xray::OmfFile omf;
};

// The model with its embedded motions (if any) followed by the motions of `motion_files`, one animation each.
std::unique_ptr<aiScene> ogf_to_scene(const xray::OgfModel& model, std::string_view root_name,
                                      const std::vector<XrayMotionFile>& motion_files);

// Each bone's bind pose relative to the model, in scene axes (index = bone index; identity without IK data).
std::vector<aiMatrix4x4> ogf_bind_globals(const xray::OgfModel& model);

}  // namespace gamefmt::assimp
