// The way back of SDK motions from glTF (sdk_motion_scene.hpp): the stored motion while the scene still holds
// what the import made of it.
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/sdk_way_back.hpp"

namespace gamefmt::xray {
namespace {

std::optional<SdkMotion> stored_motion(const nlohmann::json& record) {
  if (!record.is_object() || !record.contains(kKeptMotionKey)) return std::nullopt;
  const auto bytes = kept_bytes(record[kKeptMotionKey]);
  if (!bytes) return std::nullopt;
  try {
    ByteReader reader(*bytes, "stored motion", ByteOrder::little);
    SdkMotion motion = read_sdk_motion(reader);
    if (!reader.at_end()) return std::nullopt;
    return motion;
  } catch (const FormatError&) {
    return std::nullopt;  // not bytes the importer kept
  }
}

// Every channel of `expected` has one in `actual` for the same node with the same keys, and `actual` has no
// other.
bool same_channels(const scene::Animation& expected, const scene::Animation& actual) {
  if (expected.channels.size() != actual.channels.size() || expected.interpolation != actual.interpolation)
    return false;
  for (const auto& want : expected.channels) {
    const scene::NodeAnimation* found = nullptr;
    for (const auto& have : actual.channels)
      if (have.node == want.node) found = &have;
    if (found == nullptr || !same_baked_keys(want, *found)) return false;
  }
  return true;
}

}  // namespace

nlohmann::json kept_sdk_motion_json(const SdkMotion& motion) {
  ByteWriter out(ByteOrder::little);
  write_sdk_motion(out, motion);
  return kept_bytes_json(out.take());
}

std::optional<SdkMotion> stored_sdk_motion(const scene::Scene& scene, const scene::Animation& animation,
                                           const nlohmann::json& record, const Limits& limits) {
  auto motion = stored_motion(record);
  if (!motion) return std::nullopt;
  std::map<std::string, scene::NodeIndex> node_by_name;
  for (scene::NodeIndex node : scene::tree_order(scene))
    node_by_name.emplace(lower_ascii(scene.nodes[node].name), node);
  if (!same_channels(bake_sdk_motion(*motion, node_by_name, limits), animation)) return std::nullopt;
  return motion;
}

bool same_sdk_motion_fields(const SdkMotion& motion, const nlohmann::json& record) {
  nlohmann::json fields = record;
  if (fields.is_object()) fields.erase(kKeptMotionKey);
  return same_extras_values(sdk_motion_record(motion), fields);
}

}  // namespace gamefmt::xray
