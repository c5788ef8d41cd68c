#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_texture_name.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

using nlohmann::json;

using namespace json_fields;

struct Writer {
  const aiScene& scene;
  std::string_view output_name;

  std::string cp1251(const std::string& utf8, const char* field) const {
    auto out = utf8_to_cp1251(utf8);
    if (!out) throw FormatError(std::string(output_name), std::nullopt, field, "'" + utf8 + "' has characters cp1251 lacks");
    return *out;
  }
  [[noreturn]] void fail(const char* field, const std::string& problem) const {
    throw FormatError(std::string(output_name), std::nullopt, field, problem);
  }
};

void collect_bone_nodes(const aiNode& node, const std::set<std::string>& wanted, std::vector<const aiNode*>& out) {
  if (wanted.count(node.mName.C_Str()) != 0 || find_metadata_json(node.mMetaData, kXrayBoneKey).is_object())
    out.push_back(&node);
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_bone_nodes(*node.mChildren[i], wanted, out);
}

void collect_mesh_nodes(const aiNode& node, const std::set<const aiNode*>& bones, std::vector<const aiNode*>& out) {
  if (node.mNumMeshes > 0 && bones.count(&node) == 0) out.push_back(&node);
  for (unsigned i = 0; i < node.mNumChildren; ++i) collect_mesh_nodes(*node.mChildren[i], bones, out);
}

xray::SdkBone make_bone(const Writer& w, const aiNode& node, const aiNode* parent) {
  const json meta = find_metadata_json(node.mMetaData, kXrayBoneKey);
  xray::SdkBone bone;
  bone.version = 2;
  bone.name = w.cp1251(node.mName.C_Str(), "bones.name");
  bone.parent = parent ? w.cp1251(parent->mName.C_Str(), "bones.parent") : std::string();
  bone.weight_map = w.cp1251(text(meta, "weight_map", node.mName.C_Str()), "bones.weight_map");
  if (bone.weight_map.empty()) bone.weight_map = bone.name;
  bone.second_definition = true;
  const aiMatrix4x4 local =
      parent ? aiMatrix4x4(global_transform(*parent)).Inverse() * global_transform(node) : global_transform(node);
  aiVector3D scaling, position;
  aiQuaternion rotation;
  local.Decompose(scaling, rotation, position);
  const aiVector3D offset = xray_axes::vector(position);
  const auto euler = xray_axes::euler_rotation_from_scene(rotation);
  bone.bind_pose = std::array<float, 7>{offset.x, offset.y, offset.z, euler[0], euler[1], euler[2], number(meta, "length", 0.0f)};
  bone.game_material = w.cp1251(text(meta, "game_material", "default_object"), "bones.game_material");
  bone.shape = xray_shape_from_record(meta);
  bone.joint = xray_joint_from_record(meta);
  if (!bone.joint) {
    bone.joint.emplace();
    for (auto& limit : bone.joint->limits) limit.spring = limit.damping = 1.0f;
  }
  const bool from_scratch = !meta.is_object();
  if (from_scratch || meta.contains("ik_flags")) bone.ik_flags = unsigned_number(meta, "ik_flags", 0);
  std::array<float, 2> breaks{};
  if (floats(meta, "break", breaks) || from_scratch) bone.break_limits = breaks;
  if (from_scratch || meta.contains("friction")) bone.friction = number(meta, "friction", 0.0f);
  std::array<float, 4> mass{10.0f, 0, 0, 0};
  if (meta.contains("mass") || from_scratch) {
    mass[0] = number(meta, "mass", 10.0f);
    floats(meta, "center_of_mass", mass, 1);
    bone.mass = mass;
  }
  return bone;
}

// `node`: the mesh node, whose "xray.texture" and "xray.shader" (a scene from an OGF) stand in for a surface
// record.
xray::ObjectSurface make_surface(const Writer& w, const aiMaterial& material, const json& surfaces,
                                 bool skinned, const aiNode& node) {
  aiString name_string;
  material.Get(AI_MATKEY_NAME, name_string);
  const std::string name = name_string.length > 0 ? name_string.C_Str() : "default";
  const json meta = sdk_surface_record(surfaces, name);
  std::string texture = xray_texture_name(material);
  find_metadata_string(node.mMetaData, "xray.texture", texture);
  std::string engine_shader = skinned ? "models\\model" : "default";
  find_metadata_string(node.mMetaData, "xray.shader", engine_shader);
  int two_sided = 0;
  material.Get(AI_MATKEY_TWOSIDED, two_sided);
  xray::ObjectSurface s;
  s.name = w.cp1251(name, "surfaces.name");
  s.engine_shader = w.cp1251(text(meta, "engine_shader", engine_shader), "surfaces.engine_shader");
  s.compiler_shader = w.cp1251(text(meta, "compiler_shader", "default"), "surfaces.compiler_shader");
  s.game_material = w.cp1251(text(meta, "game_material", "default"), "surfaces.game_material");
  s.texture = w.cp1251(text(meta, "texture", texture), "surfaces.texture");
  s.vmap = w.cp1251(text(meta, "vmap", "Texture"), "surfaces.vmap");
  s.flags = (unsigned_number(meta, "flags", 0) & ~1u) | (two_sided ? 1u : 0u);
  s.fvf = unsigned_number(meta, "fvf", 0x112);
  s.uv_count = unsigned_number(meta, "uv_count", 1);
  return s;
}

// The object's own fields, or for a scene from an OGF those an OGF shares with it (user data, LOD, motion
// references in the layout of the game it was made for).
json object_fields(const aiScene& scene) {
  json fields = find_metadata_json(scene.mMetaData, kXrayObjectKey);
  if (fields.is_object()) return fields;
  const json ogf = find_metadata_json(scene.mMetaData, kXrayOgfKey);
  fields = json::object();
  if (!ogf.is_object()) return fields;
  for (const char* key : {"user_data", "lod_ref"})
    if (ogf.contains(key) && ogf[key].is_string() && !ogf[key].get<std::string>().empty())
      fields[key] = ogf[key];
  if (ogf.contains("motion_refs") && ogf["motion_refs"].is_array() && !ogf["motion_refs"].empty()) {
    if (unsigned_number(ogf, "motion_refs_chunk", 0) == xray::kOgfMotionRefsCommaList) {
      std::vector<std::string> refs;
      for (const auto& ref : ogf["motion_refs"])
        if (ref.is_string()) refs.push_back(ref.get<std::string>());
      fields["motion_refs_soc"] = xray::join_motion_refs(refs);
    } else {
      fields["motion_refs"] = ogf["motion_refs"];
    }
  }
  return fields;
}

}  // namespace

json sdk_surface_record(const json& surfaces, std::string_view name) {
  json record;
  if (surfaces.is_array())
    for (const auto& surface : surfaces)
      if (text(surface, "name", "") == name) record = surface;
  return record;
}

xray::ObjectFile scene_to_object(const aiScene& scene, std::string_view output_name) {
  const Writer w{scene, output_name};
  if (scene.mRootNode == nullptr) w.fail("scene", "the scene has no nodes");
  xray::ObjectFile object;
  const json meta = object_fields(scene);
  const json surfaces_meta = find_metadata_json(scene.mMetaData, kXraySurfacesKey);

  // Bones: skinning and animated nodes and nodes carrying bone metadata, parents first.
  std::set<std::string> wanted;
  for (unsigned m = 0; m < scene.mNumMeshes; ++m)
    for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b) wanted.insert(scene.mMeshes[m]->mBones[b]->mName.C_Str());
  for (unsigned a = 0; a < scene.mNumAnimations; ++a)
    for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c)
      wanted.insert(scene.mAnimations[a]->mChannels[c]->mNodeName.C_Str());
  std::vector<const aiNode*> bone_nodes;
  for (unsigned i = 0; i < scene.mRootNode->mNumChildren; ++i) collect_bone_nodes(*scene.mRootNode->mChildren[i], wanted, bone_nodes);
  if (bone_nodes.size() > 0xFFFF) w.fail("bones", "too many bones");
  const std::set<const aiNode*> bone_set(bone_nodes.begin(), bone_nodes.end());
  std::map<std::string, std::uint32_t> bone_index;
  std::vector<std::string> bone_names;
  for (const aiNode* node : bone_nodes) {
    const aiNode* parent = node->mParent;
    while (parent != nullptr && bone_set.count(parent) == 0) parent = parent->mParent;
    bone_index[node->mName.C_Str()] = static_cast<std::uint32_t>(object.bones ? object.bones->size() : 0);
    if (!object.bones) object.bones.emplace();
    object.bones->push_back(make_bone(w, *node, parent));
    bone_names.push_back(node->mName.C_Str());
  }

  // Surfaces: one per material used.
  std::map<unsigned, std::string> surface_of_material;
  const auto surface_name = [&](unsigned material, const aiNode& node) -> const std::string& {
    auto found = surface_of_material.find(material);
    if (found != surface_of_material.end()) return found->second;
    if (material >= scene.mNumMaterials) w.fail("meshes.material", "material index out of range");
    auto surface =
        make_surface(w, *scene.mMaterials[material], surfaces_meta, object.bones.has_value(), node);
    for (const auto& existing : object.surfaces)
      if (existing.name == surface.name) return surface_of_material[material] = existing.name;
    object.surfaces.push_back(surface);
    return surface_of_material[material] = surface.name;
  };

  // Meshes: one edit mesh per node with meshes.
  std::vector<const aiNode*> mesh_nodes;
  collect_mesh_nodes(*scene.mRootNode, bone_set, mesh_nodes);
  auto& meshes = object.meshes.emplace();
  std::set<std::string> mesh_names;
  for (const aiNode* node : mesh_nodes) {
    const json mesh_meta = find_metadata_json(node->mMetaData, kXrayMeshKey);
    xray::ObjectMesh mesh;
    std::string name = text(mesh_meta, "name", node->mName.C_Str());
    for (int n = 2; !mesh_names.insert(name).second; ++n) name = text(mesh_meta, "name", node->mName.C_Str()) + std::to_string(n);
    mesh.name = w.cp1251(name, "meshes.name");
    mesh.flags = static_cast<std::uint8_t>(unsigned_number(mesh_meta, "flags", xray::kMeshVisible) & ~xray::kMeshSmoothingMask);
    mesh.options = std::array<std::int32_t, 2>{0, 0};
    const aiMatrix4x4 transform = global_transform(*node);
    aiMatrix3x3 normal_transform = aiMatrix3x3(transform);
    normal_transform.Inverse().Transpose();
    xray::VMap uv;
    uv.name = "Texture";
    uv.dimension = 2;
    uv.polymap = 1;
    uv.type = 0;
    std::map<std::array<std::uint32_t, 3>, std::uint32_t> point_of;
    std::map<std::uint32_t, std::uint32_t> weight_vmap_of_bone;  // bone -> vmap index
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> weight_entry;  // (vmap, point) -> entry
    std::map<std::string, std::vector<std::uint32_t>> faces_of_surface;
    std::vector<std::array<float, 3>> normals;
    bool have_normals = true;
    for (unsigned k = 0; k < node->mNumMeshes; ++k) {
      if (node->mMeshes[k] >= scene.mNumMeshes) w.fail("meshes", "node refers to a missing mesh");
      const aiMesh& source = *scene.mMeshes[node->mMeshes[k]];
      have_normals = have_normals && source.mNormals != nullptr;
      std::vector<std::vector<std::pair<std::uint32_t, float>>> vertex_weights(source.mNumVertices);
      for (unsigned b = 0; b < source.mNumBones; ++b) {
        const auto found = bone_index.find(source.mBones[b]->mName.C_Str());
        if (found == bone_index.end()) continue;
        for (unsigned i = 0; i < source.mBones[b]->mNumWeights; ++i) {
          const auto& weight = source.mBones[b]->mWeights[i];
          if (weight.mVertexId < source.mNumVertices && weight.mWeight > 0)
            vertex_weights[weight.mVertexId].emplace_back(found->second, weight.mWeight);
        }
      }
      // The largest weights first; a VMREF list holds at most 255 entries (one is the UV).
      for (auto& list : vertex_weights) {
        std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
        if (list.size() > 254) list.resize(254);
      }
      const std::string& surface = surface_name(source.mMaterialIndex, *node);
      for (unsigned f = 0; f < source.mNumFaces; ++f) {
        const aiFace& face = source.mFaces[f];
        if (face.mNumIndices != 3) continue;  // points and lines have no place in an edit mesh
        const std::uint32_t face_index = static_cast<std::uint32_t>(mesh.faces.size());
        std::array<unsigned, 3> corners{face.mIndices[0], face.mIndices[1], face.mIndices[2]};
        xray_axes::flip_winding(corners[0], corners[1], corners[2]);
        xray::ObjectFace out;
        for (int c = 0; c < 3; ++c) {
          const unsigned v = corners[c];
          if (v >= source.mNumVertices) w.fail("meshes.faces", "a face index is past the vertices");
          const aiVector3D p = xray_axes::vector(transform * source.mVertices[v]);
          std::array<std::uint32_t, 3> bits{};
          std::memcpy(bits.data(), &p.x, 4);
          std::memcpy(bits.data() + 1, &p.y, 4);
          std::memcpy(bits.data() + 2, &p.z, 4);
          const auto [at, inserted] = point_of.emplace(bits, static_cast<std::uint32_t>(mesh.points.size()));
          if (inserted) mesh.points.push_back({p.x, p.y, p.z});
          out.points[c] = at->second;
          // UV entry per corner, then the point's weights.
          std::vector<xray::VMapRef> refs{{0, static_cast<std::uint32_t>(uv.points.size())}};
          const aiVector3D t = source.mTextureCoords[0] ? source.mTextureCoords[0][v] : aiVector3D();
          uv.data.push_back(t.x);
          uv.data.push_back(1.0f - t.y);
          uv.points.push_back(at->second);
          uv.faces.push_back(face_index);
          for (const auto& [bone, weight] : vertex_weights[v]) {
            auto vmap = weight_vmap_of_bone.find(bone);
            if (vmap == weight_vmap_of_bone.end()) {
              xray::VMap weights;
              weights.name = (*object.bones)[bone].weight_map;
              weights.dimension = 1;
              weights.type = 1;
              vmap = weight_vmap_of_bone.emplace(bone, static_cast<std::uint32_t>(1 + weight_vmap_of_bone.size())).first;
              mesh.vmaps.resize(std::max<std::size_t>(mesh.vmaps.size(), vmap->second + 1));
              mesh.vmaps[vmap->second] = std::move(weights);
            }
            auto& weights = mesh.vmaps[vmap->second];
            const auto [entry, new_entry] = weight_entry.emplace(std::pair{vmap->second, at->second},
                                                                 static_cast<std::uint32_t>(weights.points.size()));
            if (new_entry) {
              weights.data.push_back(weight);
              weights.points.push_back(at->second);
            }
            refs.push_back({vmap->second, entry->second});
          }
          out.refs[c] = static_cast<std::uint32_t>(mesh.vmap_refs.size());
          mesh.vmap_refs.push_back(std::move(refs));
          if (source.mNormals) {
            aiVector3D n = normal_transform * source.mNormals[v];
            n.NormalizeSafe();
            n = xray_axes::vector(n);
            normals.push_back({n.x, n.y, n.z});
          }
        }
        mesh.faces.push_back(out);
        faces_of_surface[surface].push_back(face_index);
      }
    }
    if (mesh.faces.empty()) continue;
    if (mesh.vmap_refs.size() > 0xFFFFFFFFu / 2 || mesh.faces.size() > 0x7FFFFFFF) w.fail("meshes", "mesh too large");
    if (mesh.vmaps.empty()) mesh.vmaps.resize(1);
    mesh.vmaps[0] = std::move(uv);
    for (auto& [surface, faces] : faces_of_surface) mesh.surface_faces.push_back({surface, std::move(faces)});
    mesh.smoothing = std::vector<std::uint32_t>(mesh.faces.size(), 0);
    if (have_normals && normals.size() == mesh.faces.size() * 3) mesh.normals = std::move(normals);
    std::array<float, 6> box{mesh.points[0][0], mesh.points[0][1], mesh.points[0][2],
                             mesh.points[0][0], mesh.points[0][1], mesh.points[0][2]};
    for (const auto& p : mesh.points)
      for (int i = 0; i < 3; ++i) {
        box[i] = std::min(box[i], p[i]);
        box[3 + i] = std::max(box[3 + i], p[i]);
      }
    mesh.bbox = box;
    meshes.push_back(std::move(mesh));
  }

  // Object fields.
  object.flags = unsigned_number(meta, "flags", object.bones ? xray::kObjectDynamic : 0u);
  if (meta.contains("user_data") && meta["user_data"].is_string()) object.user_data = w.cp1251(meta["user_data"], "user_data");
  else object.user_data = std::string();
  if (meta.contains("lod_ref") && meta["lod_ref"].is_string()) object.lod_ref = w.cp1251(meta["lod_ref"], "lod_ref");
  else object.lod_ref = std::string();
  if (meta.contains("motion_refs") && meta["motion_refs"].is_array()) {
    auto& refs = object.motion_refs.emplace();
    for (const auto& ref : meta["motion_refs"])
      if (ref.is_string()) refs.push_back(w.cp1251(ref, "motion_refs"));
  }
  if (meta.contains("motion_refs_soc") && meta["motion_refs_soc"].is_string())
    object.motion_refs_soc = w.cp1251(meta["motion_refs_soc"], "motion_refs_soc");
  std::array<float, 6> transform{};
  if (floats(meta, "transform", transform)) object.transform = transform;
  if (meta.contains("revision") && meta["revision"].is_object()) {
    const json& r = meta["revision"];
    object.revision = xray::ObjectRevision{w.cp1251(text(r, "owner", ""), "revision.owner"), unsigned_number(r, "create_time", 0),
                                           w.cp1251(text(r, "modifier", ""), "revision.modifier"), unsigned_number(r, "modify_time", 0)};
  }
  if (meta.contains("bone_parts") && meta["bone_parts"].is_array() && object.bones) {
    auto& parts = object.bone_parts.emplace();
    for (const auto& part : meta["bone_parts"]) {
      xray::SdkBonePart out{w.cp1251(text(part, "name", "default"), "bone_parts.name"), {}};
      if (part.contains("bones") && part["bones"].is_array())
        for (const auto& bone : part["bones"])
          if (bone.is_string()) out.bones.push_back(w.cp1251(bone, "bone_parts.bones"));
      parts.push_back(std::move(out));
    }
  } else if (object.bones) {
    xray::SdkBonePart all{"default", {}};
    for (const auto& bone : *object.bones) all.bones.push_back(bone.name);
    object.bone_parts = std::vector<xray::SdkBonePart>{all};
  }
  if (scene.mNumAnimations > 0 && object.bones) object.motions = scene_to_sdk_motions(scene, bone_names, output_name);
  return object;
}

}  // namespace gamefmt::assimp
