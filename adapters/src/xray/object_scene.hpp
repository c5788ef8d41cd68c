#pragma once
// X-Ray SDK `.object` <-> scene. Axes: xray_space.hpp (positions, normals, bind poses and keys mirror X;
// winding flips).
//
// Import (object_to_scene): the scene is named after the file; its roots are one node per edit mesh (one
// scene mesh per surface the mesh uses, vertices split where UV, normal or weights differ) and the roots of
// the bone hierarchy (bind pose from BIND_POSE). Nodes 0 .. bones-1 are the object's bones in bone order.
// Normals come from the 0x1014 chunk when present, else from the smoothing groups (object_normals.hpp; option
// `smoothing`). Weight vmaps skin the bones whose weight_map they name; each vertex keeps its 4 largest
// weights, normalised. Embedded motions become animations (sdk_motion_scene.hpp). Extras:
//   scene "xray.object":   { version, flags, flag_names, user_data, lod_ref, motion_refs, motion_refs_soc,
//                            transform [pos xyz, rot xyz] (not applied), revision {owner, create_time,
//                            modifier, modify_time}, bone_parts [{name, bones}], surfaces_chunk }
//   material "xray.surface": the record of its surface (xray_surface_record.hpp); materials are named after
//                            their surface, texture name = texture + ".dds"
//   scene "xray.surfaces": [ the record of every surface ]
//   mesh node "xray.mesh": { name, flags, smoothing_rule }
//   bone node "xray.bone": the bone record of xray_bone_record.hpp with version, weight_map and length
// Export (scene_to_object): meshes of every non-bone node (in model space), one surface per material (fields
// from the material's record, sdk_surface_record(); named as the record when the material's name is the
// record's or Blender's copy of it, unless another surface of the scene has that name and other fields), a
// per-corner discontinuous UV vmap "Texture", one weight vmap per bone, corner normals in the 0x1014 chunk
// with smoothing groups 0 (all edges soft), bones from the skin/animated nodes and nodes with an "xray.bone"
// record (bind pose = node transform, fields from the record), animations as SMOTIONS, and "xray.object"
// fields (or those an OGF shares with an object, from "xray.ogf"). Throws FormatError: cannot_write for names
// outside cp1251, limit for more bones or faces than the format counts.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/object_normals.hpp"

namespace gamefmt::xray {

inline constexpr const char* kXrayObjectKey = "xray.object";
inline constexpr const char* kXrayMeshKey = "xray.mesh";

struct ObjectImportOptions {
  std::optional<SmoothingRule> smoothing;  // none: per mesh, default_smoothing_rule()
  bool motions = true;                     // embedded motions as animations
  std::string source = "object";           // the file name errors report
  Limits limits;                           // on baking the embedded motions
};

scene::Scene object_to_scene(const ObjectFile& object, std::string_view root_name,
                             const ObjectImportOptions& options = {});

// The "xray.bone" record of a bone (also used for `.bones` files).
nlohmann::json sdk_bone_json(const SdkBone& bone);

// Which of the scene's animations an export embeds as the object's motions: automatic (a scene from an
// .object: the object's own, those its extras list in "embedded_motions", not those of motion companions;
// any other scene: all), embedded (all), none.
enum class ObjectMotions { automatic, embedded, none };

// `limits` bound the baking of the scene's animations into motions. A material without a surface record
// (nor a shader in its mesh node's extras "xray.shader", from an OGF) gets the SDK's defaults, and a warning
// naming it in `warnings` when given.
ObjectFile scene_to_object(const scene::Scene& scene, std::string_view output_name, const Limits& limits = {},
                           std::vector<std::string>* warnings = nullptr,
                           ObjectMotions motions = ObjectMotions::automatic);

}  // namespace gamefmt::xray
