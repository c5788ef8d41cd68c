#pragma once
// The .object way back from glTF (sdk_way_back.hpp). The import keeps the file in the scene extras
//   "xray.object.file": { bytes (sdk_way_back.hpp), name (the name the scene was imported under), smoothing
//                         (the import option, "" for auto) }
// and the export writes that file back, byte for byte, while the scene is still what the import makes of it:
// the same nodes (names, transforms, extras, hierarchy), meshes (positions, normal directions, UVs,
// triangles, skin weights by joint name), materials (name, two-sidedness, extras), animations (keys) and the
// importer's scene extras, within the round-off of a glTF trip. Any edit writes the scene as object_scene.hpp
// describes.
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/adapters/options.hpp"
#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/object.hpp"
#include "xray/object_scene.hpp"

namespace gamefmt::xray {

void keep_object_file(scene::Scene& scene, std::span<const std::byte> bytes, std::string_view name,
                      const ObjectImportOptions& options);
// The kept file, when `scene` keeps one and is still what its import makes of it, and the export with
// `motions` embeds the file's own motions (animations of motion companions may come in addition, unless all
// are embedded).
std::optional<ObjectFile> unchanged_object_file(const scene::Scene& scene, std::string_view output_name,
                                                const Limits& limits, ObjectMotions motions);

}  // namespace gamefmt::xray
