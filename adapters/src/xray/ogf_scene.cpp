#include <algorithm>
#include <map>
#include <set>

#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "gamefmt/core/text_encoding.hpp"

namespace gamefmt::assimp {
namespace {

std::vector<int> parent_indices(const xray::OgfModel& model) {
  std::vector<std::string_view> names, parents;
  for (const auto& bone : model.bones) {
    names.push_back(bone.name);
    parents.push_back(bone.parent_name);
  }
  return xray_bone_parents(names, parents);
}

aiMatrix4x4 bind_local(const xray::OgfBone& bone, bool has_ik) {
  if (!has_ik) return {};
  return xray_axes::bone_transform(bone.bind_translation, bone.bind_rotation);
}

// The shared bone record (xray_bone_record.hpp) with the OGF's own box and IK version.
nlohmann::json bone_json(const xray::OgfBone& bone, bool has_ik) {
  nlohmann::json out = {{"box", xray_box_json(bone.box)}};
  if (!has_ik) return out;
  out.update({{"ik_version", bone.ik_version},
              {"game_material", cp1251_to_utf8(bone.game_material)},
              {"shape", xray_shape_json(bone.shape)},
              {"joint", xray_joint_json(assimp::ogf_joint(bone))},
              {"ik_flags", bone.ik_flags},
              {"break", {bone.break_force, bone.break_torque}},
              {"friction", bone.friction},
              {"mass", bone.mass},
              {"center_of_mass", bone.center_of_mass}});
  return out;
}

nlohmann::json model_json(const xray::OgfModel& model) {
  nlohmann::json refs = nlohmann::json::array();
  for (const auto& ref : model.motion_refs) refs.push_back(cp1251_to_utf8(ref));
  nlohmann::json out = {{"format_version", model.header.format_version},
                        {"type", model.header.type},
                        {"motion_refs", refs},
                        {"motion_refs_chunk", model.motion_refs_chunk},
                        {"user_data", cp1251_to_utf8(model.user_data)},
                        {"lod_ref", cp1251_to_utf8(model.lod_ref)},
                        {"skipped_chunks", model.skipped_chunks}};
  if (model.description) {
    const auto& d = *model.description;
    out["description"] = {{"source_file", cp1251_to_utf8(d.source_file)}, {"build_name", cp1251_to_utf8(d.build_name)},
                          {"build_time", d.build_time},                   {"create_name", cp1251_to_utf8(d.create_name)},
                          {"create_time", d.create_time},                 {"modify_name", cp1251_to_utf8(d.modify_name)},
                          {"modify_time", d.modify_time}};
  }
  return out;
}

std::unique_ptr<aiMesh> make_mesh(const xray::OgfMesh& source, std::size_t index, unsigned material,
                                  const std::vector<std::string>& bone_names, const std::vector<aiMatrix4x4>& globals) {
  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = aiString("mesh" + std::to_string(index));
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  mesh->mMaterialIndex = material;
  const auto count = static_cast<unsigned>(source.vertices.size());
  mesh->mNumVertices = count;
  mesh->mVertices = new aiVector3D[count];
  mesh->mNormals = new aiVector3D[count];
  mesh->mTextureCoords[0] = new aiVector3D[count];
  mesh->mNumUVComponents[0] = 2;
  for (unsigned i = 0; i < count; ++i) {
    const auto& v = source.vertices[i];
    mesh->mVertices[i] = xray_axes::vector(v.position[0], v.position[1], v.position[2]);
    mesh->mNormals[i] = xray_axes::vector(v.normal[0], v.normal[1], v.normal[2]).NormalizeSafe();
    mesh->mTextureCoords[0][i] = aiVector3D(v.uv[0], 1.0f - v.uv[1], 0.0f);  // aiScene's V points up
  }
  const auto indices = source.full_detail_indices();
  mesh->mNumFaces = static_cast<unsigned>(indices.size() / 3);
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    auto& face = mesh->mFaces[f];
    face.mNumIndices = 3;
    face.mIndices = new unsigned[3];
    unsigned a = indices[3 * f], b = indices[3 * f + 1], c = indices[3 * f + 2];
    xray_axes::flip_winding(a, b, c);
    face.mIndices[0] = a;
    face.mIndices[1] = b;
    face.mIndices[2] = c;
  }
  if (source.links == 0 || bone_names.empty()) return mesh;
  std::vector<std::vector<aiVertexWeight>> weights(bone_names.size());
  for (unsigned i = 0; i < count; ++i) {
    const auto influences = xray::ogf_influences(source.vertices[i], source.links);
    for (std::size_t k = 0; k < influences.count; ++k)
      weights[influences.bones[k]].emplace_back(i, influences.weights[k]);
  }
  set_mesh_bones(*mesh, bone_names, globals, std::move(weights));
  return mesh;
}

}  // namespace

std::vector<aiMatrix4x4> ogf_bind_globals(const xray::OgfModel& model) {
  const auto parents = parent_indices(model);
  std::vector<aiMatrix4x4> globals(model.bones.size());
  std::vector<bool> done(model.bones.size(), false);
  // Parents may come after their children: resolve each chain from its root.
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    std::vector<int> chain;
    for (int at = int(i); at >= 0 && !done[at]; at = parents[at]) chain.push_back(at);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int bone = *it;
      const aiMatrix4x4 local = bind_local(model.bones[bone], model.has_ik_data);
      globals[bone] = parents[bone] >= 0 ? globals[parents[bone]] * local : local;
      done[bone] = true;
    }
  }
  return globals;
}

std::unique_ptr<aiScene> ogf_to_scene(const xray::OgfModel& model, std::string_view root_name,
                                      const std::vector<XrayMotionFile>& motion_files) {
  // Unique node names: bones first (animations and skins refer to them), then the root and mesh nodes.
  std::set<std::string> used;
  auto unique = [&](std::string name) {
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  };
  std::vector<std::string> bone_names;
  for (const auto& bone : model.bones) bone_names.push_back(unique(cp1251_to_utf8(bone.name)));
  const std::string root = unique(root_name.empty() ? std::string("ogf") : std::string(root_name));

  auto scene = std::make_unique<aiScene>();
  scene->mRootNode = make_node(root);
  std::vector<aiNode*> top;

  const auto parents = parent_indices(model);
  const auto globals = ogf_bind_globals(model);
  std::vector<aiNode*> bone_nodes;
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    aiNode* node = make_node(bone_names[i]);
    node->mTransformation = bind_local(model.bones[i], model.has_ik_data);
    add_metadata_json(node->mMetaData, kXrayBoneKey, bone_json(model.bones[i], model.has_ik_data));
    bone_nodes.push_back(node);
  }
  std::vector<std::vector<aiNode*>> children(model.bones.size());
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    if (parents[i] >= 0)
      children[parents[i]].push_back(bone_nodes[i]);
    else
      top.push_back(bone_nodes[i]);
  }
  for (std::size_t i = 0; i < model.bones.size(); ++i) set_children(*bone_nodes[i], children[i]);

  std::vector<std::unique_ptr<aiMesh>> meshes;
  std::vector<std::unique_ptr<aiMaterial>> materials;
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    const auto& source = model.meshes[m];
    if (source.vertices.empty() || source.full_detail_indices().empty()) continue;
    const std::string texture = cp1251_to_utf8(source.texture);
    auto material = make_material(texture.empty() ? "mesh" + std::to_string(m) : texture, aiColor4D(1, 1, 1, 1));
    materials.push_back(std::move(material));
    meshes.push_back(make_mesh(source, m, static_cast<unsigned>(materials.size() - 1), bone_names, globals));
    aiNode* node = make_node(unique(root + "_mesh" + std::to_string(m)));
    set_meshes(*node, {static_cast<unsigned>(meshes.size() - 1)});
    add_metadata(node->mMetaData, "xray.texture", aiString(texture));
    add_metadata(node->mMetaData, "xray.shader", aiString(cp1251_to_utf8(source.shader)));
    add_metadata(node->mMetaData, "xray.vertex_format", static_cast<double>(source.vertex_format));
    add_metadata(node->mMetaData, "xray.links", source.links);
    add_metadata(node->mMetaData, "xray.progressive", source.progressive());
    top.push_back(node);
  }
  set_children(*scene->mRootNode, top);
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;

  XrayMotionCollector motions(bone_names);
  if (model.motion_keys && model.motion_params) motions.add(*model.motion_keys, *model.motion_params, root);
  const std::size_t embedded = motions.animation_count();  // the model's own motions come first
  for (const auto& file : motion_files) motions.add(file.omf.keys, file.omf.params, file.name);
  motions.store(*scene);
  nlohmann::json info = model_json(model);
  info["embedded_motions"] = nlohmann::json::array();
  for (std::size_t a = 0; a < embedded; ++a)
    info["embedded_motions"].push_back(scene->mAnimations[a]->mName.C_Str());
  add_metadata_json(scene->mMetaData, kXrayOgfKey, info);
  return scene;
}

}  // namespace gamefmt::assimp
