// X-Ray SDK .object -> scene (object_scene.hpp describes the layout).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/xray_shader_drawing.hpp"
#include "xray/xray_space.hpp"
#include "xray/xray_surface_record.hpp"

namespace gamefmt::xray {
namespace {

constexpr const char* kObjectFlagNames[] = {"dynamic",        "progressive",    "using_lod", "hom",
                                            "multiple_usage", "sound_occluder", "hq_export"};
constexpr std::size_t kMaxInfluences = 4;

std::vector<int> bone_parents(const std::vector<SdkBone>& bones) {
  std::vector<std::string_view> names, parents;
  for (const auto& bone : bones) {
    names.push_back(bone.name);
    parents.push_back(bone.parent);
  }
  return xray_bone_parents(names, parents);
}

glm::mat4 bone_local(const SdkBone& bone) {
  if (!bone.bind_pose) return glm::mat4(1.0f);
  const auto& p = *bone.bind_pose;
  return xray_space::bone_transform({p[0], p[1], p[2]}, bone.bind_rotation());
}

nlohmann::json vec(const float* v, std::size_t n) {
  return nlohmann::json(std::vector<float>(v, v + n));
}

nlohmann::json object_json(const ObjectFile& o) {
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

nlohmann::json surfaces_json(const ObjectFile& o) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& s : o.surfaces) out.push_back(sdk_surface_json(s));
  return out;
}

struct Corner {
  glm::vec3 position{0.0f}, normal{0.0f};
  // V counted upwards (1 - v), as gamefmt held it before its scene model: vertices are shared by this value.
  glm::vec2 uv_up{0.0f};
  std::vector<std::pair<unsigned, float>> weights;  // (bone, weight), at most kMaxInfluences, normalised
};

// The attributes of one face corner: UV from the first UV vmap entry of its reference list, weights from the
// weight vmaps (bones found by weight_map).
Corner corner_of(const ObjectMesh& mesh, const ObjectFace& face, int c, const glm::vec3& normal,
                 const std::vector<int>& bone_of_vmap) {
  Corner out;
  const auto& p = mesh.points[face.points[c]];
  out.position = xray_space::vector(glm::vec3(p[0], p[1], p[2]));
  out.normal = normal;
  bool have_uv = false;
  for (const auto& ref : mesh.vmap_refs[face.refs[c]]) {
    const auto& vmap = mesh.vmaps[ref.vmap];
    if (vmap.is_uv() && vmap.dimension >= 2 && !have_uv) {
      out.uv_up = {vmap.data[ref.index * vmap.dimension], 1.0f - vmap.data[ref.index * vmap.dimension + 1]};
      have_uv = true;
    } else if (vmap.is_weight() && vmap.dimension >= 1 && bone_of_vmap[ref.vmap] >= 0) {
      const float w = vmap.data[ref.index * vmap.dimension];
      if (w > 0 && std::isfinite(w))
        out.weights.emplace_back(static_cast<unsigned>(bone_of_vmap[ref.vmap]), w);
    }
  }
  std::stable_sort(out.weights.begin(), out.weights.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  if (out.weights.size() > kMaxInfluences) out.weights.resize(kMaxInfluences);
  float sum = 0;
  for (const auto& w : out.weights) sum += w.second;
  for (auto& w : out.weights) w.second /= sum;
  return out;
}

struct MeshBuilder {
  std::vector<Corner> vertices;
  std::vector<std::uint32_t> indices;
  std::map<std::tuple<std::uint32_t, float, float, float, float, float>, std::uint32_t>
      index_of;  // point, uv, normal
};

// The UTF-8 node names of the object's bones, in bone order, made unique with "#2"...
std::vector<std::string> bone_names(const ObjectFile& object) {
  std::vector<std::string> names;
  std::set<std::string> used;
  if (!object.bones) return names;
  for (const auto& bone : *object.bones) {
    const std::string base =
        cp1251_to_utf8(bone.name).empty() ? std::string("bone") : cp1251_to_utf8(bone.name);
    std::string name = base;
    for (int n = 2; !used.insert(name).second; ++n) name = base + "#" + std::to_string(n);
    names.push_back(name);
  }
  return names;
}

}  // namespace

nlohmann::json sdk_bone_json(const SdkBone& bone) {
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

scene::Scene object_to_scene(const ObjectFile& object, std::string_view root_name,
                             const ObjectImportOptions& options) {
  const std::vector<SdkBone> no_bones;
  const auto& bones = object.bones ? *object.bones : no_bones;
  const auto names = bone_names(object);
  std::set<std::string> used(names.begin(), names.end());
  const auto unique = [&](std::string name) {
    std::string candidate = name;
    for (int n = 2; !used.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  };
  scene::Scene scene;
  scene.name = unique(root_name.empty() ? std::string("object") : std::string(root_name));

  // Bones: nodes 0 .. bones-1.
  const auto parents = bone_parents(bones);
  std::vector<glm::mat4> globals(bones.size(), glm::mat4(1.0f));
  std::vector<bool> done(bones.size(), false);
  for (std::size_t i = 0; i < bones.size(); ++i) {
    std::vector<int> chain;
    for (int at = static_cast<int>(i); at >= 0 && !done[at]; at = parents[at]) chain.push_back(at);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      globals[*it] =
          parents[*it] >= 0 ? globals[parents[*it]] * bone_local(bones[*it]) : bone_local(bones[*it]);
      done[*it] = true;
    }
  }
  std::vector<scene::NodeIndex> bone_nodes, bone_roots;
  for (std::size_t i = 0; i < bones.size(); ++i) {
    scene::Node node;
    node.name = names[i];
    node.transform = bone_local(bones[i]);
    node.extras[kXrayBoneKey] = sdk_bone_json(bones[i]);
    bone_nodes.push_back(scene.nodes.size());
    scene.nodes.push_back(std::move(node));
  }
  for (std::size_t i = 0; i < bones.size(); ++i)
    (parents[i] >= 0 ? scene.nodes[bone_nodes[parents[i]]].children : bone_roots).push_back(bone_nodes[i]);
  std::map<std::string, int> bone_by_weight_map;
  for (std::size_t i = 0; i < bones.size(); ++i) {
    bone_by_weight_map.emplace(lower_ascii(bones[i].weight_map), static_cast<int>(i));
    bone_by_weight_map.emplace(lower_ascii(bones[i].name), static_cast<int>(i));
  }

  // Materials: one per surface, plus one for faces no surface list names.
  for (const auto& surface : object.surfaces) {
    scene::Material material;
    material.name = cp1251_to_utf8(surface.name);
    if (!surface.texture.empty())
      material.texture_names["base_color"] = cp1251_to_utf8(surface.texture) + ".dds";
    apply_shader_drawing(material, cp1251_to_utf8(surface.engine_shader));
    // The surface's own two-sided flag (the SDK doubles its faces when it compiles them) is what comes back.
    material.double_sided = (surface.flags & 1) != 0;
    material.extras[kXraySurfaceKey] = sdk_surface_json(surface);
    scene.add_material(std::move(material));
  }
  std::optional<scene::MaterialIndex> unnamed_material;

  // Meshes.
  std::vector<scene::NodeIndex> top;
  const std::vector<ObjectMesh> no_meshes;
  const auto& source_meshes = object.meshes ? *object.meshes : no_meshes;
  for (std::size_t m = 0; m < source_meshes.size(); ++m) {
    const auto& mesh = source_meshes[m];
    const auto rule = options.smoothing ? *options.smoothing : default_smoothing_rule(mesh);
    const bool file_normals = mesh.normals && mesh.normals->size() == mesh.faces.size() * 3;
    const auto normals = file_normals ? *mesh.normals : object_corner_normals(mesh, rule);
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
    const auto surfaces = face_surfaces(object, mesh);
    std::map<int, MeshBuilder> parts;
    for (std::size_t f = 0; f < mesh.faces.size(); ++f) {
      const auto& face = mesh.faces[f];
      auto& part = parts[surfaces[f]];
      std::array<std::uint32_t, 3> corner_index{};
      for (int c = 0; c < 3; ++c) {
        const auto& n = normals[3 * f + c];
        const glm::vec3 normal = xray_space::vector(glm::vec3(n[0], n[1], n[2]));
        // Corners share a vertex when point, UV and normal agree (weights belong to the point).
        Corner corner = corner_of(mesh, face, c, normal, bone_of_vmap);
        const auto key =
            std::make_tuple(face.points[c], corner.uv_up.x, corner.uv_up.y, normal.x, normal.y, normal.z);
        const auto [at, inserted] =
            part.index_of.emplace(key, static_cast<std::uint32_t>(part.vertices.size()));
        if (inserted) part.vertices.push_back(std::move(corner));
        corner_index[c] = at->second;
      }
      xray_space::flip_winding(corner_index[0], corner_index[1], corner_index[2]);
      part.indices.insert(part.indices.end(), corner_index.begin(), corner_index.end());
    }
    scene::Node node;
    const std::string mesh_name = cp1251_to_utf8(mesh.name);
    node.name = unique(mesh_name.empty() ? "mesh" + std::to_string(m) : mesh_name);
    for (auto& [surface, part] : parts) {
      scene::Mesh out;
      if (surface >= 0) {
        out.material = static_cast<scene::MaterialIndex>(surface);
      } else {
        if (!unnamed_material) {
          scene::Material material;
          material.name = "no_surface";
          unnamed_material = scene.add_material(std::move(material));
        }
        out.material = unnamed_material;
      }
      const std::string surface_name =
          surface >= 0 ? cp1251_to_utf8(object.surfaces[surface].name) : "no_surface";
      out.name = mesh_name + "_" + surface_name;
      const std::size_t count = part.vertices.size();
      out.positions.reserve(count);
      out.normals.reserve(count);
      auto& uvs = out.texcoords.emplace_back();
      uvs.reserve(count);
      for (const auto& vertex : part.vertices) {
        out.positions.push_back(vertex.position);
        out.normals.push_back(vertex.normal);
        // glTF's V, as the Assimp boundary gave it: issue 18 makes this exact.
        uvs.push_back({vertex.uv_up.x, 1.0f - vertex.uv_up.y});
      }
      out.triangles = std::move(part.indices);
      if (skinned) {
        std::vector<std::vector<scene::VertexWeight>> weights(bones.size());
        for (std::size_t i = 0; i < count; ++i) {
          const auto vertex = static_cast<std::uint32_t>(i);
          if (part.vertices[i].weights.empty())
            weights[0].push_back({vertex, 1.0f});  // follows the first bone
          for (const auto& [bone, w] : part.vertices[i].weights) weights[bone].push_back({vertex, w});
        }
        for (std::size_t b = 0; b < bones.size(); ++b)
          out.bones.push_back(scene::bind_joint(bone_nodes[b], globals[b], std::move(weights[b])));
      }
      node.meshes.push_back(scene.add_mesh(std::move(out)));
    }
    node.extras[kXrayMeshKey] = {
        {"name", mesh_name},
        {"flags", mesh.flags},
        {"smoothing_rule", file_normals ? "normals_chunk" : smoothing_rule_name(rule)}};
    top.push_back(scene.nodes.size());
    scene.nodes.push_back(std::move(node));
  }
  top.insert(top.end(), bone_roots.begin(), bone_roots.end());
  if (top.empty())
    scene.add_node(scene.name);  // nothing but the file: one node for it
  else
    scene.roots = std::move(top);
  if (scene.materials.empty()) {
    scene::Material material;
    material.name = "default";
    scene.add_material(std::move(material));
  }
  scene.extras[kXrayObjectKey] = object_json(object);
  scene.extras[kXraySurfacesKey] = surfaces_json(object);
  const std::size_t companions_before = scene.animations.size();
  if (options.motions && object.motions)
    add_sdk_motions(scene, *object.motions, bone_nodes, options.source, options.limits, true);
  // The object's own motions, by name: what its export embeds (motion companions added later are not).
  auto& own = scene.extras[kXrayObjectKey]["embedded_motions"] = nlohmann::json::array();
  for (std::size_t a = companions_before; a < scene.animations.size(); ++a)
    own.push_back(scene.animations[a].name);
  normalize_extras_numbers(scene);
  return scene;
}

}  // namespace gamefmt::xray
