#pragma once
// The way back of an X-Ray `.omf` through glTF. glTF cannot carry the quantised keys (the importer decodes
// and normalises them; quantising the decoded floats again does not give the stored integers), nor the parts
// of the file no scene holds (chunk ids, the order and raw names of the motion definitions, mark line ends,
// unknown chunks, trailing bytes). The importer records them in the scene extras (motion_scene.hpp names the
// keys) as kept bytes (core/kept_bytes.hpp); the exporter writes them back only while the scene still holds
// what the importer made of them:
//   - a bone block's stored keys, while the blocks are laid out as recorded (the same bone parts), the motion
//     keeps its frame count, and the bone's channel holds at every frame the key the importer decoded from
//     them (within round-off) or the bone has no channel; an edited bone is quantised anew
//     (encode_bone_keys), the other bones of the motion keep their keys;
//   - the stored parameter chunk, while the scene's motions are the recorded ones in the recorded order and
//     what the exporter builds from the extras (bone parts, version, each motion's parameters) equals what
//     the importer read from that chunk;
//   - chunk ids of the motions, the count sub-chunk and bytes after the last motion, with the same list of
//     motions; unknown chunks and the file's trailing bytes always (no scene holds them).
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gamefmt/scene/scene.hpp"
#include "gamefmt/xray/omf.hpp"

namespace gamefmt::xray {

// Records are objects and lists of objects (Blender keeps those in its custom properties; lists that mix
// numbers and text it drops); bytes are kept_bytes_json strings.
// Per motion (in "xray.motions".<name>): { bones: bone count, bytes: the motion's sub-chunk payload }.
inline constexpr const char* kStoredKeysKey = "stored_keys";
// Per file (scene extras): { motions: [{ name: animation name, id: sub-chunk id }, ...] in key order, params
// (the parameter chunk's payload), count (the count sub-chunk), keys_trailing (bytes after the last motion):
// bytes, chunks: [{ id: raw id, bytes }, ...] (payloads of chunks other than keys and parameters, which
// are empty), trailing: bytes after the last chunk }.
inline constexpr const char* kOmfFileKey = "xray.omf_file";
// Both, as FormatDescription::way_back_records (of the .omf, and of the formats that take it as a companion).
inline std::vector<std::string> omf_way_back_records() {
  return {std::string("xray.motions/*/") + kStoredKeysKey, kOmfFileKey};
}

nlohmann::json motion_record(const MotionKeys& motion, std::size_t bone_count);
// The recorded motion when it was recorded with `bone_count` bone blocks and reads back; nothing otherwise
// (extras edited, cut, or of another skeleton).
std::optional<MotionKeys> recorded_motion(const nlohmann::json& record, std::size_t bone_count);

// Whether `channel` holds, at each of `frames` frames (key f at f / 30 s), the translation and rotation the
// importer decoded from `block` (motion_to_scene.cpp), within round-off. Values that are not finite, and
// rotations without a direction (a zero key), have no glTF counterpart and match any.
bool channel_holds_keys(const scene::NodeAnimation& channel, const BoneKeys& block, std::size_t frames);

// Whether bone blocks laid out by `parts` are the recorded file's (the same bone parts: names and block
// indices), so that the recorded keys of a block belong to it.
bool recorded_blocks_match(const nlohmann::json& record, const std::vector<BonePart>& parts);

// `animation_names`: the scene animation of each motion, in key order.
nlohmann::json omf_file_record(const OmfFile& omf, const std::vector<std::string>& animation_names);

// The parts of the recorded file that `built` (what scene_to_omf made of the scene's animations in the order
// `written`) takes over, as the header describes. Nothing changes when the record is missing or malformed.
void restore_omf_file(const nlohmann::json& record, const std::vector<std::string>& written, OmfFile& built);

// The animation order of a recorded file: the recorded motions first, in their order, then the others in
// scene order. Empty when there is no record.
std::vector<std::size_t> recorded_animation_order(const nlohmann::json& record,
                                                  const std::vector<std::string>& animation_names);

}  // namespace gamefmt::xray
