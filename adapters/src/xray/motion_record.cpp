#include "xray/motion_record.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/kept_bytes.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "xray/motion_scene.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

// A key glTF gave back differs from the importer's by round-off (a DCC tool may compose it again), not more:
// far below a quantisation step (1 / 32767 for rotations, a 127th or 32767th of the half range for
// translations).
constexpr float kUnchangedTolerance = 1e-5f;

// The key of `keys` at the time of frame f: glTF stores times as floats, so a key whose time rounds to the
// frame's float time is that frame's key (the importer put one at every frame).
template <class Value>
const scene::Key<Value>* key_at_frame(const std::vector<scene::Key<Value>>& keys, std::size_t frame) {
  const float time = static_cast<float>(static_cast<double>(frame) / kMotionFramesPerSecond);
  const auto it = std::lower_bound(keys.begin(), keys.end(), time, [](const scene::Key<Value>& key, float t) {
    return static_cast<float>(key.time) < t;
  });
  return it != keys.end() && static_cast<float>(it->time) == time ? &*it : nullptr;
}

bool same_value(float scene_value, float expected) {
  if (!std::isfinite(expected)) return true;
  return std::fabs(scene_value - expected) <= kUnchangedTolerance * std::max(1.0f, std::fabs(expected));
}

// The same rotation: glTF readers and DCC tools may negate a quaternion. A stored key without a direction
// (all zero) has no glTF counterpart (writers make it the identity) and matches any.
bool same_rotation(const glm::quat& scene_value, const glm::quat& expected) {
  const float length = glm::dot(expected, expected);
  if (!(length > 0.0f) || !std::isfinite(length)) return true;
  float same = 0, opposite = 0;
  for (int c = 0; c < 4; ++c) {
    same = std::max(same, std::fabs(scene_value[c] - expected[c]));
    opposite = std::max(opposite, std::fabs(scene_value[c] + expected[c]));
  }
  return std::min(same, opposite) <= kUnchangedTolerance;
}

bool same_float(float a, float b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

bool same_marks(const std::vector<MotionMark>& a, const std::vector<MotionMark>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k].name != b[k].name || a[k].intervals.size() != b[k].intervals.size()) return false;
    for (std::size_t i = 0; i < a[k].intervals.size(); ++i)
      if (!same_float(a[k].intervals[i][0], b[k].intervals[i][0]) ||
          !same_float(a[k].intervals[i][1], b[k].intervals[i][1]))
        return false;
  }
  return true;
}

// What the exporter reads from a motion's extras equals the definition (name, key index and mark line ends
// have no say: the extras do not hold them).
bool same_parameters(const MotionDef& built, const MotionDef& stored, int version) {
  return built.flags == stored.flags && built.bone_or_part == stored.bone_or_part &&
         same_float(built.speed, stored.speed) && same_float(built.power, stored.power) &&
         same_float(built.accrue, stored.accrue) && same_float(built.falloff, stored.falloff) &&
         (version < 4 || same_marks(built.marks, stored.marks));
}

bool same_bone_parts(const std::vector<BonePart>& a, const std::vector<BonePart>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t p = 0; p < a.size(); ++p) {
    if (a[p].name != b[p].name || a[p].bones.size() != b[p].bones.size()) return false;
    for (std::size_t i = 0; i < a[p].bones.size(); ++i)
      if (a[p].bones[i].name != b[p].bones[i].name || a[p].bones[i].index != b[p].bones[i].index)
        return false;
  }
  return true;
}

// The stored parameter chunk, when the built one says the same of every motion (see the header).
bool parameters_hold(const MotionParamsChunk& stored, const OmfFile& built) {
  if (stored.version != built.params.version || !same_bone_parts(stored.parts, built.params.parts) ||
      built.params.motions.size() != built.keys.motions.size())
    return false;
  for (std::size_t m = 0; m < built.keys.motions.size(); ++m) {
    const MotionDef* paired = motion_definition(stored, built.keys.motions[m].name, m);
    const MotionDef defaults;
    if (!same_parameters(built.params.motions[m], paired != nullptr ? *paired : defaults, stored.version))
      return false;
  }
  return true;
}

// The recorded parameter chunk, when the record holds one that reads back.
std::optional<MotionParamsChunk> recorded_params(const nlohmann::json& record) {
  const auto bytes = kept_bytes(scene::get_or<nlohmann::json>(record, "params", nullptr));
  if (!bytes) return std::nullopt;
  try {
    Chunk chunk;
    chunk.id = kChunkMotionParams;
    chunk.payload = *bytes;
    return read_motion_params(chunk, "extras");
  } catch (const FormatError&) {
    return std::nullopt;
  }
}

}  // namespace

bool recorded_blocks_match(const nlohmann::json& record, const std::vector<BonePart>& parts) {
  const auto params = recorded_params(record);
  return params && same_bone_parts(params->parts, parts);
}

nlohmann::json motion_record(const MotionKeys& motion, std::size_t bone_count) {
  ByteWriter payload(ByteOrder::little);
  write_motion(payload, motion);
  return {{"bones", bone_count}, {"bytes", kept_bytes_json(payload.buffer())}};
}

std::optional<MotionKeys> recorded_motion(const nlohmann::json& record, std::size_t bone_count) {
  if (scene::get<std::uint32_t>(record, "bones") != bone_count) return std::nullopt;
  const auto bytes = kept_bytes(scene::get_or<nlohmann::json>(record, "bytes", nullptr));
  if (!bytes) return std::nullopt;
  try {
    ByteReader reader(*bytes, "extras", ByteOrder::little);
    return read_motion(reader, bone_count);
  } catch (const FormatError&) {
    return std::nullopt;
  }
}

bool channel_holds_keys(const scene::NodeAnimation& channel, const BoneKeys& block, std::size_t frames) {
  for (std::size_t f = 0; f < frames; ++f) {
    const auto* translation = key_at_frame(channel.translation, f);
    const auto* rotation = key_at_frame(channel.rotation, f);
    if (translation == nullptr || rotation == nullptr) return false;
    const auto t = decode_translation(block, f);
    const glm::vec3 expected = xray_space::vector(glm::vec3(t[0], t[1], t[2]));
    for (int i = 0; i < 3; ++i)
      if (!same_value(translation->value[i], expected[i])) return false;
    const auto q = decode_rotation(block, f);
    if (!same_rotation(rotation->value, xray_space::engine_rotation(q[0], q[1], q[2], q[3]))) return false;
  }
  return true;
}

nlohmann::json omf_file_record(const OmfFile& omf, const std::vector<std::string>& animation_names) {
  nlohmann::json motions = nlohmann::json::array();
  for (std::size_t m = 0; m < omf.keys.motions.size() && m < animation_names.size(); ++m)
    motions.push_back({{"name", animation_names[m]}, {"id", omf.keys.motions[m].chunk_id}});
  ByteWriter params(ByteOrder::little);
  write_motion_params(params, omf.params);
  nlohmann::json chunks = nlohmann::json::array();
  for (const auto& chunk : omf.chunks) {
    chunks.push_back({{"id", chunk.raw_id}, {"bytes", kept_bytes_json(chunk.raw_payload)}});
  }
  return {{"motions", motions},
          {"params", kept_bytes_json(params.buffer())},
          {"count", kept_bytes_json(omf.keys.count_payload)},
          {"keys_trailing", kept_bytes_json(omf.keys.trailing)},
          {"chunks", chunks},
          {"trailing", kept_bytes_json(omf.trailing_bytes)}};
}

std::vector<std::size_t> recorded_animation_order(const nlohmann::json& record,
                                                  const std::vector<std::string>& animation_names) {
  if (!record.is_object() || !record.contains("motions") || !record["motions"].is_array()) return {};
  std::unordered_map<std::string, std::size_t> place;
  for (const auto& motion : record["motions"])
    if (const auto name = scene::get<std::string>(motion, "name")) place.emplace(*name, place.size());
  std::vector<std::size_t> order(animation_names.size());
  for (std::size_t a = 0; a < order.size(); ++a) order[a] = a;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto pa = place.find(animation_names[a]), pb = place.find(animation_names[b]);
    return (pa == place.end() ? place.size() : pa->second) < (pb == place.end() ? place.size() : pb->second);
  });
  return order;
}

void restore_omf_file(const nlohmann::json& record, const std::vector<std::string>& written, OmfFile& built) {
  if (!record.is_object()) return;
  // Unknown chunks and trailing bytes: kept whatever the scene holds.
  const auto trailing = kept_bytes(scene::get_or<nlohmann::json>(record, "trailing", nullptr));
  std::vector<OmfChunk> chunks;
  bool keys = false, params = false;
  for (const auto& entry : scene::get_or<nlohmann::json>(record, "chunks", nlohmann::json::array())) {
    const auto raw_id = scene::get<std::uint32_t>(entry, "id");
    const auto payload = kept_bytes(scene::get_or<nlohmann::json>(entry, "bytes", nullptr));
    if (!raw_id || !payload) return;
    keys = keys || *raw_id == kChunkMotionKeys;
    params = params || *raw_id == kChunkMotionParams;
    chunks.push_back({*raw_id, *payload});
  }
  if (!keys || !params || !trailing) return;
  built.chunks = std::move(chunks);
  built.trailing_bytes = *trailing;

  // The rest only with the recorded motions, in their order.
  const nlohmann::json motions = scene::get_or<nlohmann::json>(record, "motions", nullptr);
  if (!motions.is_array() || motions.size() != written.size() || written.size() != built.keys.motions.size())
    return;
  std::vector<std::uint32_t> chunk_ids;
  for (std::size_t m = 0; m < written.size(); ++m) {
    const auto id = scene::get<std::uint32_t>(motions[m], "id");
    if (scene::get<std::string>(motions[m], "name") != written[m] || !id) return;
    chunk_ids.push_back(*id);
  }
  const auto count = kept_bytes(scene::get_or<nlohmann::json>(record, "count", nullptr));
  const auto keys_trailing = kept_bytes(scene::get_or<nlohmann::json>(record, "keys_trailing", nullptr));
  auto stored = recorded_params(record);
  if (!count || !keys_trailing || !stored) return;
  for (std::size_t m = 0; m < written.size(); ++m) built.keys.motions[m].chunk_id = chunk_ids[m];
  built.keys.count_payload = *count;
  built.keys.trailing = *keys_trailing;
  if (parameters_hold(*stored, built)) built.params = std::move(*stored);
}

}  // namespace gamefmt::xray
