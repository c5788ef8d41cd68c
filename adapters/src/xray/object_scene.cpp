#include <algorithm>
#include <cstring>
#include <map>
#include <set>
#include <tuple>

#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

constexpr const char* kObjectFlagNames[] = {"dynamic", "progressive", "using_lod", "hom",
                                            "multiple_usage", "sound_occluder", "hq_export"};
constexpr std::size_t kMaxInfluences = 4;

const char* rule_name(xray::SmoothingRule rule) {
  switch (rule) {
    case xray::SmoothingRule::cop: return "cop";
    case xray::SmoothingRule::soc: return "soc";
    case xray::SmoothingRule::max: return "max";
    default: return "flat";
  }
}

std::vector<int> bone_parents(const std::vector<xray::SdkBone>& bones) {
  std::vector<std::string_view> names, parents;
  for (const auto& bone : bones) {
    names.push_back(bone.name);
    parents.push_back(bone.parent);
  }
  return xray_bone_parents(names, parents);
}

aiMatrix4x4 bone_local(const xray::SdkBone& bone) {
  if (!bone.bind_pose) return {};
  const auto& p = *bone.bind_pose;
  return xray_axes::bone_transform({p[0], p[1], p[2]}, bone.bind_rotation());
}

nlohmann::json vec(const float* v, std::size_t n) { return nlohmann::json(std::vector<float>(v, v + n)); }

}  // namespace

nlohmann::json sdk_bone_json(const xray::SdkBone& bone) {
  nlohmann::json out = {{"weight_map", cp1251_to_utf8(bone.weight_map)}};
  if (bone.version) out["version"] = *bone.version;
  if (bone.bind_pose) out["length"] = (*bone.bind_pose)[6];
  if (bone.game_material) out["game_material"] = cp1251_to_utf8(*bone.game_material);
  if (bone.shape) out["shape"] = xray_shape_json(*bone.shape);
  if (bone.joint) out["joint"] = xray_joint_json(*bone.joint);
  if (bone.ik_flags) out["ik_flags"] = *bone.ik_flags;
  if (bone.break_limits) out["break"] = vec(bone.break_limits->data(), 2);
  if (bone.friction) out["friction"] = *bone.friction;
  if (bone.mass) {
    out["mass"] = (*bone.mass)[0];
    out["center_of_mass"] = vec(bone.mass->data() + 1, 3);
  }
  return out;
}

namespace {

nlohmann::json object_json(const xray::ObjectFile& o) {
  nlohmann::json out = nlohmann::json::object();
  if (o.version) out["version"] = *o.version;
  if (o.flags) {
    out["flags"] = *o.flags;
    nlohmann::json names = nlohmann::json::array();
    for (int bit = 0; bit < 7; ++bit)
      if (*o.flags & (1u << bit)) names.push_back(kObjectFlagNames[bit]);
    out["flag_names"] = names;
  }
  out["surfaces_chunk"] = o.surfaces_chunk;
  if (o.user_data) out["user_data"] = cp1251_to_utf8(*o.user_data);
  if (o.lod_ref) out["lod_ref"] = cp1251_to_utf8(*o.lod_ref);
  if (o.motion_refs) {
    nlohmann::json refs = nlohmann::json::array();
    for (const auto& ref : *o.motion_refs) refs.push_back(cp1251_to_utf8(ref));
    out["motion_refs"] = refs;
  }
  if (o.motion_refs_soc) out["motion_refs_soc"] = cp1251_to_utf8(*o.motion_refs_soc);
  if (o.transform) out["transform"] = vec(o.transform->data(), 6);
  if (o.revision)
    out["revision"] = {{"owner", cp1251_to_utf8(o.revision->owner)},
                       {"create_time", o.revision->create_time},
                       {"modifier", cp1251_to_utf8(o.revision->modifier)},
                       {"modify_time", o.revision->modify_time}};
  if (o.bone_parts) {
    nlohmann::json parts = nlohmann::json::array();
    for (const auto& part : *o.bone_parts) {
      nlohmann::json bones = nlohmann::json::array();
      for (const auto& bone : part.bones) bones.push_back(cp1251_to_utf8(bone));
      parts.push_back({{"name", cp1251_to_utf8(part.name)}, {"bones", bones}});
    }
    out["bone_parts"] = parts;
  }
  return out;
}

nlohmann::json surfaces_json(const xray::ObjectFile& o) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : o.surfaces)
    out.push_back({{"name", cp1251_to_utf8(s.name)},
                   {"engine_shader", cp1251_to_utf8(s.engine_shader)},
                   {"compiler_shader", cp1251_to_utf8(s.compiler_shader)},
                   {"game_material", cp1251_to_utf8(s.game_material)},
                   {"texture", cp1251_to_utf8(s.texture)},
                   {"vmap", cp1251_to_utf8(s.vmap)},
                   {"flags", s.flags},
                   {"fvf", s.fvf},
                   {"uv_count", s.uv_count}});
  return out;
}

struct Corner {
  aiVector3D position, normal, uv;
  std::vector<std::pair<unsigned, float>> weights;  // (bone, weight), at most kMaxInfluences, normalised
};

// The attributes of one face corner: UV from the first UV vmap entry of its reference list, weights from the
// weight vmaps (bones found by weight_map).
Corner corner_of(const xray::ObjectMesh& mesh, const xray::ObjectFace& face, int c, const aiVector3D& normal,
                 const std::vector<int>& bone_of_vmap) {
  Corner out;
  const auto& p = mesh.points[face.points[c]];
  out.position = xray_axes::vector(p[0], p[1], p[2]);
  out.normal = normal;
  bool have_uv = false;
  for (const auto& ref : mesh.vmap_refs[face.refs[c]]) {
    const auto& vmap = mesh.vmaps[ref.vmap];
    if (vmap.is_uv() && vmap.dimension >= 2 && !have_uv) {
      out.uv = aiVector3D(vmap.data[ref.index * vmap.dimension], 1.0f - vmap.data[ref.index * vmap.dimension + 1], 0);
      have_uv = true;
    } else if (vmap.is_weight() && vmap.dimension >= 1 && bone_of_vmap[ref.vmap] >= 0) {
      const float w = vmap.data[ref.index * vmap.dimension];
      if (w > 0 && std::isfinite(w)) out.weights.emplace_back(static_cast<unsigned>(bone_of_vmap[ref.vmap]), w);
    }
  }
  std::stable_sort(out.weights.begin(), out.weights.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  if (out.weights.size() > kMaxInfluences) out.weights.resize(kMaxInfluences);
  float sum = 0;
  for (const auto& w : out.weights) sum += w.second;
  for (auto& w : out.weights) w.second /= sum;
  return out;
}

struct MeshBuilder {
  std::vector<Corner> vertices;
  std::vector<unsigned> indices;
  std::map<std::tuple<std::uint32_t, float, float, float, float, float>, unsigned> index_of;  // point, uv, normal
};

}  // namespace

std::vector<std::string> object_bone_names(const xray::ObjectFile& object) {
  std::vector<std::string> names;
  std::set<std::string> used;
  if (!object.bones) return names;
  for (const auto& bone : *object.bones) {
    const std::string base = cp1251_to_utf8(bone.name).empty() ? std::string("bone") : cp1251_to_utf8(bone.name);
    std::string name = base;
    for (int n = 2; !used.insert(name).second; ++n) name = base + "#" + std::to_string(n);
    names.push_back(name);
  }
  return names;
}

std::unique_ptr<aiScene> object_to_scene(const xray::ObjectFile& object, std::string_view root_name,
                                         const ObjectImportOptions& options) {
  const std::vector<xray::SdkBone> no_bones;
  const auto& bones = object.bones ? *object.bones : no_bones;
  const auto bone_names = object_bone_names(object);
  std::set<std::string> used(bone_names.begin(), bone_names.end());
  const auto unique = [&](std::string name) {
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  };
  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = make_node(unique(root_name.empty() ? std::string("object") : std::string(root_name)));
  std::vector<aiNode*> top;

  // Bones.
  const auto parents = bone_parents(bones);
  std::vector<aiMatrix4x4> globals(bones.size());
  std::vector<bool> done(bones.size(), false);
  for (std::size_t i = 0; i < bones.size(); ++i) {
    std::vector<int> chain;
    for (int at = static_cast<int>(i); at >= 0 && !done[at]; at = parents[at]) chain.push_back(at);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      globals[*it] = parents[*it] >= 0 ? globals[parents[*it]] * bone_local(bones[*it]) : bone_local(bones[*it]);
      done[*it] = true;
    }
  }
  std::vector<aiNode*> bone_nodes;
  for (std::size_t i = 0; i < bones.size(); ++i) {
    aiNode* node = make_node(bone_names[i]);
    node->mTransformation = bone_local(bones[i]);
    add_metadata_json(node->mMetaData, kXrayBoneKey, sdk_bone_json(bones[i]));
    bone_nodes.push_back(node);
  }
  std::vector<std::vector<aiNode*>> children(bones.size());
  std::vector<aiNode*> bone_roots;
  for (std::size_t i = 0; i < bones.size(); ++i) (parents[i] >= 0 ? children[parents[i]] : bone_roots).push_back(bone_nodes[i]);
  for (std::size_t i = 0; i < bones.size(); ++i) set_children(*bone_nodes[i], children[i]);
  std::map<std::string, int> bone_by_weight_map;
  for (std::size_t i = 0; i < bones.size(); ++i) {
    bone_by_weight_map.emplace(lower_ascii(bones[i].weight_map), static_cast<int>(i));
    bone_by_weight_map.emplace(lower_ascii(bones[i].name), static_cast<int>(i));
  }

  // Materials: one per surface, plus one for faces no surface list names.
  std::vector<std::unique_ptr<aiMaterial>> materials;
  for (const auto& surface : object.surfaces) {
    auto material = make_material(cp1251_to_utf8(surface.name), aiColor4D(1, 1, 1, 1));
    if (!surface.texture.empty()) {
      const aiString texture(cp1251_to_utf8(surface.texture) + ".dds");
      material->AddProperty(&texture, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
    }
    const int two_sided = (surface.flags & 1) ? 1 : 0;
    material->AddProperty(&two_sided, 1, AI_MATKEY_TWOSIDED);
    materials.push_back(std::move(material));
  }
  int unnamed_material = -1;

  // Meshes.
  std::vector<std::unique_ptr<aiMesh>> meshes;
  const std::vector<xray::ObjectMesh> no_meshes;
  const auto& source_meshes = object.meshes ? *object.meshes : no_meshes;
  for (std::size_t m = 0; m < source_meshes.size(); ++m) {
    const auto& mesh = source_meshes[m];
    const auto rule = options.smoothing ? *options.smoothing : xray::default_smoothing_rule(mesh);
    const bool file_normals = mesh.normals && mesh.normals->size() == mesh.faces.size() * 3;
    const auto normals = file_normals ? *mesh.normals : xray::object_corner_normals(mesh, rule);
    std::vector<int> bone_of_vmap(mesh.vmaps.size(), -1);
    bool skinned = false;
    for (std::size_t v = 0; v < mesh.vmaps.size(); ++v)
      if (mesh.vmaps[v].is_weight()) {
        const auto found = bone_by_weight_map.find(lower_ascii(mesh.vmaps[v].name));
        if (found != bone_by_weight_map.end()) {
          bone_of_vmap[v] = found->second;
          skinned = true;
        }
      }
    const auto surfaces = xray::face_surfaces(object, mesh);
    std::map<int, MeshBuilder> parts;
    for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
      const auto& face = mesh.faces[f];
      auto& part = parts[surfaces[f]];
      std::array<unsigned, 3> corner_index{};
      for (int c = 0; c < 3; ++c) {
        const auto& n = normals[3 * f + c];
        const aiVector3D normal = xray_axes::vector(n[0], n[1], n[2]);
        // Corners share a vertex when point, UV and normal agree (weights belong to the point).
        Corner corner = corner_of(mesh, face, c, normal, bone_of_vmap);
        const auto key = std::make_tuple(face.points[c], corner.uv.x, corner.uv.y, normal.x, normal.y, normal.z);
        const auto [at, inserted] = part.index_of.emplace(key, static_cast<unsigned>(part.vertices.size()));
        if (inserted) part.vertices.push_back(std::move(corner));
        corner_index[c] = at->second;
      }
      xray_axes::flip_winding(corner_index[0], corner_index[1], corner_index[2]);
      part.indices.insert(part.indices.end(), corner_index.begin(), corner_index.end());
    }
    std::vector<unsigned> mesh_indices;
    for (auto& [surface, part] : parts) {
      unsigned material = 0;
      if (surface >= 0) {
        material = static_cast<unsigned>(surface);
      } else {
        if (unnamed_material < 0) {
          unnamed_material = static_cast<int>(materials.size());
          materials.push_back(make_material("no_surface", aiColor4D(1, 1, 1, 1)));
        }
        material = static_cast<unsigned>(unnamed_material);
      }
      auto out = std::make_unique<aiMesh>();
      const std::string surface_name = surface >= 0 ? cp1251_to_utf8(object.surfaces[surface].name) : "no_surface";
      out->mName = aiString(cp1251_to_utf8(mesh.name) + "_" + surface_name);
      out->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
      out->mMaterialIndex = material;
      const auto count = static_cast<unsigned>(part.vertices.size());
      out->mNumVertices = count;
      out->mVertices = new aiVector3D[count];
      out->mNormals = new aiVector3D[count];
      out->mTextureCoords[0] = new aiVector3D[count];
      out->mNumUVComponents[0] = 2;
      for (unsigned i = 0; i < count; ++i) {
        out->mVertices[i] = part.vertices[i].position;
        out->mNormals[i] = part.vertices[i].normal;
        out->mTextureCoords[0][i] = part.vertices[i].uv;
      }
      out->mNumFaces = static_cast<unsigned>(part.indices.size() / 3);
      out->mFaces = new aiFace[out->mNumFaces];
      for (unsigned f = 0; f < out->mNumFaces; ++f) {
        out->mFaces[f].mNumIndices = 3;
        out->mFaces[f].mIndices = new unsigned[3]{part.indices[3 * f], part.indices[3 * f + 1], part.indices[3 * f + 2]};
      }
      if (skinned) {
        std::vector<std::vector<aiVertexWeight>> weights(bones.size());
        for (unsigned i = 0; i < count; ++i) {
          if (part.vertices[i].weights.empty()) weights[0].emplace_back(i, 1.0f);  // unweighted: follows the first bone
          for (const auto& [bone, w] : part.vertices[i].weights) weights[bone].emplace_back(i, w);
        }
        set_mesh_bones(*out, bone_names, globals, std::move(weights));
      }
      mesh_indices.push_back(static_cast<unsigned>(meshes.size()));
      meshes.push_back(std::move(out));
    }
    aiNode* node = make_node(unique(cp1251_to_utf8(mesh.name).empty() ? "mesh" + std::to_string(m) : cp1251_to_utf8(mesh.name)));
    set_meshes(*node, mesh_indices);
    add_metadata_json(node->mMetaData, kXrayMeshKey,
                      {{"name", cp1251_to_utf8(mesh.name)},
                       {"flags", mesh.flags},
                       {"smoothing_rule", file_normals ? "normals_chunk" : rule_name(rule)}});
    top.push_back(node);
  }
  top.insert(top.end(), bone_roots.begin(), bone_roots.end());
  set_children(*scene->mRootNode, top);
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  if (materials.empty()) materials.push_back(make_material("default", aiColor4D(1, 1, 1, 1)));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  add_metadata_json(scene->mMetaData, kXrayObjectKey, object_json(object));
  add_metadata_json(scene->mMetaData, kXraySurfacesKey, surfaces_json(object));
  if (options.motions && object.motions) add_sdk_motions(*scene, *object.motions, bone_names, options.source);
  return scene;
}

}  // namespace gamefmt::assimp
