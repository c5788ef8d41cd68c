#pragma once
// The way back of the X-Ray SDK formats (.anm, .skl, .skls, .object) from glTF. glTF holds their envelopes
// (TCB, Hermite, Bezier, ... keys between which the engine interpolates) only as baked samples, so the
// importer keeps the stored bytes next to the samples, in extras (as below). The
// exporter writes the kept bytes back while the scene's samples are still what the importer baked from them
// (within the round-off of a glTF trip: floats, quaternions normalised, a DCC tool's re-export), and the
// scene's samples otherwise.
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <vector>

#include "core/kept_bytes.hpp"
#include "core/round_off.hpp"
#include "gamefmt/scene/scene.hpp"

namespace gamefmt::xray {

// The comparisons below allow the round-off of core/round_off.hpp (kBakedTolerance, same_within_round_off).
// `v` made unit length for comparing directions; a vector without a finite, positive length unchanged.
glm::vec3 direction_of(const glm::vec3& v);
bool same_baked_translation(const glm::vec3& expected, const glm::vec3& actual);
// The same rotation, whichever sign each quaternion has (the scene's is normalised first).
bool same_baked_rotation(const glm::quat& expected, const glm::quat& actual);
// The same number of keys, at the same times, with the same translations and rotations (scale keys, which
// the importer makes none of, only unit ones).
bool same_baked_keys(const scene::NodeAnimation& expected, const scene::NodeAnimation& actual);

// Two extras values as glTF gives them back: numbers compare by value whatever their JSON type, and a key
// whose value glTF leaves out (a non-finite number, an empty array or object) may be missing on the other
// side.
bool same_extras_values(const nlohmann::json& expected, const nlohmann::json& actual);
// Whether the glTF writer leaves `value` out of extras (a non-finite number, an empty array or object).
bool is_left_out_of_gltf(const nlohmann::json& value);

}  // namespace gamefmt::xray
