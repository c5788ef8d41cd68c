#pragma once
// X-Ray `.ogf` model <-> scene. Axes: xray_space.hpp (X mirrored, winding flipped).
//
// Import (ogf_to_scene): the scene is named after the file; its roots are the roots of the bone tree (node
// names = bone names in UTF-8, made unique with "#2"...; local transform = IK-data bind pose) and one node
// per mesh, `<name>_mesh<i>`. Nodes 0 .. bones-1 are the model's bones in bone order. Skinned meshes name
// every bone of the model (unused ones without weights), with inverse bind matrices from the bind pose. One
// material per mesh, named after its texture (no image: glTF cannot use the game's .dds). Extras:
//   mesh nodes  "xray.texture", "xray.shader", "xray.vertex_format", "xray.links", "xray.progressive"
//   bone nodes  "xray.bone": the bone record of xray_bone_record.hpp (IK data, joint limits in the editor's
//                            convention) with the OGF's own "box" and "ik_version"
//   scene       "xray.ogf": { format_version, type, motion_refs, motion_refs_chunk, user_data, lod_ref,
//                             description, skipped_chunks, embedded_motions (names of the animations from the
//                             model's own motions) }  and the motion extras of motion_scene.hpp.
//
// Export (scene_to_ogf, scene -> OGF version 4): bones are the skin joints (in the first skin's order),
// animated nodes and nodes with an "xray.bone" record; exactly one root, at most 64 bones. Bind pose from the
// node transforms, IK data from the records (defaults otherwise: no shape, rigid joint, mass 10), bone boxes
// from the records or else around the vertices each bone weights most. One child mesh per scene mesh (texture
// and shader from the mesh node's extras, else from the material's SDK surface record,
// xray_surface_record.hpp, else the material's texture or name and "models\model" with a warning in
// `warnings`, when given), at most `max_links` bone links per vertex, vertices merged and tangents computed
// as the SDK does (see kept_model below); a mesh without bones under a bone node follows that bone, elsewhere
// the root. Without bones: a static model (type 0 for one mesh, else a hierarchy of type 0 children). Motion
// references, user data, LOD reference and description come from "xray.ogf" (or the "xray.object" record of
// an SDK object). Motions (`motions`): `embedded` samples every animation into the model, `none` writes none,
// `automatic` embeds the model's own motions when the scene came from an OGF ("embedded_motions") and every
// animation otherwise, unless motion references are written. Throws FormatError: cannot_write for a scene an
// OGF cannot hold (no triangles, several root bones, names outside cp1251), limit for more than 64 bones or
// 65536 vertices in a mesh.
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/omf.hpp"
#include "xray/motion_scene.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXrayOgfKey = "xray.ogf";

struct XrayMotionFile {
  std::string name;
  OmfFile omf;
};

// The model with its embedded motions (if any) followed by the motions of `motion_files`, one animation each.
// With `records` MotionRecords::none, the one motion file's way-back records (motion_record.hpp) are not
// kept.
scene::Scene ogf_to_scene(const OgfModel& model, std::string_view root_name,
                          const std::vector<XrayMotionFile>& motion_files,
                          MotionRecords records = MotionRecords::keep);

struct OgfExportOptions {
  int max_links = 4;  // bone links per vertex, 1..4 (Shadow of Chernobyl reads 1 and 2)
  enum class Motions { automatic, embedded, none } motions = Motions::automatic;
  // The model the scene was imported from (ogf_way_back.hpp), when it is known: a mesh that still holds one
  // of its meshes' triangles over its vertices (ogf_way_back.hpp: same_ogf_mesh; the bone list must be the
  // kept model's) is written as that mesh, with its progressive detail levels, tangents and stored floats.
  // Other meshes get their vertices merged as the SDK merges them (ogf_vertex_welding.hpp) and tangents
  // computed (ogf_tangents.hpp); one that was progressive is written plain, with a warning.
  const OgfModel* kept_model = nullptr;
};
OgfModel scene_to_ogf(const scene::Scene& scene, const OgfExportOptions& options,
                      std::string_view output_name, std::vector<std::string>* warnings = nullptr);

// Each bone's bind pose relative to the model, in scene axes (index = bone index; identity without IK data).
std::vector<glm::mat4> ogf_bind_globals(const OgfModel& model);

}  // namespace gamefmt::xray
