#pragma once
// X-Ray SDK `.object` <-> aiScene. Axes: xray_axes.hpp (positions, normals, bind poses and keys mirror Z;
// winding flips; UV v becomes 1 - v as aiScene counts v upwards).
//
// Import: a root node named after the file; under it one node per edit mesh (one aiMesh per surface the mesh
// uses, vertices split where UV, normal or weights differ) and the bone hierarchy (bind pose from BIND_POSE).
// Normals come from the 0x1014 chunk when present, else from the smoothing groups (object_normals.hpp; option
// `smoothing`). Weight vmaps skin the bones whose weight_map they name; each vertex keeps its 4 largest
// weights, normalised. Embedded motions become animations (xray_sdk_motions.hpp). Metadata (glTF extras):
//   scene "xray.object":   { version, flags, flag_names, user_data, lod_ref, motion_refs, motion_refs_soc,
//                            transform [pos xyz, rot xyz] (not applied), revision {owner, create_time,
//                            modifier, modify_time}, bone_parts [{name, bones}], surfaces_chunk }
//   scene "xray.surfaces": [ { name, engine_shader, compiler_shader, game_material, texture, vmap, flags,
//   fvf,
//                            uv_count } ]  (materials: name = surface name, diffuse texture = texture +
//                            ".dds")
//   mesh node "xray.mesh": { name, flags, smoothing_rule }
//   bone node "xray.bone": the bone record of xray_bone_record.hpp with version, weight_map and length
// Export (scene -> .object): meshes of every non-bone node (in root space), one surface per material (fields
// from "xray.surfaces" by material name), a per-corner discontinuous UV vmap "Texture", one weight vmap per
// bone, corner normals in the 0x1014 chunk with smoothing groups 0 (all edges soft), bones from the
// skin/animated nodes (bind pose = node transform, fields from "xray.bone"), animations as SMOTIONS, and
// "xray.object" fields.
#include <assimp/scene.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "xray/xray_bone_record.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/object_normals.hpp"

namespace gamefmt::assimp {

inline constexpr const char* kXrayObjectKey = "xray.object";
inline constexpr const char* kXraySurfacesKey = "xray.surfaces";
inline constexpr const char* kXrayMeshKey = "xray.mesh";

struct ObjectImportOptions {
  std::optional<xray::SmoothingRule> smoothing;  // none: per mesh, default_smoothing_rule()
  bool motions = true;                           // embedded motions as animations
  std::string source = "object";                 // the file name errors report
};

std::unique_ptr<aiScene> object_to_scene(const xray::ObjectFile& object, std::string_view root_name,
                                         const ObjectImportOptions& options = {});
// The UTF-8 node names of the object's bones, in bone order, as object_to_scene names them.
std::vector<std::string> object_bone_names(const xray::ObjectFile& object);

// The "xray.bone" record of a bone (also used for `.bones` files).
nlohmann::json sdk_bone_json(const xray::SdkBone& bone);

xray::ObjectFile scene_to_object(const aiScene& scene, std::string_view output_name);
// The "xray.surfaces" record named `name` (the last one, should two share it), or null: the SDK surface of a
// material, for the exporters.
nlohmann::json sdk_surface_record(const nlohmann::json& surfaces, std::string_view name);

}  // namespace gamefmt::assimp
