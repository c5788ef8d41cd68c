// Scene -> X-Ray SDK .object (object_scene.hpp describes the choices).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

#include "core/blender_names.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/model_space.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/xray_space.hpp"
#include "xray/xray_surface_record.hpp"
#include "xray/xray_texture_name.hpp"

namespace gamefmt::xray {
namespace {

using nlohmann::json;

// The material a mesh without one had at the Assimp boundary (Assimp's default material): kept so that such
// meshes are written as before.
constexpr const char* kMissingMaterialName = "DefaultMaterial";

struct Writer {
  const scene::Scene& scene;
  FieldPath path;
  std::vector<std::string> names;                        // of every node, as written
  std::vector<std::optional<scene::NodeIndex>> parents;  // of every node
  std::vector<glm::mat4> globals;                        // of every node

  std::string cp1251(const std::string& utf8, std::string_view field) const {
    auto out = utf8_to_cp1251(utf8);
    if (!out) path.fail(field, "'" + utf8 + "' has characters cp1251 lacks", ErrorKind::cannot_write);
    return *out;
  }
};

SdkBone make_bone(const Writer& w, scene::NodeIndex node, std::optional<scene::NodeIndex> parent) {
  const json meta = scene::get_or<json>(w.scene.nodes[node].extras, kXrayBoneKey, nullptr);
  const std::string& name = w.names[node];
  SdkBone bone;
  bone.version = 2;
  bone.name = w.cp1251(name, "bones.name");
  bone.parent = parent ? w.cp1251(w.names[*parent], "bones.parent") : std::string();
  bone.weight_map = w.cp1251(scene::get_or(meta, "weight_map", name), "bones.weight_map");
  if (bone.weight_map.empty()) bone.weight_map = bone.name;
  bone.second_definition = true;
  const glm::mat4 local = parent ? scene::inverse(w.globals[*parent]) * w.globals[node] : w.globals[node];
  const scene::Trs trs = scene::decompose(local);
  const glm::vec3 offset = xray_space::vector(trs.translation);
  const auto euler = xray_space::euler_rotation_from_scene(trs.rotation);
  bone.bind_pose = std::array<float, 7>{
      offset.x, offset.y, offset.z, euler[0], euler[1], euler[2], scene::get_or(meta, "length", 0.0f)};
  bone.game_material =
      w.cp1251(scene::get_or<std::string>(meta, "game_material", "default_object"), "bones.game_material");
  bone.shape = xray_shape_from_record(meta);
  bone.joint = xray_joint_from_record(meta);
  if (!bone.joint) {
    bone.joint.emplace();
    for (auto& limit : bone.joint->limits) limit.spring = limit.damping = 1.0f;
  }
  const bool from_scratch = !meta.is_object();
  if (from_scratch || meta.contains("ik_flags"))
    bone.ik_flags = scene::get_or<std::uint32_t>(meta, "ik_flags", 0);
  const auto breaks = scene::get<std::array<float, 2>>(meta, "break");
  if (breaks || from_scratch) bone.break_limits = breaks.value_or(std::array<float, 2>{});
  if (from_scratch || meta.contains("friction")) bone.friction = scene::get_or(meta, "friction", 0.0f);
  if (meta.contains("mass") || from_scratch) {
    std::array<float, 4> mass{scene::get_or(meta, "mass", 10.0f), 0, 0, 0};
    if (const auto center = scene::get<std::array<float, 3>>(meta, "center_of_mass"))
      std::copy(center->begin(), center->end(), mass.begin() + 1);
    bone.mass = mass;
  }
  return bone;
}

// `node`: the mesh node, whose "xray.texture" and "xray.shader" (a scene from an OGF) stand in for a surface
// record. `material` is null for a mesh without one.
ObjectSurface make_surface(const Writer& w, const scene::Material* material, const json& surfaces,
                           bool skinned, scene::NodeIndex node, std::vector<std::string>* warnings) {
  const std::string material_name = material ? material->name : kMissingMaterialName;
  const std::string own_name = !material_name.empty() ? material_name : "default";
  const json meta = sdk_surface_record(surfaces, material ? material->extras : json(), own_name);
  const auto& extras = w.scene.nodes[node].extras;
  const std::string texture =
      scene::get_or(extras, "xray.texture", material ? xray_texture_name(w.scene, *material) : std::string());
  const auto node_shader = scene::get<std::string>(extras, "xray.shader");
  const std::string engine_shader = node_shader.value_or(skinned ? "models\\model" : "default");
  const bool two_sided = material && material->double_sided;
  ObjectSurface s;
  s.name =
      w.cp1251(game_material_name(own_name, scene::get_or<std::string>(meta, "name", "")), "surfaces.name");
  s.engine_shader = w.cp1251(scene::get_or(meta, "engine_shader", engine_shader), "surfaces.engine_shader");
  s.compiler_shader =
      w.cp1251(scene::get_or<std::string>(meta, "compiler_shader", "default"), "surfaces.compiler_shader");
  s.game_material =
      w.cp1251(scene::get_or<std::string>(meta, "game_material", "default"), "surfaces.game_material");
  s.texture = w.cp1251(scene::get_or(meta, "texture", texture), "surfaces.texture");
  s.vmap = w.cp1251(scene::get_or<std::string>(meta, "vmap", "Texture"), "surfaces.vmap");
  s.flags = (scene::get_or<std::uint32_t>(meta, "flags", 0) & ~1u) | (two_sided ? 1u : 0u);
  s.fvf = scene::get_or<std::uint32_t>(meta, "fvf", 0x112);
  s.uv_count = scene::get_or<std::uint32_t>(meta, "uv_count", 1);
  if (meta.is_null() && !node_shader && warnings != nullptr)
    warnings->push_back(missing_surface_record_warning(
        material_name, "shader '" + engine_shader + "', compiler shader 'default', game material 'default'"));
  return s;
}

// The object's own fields, or for a scene from an OGF those an OGF shares with it (user data, LOD, motion
// references in the layout of the game it was made for).
json object_fields(const scene::Scene& scene) {
  if (auto fields = scene::get<json>(scene.extras, kXrayObjectKey); fields && fields->is_object())
    return *fields;
  json fields = json::object();
  const json ogf = scene::get_or<json>(scene.extras, kXrayOgfKey, nullptr);
  if (!ogf.is_object()) return fields;
  for (const char* key : {"user_data", "lod_ref"})
    if (const auto value = scene::get<std::string>(ogf, key); value && !value->empty()) fields[key] = *value;
  if (const auto refs = scene::get<json>(ogf, "motion_refs"); refs && refs->is_array() && !refs->empty()) {
    if (scene::get_or<std::uint32_t>(ogf, "motion_refs_chunk", 0) == kOgfMotionRefsCommaList) {
      std::vector<std::string> list;
      for (const auto& ref : *refs)
        if (ref.is_string()) list.push_back(ref.get<std::string>());
      fields["motion_refs_soc"] = join_motion_refs(list);
    } else {
      fields["motion_refs"] = *refs;
    }
  }
  return fields;
}

}  // namespace

ObjectFile scene_to_object(const scene::Scene& scene, std::string_view output_name, const Limits& limits,
                           std::vector<std::string>* warnings, ObjectMotions motions) {
  Writer w{scene, FieldPath(output_name), unique_node_names(scene), scene::parents_of(scene),
           model_transforms(scene)};
  ObjectFile object;
  const json meta = object_fields(scene);
  const json surfaces_meta = scene::get_or<json>(scene.extras, kXraySurfacesKey, nullptr);

  // Bones: skinning and animated nodes and nodes carrying a bone record, parents first.
  std::set<scene::NodeIndex> wanted;
  for (const auto& mesh : scene.meshes)
    for (const auto& bone : mesh.bones) wanted.insert(bone.node);
  for (const auto& animation : scene.animations)
    for (const auto& channel : animation.channels) wanted.insert(channel.node);
  std::vector<scene::NodeIndex> bone_nodes;
  for (scene::NodeIndex node : scene::tree_order(scene)) {
    const auto record = scene::get<json>(scene.nodes[node].extras, kXrayBoneKey);
    if (wanted.count(node) != 0 || (record && record->is_object())) bone_nodes.push_back(node);
  }
  if (bone_nodes.size() > 0xFFFF) w.path.fail("bones", "too many bones", ErrorKind::limit);
  const std::set<scene::NodeIndex> bone_set(bone_nodes.begin(), bone_nodes.end());
  std::map<scene::NodeIndex, std::uint32_t> bone_index;
  for (scene::NodeIndex node : bone_nodes) {
    auto parent = w.parents[node];
    while (parent && bone_set.count(*parent) == 0) parent = w.parents[*parent];
    bone_index[node] = static_cast<std::uint32_t>(object.bones ? object.bones->size() : 0);
    if (!object.bones) object.bones.emplace();
    object.bones->push_back(make_bone(w, node, parent));
  }

  // Surfaces: one per material used (a mesh without material gets one of its own, as before).
  std::map<std::optional<scene::MaterialIndex>, std::string> surface_of_material;
  const auto surface_name = [&](std::optional<scene::MaterialIndex> material,
                                scene::NodeIndex node) -> const std::string& {
    auto found = surface_of_material.find(material);
    if (found != surface_of_material.end()) return found->second;
    if (material && *material >= scene.materials.size())
      w.path.fail("meshes.material", "material index out of range");
    const scene::Material* source = material ? &scene.materials[*material] : nullptr;
    auto surface = make_surface(w, source, surfaces_meta, object.bones.has_value(), node, warnings);
    const auto named = [&](const std::string& name) {
      return std::find_if(object.surfaces.begin(), object.surfaces.end(),
                          [&](const ObjectSurface& s) { return s.name == name; });
    };
    auto existing = named(surface.name);
    if (existing != object.surfaces.end() && !(*existing == surface) && source != nullptr &&
        !source->name.empty()) {
      // Another material's record has this name and other fields (two models whose surfaces share a name):
      // this one keeps its own name (Blender's "<name>.001"), so that each keeps its shaders.
      surface.name = w.cp1251(source->name, "surfaces.name");
      existing = named(surface.name);
    }
    if (existing != object.surfaces.end()) return surface_of_material[material] = existing->name;
    object.surfaces.push_back(surface);
    return surface_of_material[material] = surface.name;
  };

  // Meshes: one edit mesh per node with meshes.
  std::vector<scene::NodeIndex> mesh_nodes;
  for (scene::NodeIndex node : scene::tree_order(scene))
    if (!scene.nodes[node].meshes.empty() && bone_set.count(node) == 0) mesh_nodes.push_back(node);
  auto& meshes = object.meshes.emplace();
  std::set<std::string> mesh_names;
  for (scene::NodeIndex node : mesh_nodes) {
    const json mesh_meta = scene::get_or<json>(scene.nodes[node].extras, kXrayMeshKey, nullptr);
    ObjectMesh mesh;
    const std::string base_name = scene::get_or(mesh_meta, "name", w.names[node]);
    std::string name = base_name;
    for (int n = 2; !mesh_names.insert(name).second; ++n) name = base_name + std::to_string(n);
    mesh.name = w.cp1251(name, "meshes.name");
    mesh.flags = static_cast<std::uint8_t>(scene::get_or<std::uint32_t>(mesh_meta, "flags", kMeshVisible) &
                                           ~kMeshSmoothingMask);
    mesh.options = std::array<std::int32_t, 2>{0, 0};
    const glm::mat4& transform = w.globals[node];
    const glm::mat4 normal_transform = normal_matrix(transform);
    VMap uv;
    uv.name = "Texture";
    uv.dimension = 2;
    uv.polymap = 1;
    uv.type = 0;
    std::map<std::array<std::uint32_t, 3>, std::uint32_t> point_of;
    std::map<std::uint32_t, std::uint32_t> weight_vmap_of_bone;                     // bone -> vmap index
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> weight_entry;  // (vmap, point) -> entry
    std::map<std::string, std::vector<std::uint32_t>> faces_of_surface;
    std::vector<std::array<float, 3>> normals;
    bool have_normals = true;
    for (scene::MeshIndex index : scene.nodes[node].meshes) {
      if (index >= scene.meshes.size()) w.path.fail("meshes", "node refers to a missing mesh");
      const scene::Mesh& source = scene.meshes[index];
      const std::size_t vertex_count = source.vertex_count();
      have_normals = have_normals && !source.normals.empty();
      std::vector<std::vector<std::pair<std::uint32_t, float>>> vertex_weights(vertex_count);
      for (const auto& binding : source.bones) {
        const auto found = bone_index.find(binding.node);
        if (found == bone_index.end()) continue;
        for (const auto& weight : binding.weights)
          if (weight.vertex < vertex_count && weight.weight > 0)
            vertex_weights[weight.vertex].emplace_back(found->second, weight.weight);
      }
      // The largest weights first; a VMREF list holds at most 255 entries (one is the UV).
      for (auto& list : vertex_weights) {
        std::stable_sort(list.begin(), list.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        if (list.size() > 254) list.resize(254);
      }
      const std::string& surface = surface_name(source.material, node);
      for (std::size_t t = 0; t + 2 < source.triangles.size(); t += 3) {
        const std::uint32_t face_index = static_cast<std::uint32_t>(mesh.faces.size());
        std::array<std::uint32_t, 3> corners{source.triangles[t], source.triangles[t + 1],
                                             source.triangles[t + 2]};
        xray_space::flip_winding(corners[0], corners[1], corners[2]);
        ObjectFace out;
        for (int c = 0; c < 3; ++c) {
          const std::uint32_t v = corners[c];
          if (v >= vertex_count) w.path.fail("meshes.faces", "a face index is past the vertices");
          const glm::vec3 p = xray_space::vector(scene::transform_point(transform, source.positions[v]));
          std::array<std::uint32_t, 3> bits{};
          std::memcpy(bits.data(), &p.x, 4);
          std::memcpy(bits.data() + 1, &p.y, 4);
          std::memcpy(bits.data() + 2, &p.z, 4);
          const auto [at, inserted] = point_of.emplace(bits, static_cast<std::uint32_t>(mesh.points.size()));
          if (inserted) mesh.points.push_back({p.x, p.y, p.z});
          out.points[c] = at->second;
          // UV entry per corner, then the point's weights.
          std::vector<VMapRef> refs{{0, static_cast<std::uint32_t>(uv.points.size())}};
          // V as the Assimp boundary handed it over (counted upwards), turned back: issue 18 makes this
          // exact.
          float u = 0.0f, v_up = 0.0f;
          if (!source.texcoords.empty()) {
            u = source.texcoords[0][v].x;
            v_up = static_cast<float>(1.0 - double(source.texcoords[0][v].y));
          }
          uv.data.push_back(u);
          uv.data.push_back(1.0f - v_up);
          uv.points.push_back(at->second);
          uv.faces.push_back(face_index);
          for (const auto& [bone, weight] : vertex_weights[v]) {
            auto vmap = weight_vmap_of_bone.find(bone);
            if (vmap == weight_vmap_of_bone.end()) {
              VMap weights;
              weights.name = (*object.bones)[bone].weight_map;
              weights.dimension = 1;
              weights.type = 1;
              vmap = weight_vmap_of_bone
                         .emplace(bone, static_cast<std::uint32_t>(1 + weight_vmap_of_bone.size()))
                         .first;
              mesh.vmaps.resize(std::max<std::size_t>(mesh.vmaps.size(), vmap->second + 1));
              mesh.vmaps[vmap->second] = std::move(weights);
            }
            auto& weights = mesh.vmaps[vmap->second];
            const auto [entry, new_entry] = weight_entry.emplace(
                std::pair{vmap->second, at->second}, static_cast<std::uint32_t>(weights.points.size()));
            if (new_entry) {
              weights.data.push_back(weight);
              weights.points.push_back(at->second);
            }
            refs.push_back({vmap->second, entry->second});
          }
          out.refs[c] = static_cast<std::uint32_t>(mesh.vmap_refs.size());
          mesh.vmap_refs.push_back(std::move(refs));
          if (!source.normals.empty()) {
            const glm::vec3 n = xray_space::vector(
                normalize_safe(scene::transform_direction(normal_transform, source.normals[v])));
            normals.push_back({n.x, n.y, n.z});
          }
        }
        mesh.faces.push_back(out);
        faces_of_surface[surface].push_back(face_index);
      }
    }
    if (mesh.faces.empty()) continue;
    if (mesh.vmap_refs.size() > 0xFFFFFFFFu / 2 || mesh.faces.size() > 0x7FFFFFFF)
      w.path.fail("meshes", "mesh too large", ErrorKind::limit);
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
  object.flags = scene::get_or<std::uint32_t>(meta, "flags", object.bones ? kObjectDynamic : 0u);
  object.user_data = w.cp1251(scene::get_or<std::string>(meta, "user_data", ""), "user_data");
  object.lod_ref = w.cp1251(scene::get_or<std::string>(meta, "lod_ref", ""), "lod_ref");
  if (const auto refs = scene::get<json>(meta, "motion_refs"); refs && refs->is_array()) {
    auto& list = object.motion_refs.emplace();
    for (const auto& ref : *refs)
      if (ref.is_string()) list.push_back(w.cp1251(ref.get<std::string>(), "motion_refs"));
  }
  if (const auto soc = scene::get<std::string>(meta, "motion_refs_soc"))
    object.motion_refs_soc = w.cp1251(*soc, "motion_refs_soc");
  if (const auto transform = scene::get<std::array<float, 6>>(meta, "transform"))
    object.transform = *transform;
  if (const auto r = scene::get<json>(meta, "revision"); r && r->is_object())
    object.revision =
        ObjectRevision{w.cp1251(scene::get_or<std::string>(*r, "owner", ""), "revision.owner"),
                       scene::get_or<std::uint32_t>(*r, "create_time", 0),
                       w.cp1251(scene::get_or<std::string>(*r, "modifier", ""), "revision.modifier"),
                       scene::get_or<std::uint32_t>(*r, "modify_time", 0)};
  const auto parts = scene::get<json>(meta, "bone_parts");
  if (parts && parts->is_array() && object.bones) {
    auto& out_parts = object.bone_parts.emplace();
    for (const auto& part : *parts) {
      SdkBonePart out{w.cp1251(scene::get_or<std::string>(part, "name", "default"), "bone_parts.name"), {}};
      if (const auto bones = scene::get<json>(part, "bones"); bones && bones->is_array())
        for (const auto& bone : *bones)
          if (bone.is_string()) out.bones.push_back(w.cp1251(bone.get<std::string>(), "bone_parts.bones"));
      out_parts.push_back(std::move(out));
    }
  } else if (object.bones) {
    SdkBonePart all{"default", {}};
    for (const auto& bone : *object.bones) all.bones.push_back(bone.name);
    object.bone_parts = std::vector<SdkBonePart>{all};
  }
  // ObjectMotions: the names of the animations to embed, or nothing for all. glTF leaves an empty list out of
  // the extras: an .object's record without the list has no motions of its own.
  std::optional<std::set<std::string>> own;
  const json object_record = scene::get_or<json>(scene.extras, kXrayObjectKey, nullptr);
  if (motions == ObjectMotions::none) {
    own.emplace();
  } else if (motions == ObjectMotions::automatic && object_record.is_object()) {
    own.emplace();
    if (const auto names = scene::get<json>(object_record, "embedded_motions"); names && names->is_array())
      for (const auto& name : *names)
        if (name.is_string()) own->insert(name.get<std::string>());
  }
  const bool any_written = std::any_of(scene.animations.begin(), scene.animations.end(),
                                       [&](const auto& a) { return !own || own->count(a.name) != 0; });
  if (any_written && object.bones)
    object.motions = scene_to_sdk_motions(scene, bone_nodes, output_name, limits, own ? &*own : nullptr);
  return object;
}

}  // namespace gamefmt::xray
