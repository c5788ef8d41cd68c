#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/rig_scene.hpp"
#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using phoenix::Mat4;
using phoenix::Vec3;

aiMatrix4x4 to_ai(const Mat4& m) {  // column-major floats -> Assimp's row-major matrix
  return {m[0], m[4], m[8],  m[12], m[1], m[5], m[9],  m[13],
          m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]};
}

aiMatrix4x4 rigid(const aiMatrix4x4& m) {  // the engine keeps rotation and origin only (QuaternionFromMat4)
  aiVector3D scaling, position;
  aiQuaternion rotation;
  m.Decompose(scaling, rotation, position);
  rotation.Normalize();
  return aiMatrix4x4(aiVector3D(1, 1, 1), rotation, position);
}

aiMatrix4x4 rotation_y(float angle) {
  aiMatrix4x4 m;
  aiMatrix4x4::RotationY(angle, m);
  return m;
}

aiMatrix4x4 translation(const aiVector3D& v) {
  aiMatrix4x4 m;
  aiMatrix4x4::Translation(v, m);
  return m;
}

aiMetadata number_list(const float* values, std::size_t n) {
  aiMetadata list;
  for (std::size_t i = 0; i < n; ++i) list.Add(std::to_string(i), static_cast<double>(values[i]));
  return list;
}
template <class Array>
aiMetadata number_list(const Array& values) {
  return number_list(values.data(), values.size());
}
aiMetadata int_list(const std::vector<std::int32_t>& values) {
  aiMetadata list;
  for (std::size_t i = 0; i < values.size(); ++i) list.Add(std::to_string(i), values[i]);
  return list;
}

[[noreturn]] void refuse(const PhoenixRig& rig, const std::string& field, const std::string& problem) {
  throw FormatError(rig.file_name, std::nullopt, field, problem);
}

const char* joint_type_name(std::int32_t type) {
  switch (static_cast<phoenix::JointType>(type)) {
    case phoenix::JointType::hinge:
      return "hinge";
    case phoenix::JointType::amotor:
      return "amotor";
    case phoenix::JointType::fixed:
      return "fixed";
  }
  return "other";
}

// Everything of one .anm keyframe glTF has no slot for.
aiMetadata keyframe_extras(const phoenix::Animation& a, const phoenix::AnimationKeyframe& k) {
  aiMetadata out;
  out.Add("time", k.time);
  if (a.version >= 4) out.Add("weights", number_list(k.weights));
  if (a.version >= 7) {
    aiMetadata weapons;
    for (std::size_t i = 0; i < k.weapons.size(); ++i) {
      aiMetadata w;
      w.Add("matrix", number_list(k.weapons[i].matrix));
      w.Add("relative_id", k.weapons[i].relative_id);
      w.Add("relative_weight", static_cast<double>(k.weapons[i].relative_weight));
      weapons.Add(std::to_string(i), w);
    }
    out.Add("weapons", weapons);
  }
  if (a.version >= 9) {
    out.Add("use_mobility", static_cast<std::int32_t>(k.use_mobility));
    if (k.use_mobility != 0) out.Add("mobility", number_list(k.mobility));
  }
  if (a.version >= 2) {
    aiMetadata events;
    for (std::size_t i = 0; i < k.events.size(); ++i) {
      aiMetadata e;
      e.Add("bone", k.events[i].bone);
      e.Add("name", aiString(k.events[i].name));
      events.Add(std::to_string(i), e);
    }
    out.Add("events", events);
  }
  if (a.version >= 3) {
    aiMetadata iks;
    for (std::size_t i = 0; i < k.ik_bones.size(); ++i) {
      const auto& ik = k.ik_bones[i];
      aiMetadata e;
      e.Add("start", number_list(ik.start));
      e.Add("end", number_list(ik.end));
      e.Add("bone_path", int_list(ik.bone_path));
      e.Add("label", aiString(ik.label));
      iks.Add(std::to_string(i), e);
    }
    out.Add("ik_bones", iks);
  }
  auto named = [](const std::vector<phoenix::AnimationNamedWeight>& list) {
    aiMetadata m;
    for (std::size_t i = 0; i < list.size(); ++i) {
      aiMetadata e;
      e.Add("label", aiString(list[i].label));
      e.Add("weight", static_cast<double>(list[i].weight));
      m.Add(std::to_string(i), e);
    }
    return m;
  };
  if (a.version >= 5) out.Add("shape_keys", named(k.shape_keys));
  if (a.version >= 6) out.Add("status_keys", named(k.status_keys));
  if (a.is_centred()) {
    out.Add("centre_rotation", static_cast<double>(k.centre_rotation));
    out.Add("centre_offset", number_list(k.centre_offset));
  }
  return out;
}

aiMetadata animation_extras(const phoenix::Animation& a) {
  aiMetadata out;
  out.Add("version", a.version);
  out.Add("looping", a.is_looping());
  out.Add("centred", a.is_centred());
  out.Add("start", a.start);
  out.Add("end", a.end);
  aiMetadata keys;
  for (std::size_t i = 0; i < a.keyframes.size(); ++i)
    keys.Add(std::to_string(i), keyframe_extras(a, a.keyframes[i]));
  out.Add("keyframes", keys);
  return out;
}

struct MeshVertex {
  aiVector3D position, normal, uv;
  std::map<unsigned, float> weights;
  std::size_t triangle = 0, corner = 0;  // its first triangle corner
};

// One morph target: each vertex moved by its first corner's delta (morph corner - model corner).
std::unique_ptr<aiAnimMesh> morph_target(const PhoenixRig& rig, const std::string& label,
                                         const phoenix::ObjModel& morph,
                                         const std::vector<MeshVertex>& vertices) {
  const auto& model = *rig.model;
  if (morph.triangles.size() != model.triangles.size())
    refuse(rig, "morphs." + label,
           "the morph OBJ has " + std::to_string(morph.triangles.size()) + " triangles, the model " +
               std::to_string(model.triangles.size()) + " (the engine needs the same faces)");
  auto target = std::make_unique<aiAnimMesh>();
  target->mName = label;
  target->mWeight = 0;
  target->mNumVertices = static_cast<unsigned>(vertices.size());
  target->mVertices = new aiVector3D[vertices.size()];
  for (std::size_t v = 0; v < vertices.size(); ++v) {
    const auto& base = model.positions[model.triangles[vertices[v].triangle][vertices[v].corner].position];
    const auto& moved = morph.positions[morph.triangles[vertices[v].triangle][vertices[v].corner].position];
    target->mVertices[v] =
        vertices[v].position + aiVector3D(moved[0] - base[0], moved[1] - base[1], moved[2] - base[2]);
  }
  return target;
}

std::unique_ptr<aiMesh> build_mesh(const PhoenixRig& rig, const std::vector<std::string>& joint_names,
                                   const std::vector<aiMatrix4x4>& binds) {
  const auto& model = *rig.model;
  const auto& s = *rig.skeleton;
  const bool skinned = s.has_weights_block();
  if (skinned && s.corner_weights.size() != model.corner_count())
    refuse(rig, "corner_weights",
           "different vertex counts: the skeleton rigs " + std::to_string(s.corner_weights.size()) +
               " triangle corners, the model OBJ has " + std::to_string(model.corner_count()));
  const Vec3 c = model.centre();
  std::map<std::array<std::int32_t, 3>, unsigned> index_of;
  std::vector<MeshVertex> vertices;
  std::vector<unsigned> indices;
  for (std::size_t t = 0; t < model.triangles.size(); ++t)
    for (std::size_t k = 0; k < 3; ++k) {
      const auto& corner = model.triangles[t][k];
      const auto [it, added] = index_of.emplace(std::array{corner.position, corner.uv, corner.normal},
                                                static_cast<unsigned>(vertices.size()));
      indices.push_back(it->second);
      if (!added) continue;
      MeshVertex v;
      v.triangle = t;
      v.corner = k;
      const auto& p = model.positions[corner.position];
      v.position = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
      if (corner.normal >= 0)
        v.normal = {model.normals[corner.normal][0], model.normals[corner.normal][1],
                    model.normals[corner.normal][2]};
      // aiScene keeps the OBJ's convention (v up); the glTF writer turns it into glTF's (v down).
      if (corner.uv >= 0) v.uv = {model.uvs[corner.uv][0], model.uvs[corner.uv][1], 0};
      if (skinned) {
        const std::size_t at = 3 * t + k;
        float total = 0;
        for (int slot = 0; slot < 4; ++slot) {
          const float w = s.corner_weights[at][slot];
          if (w <= 0) continue;
          v.weights[static_cast<unsigned>(s.corner_bone_ids[at][slot])] += w;
          total += w;
        }
        if (total <= 0)
          refuse(rig, "corner_weights[" + std::to_string(at) + "]",
                 "triangle corner " + std::to_string(at) + " has no positive weight");
        for (auto& [bone, w] : v.weights) w /= total;
      }
      vertices.push_back(std::move(v));
    }

  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = rig.name + "_mesh";
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = static_cast<unsigned>(vertices.size());
  mesh->mVertices = new aiVector3D[vertices.size()];
  const bool has_normals = !model.normals.empty(), has_uvs = !model.uvs.empty();
  if (has_normals) mesh->mNormals = new aiVector3D[vertices.size()];
  if (has_uvs) {
    mesh->mTextureCoords[0] = new aiVector3D[vertices.size()];
    mesh->mNumUVComponents[0] = 2;
  }
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    mesh->mVertices[i] = vertices[i].position;
    if (has_normals) mesh->mNormals[i] = vertices[i].normal;
    if (has_uvs) mesh->mTextureCoords[0][i] = vertices[i].uv;
  }
  mesh->mNumFaces = static_cast<unsigned>(model.triangles.size());
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned[3]{indices[3 * f], indices[3 * f + 1], indices[3 * f + 2]};
  }
  if (!rig.morphs.empty()) {
    std::vector<std::unique_ptr<aiAnimMesh>> targets;
    for (const auto& [label, morph] : rig.morphs)
      targets.push_back(morph_target(rig, label, *morph, vertices));
    mesh->mAnimMeshes = release_to_array(targets, mesh->mNumAnimMeshes);
    mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;
  }
  if (skinned) {
    // Every joint is a bone of the skin (glTF and Blender then see the whole skeleton), weighted or not.
    std::vector<std::vector<aiVertexWeight>> per_bone(joint_names.size());
    for (std::size_t v = 0; v < vertices.size(); ++v)
      for (const auto& [bone, w] : vertices[v].weights)
        per_bone[bone].push_back({static_cast<unsigned>(v), w});
    std::vector<std::unique_ptr<aiBone>> bones;
    for (std::size_t b = 0; b < joint_names.size(); ++b) {
      auto bone = std::make_unique<aiBone>();
      bone->mName = joint_names[b];
      bone->mOffsetMatrix = aiMatrix4x4(binds[b]).Inverse();
      bone->mNumWeights = static_cast<unsigned>(per_bone[b].size());
      bone->mWeights = copy_to_array(per_bone[b]);
      bones.push_back(std::move(bone));
    }
    mesh->mBones = release_to_array(bones, mesh->mNumBones);
  }
  return mesh;
}

std::unique_ptr<aiAnimation> build_animation(const PhoenixRig& rig, const PhoenixClip& clip,
                                             const std::vector<std::string>& joint_names,
                                             const std::vector<std::int32_t>& parents, const Vec3& origin) {
  const auto& a = *clip.animation;
  const std::string field = "animations." + clip.name;
  for (std::size_t k = 0; k < a.keyframes.size(); ++k) {
    if (a.keyframes[k].bone_matrices.size() != joint_names.size())
      refuse(rig, field + ".keyframes[" + std::to_string(k) + "]",
             "the animation moves " + std::to_string(a.keyframes[k].bone_matrices.size()) +
                 " bones, the skeleton has " + std::to_string(joint_names.size()));
    if (k > 0 && a.keyframes[k].time <= a.keyframes[k - 1].time)
      refuse(rig, field + ".keyframes[" + std::to_string(k) + "].time", "key times must increase");
  }
  auto anim = std::make_unique<aiAnimation>();
  anim->mName = clip.name;
  anim->mTicksPerSecond = 1000;
  anim->mDuration = std::max<double>(a.length(), a.keyframes.back().time - a.start);
  const std::size_t n = a.keyframes.size();
  std::vector<std::unique_ptr<aiNodeAnim>> channels;
  for (std::size_t b = 0; b < joint_names.size(); ++b) {
    auto channel = std::make_unique<aiNodeAnim>();
    channel->mNodeName = joint_names[b];
    channel->mNumPositionKeys = channel->mNumRotationKeys = static_cast<unsigned>(n);
    channel->mPositionKeys = new aiVectorKey[n];
    channel->mRotationKeys = new aiQuatKey[n];
    channels.push_back(std::move(channel));
  }
  for (std::size_t k = 0; k < n; ++k) {
    const auto world = phoenix_key_world_matrices(a, k, origin);
    const double time = a.keyframes[k].time - a.start;
    for (std::size_t b = 0; b < joint_names.size(); ++b) {
      aiMatrix4x4 local = world[b];
      if (parents[b] >= 0) local = aiMatrix4x4(world[parents[b]]).Inverse() * world[b];
      aiVector3D scaling, position;
      aiQuaternion rotation;
      local.Decompose(scaling, rotation, position);
      channels[b]->mPositionKeys[k] = aiVectorKey(time, position);
      channels[b]->mRotationKeys[k] = aiQuatKey(time, rotation.Normalize());
    }
  }
  anim->mChannels = release_to_array(channels, anim->mNumChannels);
  // Shape keys drive the morph targets of the same label (labels without a morph OBJ stay in the extras
  // only).
  const bool has_shape_keys = std::any_of(a.keyframes.begin(), a.keyframes.end(),
                                          [](const auto& k) { return !k.shape_keys.empty(); });
  if (rig.model != nullptr && !rig.morphs.empty() && has_shape_keys) {
    auto channel = std::make_unique<aiMeshMorphAnim>();
    channel->mName = rig.name + "_mesh";
    channel->mNumKeys = static_cast<unsigned>(n);
    channel->mKeys = new aiMeshMorphKey[n];
    for (std::size_t k = 0; k < n; ++k) {
      auto& key = channel->mKeys[k];
      key.mTime = a.keyframes[k].time - a.start;
      key.mNumValuesAndWeights = static_cast<unsigned>(rig.morphs.size());
      key.mValues = new unsigned[rig.morphs.size()];
      key.mWeights = new double[rig.morphs.size()];
      for (std::size_t m = 0; m < rig.morphs.size(); ++m) {
        key.mValues[m] = static_cast<unsigned>(m);
        key.mWeights[m] = 0;
        for (const auto& shape : a.keyframes[k].shape_keys)
          if (shape.label == rig.morphs[m].first) key.mWeights[m] = shape.weight;
      }
    }
    std::vector<std::unique_ptr<aiMeshMorphAnim>> morph_channels;
    morph_channels.push_back(std::move(channel));
    anim->mMorphMeshChannels = release_to_array(morph_channels, anim->mNumMorphMeshChannels);
  }
  return anim;
}

}  // namespace

std::vector<std::string> phoenix_joint_names(const phoenix::Skeleton& s) {
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

Vec3 phoenix_animation_origin(const phoenix::Skeleton& s) {
  const auto* torso = s.find_ik_bone("torso");
  const auto* parents = s.parents();
  if (torso == nullptr || parents == nullptr) return {};
  std::int32_t hip = torso->bone_id;
  for (int step = 0; step < 2 && hip >= 0; ++step) hip = (*parents)[hip];
  if (hip < 0) return {};
  return s.points[s.bone_ends[hip][0]];
}

std::vector<aiMatrix4x4> phoenix_key_world_matrices(const phoenix::Animation& a, std::size_t key,
                                                    const Vec3& origin) {
  // A centred file stores each key moved by its centre offset and turned by its rotation; accumulate the
  // offsets in the clip's frame (the inverse of Animation::Center) and put them back.
  aiMatrix4x4 uncentre;
  if (a.is_centred()) {
    aiVector3D offset(a.keyframes[0].centre_offset[0], a.keyframes[0].centre_offset[1],
                      a.keyframes[0].centre_offset[2]);
    for (std::size_t k = 1; k <= key; ++k) {
      const auto& now = a.keyframes[k].centre_offset;
      const auto& before = a.keyframes[k - 1].centre_offset;
      offset += rotation_y(a.keyframes[k].centre_rotation) *
                aiVector3D(now[0] - before[0], now[1] - before[1], now[2] - before[2]);
    }
    uncentre = translation(offset) * rotation_y(a.keyframes[key].centre_rotation);
  }
  const aiMatrix4x4 place = translation({origin[0], origin[1], origin[2]}) * uncentre;
  std::vector<aiMatrix4x4> out;
  out.reserve(a.keyframes[key].bone_matrices.size());
  for (const auto& m : a.keyframes[key].bone_matrices) out.push_back(place * rigid(to_ai(m)));
  return out;
}

std::unique_ptr<aiScene> phoenix_rig_to_scene(const PhoenixRig& rig) {
  const auto& s = *rig.skeleton;
  const auto names = phoenix_joint_names(s);
  const std::size_t bone_count = names.size();
  std::vector<std::int32_t> parents(bone_count, -1);
  if (const auto* p = s.parents(); p != nullptr && p->size() == bone_count) parents = *p;
  // A parent cycle would make the node tree infinite. Each bone is walked once (0 = new, 1 = on the current
  // path, 2 = known to reach a root), so even a huge corrupt skeleton is checked in linear time.
  std::vector<std::uint8_t> state(bone_count, 0);
  for (std::size_t b = 0; b < bone_count; ++b) {
    std::vector<std::size_t> path;
    std::int32_t at = static_cast<std::int32_t>(b);
    while (at >= 0 && state[at] == 0) {
      state[at] = 1;
      path.push_back(static_cast<std::size_t>(at));
      at = parents[at];
    }
    if (at >= 0 && state[at] == 1)
      refuse(rig, "hier_parents[" + std::to_string(at) + "]", "the bone parents form a cycle");
    for (std::size_t p : path) state[p] = 2;
  }
  std::vector<aiMatrix4x4> binds;
  for (const auto& ends : s.bone_ends)
    binds.push_back(to_ai(phoenix::bone_bind_matrix(s.points[ends[0]], s.points[ends[1]])));

  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = make_node(rig.name);
  // Meshes and ragdoll volumes first: they may throw, and nothing is owned by raw pointers yet.
  std::vector<std::pair<std::size_t, std::unique_ptr<aiNode>>> volumes;
  scene->mMetaData = new aiMetadata();
  std::vector<std::unique_ptr<aiMesh>> meshes;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(make_material(rig.name + "_material", aiColor4D(0.8f, 0.8f, 0.8f, 1)));
  if (rig.model != nullptr) meshes.push_back(build_mesh(rig, names, binds));
  if (rig.ragdoll != nullptr) {
    PhoenixRagdollInput input{rig.ragdoll, rig.model != nullptr ? rig.model->centre() : Vec3{},
                              rig.ragdoll_proxies, rig.file_name};
    auto ragdoll = phoenix_ragdoll_nodes(input, &s, names, binds, static_cast<unsigned>(meshes.size()), 1,
                                         scene->mMetaData);
    volumes = std::move(ragdoll.volumes);
    for (auto& mesh : ragdoll.proxy_meshes) meshes.push_back(std::move(mesh));
    if (rig.ragdoll_proxies) materials.push_back(ragdoll_proxy_material(rig.name));
  }
  std::vector<aiNode*> nodes;
  for (std::size_t b = 0; b < bone_count; ++b) {
    aiNode* node = make_node(names[b]);
    node->mTransformation = parents[b] >= 0 ? aiMatrix4x4(binds[parents[b]]).Inverse() * binds[b] : binds[b];
    add_metadata(node->mMetaData, "phoenix.bone_index", static_cast<int>(b));
    if (b < s.bone_masses.size())
      add_metadata(node->mMetaData, "phoenix.mass", static_cast<double>(s.bone_masses[b]));
    if (b < s.bone_centres_of_mass.size())
      node->mMetaData->Add("phoenix.centre_of_mass", number_list(s.bone_centres_of_mass[b]));
    nodes.push_back(node);
  }
  for (std::size_t index = 0; index < s.joints.size(); ++index) {
    const auto& joint = s.joints[index];
    aiMetadata j;
    j.Add("index", static_cast<std::int32_t>(index));
    j.Add("type", aiString(joint_type_name(joint.type)));
    j.Add("type_id", joint.type);
    const std::size_t stops = joint.type == 1 ? 6 : joint.type == 0 ? 2 : 0;
    if (stops > 0) j.Add("stop_angles", number_list(joint.stop_angles.data(), stops));
    if (joint.type == 0) j.Add("axis", number_list(joint.axis));
    j.Add("parent_bone", joint.bone_ids[1]);
    nodes[joint.bone_ids[0]]->mMetaData->Add("phoenix.joint", j);
  }
  std::vector<std::vector<aiNode*>> children(bone_count);
  std::vector<aiNode*> top;
  for (std::size_t b = 0; b < bone_count; ++b)
    (parents[b] >= 0 ? children[parents[b]] : top).push_back(nodes[b]);
  for (auto& [bone, node] : volumes) children[bone].push_back(node.release());

  for (std::size_t b = 0; b < bone_count; ++b) set_children(*nodes[b], children[b]);
  if (rig.model != nullptr) {
    aiNode* mesh_node = make_node(rig.name + "_mesh");
    set_meshes(*mesh_node, {0});
    top.push_back(mesh_node);
  }
  set_children(*scene->mRootNode, top);
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;  // bare joints (an .anm on its own)
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);

  const Vec3 origin = phoenix_animation_origin(s);
  std::vector<std::unique_ptr<aiAnimation>> animations;
  aiMetadata clips;
  for (const auto& clip : rig.clips) {
    animations.push_back(build_animation(rig, clip, names, parents, origin));
    clips.Add(clip.name, animation_extras(*clip.animation));
  }
  scene->mAnimations = release_to_array(animations, scene->mNumAnimations);

  aiMetadata skeleton;
  skeleton.Add("version", s.version);
  skeleton.Add("rigging_stage", s.rigging_stage);
  skeleton.Add("animation_origin", number_list(origin));
  aiMetadata chains;
  for (const auto& ik : s.ik_bones) {
    aiMetadata c;
    c.Add("bone", aiString(names[ik.bone_id]));
    c.Add("chain_length", ik.chain_length);
    chains.Add(ik.name, c);
  }
  skeleton.Add("ik_chains", chains);
  // What the way back (rig_export.cpp) needs besides the joint transforms: the point table the bones index,
  // the parent arrays as stored, and the IK chains' file order.
  aiMetadata points, ends, chain_order;
  for (std::size_t p = 0; p < s.points.size(); ++p) points.Add(std::to_string(p), number_list(s.points[p]));
  for (std::size_t b = 0; b < s.bone_ends.size(); ++b)
    ends.Add(std::to_string(b), int_list({s.bone_ends[b][0], s.bone_ends[b][1]}));
  for (std::size_t i = 0; i < s.ik_bones.size(); ++i)
    chain_order.Add(std::to_string(i), aiString(s.ik_bones[i].name));
  skeleton.Add("points", points);
  skeleton.Add("bone_ends", ends);
  skeleton.Add("point_parents", int_list(s.point_parents));
  skeleton.Add("bone_parents", int_list(s.bone_parents));
  skeleton.Add("hier_parents", int_list(s.hier_parents));
  skeleton.Add("ik_chain_order", chain_order);
  scene->mMetaData->Add("phoenix.skeleton", skeleton);
  if (!rig.clips.empty()) scene->mMetaData->Add("phoenix.animations", clips);
  return scene;
}

}  // namespace gamefmt::assimp
