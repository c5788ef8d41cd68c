// X-Ray OGF model -> scene (ogf_scene.hpp describes the layout).
#include <set>

#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/model_space.hpp"
#include "xray/motion_record.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/xray_bump_maps.hpp"
#include "xray/xray_shader_drawing.hpp"
#include "xray/xray_space.hpp"

namespace gamefmt::xray {
namespace {

std::vector<int> parent_indices(const OgfModel& model) {
  std::vector<std::string_view> names, parents;
  for (const auto& bone : model.bones) {
    names.push_back(bone.name);
    parents.push_back(bone.parent_name);
  }
  return xray_bone_parents(names, parents);
}

glm::mat4 bind_local(const OgfBone& bone, bool has_ik) {
  if (!has_ik) return glm::mat4(1.0f);
  return xray_space::bone_transform(bone.bind_translation, bone.bind_rotation);
}

// The shared bone record (xray_bone_record.hpp) with the OGF's own box and IK version.
nlohmann::json bone_json(const OgfBone& bone, bool has_ik) {
  nlohmann::json out = {{"box", xray_box_json(bone.box)}};
  if (!has_ik) return out;
  out.update({{"ik_version", bone.ik_version},
              {"game_material", cp1251_to_utf8(bone.game_material)},
              {"shape", xray_shape_json(bone.shape)},
              {"joint", xray_joint_json(ogf_joint(bone))},
              {"ik_flags", bone.ik_flags},
              {"break", {bone.break_force, bone.break_torque}},
              {"friction", bone.friction},
              {"mass", bone.mass},
              {"center_of_mass", bone.center_of_mass}});
  return out;
}

nlohmann::json model_json(const OgfModel& model) {
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
    out["description"] = {{"source_file", cp1251_to_utf8(d.source_file)},
                          {"build_name", cp1251_to_utf8(d.build_name)},
                          {"build_time", d.build_time},
                          {"create_name", cp1251_to_utf8(d.create_name)},
                          {"create_time", d.create_time},
                          {"modify_name", cp1251_to_utf8(d.modify_name)},
                          {"modify_time", d.modify_time}};
  }
  return out;
}

// `bone_nodes` are the nodes of the model's bones and `globals` their bind poses, both in bone order.
scene::Mesh make_mesh(const OgfMesh& source, std::size_t index, scene::MaterialIndex material,
                      const std::vector<scene::NodeIndex>& bone_nodes,
                      const std::vector<glm::mat4>& globals) {
  scene::Mesh mesh;
  mesh.name = "mesh" + std::to_string(index);
  mesh.material = material;
  const std::size_t count = source.vertices.size();
  mesh.positions.reserve(count);
  mesh.normals.reserve(count);
  // Skinned vertices carry the tangents the game lights its bump maps with (stored, or computed as the SDK
  // does by read_ogf); static vertices (a D3D FVF) have none, and glTF readers compute their own.
  const bool tangents = source.links > 0;
  if (tangents) mesh.tangents.reserve(count);
  auto& uvs = mesh.texcoords.emplace_back();
  uvs.reserve(count);
  for (const auto& v : source.vertices) {
    mesh.positions.push_back(xray_space::vector(glm::vec3(v.position[0], v.position[1], v.position[2])));
    mesh.normals.push_back(
        normalize_safe(xray_space::vector(glm::vec3(v.normal[0], v.normal[1], v.normal[2]))));
    if (tangents)
      mesh.tangents.push_back(gltf_tangent(
          mesh.normals.back(), xray_space::vector(glm::vec3(v.tangent[0], v.tangent[1], v.tangent[2])),
          xray_space::vector(glm::vec3(v.binormal[0], v.binormal[1], v.binormal[2]))));
    // The V that glTF got through the Assimp boundary, which counted V upwards (1 - v there and back).
    uvs.push_back({v.uv[0], 1.0f - (1.0f - v.uv[1])});
  }
  const auto indices = source.full_detail_indices();
  mesh.triangles.reserve(indices.size() / 3 * 3);
  for (std::size_t f = 0; f + 2 < indices.size(); f += 3) {
    std::uint32_t a = indices[f], b = indices[f + 1], c = indices[f + 2];
    xray_space::flip_winding(a, b, c);
    mesh.triangles.insert(mesh.triangles.end(), {a, b, c});
  }
  if (source.links == 0 || bone_nodes.empty()) return mesh;
  std::vector<std::vector<scene::VertexWeight>> weights(bone_nodes.size());
  for (std::size_t i = 0; i < count; ++i) {
    const auto influences = ogf_influences(source.vertices[i], source.links);
    for (std::size_t k = 0; k < influences.count; ++k)
      weights[influences.bones[k]].push_back({static_cast<std::uint32_t>(i), influences.weights[k]});
  }
  for (std::size_t b = 0; b < bone_nodes.size(); ++b)
    mesh.bones.push_back(scene::bind_joint(bone_nodes[b], globals[b], std::move(weights[b])));
  return mesh;
}

}  // namespace

std::vector<glm::mat4> ogf_bind_globals(const OgfModel& model) {
  const auto parents = parent_indices(model);
  std::vector<glm::mat4> globals(model.bones.size(), glm::mat4(1.0f));
  std::vector<bool> done(model.bones.size(), false);
  // Parents may come after their children: resolve each chain from its root.
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    std::vector<int> chain;
    for (int at = int(i); at >= 0 && !done[at]; at = parents[at]) chain.push_back(at);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int bone = *it;
      const glm::mat4 local = bind_local(model.bones[bone], model.has_ik_data);
      globals[bone] = parents[bone] >= 0 ? globals[parents[bone]] * local : local;
      done[bone] = true;
    }
  }
  return globals;
}

scene::Scene ogf_to_scene(const OgfModel& model, std::string_view root_name,
                          const std::vector<XrayMotionFile>& motion_files, MotionRecords records) {
  // Unique node names: bones first (their names are the game's), then the scene and the mesh nodes.
  std::set<std::string> used;
  auto unique = [&](std::string name) {
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  };
  std::vector<std::string> bone_names;
  for (const auto& bone : model.bones) bone_names.push_back(unique(cp1251_to_utf8(bone.name)));
  const std::string name = unique(root_name.empty() ? std::string("ogf") : std::string(root_name));

  scene::Scene scene;
  scene.name = name;
  std::vector<scene::NodeIndex> bone_nodes, top;
  for (std::size_t i = 0; i < model.bones.size(); ++i) {
    scene::Node node;
    node.name = bone_names[i];
    node.transform = bind_local(model.bones[i], model.has_ik_data);
    node.extras[kXrayBoneKey] = bone_json(model.bones[i], model.has_ik_data);
    bone_nodes.push_back(scene.nodes.size());
    scene.nodes.push_back(std::move(node));
  }
  const auto parents = parent_indices(model);
  for (std::size_t i = 0; i < model.bones.size(); ++i)
    (parents[i] >= 0 ? scene.nodes[bone_nodes[parents[i]]].children : top).push_back(bone_nodes[i]);

  const auto globals = ogf_bind_globals(model);
  for (std::size_t m = 0; m < model.meshes.size(); ++m) {
    const auto& source = model.meshes[m];
    if (source.vertices.empty() || source.full_detail_indices().empty()) continue;
    const std::string texture = cp1251_to_utf8(source.texture);
    scene::Material material;
    material.name = texture.empty() ? "mesh" + std::to_string(m) : texture;
    if (!texture.empty()) material.texture_names["base_color"] = texture + ".dds";
    apply_shader_drawing(material, cp1251_to_utf8(source.shader));
    const auto mesh =
        scene.add_mesh(make_mesh(source, m, scene.add_material(std::move(material)), bone_nodes, globals));
    scene::Node node;
    node.name = unique(name + "_mesh" + std::to_string(m));
    node.meshes = {mesh};
    node.extras["xray.texture"] = texture;
    node.extras["xray.shader"] = cp1251_to_utf8(source.shader);
    node.extras["xray.vertex_format"] = static_cast<double>(source.vertex_format);
    node.extras["xray.links"] = source.links;
    node.extras["xray.progressive"] = source.progressive();
    top.push_back(scene.nodes.size());
    scene.nodes.push_back(std::move(node));
  }
  // Without bones or meshes the scene's one node is the model itself.
  if (top.empty())
    scene.add_node(name);
  else
    scene.roots = top;

  // A model with one motion file and no motions of its own: that file's way back is kept as an .omf import
  // keeps it (motion_record.hpp), so that its motions exported as an .omf come back as stored.
  const bool one_motion_file = records == MotionRecords::keep && motion_files.size() == 1 &&
                               !(model.motion_keys && model.motion_params);
  XrayMotionCollector motions(scene, bone_nodes, one_motion_file ? MotionRecords::keep : MotionRecords::none);
  if (model.motion_keys && model.motion_params) motions.add(*model.motion_keys, *model.motion_params, name);
  const std::size_t embedded = motions.animation_count();  // the model's own motions come first
  for (const auto& file : motion_files) motions.add(file.omf.keys, file.omf.params, file.name);
  if (one_motion_file && motions.animation_count() != 0)
    scene.extras[kOmfFileKey] = omf_file_record(motion_files.front().omf, motions.animation_names());
  const std::size_t before = scene.animations.size();
  motions.store(scene);
  nlohmann::json info = model_json(model);
  info["embedded_motions"] = nlohmann::json::array();
  for (std::size_t a = 0; a < embedded; ++a)
    info["embedded_motions"].push_back(scene.animations[before + a].name);
  scene.extras[kXrayOgfKey] = info;
  normalize_extras_numbers(scene);
  return scene;
}

}  // namespace gamefmt::xray
