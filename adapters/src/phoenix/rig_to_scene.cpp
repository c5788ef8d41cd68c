// Overgrowth rig -> scene: joints, the skinned model with its morph targets, animations, ragdoll volumes and
// the extras the way back needs (rig_scene.hpp).
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/phoenix_space.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/rig_scene.hpp"
#include "phoenix/way_back.hpp"

namespace gamefmt::phoenix {
namespace {

// How many levels of nodes the rig's tree may have (joints and the ragdoll volumes under them). Consumers of
// the scene, the glTF writer among them, walk the tree recursively; this is the depth gamefmt has always
// accepted from this importer.
constexpr std::size_t kMaxTreeDepth = 999;

glm::vec3 vec(const Vec3& v) {
  return {v[0], v[1], v[2]};
}

// The engine keeps rotation and origin only (QuaternionFromMat4).
glm::mat4 rigid(const glm::mat4& m) {
  const scene::Trs trs = scene::decompose(m);
  return trs_matrix(trs.translation, scene::normalize(trs.rotation), glm::vec3(1, 1, 1));
}

// The offset a centred clip's keys were moved by, accumulated key by key in the clip's frame (the inverse of
// Animation::Center): `offset` (that of key - 1) plus key's step. Key 0's offset is its own centre offset.
glm::vec3 centre_offset_after(const Animation& a, std::size_t key, const glm::vec3& offset) {
  const auto& now = a.keyframes[key].centre_offset;
  const auto& before = a.keyframes[key - 1].centre_offset;
  return offset +
         scene::transform_point(scene::rotation_y(a.keyframes[key].centre_rotation),
                                glm::vec3(now[0] - before[0], now[1] - before[1], now[2] - before[2]));
}

// One key's world matrices, `offset` being the key's accumulated centre offset (unused for uncentred clips).
std::vector<glm::mat4> world_matrices_at(const Animation& a, std::size_t key, const glm::vec3& offset,
                                         const Vec3& origin) {
  glm::mat4 uncentre(1.0f);
  if (a.is_centred())
    uncentre = scene::translation(offset) * scene::rotation_y(a.keyframes[key].centre_rotation);
  const glm::mat4 place = scene::translation(vec(origin)) * uncentre;
  std::vector<glm::mat4> out;
  out.reserve(a.keyframes[key].bone_matrices.size());
  for (const auto& m : a.keyframes[key].bone_matrices) out.push_back(place * rigid(to_glm(m)));
  return out;
}

const char* joint_type_name(std::int32_t type) {
  switch (static_cast<JointType>(type)) {
    case JointType::hinge:
      return "hinge";
    case JointType::amotor:
      return "amotor";
    case JointType::fixed:
      return "fixed";
  }
  return "other";
}

nlohmann::json named_weights(const std::vector<AnimationNamedWeight>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& item : list) out.push_back({{"label", item.label}, {"weight", item.weight}});
  return out;
}

// Everything of one .anm keyframe glTF has no slot for.
nlohmann::json keyframe_extras(const Animation& a, const AnimationKeyframe& k) {
  nlohmann::json out = {{"time", k.time}};
  if (a.version >= 4) out["weights"] = k.weights;
  if (a.version >= 7) {
    nlohmann::json weapons = nlohmann::json::array();
    for (const auto& w : k.weapons)
      weapons.push_back(
          {{"matrix", w.matrix}, {"relative_id", w.relative_id}, {"relative_weight", w.relative_weight}});
    out["weapons"] = weapons;
  }
  if (a.version >= 9) {
    out["use_mobility"] = static_cast<std::int32_t>(k.use_mobility);
    if (k.use_mobility != 0) out["mobility"] = k.mobility;
  }
  if (a.version >= 2) {
    nlohmann::json events = nlohmann::json::array();
    for (const auto& e : k.events) events.push_back({{"bone", e.bone}, {"name", e.name}});
    out["events"] = events;
  }
  if (a.version >= 3) {
    nlohmann::json iks = nlohmann::json::array();
    for (const auto& ik : k.ik_bones)
      iks.push_back({{"start", ik.start}, {"end", ik.end}, {"bone_path", ik.bone_path}, {"label", ik.label}});
    out["ik_bones"] = iks;
  }
  if (a.version >= 5) out["shape_keys"] = named_weights(k.shape_keys);
  if (a.version >= 6) out["status_keys"] = named_weights(k.status_keys);
  if (a.is_centred()) {
    out["centre_rotation"] = k.centre_rotation;
    out["centre_offset"] = k.centre_offset;
  }
  return out;
}

nlohmann::json animation_extras(const Animation& a) {
  nlohmann::json keys = nlohmann::json::array();
  for (const auto& k : a.keyframes) keys.push_back(keyframe_extras(a, k));
  return {
      {"version", a.version}, {"looping", a.is_looping()}, {"centred", a.is_centred()}, {"start", a.start},
      {"end", a.end},         {"keyframes", keys}};
}

nlohmann::json skeleton_extras(const Skeleton& s, const std::vector<std::string>& names, const Vec3& origin,
                               FieldPath& path) {
  nlohmann::json chains = nlohmann::json::object(), chain_order = nlohmann::json::array();
  for (std::size_t i = 0; i < s.ik_bones.size(); ++i) {
    const auto& ik = s.ik_bones[i];
    if (ik.bone_id < 0 || static_cast<std::size_t>(ik.bone_id) >= names.size()) {
      auto field = path.enter("ik_bones", i);
      path.fail("bone_id", "no bone " + std::to_string(ik.bone_id));
    }
    chains[ik.name] = {{"bone", names[ik.bone_id]}, {"chain_length", ik.chain_length}};
    chain_order.push_back(ik.name);
  }
  // What the way back (rig_from_scene.cpp) needs besides the joint transforms: the point table the bones
  // index, the parent arrays as stored, and the IK chains' file order.
  return {{"version", s.version},
          {"rigging_stage", s.rigging_stage},
          {"animation_origin", origin},
          {"ik_chains", chains},
          {"points", s.points},
          {"bone_ends", s.bone_ends},
          {"point_parents", s.point_parents},
          {"bone_parents", s.bone_parents},
          {"hier_parents", s.hier_parents},
          {"ik_chain_order", chain_order}};
}

// The extras of each joint's node.
std::vector<nlohmann::json> joint_extras(const Skeleton& s, std::size_t bone_count, FieldPath& path) {
  std::vector<nlohmann::json> out(bone_count);
  for (std::size_t b = 0; b < bone_count; ++b) {
    out[b] = {{"phoenix.bone_index", static_cast<std::int32_t>(b)}};
    if (b < s.bone_masses.size()) out[b]["phoenix.mass"] = s.bone_masses[b];
    if (b < s.bone_centres_of_mass.size()) out[b]["phoenix.centre_of_mass"] = s.bone_centres_of_mass[b];
  }
  for (std::size_t index = 0; index < s.joints.size(); ++index) {
    const auto& joint = s.joints[index];
    if (joint.bone_ids[0] < 0 || static_cast<std::size_t>(joint.bone_ids[0]) >= bone_count) {
      auto field = path.enter("joints", index);
      path.fail("bone_ids", "no bone " + std::to_string(joint.bone_ids[0]));
    }
    nlohmann::json record = {{"index", static_cast<std::int32_t>(index)},
                             {"type", joint_type_name(joint.type)},
                             {"type_id", joint.type},
                             {"parent_bone", joint.bone_ids[1]}};
    const std::size_t stops = joint.type == 1 ? 6 : joint.type == 0 ? 2 : 0;
    if (stops > 0)
      record["stop_angles"] =
          std::vector<float>(joint.stop_angles.begin(), joint.stop_angles.begin() + stops);
    if (joint.type == 0) record["axis"] = joint.axis;
    // A bone with two joint records keeps the first.
    auto& extras = out[joint.bone_ids[0]];
    if (!extras.contains("phoenix.joint")) extras["phoenix.joint"] = record;
  }
  return out;
}

struct MeshVertex {
  glm::vec3 position{0.0f}, normal{0.0f};
  glm::vec2 uv{0.0f};  // the OBJ's (v up)
  std::map<unsigned, float> weights;
  std::size_t triangle = 0, corner = 0;  // its first triangle corner
};

// One morph target: each vertex moved by its first corner's delta (morph corner - model corner).
scene::MorphTarget morph_target(const Rig& rig, const std::string& label, const ObjModel& morph,
                                const std::vector<MeshVertex>& vertices, FieldPath& path) {
  const auto& model = *rig.model;
  if (morph.triangles.size() != model.triangles.size())
    path.fail("", "the morph OBJ has " + std::to_string(morph.triangles.size()) + " triangles, the model " +
                      std::to_string(model.triangles.size()) + " (the engine needs the same faces)");
  scene::MorphTarget target;
  target.name = label;
  target.position_deltas.reserve(vertices.size());
  for (const auto& vertex : vertices) {
    const auto& base = model.positions[model.triangles[vertex.triangle][vertex.corner].position];
    const auto& moved = morph.positions[morph.triangles[vertex.triangle][vertex.corner].position];
    // The moved position minus the base one (not the delta itself): the delta as it comes back from a target
    // stored as positions, so that the written files keep their bits.
    const glm::vec3 target_position =
        vertex.position + glm::vec3(moved[0] - base[0], moved[1] - base[1], moved[2] - base[2]);
    target.position_deltas.push_back(target_position - vertex.position);
  }
  return target;
}

// The model mesh, and for a skinned rig the weights of each joint (one list per bone, possibly empty).
struct RigMesh {
  scene::Mesh mesh;
  std::vector<std::vector<scene::VertexWeight>> bone_weights;
};

RigMesh build_mesh(const Rig& rig, std::size_t bone_count, FieldPath& path) {
  const auto& model = *rig.model;
  const auto& s = *rig.skeleton;
  const bool skinned = s.has_weights_block();
  if (skinned && s.corner_weights.size() != model.corner_count())
    path.fail("corner_weights",
              "different vertex counts: the skeleton rigs " + std::to_string(s.corner_weights.size()) +
                  " triangle corners, the model OBJ has " + std::to_string(model.corner_count()));
  const Vec3 c = model.centre();
  std::map<std::array<std::int32_t, 3>, std::uint32_t> index_of;
  std::vector<MeshVertex> vertices;
  RigMesh out;
  auto& mesh = out.mesh;
  for (std::size_t t = 0; t < model.triangles.size(); ++t)
    for (std::size_t k = 0; k < 3; ++k) {
      const auto& corner = model.triangles[t][k];
      const auto [it, added] = index_of.emplace(std::array{corner.position, corner.uv, corner.normal},
                                                static_cast<std::uint32_t>(vertices.size()));
      mesh.triangles.push_back(it->second);
      if (!added) continue;
      MeshVertex v;
      v.triangle = t;
      v.corner = k;
      const auto& p = model.positions[corner.position];
      v.position = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
      if (corner.normal >= 0) v.normal = vec(model.normals[corner.normal]);
      if (corner.uv >= 0) v.uv = {model.uvs[corner.uv][0], model.uvs[corner.uv][1]};
      if (skinned) {
        const std::size_t at = 3 * t + k;
        auto field = path.enter("corner_weights", at);
        float total = 0;
        for (int slot = 0; slot < 4; ++slot) {
          const float w = s.corner_weights[at][slot];
          if (w <= 0) continue;
          const float bone = s.corner_bone_ids[at][slot];
          if (!(bone >= 0 && bone < static_cast<float>(bone_count)))
            path.fail("",
                      "bone " + std::to_string(bone) + " is not one of the " + std::to_string(bone_count));
          v.weights[static_cast<unsigned>(bone)] += w;
          total += w;
        }
        if (total <= 0) path.fail("", "triangle corner " + std::to_string(at) + " has no positive weight");
        for (auto& [bone, w] : v.weights) w /= total;
      }
      vertices.push_back(std::move(v));
    }

  mesh.name = rig.name + "_mesh";
  mesh.material = 0;  // the rig's material
  const bool has_normals = !model.normals.empty(), has_uvs = !model.uvs.empty();
  for (const auto& v : vertices) mesh.positions.push_back(v.position);
  if (has_normals)
    for (const auto& v : vertices) mesh.normals.push_back(v.normal);
  if (has_uvs) {
    auto& uvs = mesh.texcoords.emplace_back();
    for (const auto& v : vertices) uvs.push_back({v.uv.x, 1.0f - v.uv.y});
  }
  for (const auto& [label, morph] : rig.morphs) {
    auto field = path.enter_key("morphs", label);
    mesh.morph_targets.push_back(morph_target(rig, label, *morph, vertices, path));
  }
  if (skinned) {
    // Every joint is a bone of the skin (glTF and Blender then see the whole skeleton), weighted or not.
    out.bone_weights.resize(bone_count);
    for (std::size_t v = 0; v < vertices.size(); ++v)
      for (const auto& [bone, w] : vertices[v].weights)
        out.bone_weights[bone].push_back({static_cast<std::uint32_t>(v), w});
  }
  return out;
}

// The joints' nodes and the ragdoll volumes on them, depth-first: each joint, its child joints in bone order,
// then the volumes on it. Returns each bone's node. Volumes on no bone are left in `volumes`.
std::vector<scene::NodeIndex> add_joint_tree(scene::Scene& scene, const std::vector<std::string>& names,
                                             const std::vector<std::int32_t>& parents,
                                             const std::vector<glm::mat4>& binds,
                                             std::vector<nlohmann::json> extras,
                                             std::vector<RagdollVolumeNode>& volumes, FieldPath& path) {
  const std::size_t bone_count = names.size();
  std::vector<std::vector<std::size_t>> child_bones(bone_count), volumes_on(bone_count);
  std::vector<std::size_t> top;
  for (std::size_t b = 0; b < bone_count; ++b) (parents[b] >= 0 ? child_bones[parents[b]] : top).push_back(b);
  for (std::size_t v = 0; v < volumes.size(); ++v)
    if (volumes[v].bone < bone_count) volumes_on[volumes[v].bone].push_back(v);
  struct Pending {
    bool volume = false;
    std::size_t index = 0;  // bone or volume
    std::optional<scene::NodeIndex> parent;
    std::size_t depth = 1;
  };
  std::vector<Pending> pending;
  for (auto b = top.rbegin(); b != top.rend(); ++b) pending.push_back({false, *b, std::nullopt, 1});
  std::vector<scene::NodeIndex> joint_nodes(bone_count);
  while (!pending.empty()) {
    const Pending item = pending.back();
    pending.pop_back();
    if (item.depth > kMaxTreeDepth)
      path.fail("hier_parents",
                "the bone hierarchy is deeper than " + std::to_string(kMaxTreeDepth) + " levels",
                ErrorKind::limit);
    if (item.volume) {
      const scene::NodeIndex index = scene.nodes.size();
      scene.nodes.push_back(std::move(volumes[item.index].node));
      scene.nodes[*item.parent].children.push_back(index);
      continue;
    }
    const std::size_t b = item.index;
    const scene::NodeIndex index = scene.add_node(names[b], item.parent);
    joint_nodes[b] = index;
    scene::Node& node = scene.nodes[index];
    node.transform = parents[b] >= 0 ? scene::inverse(binds[parents[b]]) * binds[b] : binds[b];
    node.extras = std::move(extras[b]);
    // Pushed in reverse, so that they come off the stack in order: child joints first, then volumes.
    for (auto v = volumes_on[b].rbegin(); v != volumes_on[b].rend(); ++v)
      pending.push_back({true, *v, index, item.depth + 1});
    for (auto c = child_bones[b].rbegin(); c != child_bones[b].rend(); ++c)
      pending.push_back({false, *c, index, item.depth + 1});
  }
  return joint_nodes;
}

scene::Animation build_animation(const Rig& rig, const RigClip& clip,
                                 const std::vector<std::int32_t>& parents,
                                 const std::vector<scene::NodeIndex>& joint_nodes,
                                 std::optional<scene::NodeIndex> mesh_node, const Vec3& origin,
                                 FieldPath& path) {
  const auto& a = *clip.animation;
  auto field = path.enter_key("animations", clip.name);
  if (a.keyframes.empty()) path.fail("keyframes", "the animation has no keyframes");
  const std::size_t bone_count = joint_nodes.size();
  for (std::size_t k = 0; k < a.keyframes.size(); ++k) {
    auto key = path.enter("keyframes", k);
    if (a.keyframes[k].bone_matrices.size() != bone_count)
      path.fail("", "the animation moves " + std::to_string(a.keyframes[k].bone_matrices.size()) +
                        " bones, the skeleton has " + std::to_string(bone_count));
    if (k > 0 && a.keyframes[k].time <= a.keyframes[k - 1].time) path.fail("time", "key times must increase");
  }
  // Milliseconds from the clip's start, in 64 bits: the file's values are any 32-bit integers.
  auto since_start = [&](std::int32_t time) { return static_cast<double>(std::int64_t{time} - a.start); };
  scene::Animation out;
  out.name = clip.name;
  out.duration =
      std::max(static_cast<double>(std::int64_t{a.end} - a.start), since_start(a.keyframes.back().time)) /
      1000.0;
  const std::size_t n = a.keyframes.size();
  out.channels.resize(bone_count);
  for (std::size_t b = 0; b < bone_count; ++b) {
    out.channels[b].node = joint_nodes[b];
    out.channels[b].translation.reserve(n);
    out.channels[b].rotation.reserve(n);
  }
  glm::vec3 offset = vec(a.keyframes[0].centre_offset);
  for (std::size_t k = 0; k < n; ++k) {
    if (k > 0 && a.is_centred()) offset = centre_offset_after(a, k, offset);
    const auto world = world_matrices_at(a, k, offset, origin);
    const double time = since_start(a.keyframes[k].time) / 1000.0;
    for (std::size_t b = 0; b < bone_count; ++b) {
      glm::mat4 local = world[b];
      if (parents[b] >= 0) local = scene::inverse(world[parents[b]]) * world[b];
      const scene::Trs trs = scene::decompose(local);
      out.channels[b].translation.push_back({time, trs.translation});
      out.channels[b].rotation.push_back({time, scene::normalize(trs.rotation)});
    }
  }
  // Shape keys drive the morph targets of the same label (labels without a morph OBJ stay in the extras
  // only).
  const bool has_shape_keys = std::any_of(a.keyframes.begin(), a.keyframes.end(),
                                          [](const auto& k) { return !k.shape_keys.empty(); });
  if (mesh_node && !rig.morphs.empty() && has_shape_keys) {
    scene::MorphWeightAnimation channel;
    channel.node = *mesh_node;
    for (const auto& key : a.keyframes) {
      std::vector<float> weights(rig.morphs.size(), 0.0f);
      for (std::size_t m = 0; m < rig.morphs.size(); ++m)
        for (const auto& shape : key.shape_keys)
          if (shape.label == rig.morphs[m].first) weights[m] = shape.weight;
      channel.keys.push_back({since_start(key.time) / 1000.0, std::move(weights)});
    }
    out.morph_channels.push_back(std::move(channel));
  }
  return out;
}

}  // namespace

std::vector<std::string> rig_joint_names(const Skeleton& s) {
  std::vector<std::string> names(s.bone_ends.size());
  const auto* parents = s.parents();
  for (const auto& ik : s.ik_bones) {
    // Walk from the tip up the chain; stop quietly where the hierarchy ends (the chain is only a name
    // source).
    std::vector<std::size_t> chain;
    std::int32_t bone = ik.bone_id;
    // At most one visit per bone, so a parent cycle cannot make it loop for long.
    for (std::int32_t d = 0; d < ik.chain_length && bone >= 0 &&
                             static_cast<std::size_t>(bone) < names.size() && chain.size() < names.size();
         ++d) {
      chain.push_back(static_cast<std::size_t>(bone));
      bone = parents != nullptr ? (*parents)[bone] : -1;
    }
    for (std::size_t d = 0; d < chain.size(); ++d)
      if (names[chain[d]].empty()) names[chain[d]] = ik.name + "_" + std::to_string(chain.size() - 1 - d);
  }
  std::map<std::string, int> used;
  for (std::size_t b = 0; b < names.size(); ++b) {
    if (names[b].empty() || used[names[b]]++ > 0) names[b] = "bone_" + std::to_string(b);
  }
  return names;
}

Vec3 animation_origin(const Skeleton& s) {
  const auto* torso = s.find_ik_bone("torso");
  const auto* parents = s.parents();
  if (torso == nullptr || parents == nullptr) return {};
  std::int32_t hip = torso->bone_id;
  for (int step = 0; step < 2 && hip >= 0; ++step) hip = (*parents)[hip];
  if (hip < 0) return {};
  return s.points[s.bone_ends[hip][0]];
}

std::vector<glm::mat4> key_world_matrices(const Animation& a, std::size_t key, const Vec3& origin) {
  glm::vec3 offset = vec(a.keyframes[0].centre_offset);
  if (a.is_centred())
    for (std::size_t k = 1; k <= key; ++k) offset = centre_offset_after(a, k, offset);
  return world_matrices_at(a, key, offset, origin);
}

scene::Scene rig_to_scene(const Rig& rig) {
  FieldPath path(rig.file_name);
  const auto& s = *rig.skeleton;
  const auto names = rig_joint_names(s);
  const std::size_t bone_count = names.size();
  std::vector<std::int32_t> parents(bone_count, -1);
  if (const auto* p = s.parents(); p != nullptr && p->size() == bone_count) parents = *p;
  // A parent cycle would make the node tree infinite. Each bone is walked once (0 = new, 1 = on the current
  // path, 2 = known to reach a root), so even a huge corrupt skeleton is checked in linear time.
  std::vector<std::uint8_t> state(bone_count, 0);
  for (std::size_t b = 0; b < bone_count; ++b) {
    std::vector<std::size_t> walked;
    std::int32_t at = static_cast<std::int32_t>(b);
    while (at >= 0 && state[at] == 0) {
      state[at] = 1;
      walked.push_back(static_cast<std::size_t>(at));
      at = parents[at];
    }
    if (at >= 0 && state[at] == 1) {
      auto field = path.enter("hier_parents", static_cast<std::size_t>(at));
      path.fail("", "the bone parents form a cycle");
    }
    for (std::size_t p : walked) state[p] = 2;
  }
  std::vector<glm::mat4> binds;
  for (const auto& ends : s.bone_ends)
    binds.push_back(to_glm(bone_bind_matrix(s.points[ends[0]], s.points[ends[1]])));

  scene::Scene scene;
  scene.name = rig.name;
  scene::Material material;
  material.name = rig.name + "_material";
  material.base_color = {0.8f, 0.8f, 0.8f, 1.0f};
  scene.add_material(std::move(material));
  // The mesh and the ragdoll volumes first: they may refuse the rig.
  std::vector<std::vector<scene::VertexWeight>> bone_weights;
  if (rig.model != nullptr) {
    auto built = build_mesh(rig, bone_count, path);
    bone_weights = std::move(built.bone_weights);
    scene.add_mesh(std::move(built.mesh));
  }
  std::vector<RagdollVolumeNode> volumes;
  if (rig.ragdoll != nullptr) {
    const scene::MaterialIndex proxy_material =
        rig.ragdoll_proxies ? scene.add_material(ragdoll_proxy_material(rig.name)) : scene.materials.size();
    const RagdollInput input{rig.ragdoll, rig.model != nullptr ? rig.model->centre() : Vec3{},
                             rig.ragdoll_proxies, rig.file_name, rig.ragdoll_file};
    volumes = add_ragdoll(scene, input, &s, names, binds, proxy_material);
  }
  const auto joint_nodes =
      add_joint_tree(scene, names, parents, binds, joint_extras(s, bone_count, path), volumes, path);
  // After the joints' trees, the mesh's node: a root.
  std::optional<scene::NodeIndex> mesh_node;
  if (rig.model != nullptr) {
    mesh_node = scene.add_node(rig.name + "_mesh");
    scene.nodes[*mesh_node].meshes = {0};
    for (std::size_t b = 0; b < bone_weights.size(); ++b)
      // The plain inverse of the bind matrix (no exact affine bottom row): what glTF files have always held.
      scene.meshes[0].bones.push_back({joint_nodes[b], scene::inverse(binds[b]), std::move(bone_weights[b])});
  }
  for (auto& volume : volumes)  // none with a skeleton: every placed volume has its bone
    if (volume.bone >= bone_count) {
      scene.roots.push_back(scene.nodes.size());
      scene.nodes.push_back(std::move(volume.node));
    }
  if (scene.roots.empty()) scene.add_node(rig.name);  // nothing to show: one empty node

  const Vec3 origin = animation_origin(s);
  nlohmann::json clips = nlohmann::json::object();
  for (const auto& clip : rig.clips) {
    scene.animations.push_back(build_animation(rig, clip, parents, joint_nodes, mesh_node, origin, path));
    clips[clip.name] = animation_extras(*clip.animation);
    keep_file(clips[clip.name], clip.file);
  }
  if (!scene.extras.is_object()) scene.extras = nlohmann::json::object();
  auto& skeleton_record = scene.extras["phoenix.skeleton"] = skeleton_extras(s, names, origin, path);
  keep_file(skeleton_record, rig.skeleton_file);
  // A v<11 file does not store its corner count, which reading it needs.
  if (!rig.skeleton_file.empty() && s.version < 11 && s.has_weights_block())
    skeleton_record["file_corners"] = s.corner_weights.size();
  if (!rig.clips.empty()) scene.extras["phoenix.animations"] = clips;
  return scene;
}

}  // namespace gamefmt::phoenix
