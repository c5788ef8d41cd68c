#pragma once
// The .ogf way back from glTF. The import keeps the file in the scene extras
//   "xray.ogf.file": { bytes (sdk_way_back.hpp), name (the name the scene was imported under) }
// and the export writes those bytes back, byte for byte, while the scene is still what importing the file
// alone makes of it (imported_scene_match.hpp; with motions `automatic`, animations of motion companions may
// come in addition, since the export leaves them out). An edited scene is written from the scene
// (ogf_scene.hpp), where each mesh that is still one of the kept file's is taken from the kept file whole
// (progressive detail levels, tangents and stored floats included): OgfExportOptions::kept_model.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "xray/ogf_scene.hpp"

namespace gamefmt::xray {

// Keeping the file takes two steps, the first (deflating it) free to run on another thread than the scene's
// making: kept_ogf_record(bytes, name), then keep_ogf_record(scene, record).
struct KeptOgfRecord {
  nlohmann::json record;
};
KeptOgfRecord kept_ogf_record(std::span<const std::byte> bytes, std::string_view name);
void keep_ogf_record(scene::Scene& scene, KeptOgfRecord kept);

struct KeptOgfFile {
  std::vector<std::byte> bytes;
  std::string name;  // the name the scene was imported under
  OgfModel model;
};
// The kept file, when `scene` keeps one that reads; nothing for none, or one edited or cut in the extras.
std::optional<KeptOgfFile> kept_ogf_file(const scene::Scene& scene, std::string_view output_name);

// Whether writing `scene` with `options` gives the kept file: the scene is what importing the file alone
// makes of it, the motions the export embeds are the file's own, and no mesh has more bone links than
// `options.max_links`.
bool scene_holds_kept_ogf(const scene::Scene& scene, const KeptOgfFile& kept,
                          const OgfExportOptions& options);

// Whether `written` (a mesh built from the scene) still holds what `kept` holds: the same texture and shader
// and the same full-detail triangles (as sets, winding kept) over the same vertices (positions, UVs, normal
// directions and bone influences, bones by index into the same bone list, within the round-off of a trip
// through glTF and a DCC tool), however the vertices are ordered, split or merged: copies of a vertex that
// the kept mesh holds side by side count as one.
bool same_ogf_mesh(const OgfMesh& kept, const OgfMesh& written);

// In an edited mesh (`written`, built from the scene before its vertices are merged), each vertex that is
// still one of `kept`'s (as same_ogf_mesh matches them) takes that vertex whole: the file's floats, and the
// influences a DCC tool dropped (Blender's glTF exporter leaves out weights of 1e-4 or less, which move a
// vertex by a tenth of a millimetre under the game's motions). Only when both have the same bone links per
// vertex. Returns how many vertices were taken.
std::size_t take_kept_vertices(const OgfMesh& kept, OgfMesh& written);

// Whether two meshes are stored alike, bit for bit: texture, shader, header, vertex format and links, every
// vertex field, the index buffer, sliding windows and extra UV sets.
bool identical_ogf_mesh(const OgfMesh& a, const OgfMesh& b);

// The kept file when `written` (scene_to_ogf of a scene with the kept model) is it within round-off: each
// mesh identical to the kept one at its place (identical_ogf_mesh), the same bones (names, parents and
// integer fields equal; box and IK floats within kBakedTolerance; bind transforms, compared as matrices,
// within 1e-4), model type, motion references, user data, LOD reference and description, and neither with
// embedded motions (the model's bounds derive from its meshes, which are the kept ones). So a scene that a
// DCC tool re-exported unchanged (splitting vertices, re-encoding normals, rounding the bind pose) still
// gives the file back.
bool written_as_kept_ogf(const OgfModel& written, const KeptOgfFile& kept);

}  // namespace gamefmt::xray
