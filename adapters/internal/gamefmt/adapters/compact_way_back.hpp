#pragma once
// -O way_back=compact (the default, for glTF outputs): the scene keeps each file the way back must give as
// its difference from what the format's writer makes of the scene without any way-back record
// (gamefmt/core/reference_patch.hpp), in place of the records themselves
// (FormatDescription::way_back_records: the file's bytes, stored keys or arrays). An unedited scene gives the
// writer's bytes again, and the patch turns them into the file; an edited scene (or one a DCC tool
// re-exported: other vertex order, re-encoded normals) gives other bytes, and the file is written from the
// scene, as with -O way_back=off. -O way_back=full keeps the records whole, which survive a DCC tool.
//
// The scene extras hold
//   "gamefmt.way_back": { "<format id>": [ [ the file name the writer was given,
//                                            "<size>:<fingerprint>" of what it wrote
//                                            (gamefmt/core/fingerprint.hpp), the base64 text of the patch ],
//                                            ... ] }
// one for the imported file, and one for each companion file the import read of a format that keeps way-back
// records (a model's motion files): for a format whose file holds one animation
// (FormatDescription::animation_option), one per animation. The way back finds the patch by the reference:
// what the writer makes with the options given to it.
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "gamefmt/adapters/format_handler.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt {

inline constexpr const char* kCompactWayBackKey = "gamefmt.way_back";

// After an import that built no way-back records (ImportRequest::way_back_patched), for an output that is
// read back as `read_back` gives a scene back (a glTF file: written and read again, which makes normals unit
// length, rotations unit quaternions, four weights per vertex...): adds to the scene extras the patches of
// the imported file (`request.primary.bytes`) and of the companion files the import was given or read (as
// FileSource::read_paths lists them) against what their formats write from `read_back(scene)`. Returns
// false, adding nothing, when the imported format's writer cannot write the scene read back (the caller then
// imports again with the records).
using SceneReadBack = std::function<scene::Scene(const scene::Scene&)>;
bool compact_way_back(scene::Scene& scene, const FormatHandler& imported, const ImportRequest& request,
                      const SceneReadBack& read_back);

// Whether `scene` keeps patches (for any format).
bool holds_compact_way_back(const scene::Scene& scene);
// The patches (the value at kCompactWayBackKey), taken out of the scene extras.
nlohmann::json take_compact_way_back(scene::Scene& scene);

// At export (FormatHandler::export_file), for a scene whose `patches` were taken out: `write(scene,
// request)`, except when `patches` hold one for `format` and what `write` makes under the recorded name is
// that patch's reference: then the file the patch makes (and none of the warnings of that writing). `write`
// is the format's export.
using SceneWriter = std::function<std::vector<std::byte>(const scene::Scene&, const ExportRequest&)>;
std::vector<std::byte> export_with_compact_way_back(const scene::Scene& scene, const nlohmann::json& patches,
                                                    const FormatHandler& format, const ExportRequest& request,
                                                    const SceneWriter& write);

}  // namespace gamefmt
