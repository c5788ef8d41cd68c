// Scene -> X-Ray OGF model (ogf_scene.hpp describes the choices).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "gamefmt/core/field_path.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"
#include "gamefmt/xray/ogf_vertex_welding.hpp"
#include "xray/model_space.hpp"
#include "xray/motion_scene.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/ogf_way_back.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/xray_space.hpp"
#include "xray/xray_surface_record.hpp"
#include "xray/xray_texture_name.hpp"

namespace gamefmt::xray {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxBones = 64;  // the SDK refuses more, the engine's bone masks are 64 bits
constexpr std::uint32_t kLinkFormats[] = {kSkinned1LinkSoC, kSkinned2LinkSoC, 3, 4};
// The material a mesh without one had at the Assimp boundary (Assimp's default material), whose name then
// stood in for the texture: kept so that such meshes are written as before.
constexpr const char* kMissingMaterialName = "DefaultMaterial";

using Vec = std::array<float, 3>;

struct Exporter {
  const scene::Scene& scene;
  const OgfExportOptions& options;
  FieldPath path;
  OgfModel model;
  std::vector<std::string> names;  // of every node, as written
  std::vector<std::optional<scene::NodeIndex>> parents;
  std::vector<glm::mat4> globals;  // of every node
  std::vector<scene::NodeIndex> bone_nodes;
  std::map<scene::NodeIndex, std::uint16_t> bone_index;
  json ogf_meta, object_meta, surfaces_meta;
  std::vector<std::string>* warnings;
  std::set<std::string> warned;       // materials already named in a warning
  std::vector<bool> kept_mesh_taken;  // of options.kept_model's meshes

  // The kept model's mesh that `written` still is, when the bones are the kept model's (their indices mean
  // the same bones); each kept mesh is taken once.
  const OgfMesh* kept_mesh_like(const OgfMesh& written) {
    const OgfModel* kept = options.kept_model;
    if (kept == nullptr || kept->bones.size() != model.bones.size()) return nullptr;
    for (std::size_t b = 0; b < kept->bones.size(); ++b)
      if (kept->bones[b].name != model.bones[b].name) return nullptr;
    kept_mesh_taken.resize(kept->meshes.size());
    for (std::size_t m = 0; m < kept->meshes.size(); ++m)
      if (!kept_mesh_taken[m] && kept->meshes[m].links <= options.max_links &&
          same_ogf_mesh(kept->meshes[m], written)) {
        kept_mesh_taken[m] = true;
        return &kept->meshes[m];
      }
    return nullptr;
  }

  // An edited mesh: its vertices that the edit left alone take the kept mesh's (take_kept_vertices), from the
  // first kept mesh of its texture and shader that is not taken whole; when the bones are the kept model's.
  void take_kept_vertices_of_edited(OgfMesh& mesh) {
    const OgfModel* kept = options.kept_model;
    if (kept == nullptr || kept->bones.size() != model.bones.size()) return;
    for (std::size_t b = 0; b < kept->bones.size(); ++b)
      if (kept->bones[b].name != model.bones[b].name) return;
    kept_mesh_taken.resize(kept->meshes.size());
    for (std::size_t m = 0; m < kept->meshes.size(); ++m)
      if (!kept_mesh_taken[m] && take_kept_vertices(kept->meshes[m], mesh) != 0) return;
  }

  std::string cp1251(const std::string& utf8, std::string_view field) const {
    auto text = utf8_to_cp1251(utf8);
    if (!text) path.fail(field, "'" + utf8 + "' has characters cp1251 lacks", ErrorKind::cannot_write);
    return *text;
  }

  static bool has_bone_record(const scene::Node& node) {
    const auto record = scene::get<json>(node.extras, kXrayBoneKey);
    return record && record->is_object();
  }

  // Skin joints in the first skin's order, then animated nodes and nodes with a bone record, in tree order.
  void find_bones() {
    std::vector<scene::NodeIndex> ordered;
    std::set<scene::NodeIndex> wanted;
    for (const auto& mesh : scene.meshes)
      for (const auto& bone : mesh.bones)
        if (wanted.insert(bone.node).second) ordered.push_back(bone.node);
    for (const auto& animation : scene.animations)
      for (const auto& channel : animation.channels) wanted.insert(channel.node);
    std::vector<scene::NodeIndex> tree_order;
    for (scene::NodeIndex node : scene::tree_order(scene))
      if (wanted.count(node) != 0 || has_bone_record(scene.nodes[node])) tree_order.push_back(node);
    const std::set<scene::NodeIndex> in_tree(tree_order.begin(), tree_order.end());
    std::set<scene::NodeIndex> taken;
    for (scene::NodeIndex node : ordered)
      if (in_tree.count(node) != 0 && taken.insert(node).second) bone_nodes.push_back(node);
    for (scene::NodeIndex node : tree_order)
      if (taken.insert(node).second) bone_nodes.push_back(node);
    if (bone_nodes.size() > kMaxBones)
      path.fail("bones",
                std::to_string(bone_nodes.size()) + " bones; an X-Ray skeleton has at most " +
                    std::to_string(kMaxBones),
                ErrorKind::limit);
  }

  // The nearest bone above the node, if any.
  std::optional<scene::NodeIndex> bone_parent(scene::NodeIndex node) const {
    for (auto at = parents[node]; at; at = parents[*at])
      if (bone_index.count(*at) != 0) return at;
    return std::nullopt;
  }

  void make_bones() {
    for (std::size_t i = 0; i < bone_nodes.size(); ++i)
      bone_index.emplace(bone_nodes[i], static_cast<std::uint16_t>(i));
    std::vector<std::string> roots;
    for (std::size_t i = 0; i < bone_nodes.size(); ++i) {
      const scene::NodeIndex node = bone_nodes[i];
      const auto parent = bone_parent(node);
      if (!parent) roots.push_back(names[node]);
      const json record = scene::get_or<json>(scene.nodes[node].extras, kXrayBoneKey, nullptr);
      auto field = path.enter("bones", i);
      OgfBone bone;
      bone.name = cp1251(names[node], "name");
      bone.parent_name = parent ? cp1251(names[*parent], "parent") : std::string();
      bone.box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      if (!(record.is_object() && record.contains("box") && xray_box_from_json(record["box"], bone.box)))
        bone.box.half_size = {-1, -1, -1};  // marks a box to fit around the vertices (fit_bone_boxes)
      bone.ik_version = scene::get_or<std::uint32_t>(record, "ik_version", 1);
      bone.game_material =
          cp1251(scene::get_or<std::string>(record, "game_material", "default_object"), "game_material");
      bone.shape = xray_shape_from_record(record);
      SdkJoint joint;
      for (auto& limit : joint.limits) limit.spring = limit.damping = 1.0f;
      set_ogf_joint(bone, xray_joint_from_record(record).value_or(joint));
      bone.ik_flags = scene::get_or<std::uint32_t>(record, "ik_flags", 0);
      const auto breaks = scene::get_or(record, "break", std::array<float, 2>{});
      bone.break_force = breaks[0];
      bone.break_torque = breaks[1];
      bone.friction = scene::get_or(record, "friction", 0.0f);
      bone.mass = scene::get_or(record, "mass", 10.0f);
      if (const auto center = scene::get<std::array<float, 3>>(record, "center_of_mass"))
        bone.center_of_mass = *center;
      const glm::mat4 local = parent ? scene::inverse(globals[*parent]) * globals[node] : globals[node];
      const scene::Trs trs = scene::decompose(local);
      const glm::vec3 offset = xray_space::vector(trs.translation);
      bone.bind_translation = {offset.x, offset.y, offset.z};
      bone.bind_rotation = xray_space::euler_rotation_from_scene(trs.rotation);
      model.bones.push_back(std::move(bone));
    }
    if (!bone_nodes.empty() && roots.size() != 1) {
      std::string list;
      for (const auto& root : roots) list += (list.empty() ? "" : ", ") + root;
      path.fail("bones",
                "an X-Ray skeleton has one root bone; this one has " + std::to_string(roots.size()) + " (" +
                    list + ")",
                ErrorKind::cannot_write);
    }
    model.has_ik_data = !bone_nodes.empty();
  }

  // The bone a mesh without weights follows: the nearest bone at or above its node, else the root.
  std::uint16_t rigid_bone(scene::NodeIndex node) const {
    for (std::optional<scene::NodeIndex> at = node; at; at = parents[*at])
      if (const auto found = bone_index.find(*at); found != bone_index.end()) return found->second;
    for (std::size_t i = 0; i < model.bones.size(); ++i)
      if (model.bones[i].parent_name.empty()) return static_cast<std::uint16_t>(i);
    return 0;
  }

  void add_mesh(scene::NodeIndex node, const scene::Mesh& source, std::size_t index) {
    auto field = path.enter("meshes", index);
    OgfMesh mesh;
    const glm::mat4& transform = globals[node];
    const glm::mat4 normal_transform = normal_matrix(transform);
    const std::size_t vertex_count = source.vertex_count();
    // Triangles only: points and lines have no place in an OGF.
    for (std::size_t t = 0; t + 2 < source.triangles.size(); t += 3) {
      std::array<std::uint32_t, 3> corners{source.triangles[t], source.triangles[t + 1],
                                           source.triangles[t + 2]};
      xray_space::flip_winding(corners[0], corners[1], corners[2]);
      for (const std::uint32_t corner : corners) {
        if (corner >= vertex_count) path.fail("faces", "a face index is past the vertices");
        mesh.indices.push_back(
            static_cast<std::uint16_t>(corner));  // exact: the vertex count is checked below
      }
    }
    if (mesh.indices.empty()) return;
    if (vertex_count > kOgfMaxMeshVertices)
      path.fail("vertices",
                std::to_string(vertex_count) + " vertices; an OGF mesh holds at most " +
                    std::to_string(kOgfMaxMeshVertices) + " (split it)",
                ErrorKind::limit);
    mesh.vertices.resize(vertex_count);
    const bool has_normals = !source.normals.empty();
    for (std::size_t i = 0; i < vertex_count; ++i) {
      auto& v = mesh.vertices[i];
      const glm::vec3 p = xray_space::vector(scene::transform_point(transform, source.positions[i]));
      v.position = {p.x, p.y, p.z};
      if (has_normals) {
        const glm::vec3 n = xray_space::vector(
            normalize_safe(scene::transform_direction(normal_transform, source.normals[i])));
        v.normal = {n.x, n.y, n.z};
      }
      if (!source.texcoords.empty()) {
        // The V the Assimp boundary handed over (counted upwards), turned back: issue 18 makes this exact.
        const glm::vec2& uv = source.texcoords[0][i];
        v.uv = {uv.x, 1.0f - static_cast<float>(1.0 - double(uv.y))};
      }
    }
    if (!has_normals) smooth_normals(mesh);

    // Texture and shader: the mesh node's (a scene from an OGF), else the SDK surface of its material (a
    // scene from an .object), else the material's texture or name and the SDK's default shader.
    const scene::Material* material = source.material ? &scene.materials.at(*source.material) : nullptr;
    const std::string material_name = material ? material->name : kMissingMaterialName;
    std::string texture = material ? xray_texture_name(scene, *material) : std::string();
    if (texture.empty()) texture = material_name;
    std::string shader = "models\\model";
    const json surface =
        sdk_surface_record(surfaces_meta, material ? material->extras : json(), material_name);
    texture = scene::get_or(surface, "texture", texture);
    shader = scene::get_or(surface, "engine_shader", shader);
    const auto& extras = scene.nodes[node].extras;
    texture = scene::get_or(extras, "xray.texture", texture);
    const auto node_shader = scene::get<std::string>(extras, "xray.shader");
    shader = node_shader.value_or(shader);
    if (surface.is_null() && !node_shader && warnings != nullptr && warned.insert(material_name).second)
      warnings->push_back(missing_surface_record_warning(material_name, "shader '" + shader + "'"));
    mesh.texture = cp1251(texture, "texture");
    mesh.shader = cp1251(shader, "shader");

    if (model.bones.empty()) {
      mesh.vertex_format = kOgfStaticFvf;
      mesh.header.type = kOgfNormal;
    } else {
      skin(node, source, mesh);
      mesh.header.type = kOgfSkinnedStatic;
    }
    if (const OgfMesh* kept = kept_mesh_like(mesh)) {
      model.meshes.push_back(*kept);
      return;
    }
    take_kept_vertices_of_edited(mesh);
    if (warnings != nullptr && scene::get_or(extras, "xray.progressive", false))
      warnings->push_back("mesh '" + scene.nodes[node].name +
                          "' was a progressive mesh and is written as a plain one: its detail levels do not "
                          "survive an edit, so the game draws it at full detail at every distance");
    weld_ogf_vertices(mesh);
    if (mesh.indices.empty()) return;
    compute_ogf_tangents(mesh);
    set_bounds(mesh.header, mesh.vertices);
    model.meshes.push_back(std::move(mesh));
  }

  void skin(scene::NodeIndex node, const scene::Mesh& source, OgfMesh& mesh) {
    std::vector<OgfInfluences> influences(source.vertex_count());
    for (const auto& bone : source.bones) {
      const auto found = bone_index.find(bone.node);
      if (found == bone_index.end()) continue;
      for (const auto& weight : bone.weights) {
        if (weight.vertex >= source.vertex_count() || !(weight.weight > 0.0f)) continue;
        auto& list = influences[weight.vertex];
        std::size_t slot = 0;
        while (slot < list.count && list.bones[slot] != found->second) ++slot;
        if (slot == list.count) {
          if (list.count == 4) {  // keep the four heaviest
            const auto lightest =
                std::min_element(list.weights.begin(), list.weights.end()) - list.weights.begin();
            if (list.weights[lightest] >= weight.weight) continue;
            slot = static_cast<std::size_t>(lightest);
            list.weights[slot] = 0.0f;
          } else {
            ++list.count;
          }
          list.bones[slot] = found->second;
        }
        list.weights[slot] += weight.weight;
      }
    }
    const std::uint16_t fallback = rigid_bone(node);
    std::size_t links = 1;
    for (auto& list : influences) {
      if (list.count == 0) {
        list.count = 1;
        list.bones[0] = fallback;
        list.weights[0] = 1.0f;
      }
      links = std::max(links, list.count);
    }
    const auto& extras = scene.nodes[node].extras;
    if (const auto stored = scene::get<double>(extras, "xray.links"); stored && *stored >= 1 && *stored <= 4)
      links = std::max(links, static_cast<std::size_t>(*stored));  // the model's own link count, when larger
    links = std::min<std::size_t>(links, static_cast<std::size_t>(std::clamp(options.max_links, 1, 4)));
    mesh.links = static_cast<int>(links);
    mesh.vertex_format = kLinkFormats[links - 1];
    if (const auto stored = scene::get<double>(extras, "xray.vertex_format");
        stored && ogf_skinned_links(static_cast<std::uint32_t>(*stored)) == mesh.links)
      mesh.vertex_format = static_cast<std::uint32_t>(*stored);  // the game's own code for this link count
    for (std::size_t i = 0; i < influences.size(); ++i)
      store_ogf_influences(mesh.vertices[i], mesh.links, influences[i]);
  }

  static void smooth_normals(OgfMesh& mesh) {
    std::vector<Vec> sums(mesh.vertices.size(), Vec{});
    for (std::size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
      const auto& a = mesh.vertices[mesh.indices[t]].position;
      const auto& b = mesh.vertices[mesh.indices[t + 1]].position;
      const auto& c = mesh.vertices[mesh.indices[t + 2]].position;
      const Vec e1{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
      // Clockwise front faces (engine winding): the normal is e2 x e1.
      const Vec n{e2[1] * e1[2] - e2[2] * e1[1], e2[2] * e1[0] - e2[0] * e1[2],
                  e2[0] * e1[1] - e2[1] * e1[0]};
      for (std::size_t k = 0; k < 3; ++k)
        for (int i = 0; i < 3; ++i) sums[mesh.indices[t + k]][i] += n[i];
    }
    for (std::size_t i = 0; i < sums.size(); ++i) {
      const float length =
          std::sqrt(sums[i][0] * sums[i][0] + sums[i][1] * sums[i][1] + sums[i][2] * sums[i][2]);
      mesh.vertices[i].normal =
          length > 0 ? Vec{sums[i][0] / length, sums[i][1] / length, sums[i][2] / length} : Vec{0, 1, 0};
    }
  }

  static void set_bounds(OgfHeader& header, const std::vector<OgfVertex>& vertices) {
    if (vertices.empty()) return;
    header.bbox_min = header.bbox_max = vertices.front().position;
    for (const auto& v : vertices)
      for (int i = 0; i < 3; ++i) {
        header.bbox_min[i] = std::min(header.bbox_min[i], v.position[i]);
        header.bbox_max[i] = std::max(header.bbox_max[i], v.position[i]);
      }
    for (int i = 0; i < 3; ++i) header.sphere_center[i] = (header.bbox_min[i] + header.bbox_max[i]) / 2;
    float radius = 0;
    for (const auto& v : vertices) {
      const float dx = v.position[0] - header.sphere_center[0], dy = v.position[1] - header.sphere_center[1],
                  dz = v.position[2] - header.sphere_center[2];
      radius = std::max(radius, std::sqrt(dx * dx + dy * dy + dz * dz));
    }
    header.sphere_radius = radius;
  }

  // Meshes of every node that is not a bone, in tree order.
  void collect_meshes() {
    for (scene::NodeIndex node : scene::tree_order(scene)) {
      if (bone_index.count(node) != 0) continue;
      for (scene::MeshIndex m : scene.nodes[node].meshes) {
        if (m >= scene.meshes.size()) path.fail("meshes", "a node refers to a missing mesh");
        add_mesh(node, scene.meshes[m], model.meshes.size());
      }
    }
  }

  // Bones without a box from their record get one around the vertices they weight most, in bone space.
  void fit_bone_boxes() {
    std::vector<std::array<float, 6>> ranges(model.bones.size(),
                                             {1e30f, 1e30f, 1e30f, -1e30f, -1e30f, -1e30f});
    std::vector<glm::mat4> to_bone(model.bones.size());
    for (std::size_t b = 0; b < model.bones.size(); ++b)
      to_bone[b] = xray_space::matrix(scene::inverse(globals[bone_nodes[b]]));
    for (const auto& mesh : model.meshes)
      for (const auto& v : mesh.vertices) {
        const auto influences = ogf_influences(v, mesh.links);
        const std::size_t heaviest =
            std::max_element(influences.weights.begin(), influences.weights.begin() + influences.count) -
            influences.weights.begin();
        const std::uint16_t bone = influences.bones[heaviest];
        if (bone >= model.bones.size() || model.bones[bone].box.half_size[0] >= 0) continue;
        const glm::vec3 local =
            scene::transform_point(to_bone[bone], {v.position[0], v.position[1], v.position[2]});
        const Vec p{local.x, local.y, local.z};
        for (int i = 0; i < 3; ++i) {
          ranges[bone][i] = std::min(ranges[bone][i], p[i]);
          ranges[bone][3 + i] = std::max(ranges[bone][3 + i], p[i]);
        }
      }
    for (std::size_t b = 0; b < model.bones.size(); ++b) {
      auto& box = model.bones[b].box;
      if (box.half_size[0] >= 0) continue;
      if (ranges[b][0] > ranges[b][3]) {
        box.translate = box.half_size = {0, 0, 0};
        continue;
      }
      for (int i = 0; i < 3; ++i) {
        box.translate[i] = (ranges[b][i] + ranges[b][3 + i]) / 2;
        box.half_size[i] = (ranges[b][3 + i] - ranges[b][i]) / 2;
      }
    }
  }

  void set_model_header() {
    auto& header = model.header;
    header.format_version = 4;
    header.type =
        model.bones.empty()
            ? (model.meshes.size() == 1 ? kOgfNormal : kOgfHierarchy)
            : (model.motion_keys || !model.motion_refs.empty() ? kOgfSkeletonAnimated : kOgfSkeletonRigid);
    std::vector<OgfVertex> corners;
    for (const auto& mesh : model.meshes) {
      OgfVertex low, high;
      low.position = mesh.header.bbox_min;
      high.position = mesh.header.bbox_max;
      corners.push_back(low);
      corners.push_back(high);
    }
    set_bounds(header, corners);
    // The sphere must hold every vertex, not only the box corners of the meshes: take the largest distance.
    float radius = 0;
    for (const auto& mesh : model.meshes)
      for (const auto& v : mesh.vertices) {
        float d = 0;
        for (int i = 0; i < 3; ++i)
          d += (v.position[i] - header.sphere_center[i]) * (v.position[i] - header.sphere_center[i]);
        radius = std::max(radius, std::sqrt(d));
      }
    header.sphere_radius = radius;
    if (model.bones.empty() && model.meshes.size() == 1) model.meshes[0].header = header;
  }

  void model_fields() {
    const json& source = ogf_meta.is_object() ? ogf_meta : object_meta;
    if (const auto user_data = scene::get<std::string>(source, "user_data"))
      model.user_data = cp1251(*user_data, "user_data");
    if (const auto lod_ref = scene::get<std::string>(source, "lod_ref"))
      model.lod_ref = cp1251(*lod_ref, "lod_ref");
    if (const auto d = scene::get<json>(ogf_meta, "description"); d && d->is_object()) {
      auto field = path.enter("description");
      model.description =
          OgfDescription{cp1251(scene::get_or<std::string>(*d, "source_file", ""), "source_file"),
                         cp1251(scene::get_or<std::string>(*d, "build_name", ""), "build_name"),
                         cp1251(scene::get_or<std::string>(*d, "create_name", ""), "create_name"),
                         cp1251(scene::get_or<std::string>(*d, "modify_name", ""), "modify_name"),
                         scene::get_or<std::uint32_t>(*d, "build_time", 0),
                         scene::get_or<std::uint32_t>(*d, "create_time", 0),
                         scene::get_or<std::uint32_t>(*d, "modify_time", 0)};
    }
    if (model.bones.empty()) return;
    const auto string_list = [&](const json& list) {
      for (const auto& ref : list)
        if (ref.is_string()) model.motion_refs.push_back(cp1251(ref.get<std::string>(), "motion_refs"));
    };
    if (ogf_meta.is_object()) {
      if (const auto refs = scene::get<json>(ogf_meta, "motion_refs"); refs && refs->is_array())
        string_list(*refs);
      model.motion_refs_chunk = scene::get_or<std::uint32_t>(ogf_meta, "motion_refs_chunk", 0);
    } else if (object_meta.is_object()) {  // an SDK object: its motion references, as the SDK's OGF export
                                           // writes them
      if (const auto refs = scene::get<json>(object_meta, "motion_refs"); refs && refs->is_array()) {
        string_list(*refs);
        model.motion_refs_chunk = kOgfMotionRefsList;
      } else if (const auto soc = scene::get<std::string>(object_meta, "motion_refs_soc")) {
        model.motion_refs = split_motion_refs(cp1251(*soc, "motion_refs"));
        model.motion_refs_chunk = kOgfMotionRefsCommaList;
      }
    }
  }

  // Which animations go into the model (OgfExportOptions::motions).
  std::vector<std::size_t> embedded_animations() const {
    std::vector<std::size_t> chosen;
    if (model.bones.empty() || scene.animations.empty() || options.motions == OgfExportOptions::Motions::none)
      return chosen;
    const bool all = options.motions == OgfExportOptions::Motions::embedded ||
                     (!ogf_meta.is_object() && model.motion_refs.empty());
    std::set<std::string> own;
    if (const auto names = scene::get<json>(ogf_meta, "embedded_motions"); names && names->is_array())
      for (const auto& name : *names)
        if (name.is_string()) own.insert(name.get<std::string>());
    for (std::size_t a = 0; a < scene.animations.size(); ++a)
      if (all || own.count(scene.animations[a].name) != 0) chosen.push_back(a);
    return chosen;
  }

  // Bone parts for embedded motions: the scene's own when they name exactly the model's bones, else one part.
  std::vector<BonePart> bone_parts() const {
    std::map<std::string, std::uint16_t> bone_by_name;
    for (std::size_t i = 0; i < bone_nodes.size(); ++i)
      bone_by_name.emplace(names[bone_nodes[i]], static_cast<std::uint16_t>(i));
    std::vector<BonePart> parts;
    std::set<std::string> named;
    bool usable = true;
    const json meta = scene::get_or<json>(scene.extras, kXrayBonePartsKey, nullptr);
    const json object_parts = scene::get_or<json>(object_meta, "bone_parts", nullptr);
    const json& source = meta.is_array() ? meta : object_parts;
    if (source.is_array()) {
      for (const auto& part : source) {
        BonePart out{cp1251(scene::get_or<std::string>(part, "name", "default"), "bone_parts.name"), {}};
        if (const auto bones = scene::get<json>(part, "bones"); bones && bones->is_array())
          for (const auto& bone : *bones) {
            const std::string name =
                bone.is_string() ? bone.get<std::string>() : scene::get_or<std::string>(bone, "name", "");
            const auto found = bone_by_name.find(name);
            if (found == bone_by_name.end() || !named.insert(name).second)
              usable = false;
            else
              out.bones.push_back({model.bones[found->second].name, found->second});
          }
        parts.push_back(std::move(out));
      }
    }
    if (!usable || parts.empty() || parts.size() > 4 || named.size() != model.bones.size()) {
      parts.assign(1, BonePart{"default", {}});
      for (std::size_t i = 0; i < model.bones.size(); ++i)
        parts[0].bones.push_back({model.bones[i].name, static_cast<std::uint32_t>(i)});
    }
    return parts;
  }

  void motions() {
    const auto chosen = embedded_animations();
    if (chosen.empty()) return;
    const std::vector<std::optional<scene::NodeIndex>> bones(bone_nodes.begin(), bone_nodes.end());
    auto omf = sample_xray_motions(scene, bones, bone_parts(), chosen, path.file());
    model.motion_keys = std::move(omf.keys);
    model.motion_params = std::move(omf.params);
  }

  void run() {
    names = unique_node_names(scene);
    parents = scene::parents_of(scene);
    globals = model_transforms(scene);
    ogf_meta = scene::get_or<json>(scene.extras, kXrayOgfKey, nullptr);
    object_meta = scene::get_or<json>(scene.extras, kXrayObjectKey, nullptr);
    surfaces_meta = scene::get_or<json>(scene.extras, kXraySurfacesKey, nullptr);
    find_bones();
    make_bones();
    collect_meshes();
    if (model.meshes.empty())
      path.fail("meshes", "the scene has no triangles to write", ErrorKind::cannot_write);
    fit_bone_boxes();
    model_fields();
    motions();
    set_model_header();
  }
};

}  // namespace

OgfModel scene_to_ogf(const scene::Scene& scene, const OgfExportOptions& options,
                      std::string_view output_name, std::vector<std::string>* warnings) {
  Exporter exporter{scene, options, FieldPath(output_name), {}, {}, {}, {}, {}, {}, {}, {}, {}, warnings,
                    {},    {}};
  exporter.run();
  return std::move(exporter.model);
}

}  // namespace gamefmt::xray
