// The way back from a rig scene (rig_to_scene, possibly through glTF and Blender) to .phxbn and .anm
// (rig_scene.hpp).
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/phoenix_space.hpp"
#include "phoenix/record_reader.hpp"
#include "phoenix/rig_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

constexpr const char* kSkeletonKey = "phoenix.skeleton";
constexpr const char* kAnimationsKey = "phoenix.animations";
constexpr const char* kBoneIndexKey = "phoenix.bone_index";

using Parents = std::vector<std::optional<scene::NodeIndex>>;

// The node's bone index, when its extras hold a whole number there.
std::optional<std::int32_t> bone_index_of(const scene::Node& node) {
  const auto& index = member(node.extras, kBoneIndexKey);
  if (!index.is_number()) return std::nullopt;
  const double d = index.get<double>();
  if (d != std::floor(d) || d < std::numeric_limits<std::int32_t>::min() ||
      d > std::numeric_limits<std::int32_t>::max())
    return std::nullopt;
  return static_cast<std::int32_t>(d);
}

// The joint nodes by bone index (the first in tree order for an index given twice), checked to be 0..n-1.
std::vector<scene::NodeIndex> joint_nodes(const scene::Scene& scene, const FieldPath& path) {
  std::map<std::int32_t, scene::NodeIndex> found;
  for (const scene::NodeIndex n : scene::tree_order(scene))
    if (const auto index = bone_index_of(scene.nodes[n])) found.emplace(*index, n);
  if (found.empty())
    path.fail(kBoneIndexKey, "the scene has no Overgrowth joints (node extras \"phoenix.bone_index\")",
              ErrorKind::cannot_write);
  std::vector<scene::NodeIndex> out;
  for (const auto& [index, node] : found) {
    if (index != static_cast<std::int32_t>(out.size()))
      path.fail(kBoneIndexKey, "bone " + std::to_string(out.size()) + " has no joint node",
                ErrorKind::cannot_write);
    out.push_back(node);
  }
  return out;
}

// Where each joint's bone lies: the points of the bone table and its world transform in the scene.
struct RestBones {
  std::vector<Vec3> points;
  std::vector<std::array<std::int32_t, 2>> ends;
};

// The bones' points where the scene's joints put them: each midpoint at its joint's world origin, each length
// from the recorded point table. The direction is the joint's Z axis when the scene keeps the rig's joint
// frames (most joints' Z still along their recorded bone); a tool that re-orients joints (Blender's importer
// picks its own bone axes) keeps the recorded directions. A point two bones share takes the first bone's
// value.
RestBones rest_bones(const nlohmann::json& skeleton, const std::vector<glm::mat4>& joint_worlds,
                     FieldPath& path) {
  const RecordReader reader(path);
  auto field = path.enter(kSkeletonKey);
  RestBones out;
  for (const auto& p : reader.items(member(skeleton, "points"), "points"))
    out.points.push_back(reader.floats<3>(p, "points"));
  const auto& ends = reader.items(member(skeleton, "bone_ends"), "bone_ends");
  if (ends.size() != joint_worlds.size())
    path.fail("bone_ends",
              std::to_string(ends.size()) + " bones, the scene has " + std::to_string(joint_worlds.size()) +
                  " joints",
              ErrorKind::cannot_write);
  for (const auto& e : ends) {
    const auto pair = reader.int_list(e, "bone_ends");
    if (pair.size() != 2 || pair[0] < 0 || pair[1] < 0 || std::size_t(pair[0]) >= out.points.size() ||
        std::size_t(pair[1]) >= out.points.size())
      reader.fail("bone_ends", "a bone's two point indices must be in the point table");
    out.ends.push_back({pair[0], pair[1]});
  }
  const auto original = out.points;
  std::vector<glm::vec3> recorded(joint_worlds.size());
  std::vector<float> half(joint_worlds.size());
  std::size_t along = 0;
  for (std::size_t b = 0; b < joint_worlds.size(); ++b) {
    const Vec3& p0 = original[out.ends[b][0]];
    const Vec3& p1 = original[out.ends[b][1]];
    recorded[b] = glm::vec3(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
    half[b] = glm::length(recorded[b]) / 2;
    recorded[b] = scene::normalize(recorded[b]);
    along += glm::dot(scene::normalize(glm::vec3(joint_worlds[b][2])), recorded[b]) > 0.9999f;
  }
  const bool joint_frames_kept = 2 * along >= joint_worlds.size();
  std::vector<bool> placed(out.points.size(), false);
  for (std::size_t b = 0; b < joint_worlds.size(); ++b) {
    const glm::mat4& w = joint_worlds[b];
    const glm::vec3 z = joint_frames_kept ? scene::normalize(glm::vec3(w[2])) : recorded[b];
    const glm::vec3 mid(w[3]), start = mid - z * half[b], end = mid + z * half[b];
    for (const auto& [point, value] : {std::pair{out.ends[b][0], start}, std::pair{out.ends[b][1], end}})
      if (!placed[point]) {
        out.points[point] = {value.x, value.y, value.z};
        placed[point] = true;
      }
  }
  return out;
}

std::vector<glm::mat4> world_transforms(const scene::Scene& scene, const Parents& parents,
                                        const std::vector<scene::NodeIndex>& nodes) {
  std::vector<glm::mat4> out;
  out.reserve(nodes.size());
  for (const scene::NodeIndex n : nodes) out.push_back(world_transform(scene, parents, n));
  return out;
}

// The first mesh with bones.
const scene::Mesh* skinned_mesh(const scene::Scene& scene) {
  for (const auto& mesh : scene.meshes)
    if (!mesh.bones.empty()) return &mesh;
  return nullptr;
}

// Each triangle corner's (up to) four heaviest joints, for rigging stages 1 and 2.
void read_corner_weights(const scene::Scene& scene, const std::vector<scene::NodeIndex>& joints, Skeleton& s,
                         const FieldPath& path) {
  const scene::Mesh* mesh = skinned_mesh(scene);
  if (mesh == nullptr) {
    // A rig imported without its model OBJ has no skin: the kept file's weights stand (way_back.hpp).
    const auto kept = kept_skeleton(scene, path.file());
    if (!kept || !kept->has_weights_block() || kept->bone_ends.size() != joints.size())
      path.fail("meshes",
                "rigging stage " + std::to_string(s.rigging_stage) + " needs a skinned mesh for its weights",
                ErrorKind::cannot_write);
    s.corner_weights = kept->corner_weights;
    s.corner_bone_ids = kept->corner_bone_ids;
    return;
  }
  std::map<scene::NodeIndex, int> bone_of;
  for (std::size_t b = 0; b < joints.size(); ++b) bone_of[joints[b]] = static_cast<int>(b);
  const std::size_t vertex_count = mesh->vertex_count();
  std::vector<std::vector<std::pair<float, int>>> influences(vertex_count);
  for (const scene::BoneBinding& bone : mesh->bones) {
    const auto it = bone_of.find(bone.node);
    if (it == bone_of.end())
      path.fail("skin",
                "the skin's bone '" +
                    (bone.node < scene.nodes.size() ? scene.nodes[bone.node].name : std::string()) +
                    "' is no Overgrowth joint",
                ErrorKind::cannot_write);
    for (const auto& w : bone.weights)
      if (w.vertex < vertex_count && w.weight > 0) influences[w.vertex].push_back({w.weight, it->second});
  }
  std::vector<std::array<float, 4>> vertex_weights(vertex_count), vertex_ids(vertex_count);
  for (std::size_t v = 0; v < vertex_count; ++v) {
    auto& list = influences[v];
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second > b.second;
    });
    if (list.size() > 4) list.resize(4);
    float total = 0;
    for (const auto& [w, bone] : list) total += w;
    for (std::size_t k = 0; k < list.size(); ++k) {
      vertex_weights[v][k] = list[k].first / total;
      vertex_ids[v][k] = static_cast<float>(list[k].second);
    }
  }
  if (!mesh->points.empty() || !mesh->lines.empty())
    path.fail("faces", "the skinned mesh must be triangles", ErrorKind::cannot_write);
  for (const std::uint32_t v : mesh->triangles) {
    if (v >= vertex_count) path.fail("faces", "vertex index " + std::to_string(v) + " is outside the mesh");
    s.corner_weights.push_back(vertex_weights[v]);
    s.corner_bone_ids.push_back(vertex_ids[v]);
  }
}

Skeleton read_skeleton_scene(const scene::Scene& scene, std::string_view file_name) {
  FieldPath path(file_name);
  const RecordReader reader(path);
  const auto joints = joint_nodes(scene, path);
  const std::size_t bones = joints.size();
  const auto& sk = member(scene.extras, kSkeletonKey);
  if (!sk.is_object())
    path.fail(kSkeletonKey, "the scene has no Overgrowth skeleton record (scene extras \"phoenix.skeleton\")",
              ErrorKind::cannot_write);
  const auto parents = scene::parents_of(scene);
  Skeleton s;
  s.version = kSkeletonMaxVersion;
  {
    auto field = path.enter(kSkeletonKey);
    s.rigging_stage = reader.integer(member_or(sk, "rigging_stage", 1), "rigging_stage");
  }
  auto rest = rest_bones(sk, world_transforms(scene, parents, joints), path);
  s.points = std::move(rest.points);
  s.bone_ends = std::move(rest.ends);
  {
    auto field = path.enter(kSkeletonKey);
    s.point_parents = reader.int_list(member(sk, "point_parents"), "point_parents");
    if (s.point_parents.size() != s.points.size()) s.point_parents.assign(s.points.size(), -1);
    s.hier_parents = reader.int_list(member(sk, "hier_parents"), "hier_parents");
    s.bone_parents = reader.int_list(member(sk, "bone_parents"), "bone_parents");
  }
  if (s.bone_parents.size() != bones) s.bone_parents = s.hier_parents;
  if (s.bone_parents.size() != bones) {  // neither stored: the joint hierarchy
    s.bone_parents.assign(bones, -1);
    for (std::size_t b = 0; b < bones; ++b)
      for (std::size_t p = 0; p < bones; ++p)
        if (parents[joints[b]] == joints[p]) s.bone_parents[b] = static_cast<std::int32_t>(p);
  }
  for (std::size_t b = 0; b < bones; ++b) {
    const scene::Node& node = scene.nodes[joints[b]];
    auto field = path.enter_key("nodes", node.name);
    const auto& mass = member(node.extras, "phoenix.mass");
    s.bone_masses.push_back(mass.is_null() ? 1.0f : reader.number(mass, "phoenix.mass"));
    const auto& com = member(node.extras, "phoenix.centre_of_mass");
    const auto& p0 = s.points[s.bone_ends[b][0]];
    const auto& p1 = s.points[s.bone_ends[b][1]];
    s.bone_centres_of_mass.push_back(com.is_null()
                                         ? Vec3{(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2, (p0[2] + p1[2]) / 2}
                                         : reader.floats<3>(com, "phoenix.centre_of_mass"));
    s.bone_matrices.push_back(bone_bind_matrix(p0, p1));  // stored by v9+, ignored by the engine
  }
  if (s.has_weights_block()) {
    if (s.hier_parents.size() != bones) s.hier_parents = s.bone_parents;
    std::map<int, SkeletonJoint> by_index;
    for (std::size_t b = 0; b < bones; ++b) {
      const scene::Node& node = scene.nodes[joints[b]];
      const auto& j = member(node.extras, "phoenix.joint");
      if (j.is_null()) continue;
      auto at_node = path.enter_key("nodes", node.name);
      auto field = path.enter("phoenix.joint");
      SkeletonJoint joint;
      joint.type = reader.integer(member(j, "type_id"), "type_id");
      const auto stops = reader.float_list(member(j, "stop_angles"), "stop_angles");
      if (stops.size() > 6) reader.fail("stop_angles", "at most 6 angles");
      std::copy(stops.begin(), stops.end(), joint.stop_angles.begin());
      if (!member(j, "axis").is_null()) joint.axis = reader.floats<3>(member(j, "axis"), "axis");
      joint.bone_ids = {static_cast<std::int32_t>(b),
                        reader.integer(member(j, "parent_bone"), "parent_bone")};
      const auto& index = member(j, "index");
      by_index.emplace(index.is_null() ? static_cast<int>(1000000 + b) : reader.integer(index, "index"),
                       joint);
    }
    for (auto& [index, joint] : by_index) s.joints.push_back(joint);
    read_corner_weights(scene, joints, s, path);
  }
  auto field = path.enter(kSkeletonKey);
  const auto chains = member_or(sk, "ik_chains", nlohmann::json::object());
  std::vector<std::string> order;
  for (const auto& name : reader.items(member(sk, "ik_chain_order"), "ik_chain_order"))
    order.push_back(reader.string(name, "ik_chain_order"));
  if (order.empty() && chains.is_object())
    for (const auto& [name, chain] : chains.items()) order.push_back(name);
  for (const auto& name : order) {
    auto at_chain = path.enter_key("ik_chains", name);
    const auto& chain = member(chains, name);
    if (!chain.is_object()) reader.fail("", "missing");
    const std::string tip = reader.string(member(chain, "bone"), "bone");
    std::int32_t bone = -1;
    for (std::size_t b = 0; b < bones; ++b)
      if (tip == scene.nodes[joints[b]].name) bone = static_cast<std::int32_t>(b);
    if (bone < 0) reader.fail("bone", "no joint is named '" + tip + "'");
    s.ik_bones.push_back({name, bone, reader.integer(member(chain, "chain_length"), "chain_length")});
  }
  return s;
}

// A channel's value `ms` milliseconds after the clip's start (the unit of .anm key times): the key there, or
// linear (spherical for rotations) between the two around it.
template <class Value, class Mix>
Value sample(const std::vector<scene::Key<Value>>& keys, double ms, const Value& fallback, Mix mix) {
  if (keys.empty()) return fallback;
  auto ms_of = [](const scene::Key<Value>& key) { return key.time * 1000.0; };
  if (ms <= ms_of(keys.front())) return keys.front().value;
  if (ms >= ms_of(keys.back())) return keys.back().value;
  const auto next = std::lower_bound(keys.begin() + 1, keys.end(), ms,
                                     [&](const scene::Key<Value>& key, double t) { return ms_of(key) < t; });
  const auto& before = *(next - 1);
  const double span = ms_of(*next) - ms_of(before);
  const float t = span > 0 ? static_cast<float>((ms - ms_of(before)) / span) : 0.0f;
  return t == 0 ? before.value : mix(before.value, next->value, t);
}

// A node's transform `ms` into an animation (its channel sampled there), else its rest transform.
glm::mat4 local_at(const scene::Scene& scene, scene::NodeIndex node,
                   const std::vector<const scene::NodeAnimation*>& channels, double ms) {
  const scene::NodeAnimation* channel = channels[node];
  const glm::mat4 rest = scene::matrix_of(scene.nodes[node]);
  if (channel == nullptr) return rest;
  const scene::Trs trs = scene::decompose(rest);
  auto lerp = [](const glm::vec3& a, const glm::vec3& b, float t) { return a + (b - a) * t; };
  auto slerp = [](const glm::quat& a, const glm::quat& b, float t) { return scene::slerp(a, b, t); };
  const glm::vec3 translation = sample(channel->translation, ms, trs.translation, lerp);
  const glm::quat rotation = sample(channel->rotation, ms, trs.rotation, slerp);
  const glm::vec3 scale = sample(channel->scale, ms, trs.scale, lerp);
  return trs_matrix(translation, scene::normalize(rotation), scale);
}

// A node's animated world transform: from the top of the tree down, each transform applied from the right,
// starting from the identity (the old scene's root node; see world_transform for why it stays).
glm::mat4 animated_world(const scene::Scene& scene, const Parents& parents,
                         const std::vector<const scene::NodeAnimation*>& channels, scene::NodeIndex node,
                         double ms) {
  std::vector<scene::NodeIndex> chain = {node};
  for (auto p = parents[node]; p && chain.size() <= scene.nodes.size(); p = parents[*p]) chain.push_back(*p);
  glm::mat4 m(1.0f);
  for (auto n = chain.rbegin(); n != chain.rend(); ++n) m = m * local_at(scene, *n, channels, ms);
  return m;
}

AnimationKeyframe keyframe_from_extras(const nlohmann::json& e, const RecordReader& reader, FieldPath& path) {
  AnimationKeyframe key;
  key.weights = reader.float_list(member(e, "weights"), "weights");
  const auto& weapons = reader.items(member(e, "weapons"), "weapons");
  for (std::size_t i = 0; i < weapons.size(); ++i) {
    auto field = path.enter("weapons", i);
    const auto& w = weapons[i];
    AnimationWeapon weapon;
    weapon.matrix = reader.floats<16>(member(w, "matrix"), "matrix");
    weapon.relative_id = reader.integer(member_or(w, "relative_id", -1), "relative_id");
    weapon.relative_weight = reader.number(member_or(w, "relative_weight", 0), "relative_weight");
    key.weapons.push_back(weapon);
  }
  key.use_mobility =
      static_cast<std::uint8_t>(reader.integer(member_or(e, "use_mobility", 0), "use_mobility"));
  if (key.use_mobility != 0) key.mobility = reader.floats<16>(member(e, "mobility"), "mobility");
  const auto& events = reader.items(member(e, "events"), "events");
  for (std::size_t i = 0; i < events.size(); ++i) {
    auto field = path.enter("events", i);
    key.events.push_back({reader.integer(member(events[i], "bone"), "bone"),
                          reader.string(member(events[i], "name"), "name")});
  }
  const auto& iks = reader.items(member(e, "ik_bones"), "ik_bones");
  for (std::size_t i = 0; i < iks.size(); ++i) {
    auto field = path.enter("ik_bones", i);
    AnimationIkBone ik;
    ik.start = reader.floats<3>(member(iks[i], "start"), "start");
    ik.end = reader.floats<3>(member(iks[i], "end"), "end");
    ik.bone_path = reader.int_list(member(iks[i], "bone_path"), "bone_path");
    ik.label = reader.string(member(iks[i], "label"), "label");
    key.ik_bones.push_back(ik);
  }
  auto named = [&](const char* list_name, std::vector<AnimationNamedWeight>& into) {
    const auto& list = reader.items(member(e, list_name), list_name);
    for (std::size_t i = 0; i < list.size(); ++i) {
      auto field = path.enter(list_name, i);
      into.push_back({reader.number(member(list[i], "weight"), "weight"),
                      reader.string(member(list[i], "label"), "label")});
    }
  };
  named("shape_keys", key.shape_keys);
  named("status_keys", key.status_keys);
  return key;
}

Animation read_animation_scene(const scene::Scene& scene, const scene::Animation& animation,
                               std::string_view file_name) {
  FieldPath path(file_name);
  const RecordReader reader(path);
  const auto joints = joint_nodes(scene, path);
  const std::string& clip = animation.name;
  std::vector<const scene::NodeAnimation*> channels(scene.nodes.size(), nullptr);
  // Without recorded key times, the keys of the channel with the most of them.
  const scene::NodeAnimation* timing = nullptr;
  for (const auto& channel : animation.channels) {
    if (channel.node < channels.size()) channels[channel.node] = &channel;
    if (timing == nullptr || channel.rotation.size() > timing->rotation.size()) timing = &channel;
  }
  if (timing == nullptr || timing->rotation.empty()) {
    auto field = path.enter_key("animations", clip);
    path.fail("", "the animation has no rotation keys", ErrorKind::cannot_write);
  }
  const auto& sk = member(scene.extras, kSkeletonKey);
  Vec3 origin{};
  if (!member(sk, "animation_origin").is_null()) {
    auto field = path.enter(kSkeletonKey);
    origin = reader.floats<3>(member(sk, "animation_origin"), "animation_origin");
  }
  const auto& extras = [&]() -> const nlohmann::json& {
    static const nlohmann::json none = nlohmann::json::object();
    const auto& record = member(member(scene.extras, kAnimationsKey), clip);
    return record.is_object() ? record : none;
  }();
  auto clip_field = path.enter(kAnimationsKey);
  auto clip_name = path.enter(clip);
  const auto& key_extras = reader.items(member(extras, "keyframes"), "keyframes");

  Animation a;
  a.version = 10;
  a.centred = 0;
  // A bool, or the integer Blender turns a bool custom property into.
  const auto looping = member_or(extras, "looping", true);
  a.looping =
      (looping.is_boolean() && !looping.get<bool>()) || (looping.is_number() && looping.get<double>() == 0)
          ? 0
          : 1;
  a.start = member(extras, "start").is_null() ? 0 : reader.integer(member(extras, "start"), "start");
  a.end = member(extras, "end").is_null()
              ? a.start + static_cast<std::int32_t>(std::lround(animation.duration * 1000.0))
              : reader.integer(member(extras, "end"), "end");
  const glm::mat4 back = scene::translation(glm::vec3(-origin[0], -origin[1], -origin[2]));
  const auto parents = scene::parents_of(scene);
  // The joints' frames may not be the rig's (Blender re-orients bones): a joint's animated world transform
  // times inverse(its rest world) times the bone's bind matrix is the bone's model-space matrix either way.
  std::vector<glm::mat4> to_bind(joints.size(), glm::mat4(1.0f));
  if (sk.is_object()) {
    const auto worlds = world_transforms(scene, parents, joints);
    const auto rest = rest_bones(sk, worlds, path);
    for (std::size_t b = 0; b < joints.size(); ++b)
      to_bind[b] = scene::inverse(worlds[b]) *
                   to_glm(bone_bind_matrix(rest.points[rest.ends[b][0]], rest.points[rest.ends[b][1]]));
  }
  // The recorded key times (a tool may resample the clip: Blender bakes one key per frame), else the
  // channel's.
  std::vector<std::int32_t> times;
  for (std::size_t k = 0; k < key_extras.size(); ++k) {
    auto field = path.enter("keyframes", k);
    times.push_back(reader.integer(member(key_extras[k], "time"), "time"));
  }
  if (times.empty())
    for (const auto& key : timing->rotation)
      times.push_back(a.start + static_cast<std::int32_t>(std::lround(key.time * 1000.0)));
  for (std::size_t k = 0; k < times.size(); ++k) {
    auto field = path.enter("keyframes", k);
    AnimationKeyframe key;
    if (k < key_extras.size()) key = keyframe_from_extras(key_extras[k], reader, path);
    key.time = times[k];
    const double ms = static_cast<double>(times[k]) - a.start;
    for (std::size_t b = 0; b < joints.size(); ++b)
      key.bone_matrices.push_back(
          to_engine(back * animated_world(scene, parents, channels, joints[b], ms) * to_bind[b]));
    a.keyframes.push_back(std::move(key));
  }
  return a;
}

}  // namespace

bool scene_has_joints(const scene::Scene& scene) {
  for (const scene::NodeIndex n : scene::tree_order(scene))
    if (bone_index_of(scene.nodes[n])) return true;
  return false;
}

// Extras edited by hand (or by another tool) can hold any JSON type where a number or list is expected: every
// read checks, and nlohmann's own type errors, should one slip through, become FormatError too.
Skeleton skeleton_from_scene(const scene::Scene& scene, std::string_view file_name) {
  try {
    return read_skeleton_scene(scene, file_name);
  } catch (const nlohmann::json::exception& e) {
    throw FormatError(std::string(file_name), std::nullopt, "phoenix extras", e.what());
  }
}

Animation animation_from_scene(const scene::Scene& scene, const scene::Animation& animation,
                               std::string_view file_name) {
  try {
    return read_animation_scene(scene, animation, file_name);
  } catch (const nlohmann::json::exception& e) {
    throw FormatError(std::string(file_name), std::nullopt, "phoenix extras", e.what());
  }
}

}  // namespace gamefmt::phoenix
