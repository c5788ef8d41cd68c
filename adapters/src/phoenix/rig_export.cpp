// The way back from a rig scene (phoenix_rig_to_scene, possibly through glTF) to .phxbn and .anm.
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "metadata_json.hpp"
#include "phoenix/rig_scene.hpp"
#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using phoenix::Mat4;
using phoenix::Vec3;

class SceneFields {
 public:
  explicit SceneFields(std::string_view file) : file_(file) {}
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(file_, std::nullopt, field, problem);
  }
  float number(const nlohmann::json& v, const std::string& field) const {
    if (!v.is_number()) fail(field, "expected a number");
    return v.get<float>();
  }
  std::int32_t integer(const nlohmann::json& v, const std::string& field) const {
    if (!v.is_number_integer() || v.get<std::int64_t>() < INT32_MIN || v.get<std::int64_t>() > INT32_MAX)
      fail(field, "expected a 32-bit integer");
    return v.get<std::int32_t>();
  }
  template <std::size_t N>
  std::array<float, N> floats(const nlohmann::json& v, const std::string& field) const {
    if (!v.is_array() || v.size() != N) fail(field, "expected " + std::to_string(N) + " numbers");
    std::array<float, N> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = number(v[i], field);
    return out;
  }
  std::vector<float> float_list(const nlohmann::json& v, const std::string& field) const {
    std::vector<float> out;
    if (empty(v)) return out;
    if (!v.is_array()) fail(field, "expected a list of numbers");
    for (const auto& x : v) out.push_back(number(x, field));
    return out;
  }
  std::vector<std::int32_t> int_list(const nlohmann::json& v, const std::string& field) const {
    std::vector<std::int32_t> out;
    if (empty(v)) return out;  // empty lists do not survive glTF extras
    if (!v.is_array()) fail(field, "expected a list of integers");
    for (const auto& x : v) out.push_back(integer(x, field));
    return out;
  }
  std::string string(const nlohmann::json& v, const std::string& field) const {
    if (!v.is_string()) fail(field, "expected a string");
    return v.get<std::string>();
  }
  // A list stored as nested metadata: an array, or nothing when it was empty.
  std::vector<nlohmann::json> items(const nlohmann::json& v, const std::string& field) const {
    if (empty(v)) return {};
    if (!v.is_array()) fail(field, "expected a list");
    return {v.begin(), v.end()};
  }

 private:
  // An empty list: gone after glTF extras (null), or an empty nested metadata before (an empty object).
  static bool empty(const nlohmann::json& v) { return v.is_null() || (v.is_object() && v.empty()); }
  std::string file_;
};

aiMatrix4x4 ai_of(const Mat4& m) {  // column-major floats -> Assimp's row-major matrix
  return {m[0], m[4], m[8],  m[12], m[1], m[5], m[9],  m[13],
          m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]};
}

Mat4 column_major(const aiMatrix4x4& m) {
  return {m.a1, m.b1, m.c1, m.d1, m.a2, m.b2, m.c2, m.d2, m.a3, m.b3, m.c3, m.d3, m.a4, m.b4, m.c4, m.d4};
}

void collect_joints(const aiNode& node, std::map<int, const aiNode*>& out) {
  const auto index = find_metadata_json(node.mMetaData, "phoenix.bone_index");
  if (index.is_number_integer()) out.emplace(index.get<int>(), &node);
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_joints(*node.mChildren[i], out);
}

// The joint nodes by bone index, checked to be 0..n-1.
std::vector<const aiNode*> joint_nodes(const aiScene& scene, const SceneFields& f) {
  std::map<int, const aiNode*> found;
  if (scene.mRootNode != nullptr) collect_joints(*scene.mRootNode, found);
  if (found.empty())
    f.fail("phoenix.bone_index", "the scene has no Overgrowth joints (node extras \"phoenix.bone_index\")");
  std::vector<const aiNode*> out;
  for (const auto& [index, node] : found) {
    if (index != static_cast<int>(out.size()))
      f.fail("phoenix.bone_index", "bone " + std::to_string(out.size()) + " has no joint node");
    out.push_back(node);
  }
  return out;
}

}  // namespace

bool scene_has_phoenix_joints(const aiScene& scene) {
  std::map<int, const aiNode*> found;
  if (scene.mRootNode != nullptr) collect_joints(*scene.mRootNode, found);
  return !found.empty();
}

namespace {

const aiMesh* skinned_mesh(const aiScene& scene) {
  for (unsigned m = 0; m < scene.mNumMeshes; ++m)
    if (scene.mMeshes[m]->mNumBones > 0) return scene.mMeshes[m];
  return nullptr;
}

// A channel's value at `ticks`: the key there, or linear (spherical for rotations) between the two around it.
template <class Key, class Value, class Mix>
Value sample(const Key* keys, unsigned count, double ticks, Value fallback, Mix mix) {
  if (count == 0) return fallback;
  if (ticks <= keys[0].mTime) return keys[0].mValue;
  if (ticks >= keys[count - 1].mTime) return keys[count - 1].mValue;
  unsigned next = 1;
  while (keys[next].mTime < ticks) ++next;
  const double span = keys[next].mTime - keys[next - 1].mTime;
  const float t = span > 0 ? static_cast<float>((ticks - keys[next - 1].mTime) / span) : 0.0f;
  return t == 0 ? keys[next - 1].mValue : mix(keys[next - 1].mValue, keys[next].mValue, t);
}

// A node's transform at `ticks` of an animation (its channel sampled there), else its rest transform.
aiMatrix4x4 local_at(const aiNode& node, const std::map<std::string, const aiNodeAnim*>& channels,
                     double ticks) {
  const auto it = channels.find(node.mName.C_Str());
  if (it == channels.end()) return node.mTransformation;
  const aiNodeAnim& ch = *it->second;
  aiVector3D scaling(1, 1, 1), position;
  aiQuaternion rotation;
  node.mTransformation.Decompose(scaling, rotation, position);
  auto lerp = [](const aiVector3D& a, const aiVector3D& b, float t) { return a + (b - a) * t; };
  auto slerp = [](const aiQuaternion& a, const aiQuaternion& b, float t) {
    aiQuaternion out;
    aiQuaternion::Interpolate(out, a, b, t);
    return out;
  };
  position = sample(ch.mPositionKeys, ch.mNumPositionKeys, ticks, position, lerp);
  rotation = sample(ch.mRotationKeys, ch.mNumRotationKeys, ticks, rotation, slerp);
  scaling = sample(ch.mScalingKeys, ch.mNumScalingKeys, ticks, scaling, lerp);
  return aiMatrix4x4(scaling, rotation.Normalize(), position);
}

aiMatrix4x4 world_at(const aiNode& node, const std::map<std::string, const aiNodeAnim*>& channels,
                     double ticks) {
  const aiMatrix4x4 local = local_at(node, channels, ticks);
  return node.mParent == nullptr ? local : world_at(*node.mParent, channels, ticks) * local;
}

struct RestBones {
  std::vector<Vec3> points;
  std::vector<std::array<std::int32_t, 2>> ends;
};

// The bones' points where the scene's joints put them: each midpoint at its joint's world origin, each length
// from the recorded point table. The direction is the joint's Z axis when the scene keeps the rig's joint
// frames (most joints' Z still along their recorded bone); a tool that re-orients joints (Blender's importer
// picks its own bone axes) keeps the recorded directions. A point two bones share takes the first bone's
// value.
RestBones rest_bones(const nlohmann::json& sk, const std::vector<const aiNode*>& joints,
                     const SceneFields& f) {
  RestBones out;
  for (const auto& p : f.items(sk.value("points", nlohmann::json()), "phoenix.skeleton.points"))
    out.points.push_back(f.floats<3>(p, "phoenix.skeleton.points"));
  const auto ends = f.items(sk.value("bone_ends", nlohmann::json()), "phoenix.skeleton.bone_ends");
  if (ends.size() != joints.size())
    f.fail("phoenix.skeleton.bone_ends", std::to_string(ends.size()) + " bones, the scene has " +
                                             std::to_string(joints.size()) + " joints");
  for (const auto& e : ends) {
    const auto pair = f.int_list(e, "phoenix.skeleton.bone_ends");
    if (pair.size() != 2 || pair[0] < 0 || pair[1] < 0 || std::size_t(pair[0]) >= out.points.size() ||
        std::size_t(pair[1]) >= out.points.size())
      f.fail("phoenix.skeleton.bone_ends", "a bone's two point indices must be in the point table");
    out.ends.push_back({pair[0], pair[1]});
  }
  const auto original = out.points;
  std::vector<aiVector3D> recorded(joints.size());
  std::vector<float> half(joints.size());
  std::size_t along = 0;
  for (std::size_t b = 0; b < joints.size(); ++b) {
    const Vec3& p0 = original[out.ends[b][0]];
    const Vec3& p1 = original[out.ends[b][1]];
    recorded[b] = aiVector3D(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
    half[b] = recorded[b].Length() / 2;
    recorded[b].Normalize();
    const aiMatrix4x4 w = global_transform(*joints[b]);
    along += (aiVector3D(w.a3, w.b3, w.c3).Normalize() * recorded[b]) > 0.9999f;
  }
  const bool joint_frames_kept = 2 * along >= joints.size();
  std::vector<bool> placed(out.points.size(), false);
  for (std::size_t b = 0; b < joints.size(); ++b) {
    const aiMatrix4x4 w = global_transform(*joints[b]);
    const aiVector3D z = joint_frames_kept ? aiVector3D(w.a3, w.b3, w.c3).Normalize() : recorded[b];
    const aiVector3D mid(w.a4, w.b4, w.c4), start = mid - z * half[b], end = mid + z * half[b];
    for (const auto& [point, value] : {std::pair{out.ends[b][0], start}, std::pair{out.ends[b][1], end}})
      if (!placed[point]) {
        out.points[point] = {value.x, value.y, value.z};
        placed[point] = true;
      }
  }
  return out;
}

}  // namespace

namespace {

phoenix::Skeleton skeleton_from_scene(const aiScene& scene, std::string_view file_name) {
  const SceneFields f(file_name);
  const auto joints = joint_nodes(scene, f);
  const std::size_t bones = joints.size();
  const auto sk = find_metadata_json(scene.mMetaData, "phoenix.skeleton");
  if (!sk.is_object())
    f.fail("phoenix.skeleton",
           "the scene has no Overgrowth skeleton record (scene extras \"phoenix.skeleton\")");
  phoenix::Skeleton s;
  s.version = phoenix::kSkeletonMaxVersion;
  s.rigging_stage = f.integer(sk.value("rigging_stage", nlohmann::json(1)), "phoenix.skeleton.rigging_stage");
  auto rest = rest_bones(sk, joints, f);
  s.points = std::move(rest.points);
  s.bone_ends = std::move(rest.ends);
  s.point_parents = f.int_list(sk.value("point_parents", nlohmann::json()), "phoenix.skeleton.point_parents");
  if (s.point_parents.size() != s.points.size()) s.point_parents.assign(s.points.size(), -1);
  s.hier_parents = f.int_list(sk.value("hier_parents", nlohmann::json()), "phoenix.skeleton.hier_parents");
  s.bone_parents = f.int_list(sk.value("bone_parents", nlohmann::json()), "phoenix.skeleton.bone_parents");
  if (s.bone_parents.size() != bones) s.bone_parents = s.hier_parents;
  if (s.bone_parents.size() != bones) {  // neither stored: the joint hierarchy
    s.bone_parents.assign(bones, -1);
    for (std::size_t b = 0; b < bones; ++b)
      for (std::size_t p = 0; p < bones; ++p)
        if (joints[b]->mParent == joints[p]) s.bone_parents[b] = static_cast<std::int32_t>(p);
  }
  for (std::size_t b = 0; b < bones; ++b) {
    const auto& node = *joints[b];
    const std::string at = std::string("node '") + node.mName.C_Str() + "'";
    const auto mass = find_metadata_json(node.mMetaData, "phoenix.mass");
    s.bone_masses.push_back(mass.is_null() ? 1.0f : f.number(mass, at + ".phoenix.mass"));
    const auto com = find_metadata_json(node.mMetaData, "phoenix.centre_of_mass");
    const auto& p0 = s.points[s.bone_ends[b][0]];
    const auto& p1 = s.points[s.bone_ends[b][1]];
    s.bone_centres_of_mass.push_back(com.is_null()
                                         ? Vec3{(p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2, (p0[2] + p1[2]) / 2}
                                         : f.floats<3>(com, at + ".phoenix.centre_of_mass"));
    s.bone_matrices.push_back(phoenix::bone_bind_matrix(p0, p1));  // stored by v9+, ignored by the engine
  }
  if (s.has_weights_block()) {
    if (s.hier_parents.size() != bones) s.hier_parents = s.bone_parents;
    std::map<int, phoenix::SkeletonJoint> by_index;
    for (std::size_t b = 0; b < bones; ++b) {
      const auto j = find_metadata_json(joints[b]->mMetaData, "phoenix.joint");
      if (j.is_null()) continue;
      const std::string at = std::string("node '") + joints[b]->mName.C_Str() + "'.phoenix.joint";
      phoenix::SkeletonJoint joint;
      joint.type = f.integer(j.value("type_id", nlohmann::json()), at + ".type_id");
      const auto stops = f.float_list(j.value("stop_angles", nlohmann::json()), at + ".stop_angles");
      if (stops.size() > 6) f.fail(at + ".stop_angles", "at most 6 angles");
      std::copy(stops.begin(), stops.end(), joint.stop_angles.begin());
      if (j.contains("axis")) joint.axis = f.floats<3>(j["axis"], at + ".axis");
      joint.bone_ids = {static_cast<std::int32_t>(b),
                        f.integer(j.value("parent_bone", nlohmann::json()), at + ".parent_bone")};
      by_index.emplace(
          j.contains("index") ? f.integer(j["index"], at + ".index") : static_cast<int>(1000000 + b), joint);
    }
    for (auto& [index, joint] : by_index) s.joints.push_back(joint);
    const aiMesh* mesh = skinned_mesh(scene);
    if (mesh == nullptr)
      f.fail("meshes",
             "rigging stage " + std::to_string(s.rigging_stage) + " needs a skinned mesh for its weights");
    std::map<std::string, int> bone_of;
    for (std::size_t b = 0; b < bones; ++b) bone_of[joints[b]->mName.C_Str()] = static_cast<int>(b);
    std::vector<std::vector<std::pair<float, int>>> influences(mesh->mNumVertices);
    for (unsigned i = 0; i < mesh->mNumBones; ++i) {
      const aiBone& bone = *mesh->mBones[i];
      const auto it = bone_of.find(bone.mName.C_Str());
      if (it == bone_of.end())
        f.fail("skin", std::string("the skin's bone '") + bone.mName.C_Str() + "' is no Overgrowth joint");
      for (unsigned w = 0; w < bone.mNumWeights; ++w)
        if (bone.mWeights[w].mVertexId < mesh->mNumVertices && bone.mWeights[w].mWeight > 0)
          influences[bone.mWeights[w].mVertexId].push_back({bone.mWeights[w].mWeight, it->second});
    }
    std::vector<std::array<float, 4>> vertex_weights(mesh->mNumVertices), vertex_ids(mesh->mNumVertices);
    for (unsigned v = 0; v < mesh->mNumVertices; ++v) {
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
    for (unsigned face = 0; face < mesh->mNumFaces; ++face) {
      if (mesh->mFaces[face].mNumIndices != 3) f.fail("faces", "the skinned mesh must be triangles");
      for (unsigned k = 0; k < 3; ++k) {
        const unsigned v = mesh->mFaces[face].mIndices[k];
        s.corner_weights.push_back(vertex_weights[v]);
        s.corner_bone_ids.push_back(vertex_ids[v]);
      }
    }
  }
  const auto chains = sk.value("ik_chains", nlohmann::json::object());
  std::vector<std::string> order;
  for (const auto& name :
       f.items(sk.value("ik_chain_order", nlohmann::json()), "phoenix.skeleton.ik_chain_order"))
    order.push_back(f.string(name, "phoenix.skeleton.ik_chain_order"));
  if (order.empty() && chains.is_object())
    for (const auto& [name, chain] : chains.items()) order.push_back(name);
  for (const auto& name : order) {
    const std::string at = "phoenix.skeleton.ik_chains." + name;
    if (!chains.is_object() || !chains.contains(name)) f.fail(at, "missing");
    const auto& c = chains[name];
    const std::string tip = f.string(c.value("bone", nlohmann::json()), at + ".bone");
    std::int32_t bone = -1;
    for (std::size_t b = 0; b < bones; ++b)
      if (tip == joints[b]->mName.C_Str()) bone = static_cast<std::int32_t>(b);
    if (bone < 0) f.fail(at + ".bone", "no joint is named '" + tip + "'");
    s.ik_bones.push_back(
        {name, bone, f.integer(c.value("chain_length", nlohmann::json()), at + ".chain_length")});
  }
  return s;
}

phoenix::Animation animation_from_scene(const aiScene& scene, const aiAnimation& anim,
                                        std::string_view file_name) {
  const SceneFields f(file_name);
  const auto joints = joint_nodes(scene, f);
  const std::string clip = anim.mName.C_Str();
  std::map<std::string, const aiNodeAnim*> channels;
  // Without recorded key times, the keys of the channel with the most of them.
  const aiNodeAnim* timing = nullptr;
  for (unsigned c = 0; c < anim.mNumChannels; ++c) {
    const aiNodeAnim* ch = anim.mChannels[c];
    channels[ch->mNodeName.C_Str()] = ch;
    if (timing == nullptr || ch->mNumRotationKeys > timing->mNumRotationKeys) timing = ch;
  }
  if (timing == nullptr || timing->mNumRotationKeys == 0)
    f.fail("animations." + clip, "the animation has no rotation keys");
  const double ticks_per_ms = (anim.mTicksPerSecond > 0 ? anim.mTicksPerSecond : 1000.0) / 1000.0;
  const auto sk = find_metadata_json(scene.mMetaData, "phoenix.skeleton");
  Vec3 origin{};
  if (sk.is_object() && sk.contains("animation_origin"))
    origin = f.floats<3>(sk["animation_origin"], "phoenix.skeleton.animation_origin");
  const auto clips = find_metadata_json(scene.mMetaData, "phoenix.animations");
  const auto extras = clips.is_object() && clips.contains(clip) && clips[clip].is_object()
                          ? clips[clip]
                          : nlohmann::json::object();
  const auto key_extras =
      f.items(extras.value("keyframes", nlohmann::json()), "phoenix.animations." + clip + ".keyframes");

  phoenix::Animation a;
  a.version = 10;
  a.centred = 0;
  // A bool, or the integer Blender turns a bool custom property into.
  const auto looping = extras.value("looping", nlohmann::json(true));
  a.looping =
      (looping.is_boolean() && !looping.get<bool>()) || (looping.is_number() && looping.get<double>() == 0)
          ? 0
          : 1;
  a.start =
      extras.contains("start") ? f.integer(extras["start"], "phoenix.animations." + clip + ".start") : 0;
  a.end = extras.contains("end")
              ? f.integer(extras["end"], "phoenix.animations." + clip + ".end")
              : a.start + static_cast<std::int32_t>(std::lround(anim.mDuration / ticks_per_ms));
  aiMatrix4x4 back;
  aiMatrix4x4::Translation(aiVector3D(-origin[0], -origin[1], -origin[2]), back);
  // The joints' frames may not be the rig's (Blender re-orients bones): a joint's animated world transform
  // times inverse(its rest world) times the bone's bind matrix is the bone's model-space matrix either way.
  std::vector<aiMatrix4x4> to_bind(joints.size());
  if (sk.is_object()) {
    const auto rest = rest_bones(sk, joints, f);
    for (std::size_t b = 0; b < joints.size(); ++b)
      to_bind[b] =
          aiMatrix4x4(global_transform(*joints[b])).Inverse() *
          ai_of(phoenix::bone_bind_matrix(rest.points[rest.ends[b][0]], rest.points[rest.ends[b][1]]));
  }
  // The recorded key times (a tool may resample the clip: Blender bakes one key per frame), else the
  // channel's.
  std::vector<std::int32_t> times;
  for (std::size_t k = 0; k < key_extras.size(); ++k)
    times.push_back(f.integer(key_extras[k].value("time", nlohmann::json()),
                              "phoenix.animations." + clip + ".keyframes[" + std::to_string(k) + "].time"));
  if (times.empty())
    for (unsigned k = 0; k < timing->mNumRotationKeys; ++k)
      times.push_back(a.start +
                      static_cast<std::int32_t>(std::lround(timing->mRotationKeys[k].mTime / ticks_per_ms)));
  for (std::size_t k = 0; k < times.size(); ++k) {
    phoenix::AnimationKeyframe key;
    key.time = times[k];
    const double ticks = (static_cast<double>(times[k]) - a.start) * ticks_per_ms;
    for (std::size_t b = 0; b < joints.size(); ++b)
      key.bone_matrices.push_back(column_major(back * world_at(*joints[b], channels, ticks) * to_bind[b]));
    if (k < key_extras.size()) {
      const auto& e = key_extras[k];
      const std::string at = "phoenix.animations." + clip + ".keyframes[" + std::to_string(k) + "]";
      key.weights = f.float_list(e.value("weights", nlohmann::json()), at + ".weights");
      for (const auto& w : f.items(e.value("weapons", nlohmann::json()), at + ".weapons")) {
        phoenix::AnimationWeapon weapon;
        weapon.matrix = f.floats<16>(w.value("matrix", nlohmann::json()), at + ".weapons.matrix");
        weapon.relative_id =
            f.integer(w.value("relative_id", nlohmann::json(-1)), at + ".weapons.relative_id");
        weapon.relative_weight =
            f.number(w.value("relative_weight", nlohmann::json(0)), at + ".weapons.relative_weight");
        key.weapons.push_back(weapon);
      }
      key.use_mobility = static_cast<std::uint8_t>(
          f.integer(e.value("use_mobility", nlohmann::json(0)), at + ".use_mobility"));
      if (key.use_mobility != 0)
        key.mobility = f.floats<16>(e.value("mobility", nlohmann::json()), at + ".mobility");
      for (const auto& ev : f.items(e.value("events", nlohmann::json()), at + ".events"))
        key.events.push_back({f.integer(ev.value("bone", nlohmann::json()), at + ".events.bone"),
                              f.string(ev.value("name", nlohmann::json()), at + ".events.name")});
      for (const auto& ik : f.items(e.value("ik_bones", nlohmann::json()), at + ".ik_bones")) {
        phoenix::AnimationIkBone out;
        out.start = f.floats<3>(ik.value("start", nlohmann::json()), at + ".ik_bones.start");
        out.end = f.floats<3>(ik.value("end", nlohmann::json()), at + ".ik_bones.end");
        out.bone_path = f.int_list(ik.value("bone_path", nlohmann::json()), at + ".ik_bones.bone_path");
        out.label = f.string(ik.value("label", nlohmann::json()), at + ".ik_bones.label");
        key.ik_bones.push_back(out);
      }
      auto named = [&](const char* list, std::vector<phoenix::AnimationNamedWeight>& into) {
        for (const auto& n : f.items(e.value(list, nlohmann::json()), at + "." + list))
          into.push_back({f.number(n.value("weight", nlohmann::json()), at + "." + list + ".weight"),
                          f.string(n.value("label", nlohmann::json()), at + "." + list + ".label")});
      };
      named("shape_keys", key.shape_keys);
      named("status_keys", key.status_keys);
    }
    a.keyframes.push_back(std::move(key));
  }
  return a;
}

}  // namespace

// Extras edited by hand (or by another tool) can hold any JSON type where a number or list is expected:
// nlohmann's own type errors become FormatError like every other problem.
phoenix::Skeleton phoenix_skeleton_from_scene(const aiScene& scene, std::string_view file_name) {
  try {
    return skeleton_from_scene(scene, file_name);
  } catch (const nlohmann::json::exception& e) {
    throw FormatError(std::string(file_name), std::nullopt, "phoenix extras", e.what());
  }
}

phoenix::Animation phoenix_animation_from_scene(const aiScene& scene, const aiAnimation& animation,
                                                std::string_view file_name) {
  try {
    return animation_from_scene(scene, animation, file_name);
  } catch (const nlohmann::json::exception& e) {
    throw FormatError(std::string(file_name), std::nullopt, "phoenix extras", e.what());
  }
}

}  // namespace gamefmt::assimp
