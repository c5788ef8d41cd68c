// Scene -> .fzx ragdoll volumes: the way back of ragdoll_to_scene.cpp (ragdoll_scene.hpp).
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/phoenix_space.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/record_reader.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kRagdollKey = "phoenix.ragdoll";
// The record's object count sizes a list before the objects are read: a bound keeps an edited count from
// allocating without end (the engine's ragdolls have a few dozen volumes).
constexpr std::int32_t kMaxRagdollObjects = 1000000;
constexpr std::size_t kNoIndex = static_cast<std::size_t>(-1);

RagdollObject object_from_record(const nlohmann::json& record, const RecordReader& reader) {
  const auto& label = member(record, "label");
  if (!label.is_string()) reader.fail("label", "a ragdoll record needs a label");
  RagdollObject o;
  o.label = label.get<std::string>();
  o.rotation_wxyz = reader.floats<4>(member(record, "rotation_wxyz"), "rotation_wxyz");
  o.location = reader.floats<3>(member(record, "location"), "location");
  o.scale = reader.floats<3>(member(record, "scale"), "scale");
  return o;
}

// The record's object index, or kNoIndex when it has none (which no object slot takes).
std::size_t object_index(const nlohmann::json& record, const RecordReader& reader) {
  const auto& index = member(record, "index");
  if (index.is_null()) return kNoIndex;
  const std::int32_t value = reader.integer(index, "index");
  return value < 0 ? kNoIndex : static_cast<std::size_t>(value);
}

Ragdoll read_ragdoll_scene(const scene::Scene& scene, std::string_view file_name) {
  FieldPath path(file_name);
  const RecordReader reader(path);
  const auto& record = member(scene.extras, kRagdollKey);
  if (!record.is_object())
    path.fail(kRagdollKey, "the scene has no Overgrowth ragdoll (scene extras \"phoenix.ragdoll\")",
              ErrorKind::cannot_write);
  std::vector<std::optional<RagdollObject>> objects;
  Vec3 centre{};
  {
    auto field = path.enter(kRagdollKey);
    centre = reader.floats<3>(member(record, "model_centre"), "model_centre");
    const std::int32_t count = reader.integer(member(record, "object_count"), "object_count");
    if (count < 0) reader.fail("object_count", "expected an object count");
    if (count > kMaxRagdollObjects)
      path.fail("object_count", "more than " + std::to_string(kMaxRagdollObjects) + " objects",
                ErrorKind::limit);
    objects.resize(static_cast<std::size_t>(count));
  }
  auto place = [&](std::size_t index, RagdollObject object) {
    if (index >= objects.size() || objects[index])
      path.fail("", "object index " + std::to_string(index) + " is out of range or repeated");
    objects[index] = std::move(object);
  };
  {
    auto field = path.enter(kRagdollKey);
    const auto& unmatched = reader.items(member(record, "unmatched"), "unmatched");
    for (std::size_t u = 0; u < unmatched.size(); ++u) {
      auto item = path.enter("unmatched", u);
      place(object_index(unmatched[u], reader), object_from_record(unmatched[u], reader));
    }
  }
  const auto parents = scene::parents_of(scene);
  for (const scene::NodeIndex n : scene::tree_order(scene)) {
    const scene::Node& node = scene.nodes[n];
    const auto& volume = member(node.extras, kRagdollKey);
    if (volume.is_null()) continue;
    auto at_node = path.enter_key("nodes", node.name);
    auto field = path.enter(kRagdollKey);
    // Blender keeps a bool custom property as an integer: take either.
    const auto& mirror = member(volume, "mirror");
    if ((mirror.is_boolean() && mirror.get<bool>()) || (mirror.is_number() && mirror.get<double>() != 0))
      continue;
    auto object = object_from_record(volume, reader);
    const scene::Trs world = scene::decompose(world_transform(scene, parents, n));
    const glm::quat rotation = scene::normalize(world.rotation);
    std::array<float, 4> q{rotation.x, rotation.y, rotation.z, rotation.w};
    // q and -q are one rotation: keep the sign of the recorded quaternion so an unmoved volume writes back
    // equal.
    const auto& before = object.rotation_wxyz;
    if (q[3] * before[0] + q[0] * before[1] - q[2] * before[2] + q[1] * before[3] < 0)
      for (auto& c : q) c = -c;
    set_ragdoll_placement(object, {world.translation.x, world.translation.y, world.translation.z}, q, centre);
    // Volume nodes are written unscaled: a scale on one is an edit of the volume's size.
    const glm::vec3& s = world.scale;
    if (std::abs(s.x - 1) > 1e-5f || std::abs(s.y - 1) > 1e-5f || std::abs(s.z - 1) > 1e-5f)
      scale_ragdoll_object(object, {s.x, s.y, s.z});
    place(object_index(volume, reader), std::move(object));
  }
  Ragdoll out;
  {
    auto field = path.enter(kRagdollKey);
    out.version = reader.integer(member_or(record, "version", 1), "version");
  }
  for (std::size_t i = 0; i < objects.size(); ++i) {
    if (!objects[i])
      path.fail(kRagdollKey, "ragdoll object " + std::to_string(i) + " has no node and no unmatched record",
                ErrorKind::cannot_write);
    out.objects.push_back(std::move(*objects[i]));
  }
  return out;
}

}  // namespace

Ragdoll ragdoll_from_scene(const scene::Scene& scene, std::string_view file_name) {
  try {
    return read_ragdoll_scene(scene, file_name);
  } catch (const nlohmann::json::exception& e) {  // a safety net: every read above checks its type first
    throw FormatError(std::string(file_name), std::nullopt, kRagdollKey, e.what());
  }
}

}  // namespace gamefmt::phoenix
