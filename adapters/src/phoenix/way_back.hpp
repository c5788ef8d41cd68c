#pragma once
// The exact way back of the Overgrowth files (.phxbn, .anm, .fzx) from glTF (xray/sdk_way_back.hpp has the
// pattern). glTF cannot give back their floats bit for bit: the bone matrices and points pass through node
// transforms and animation keys (decomposed, normalised, multiplied along the joint chain), and the
// exporters write the versions they know (.phxbn v11, .anm v10 uncentred). So the importer keeps each file's
// stored bytes (deflated, kept_bytes_json) in its record of the scene extras:
//   "phoenix.skeleton".file (and .file_corners: the model's corner count, which a v<11 file with weights
//   needs to be read), "phoenix.animations".<clip>.file, "phoenix.ragdoll".file;
// and the exporter writes them back, byte for byte, while what it would write from the scene is the kept file
// within the round-off of a glTF trip (core/round_off.hpp: kBakedTolerance, relative): the same values in
// every field the kept file's version stores (the functions below say which), its floats within round-off,
// the rest equal.
// Any edit that reaches the written file writes the scene instead (v11, v10 uncentred, the .fzx as placed).
#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::phoenix {

// Keeps `bytes` in `record` (one of the records above) under "file"; nothing when `bytes` is empty.
void keep_file(nlohmann::json& record, std::span<const std::byte> bytes);
// The bytes `record` keeps; nothing when it keeps none (or they were edited or cut).
std::optional<std::vector<std::byte>> kept_file(const nlohmann::json& record);
// The bytes `record` keeps when `same(read(bytes))` holds; nothing when it keeps none, they do not read
// (FormatError: not a file the importer read) or what they hold is not the same.
template <class Read, class Same>
std::optional<std::vector<std::byte>> kept_file_when(const nlohmann::json& record, Read read, Same same) {
  auto bytes = kept_file(record);
  if (!bytes) return std::nullopt;
  try {
    if (!same(read(*bytes))) return std::nullopt;
  } catch (const FormatError&) {
    return std::nullopt;
  }
  return bytes;
}

// Within round-off, value by value (kBakedTolerance of core/round_off.hpp, relative to the values' size, 1
// below 1).
bool same_stored_floats(std::span<const float> expected, std::span<const float> actual);
// The same, list item by list item.
template <std::size_t N>
bool same_stored_floats(const std::vector<std::array<float, N>>& expected,
                        const std::vector<std::array<float, N>>& actual) {
  if (expected.size() != actual.size()) return false;
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (!same_stored_floats(expected[i], actual[i])) return false;
  return true;
}

// The skeleton kept in the scene's "phoenix.skeleton" record, read back; nothing when there is none or it
// does not read (extras edited or cut).
std::optional<Skeleton> kept_skeleton(const scene::Scene& scene, std::string_view file_name);

// The kept .phxbn when `written` (skeleton_from_scene of `scene`) is it within round-off: the rigging stage,
// bone ends, IK chains, the points (round-off), the parents the kept version stores (bone and point parents
// from v8; before, the bone hierarchy the importer used), masses (v6+) and centres of mass (v7+) within
// round-off, and for rigging stages 1 and 2 the bone hierarchy, the joints and each triangle corner's
// weights (by bone, each side divided by its sum, round-off). The stored bone matrices (which the engine
// ignores) and trailing bytes are the kept file's.
std::optional<std::vector<std::byte>> unchanged_skeleton_file(const scene::Scene& scene,
                                                              const Skeleton& written,
                                                              std::string_view file_name);

// The kept .anm of the scene's clip `clip` when `written` (animation_from_scene) is it within round-off:
// looping, start, end, the key times and every per-key field but the bone matrices equal, and each bone
// matrix the kept one as the importer plays it (uncentred, scale dropped) within round-off.
std::optional<std::vector<std::byte>> unchanged_animation_file(const scene::Scene& scene,
                                                               std::string_view clip,
                                                               const Animation& written,
                                                               std::string_view file_name);

// The kept .fzx when `written` (ragdoll_from_scene) is it within round-off: the version, and each object's
// label equal and rotation (either sign), location and scale within round-off.
std::optional<std::vector<std::byte>> unchanged_ragdoll_file(const scene::Scene& scene,
                                                             const Ragdoll& written,
                                                             std::string_view file_name);

}  // namespace gamefmt::phoenix
