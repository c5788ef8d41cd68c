// aiScene -> X-Ray OGF model (xray_ogf.hpp describes the choices).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "xray/xray_axes.hpp"
#include "xray/xray_bone_record.hpp"
#include "xray/motion_scene.hpp"
#include "xray/object_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/xray_texture_name.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"

namespace gamefmt::assimp {
namespace {

using nlohmann::json;
using namespace json_fields;

constexpr std::size_t kMaxBones = 64;  // the SDK refuses more, the engine's bone masks are 64 bits
constexpr std::uint32_t kLinkFormats[] = {xray::kSkinned1LinkSoC, xray::kSkinned2LinkSoC, 3, 4};

using Vec = std::array<float, 3>;

struct Exporter {
  const aiScene& scene;
  const OgfExportOptions& options;
  std::string_view output;
  xray::OgfModel model;
  std::vector<const aiNode*> bone_nodes;
  std::map<std::string, std::uint16_t> bone_index;  // node name -> bone
  std::vector<aiMatrix4x4> bone_globals;            // scene axes, relative to the scene root
  json ogf_meta, object_meta, surfaces_meta;

  [[noreturn]] void fail(const std::string& field, const std::string& problem) const {
    throw FormatError(std::string(output), std::nullopt, field, problem);
  }
  std::string cp1251(const std::string& utf8, const std::string& field) const {
    auto text = utf8_to_cp1251(utf8);
    if (!text) fail(field, "'" + utf8 + "' has characters cp1251 lacks");
    return *text;
  }

  // Skin joints in the first skin's order, then animated nodes and nodes with a bone record, in tree order.
  void find_bones() {
    std::vector<std::string> ordered;
    std::set<std::string> wanted;
    for (unsigned m = 0; m < scene.mNumMeshes; ++m)
      for (unsigned b = 0; b < scene.mMeshes[m]->mNumBones; ++b)
        if (wanted.insert(scene.mMeshes[m]->mBones[b]->mName.C_Str()).second)
          ordered.push_back(scene.mMeshes[m]->mBones[b]->mName.C_Str());
    for (unsigned a = 0; a < scene.mNumAnimations; ++a)
      for (unsigned c = 0; c < scene.mAnimations[a]->mNumChannels; ++c)
        wanted.insert(scene.mAnimations[a]->mChannels[c]->mNodeName.C_Str());
    std::vector<const aiNode*> tree_order;
    collect(*scene.mRootNode, wanted, tree_order);
    std::map<std::string, const aiNode*> by_name;
    for (const aiNode* node : tree_order) by_name.emplace(node->mName.C_Str(), node);
    std::set<const aiNode*> taken;
    for (const auto& name : ordered)
      if (const auto found = by_name.find(name); found != by_name.end() && taken.insert(found->second).second)
        bone_nodes.push_back(found->second);
    for (const aiNode* node : tree_order)
      if (taken.insert(node).second) bone_nodes.push_back(node);
    if (bone_nodes.size() > kMaxBones)
      fail("bones", std::to_string(bone_nodes.size()) + " bones; an X-Ray skeleton has at most " +
                        std::to_string(kMaxBones));
  }

  void collect(const aiNode& node, const std::set<std::string>& wanted,
               std::vector<const aiNode*>& out) const {
    if (&node != scene.mRootNode && (wanted.count(node.mName.C_Str()) != 0 ||
                                     find_metadata_json(node.mMetaData, kXrayBoneKey).is_object()))
      out.push_back(&node);
    for (unsigned i = 0; i < node.mNumChildren; ++i) collect(*node.mChildren[i], wanted, out);
  }

  const aiNode* bone_parent(const aiNode& node) const {
    for (const aiNode* at = node.mParent; at != nullptr; at = at->mParent)
      if (bone_index.count(at->mName.C_Str()) != 0 && bone_nodes[bone_index.at(at->mName.C_Str())] == at)
        return at;
    return nullptr;
  }

  void make_bones() {
    for (std::size_t i = 0; i < bone_nodes.size(); ++i) {
      if (!bone_index.emplace(bone_nodes[i]->mName.C_Str(), static_cast<std::uint16_t>(i)).second)
        fail("bones", "two bones are named '" + std::string(bone_nodes[i]->mName.C_Str()) + "'");
      bone_globals.push_back(global_transform(*bone_nodes[i]));
    }
    std::vector<std::string> roots;
    for (std::size_t i = 0; i < bone_nodes.size(); ++i) {
      const aiNode& node = *bone_nodes[i];
      const aiNode* parent = bone_parent(node);
      if (parent == nullptr) roots.push_back(node.mName.C_Str());
      const json record = find_metadata_json(node.mMetaData, kXrayBoneKey);
      xray::OgfBone bone;
      const std::string field = "bones[" + std::to_string(i) + "]";
      bone.name = cp1251(node.mName.C_Str(), field + ".name");
      bone.parent_name = parent ? cp1251(parent->mName.C_Str(), field + ".parent") : std::string();
      bone.box.rotate = {1, 0, 0, 0, 1, 0, 0, 0, 1};
      if (!(record.is_object() && record.contains("box") && xray_box_from_json(record["box"], bone.box)))
        bone.box.half_size = {-1, -1, -1};  // marks a box to fit around the vertices (fit_bone_boxes)
      bone.ik_version = unsigned_number(record, "ik_version", 1);
      bone.game_material = cp1251(text(record, "game_material", "default_object"), field + ".game_material");
      bone.shape = xray_shape_from_record(record);
      xray::SdkJoint joint;
      for (auto& limit : joint.limits) limit.spring = limit.damping = 1.0f;
      set_ogf_joint(bone, xray_joint_from_record(record).value_or(joint));
      bone.ik_flags = unsigned_number(record, "ik_flags", 0);
      std::array<float, 2> breaks{};
      floats(record, "break", breaks);
      bone.break_force = breaks[0];
      bone.break_torque = breaks[1];
      bone.friction = number(record, "friction", 0.0f);
      bone.mass = number(record, "mass", 10.0f);
      floats(record, "center_of_mass", bone.center_of_mass);
      const aiMatrix4x4 local =
          parent ? aiMatrix4x4(bone_globals[bone_index.at(parent->mName.C_Str())]).Inverse() * bone_globals[i]
                 : bone_globals[i];
      aiVector3D scaling, position;
      aiQuaternion rotation;
      local.Decompose(scaling, rotation, position);
      const aiVector3D offset = xray_axes::vector(position);
      bone.bind_translation = {offset.x, offset.y, offset.z};
      bone.bind_rotation = xray_axes::euler_rotation_from_scene(rotation);
      model.bones.push_back(std::move(bone));
    }
    if (!bone_nodes.empty() && roots.size() != 1) {
      std::string list;
      for (const auto& root : roots) list += (list.empty() ? "" : ", ") + root;
      fail("bones", "an X-Ray skeleton has one root bone; this one has " + std::to_string(roots.size()) +
                        " (" + list + ")");
    }
    model.has_ik_data = !bone_nodes.empty();
  }

  // The bone a mesh without weights follows: the nearest bone above its node, else the root.
  std::uint16_t rigid_bone(const aiNode& node) const {
    for (const aiNode* at = &node; at != nullptr; at = at->mParent)
      if (const auto found = bone_index.find(at->mName.C_Str());
          found != bone_index.end() && bone_nodes[found->second] == at)
        return found->second;
    for (std::size_t i = 0; i < model.bones.size(); ++i)
      if (model.bones[i].parent_name.empty()) return static_cast<std::uint16_t>(i);
    return 0;
  }

  std::string texture_of(const aiMaterial& material) const {
    if (std::string texture = xray_texture_name(material); !texture.empty()) return texture;
    aiString name;
    material.Get(AI_MATKEY_NAME, name);
    return name.C_Str();
  }

  void add_mesh(const aiNode& node, const aiMesh& source, std::size_t index) {
    const std::string field = "meshes[" + std::to_string(index) + "]";
    xray::OgfMesh mesh;
    const aiMatrix4x4 transform = global_transform(node);
    aiMatrix3x3 normal_transform(transform);
    normal_transform.Inverse().Transpose();
    // Triangles only: points and lines have no place in an OGF.
    for (unsigned f = 0; f < source.mNumFaces; ++f) {
      const aiFace& face = source.mFaces[f];
      if (face.mNumIndices != 3) continue;
      std::array<unsigned, 3> corners{face.mIndices[0], face.mIndices[1], face.mIndices[2]};
      xray_axes::flip_winding(corners[0], corners[1], corners[2]);
      for (const unsigned corner : corners) {
        if (corner >= source.mNumVertices) fail(field + ".faces", "a face index is past the vertices");
        mesh.indices.push_back(
            static_cast<std::uint16_t>(corner));  // exact: the vertex count is checked below
      }
    }
    if (mesh.indices.empty()) return;
    if (source.mNumVertices > xray::kOgfMaxMeshVertices)
      fail(field + ".vertices", std::to_string(source.mNumVertices) +
                                    " vertices; an OGF mesh holds at most " +
                                    std::to_string(xray::kOgfMaxMeshVertices) + " (split it)");
    mesh.vertices.resize(source.mNumVertices);
    for (unsigned i = 0; i < source.mNumVertices; ++i) {
      auto& v = mesh.vertices[i];
      const aiVector3D p = xray_axes::vector(transform * source.mVertices[i]);
      v.position = {p.x, p.y, p.z};
      if (source.mNormals) {
        const aiVector3D n = xray_axes::vector((normal_transform * source.mNormals[i]).NormalizeSafe());
        v.normal = {n.x, n.y, n.z};
      }
      if (source.mTextureCoords[0])
        v.uv = {source.mTextureCoords[0][i].x, 1.0f - source.mTextureCoords[0][i].y};
    }
    if (!source.mNormals) smooth_normals(mesh);

    // Texture and shader: the mesh node's (a scene from an OGF), else the SDK surface of its material (a
    // scene from an .object), else the material's texture or name and the SDK's default shader.
    aiMaterial* material =
        source.mMaterialIndex < scene.mNumMaterials ? scene.mMaterials[source.mMaterialIndex] : nullptr;
    std::string texture = material ? texture_of(*material) : std::string();
    std::string shader = "models\\model";
    if (material != nullptr) {
      aiString name;
      material->Get(AI_MATKEY_NAME, name);
      const json surface = sdk_surface_record(surfaces_meta, name.C_Str());
      texture = text(surface, "texture", texture);
      shader = text(surface, "engine_shader", shader);
    }
    find_metadata_string(node.mMetaData, "xray.texture", texture);
    find_metadata_string(node.mMetaData, "xray.shader", shader);
    mesh.texture = cp1251(texture, field + ".texture");
    mesh.shader = cp1251(shader, field + ".shader");

    if (model.bones.empty()) {
      mesh.vertex_format = xray::kOgfStaticFvf;
      mesh.header.type = xray::kOgfNormal;
    } else {
      skin(node, source, mesh);
      mesh.header.type = xray::kOgfSkinnedStatic;
    }
    xray::compute_ogf_tangents(mesh);
    set_bounds(mesh.header, mesh.vertices);
    model.meshes.push_back(std::move(mesh));
  }

  void skin(const aiNode& node, const aiMesh& source, xray::OgfMesh& mesh) {
    std::vector<xray::OgfInfluences> influences(source.mNumVertices);
    for (unsigned b = 0; b < source.mNumBones; ++b) {
      const aiBone& bone = *source.mBones[b];
      const auto found = bone_index.find(bone.mName.C_Str());
      if (found == bone_index.end()) continue;
      for (unsigned w = 0; w < bone.mNumWeights; ++w) {
        const auto& weight = bone.mWeights[w];
        if (weight.mVertexId >= source.mNumVertices || !(weight.mWeight > 0.0f)) continue;
        auto& list = influences[weight.mVertexId];
        std::size_t slot = 0;
        while (slot < list.count && list.bones[slot] != found->second) ++slot;
        if (slot == list.count) {
          if (list.count == 4) {  // keep the four heaviest
            const auto lightest =
                std::min_element(list.weights.begin(), list.weights.end()) - list.weights.begin();
            if (list.weights[lightest] >= weight.mWeight) continue;
            slot = static_cast<std::size_t>(lightest);
            list.weights[slot] = 0.0f;
          } else {
            ++list.count;
          }
          list.bones[slot] = found->second;
        }
        list.weights[slot] += weight.mWeight;
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
    double stored = 0;
    if (find_metadata_double(node.mMetaData, "xray.links", stored) && stored >= 1 && stored <= 4)
      links = std::max(links,
                       static_cast<std::size_t>(stored));  // the model's own link count, when it was larger
    links = std::min<std::size_t>(links, static_cast<std::size_t>(std::clamp(options.max_links, 1, 4)));
    mesh.links = static_cast<int>(links);
    mesh.vertex_format = kLinkFormats[links - 1];
    if (find_metadata_double(node.mMetaData, "xray.vertex_format", stored) &&
        xray::ogf_skinned_links(static_cast<std::uint32_t>(stored)) == mesh.links)
      mesh.vertex_format =
          static_cast<std::uint32_t>(stored);  // keep the game's own code for this link count
    for (std::size_t i = 0; i < influences.size(); ++i)
      xray::store_ogf_influences(mesh.vertices[i], mesh.links, influences[i]);
  }

  static bool find_metadata_double(const aiMetadata* metadata, const char* key, double& out) {
    const json value = find_metadata_json(metadata, key);
    if (!value.is_number()) return false;
    out = value.get<double>();
    return true;
  }

  static void smooth_normals(xray::OgfMesh& mesh) {
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

  static void set_bounds(xray::OgfHeader& header, const std::vector<xray::OgfVertex>& vertices) {
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

  void collect_meshes(const aiNode& node) {
    const bool is_bone = bone_index.count(node.mName.C_Str()) != 0;
    if (!is_bone)
      for (unsigned k = 0; k < node.mNumMeshes; ++k) {
        if (node.mMeshes[k] >= scene.mNumMeshes) fail("meshes", "a node refers to a missing mesh");
        add_mesh(node, *scene.mMeshes[node.mMeshes[k]], model.meshes.size());
      }
    for (unsigned i = 0; i < node.mNumChildren; ++i) collect_meshes(*node.mChildren[i]);
  }

  // Bones without a box from their record get one around the vertices they weight most, in bone space.
  void fit_bone_boxes() {
    std::vector<std::array<float, 6>> ranges(model.bones.size(),
                                             {1e30f, 1e30f, 1e30f, -1e30f, -1e30f, -1e30f});
    std::vector<aiMatrix4x4> to_bone(model.bones.size());
    for (std::size_t b = 0; b < model.bones.size(); ++b)
      to_bone[b] = xray_axes::matrix(aiMatrix4x4(bone_globals[b]).Inverse());
    for (const auto& mesh : model.meshes)
      for (const auto& v : mesh.vertices) {
        const auto influences = xray::ogf_influences(v, mesh.links);
        const std::size_t heaviest =
            std::max_element(influences.weights.begin(), influences.weights.begin() + influences.count) -
            influences.weights.begin();
        const std::uint16_t bone = influences.bones[heaviest];
        if (bone >= model.bones.size() || model.bones[bone].box.half_size[0] >= 0) continue;
        const aiVector3D local = to_bone[bone] * aiVector3D(v.position[0], v.position[1], v.position[2]);
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
    header.type = model.bones.empty()
                      ? (model.meshes.size() == 1 ? xray::kOgfNormal : xray::kOgfHierarchy)
                      : (model.motion_keys || !model.motion_refs.empty() ? xray::kOgfSkeletonAnimated
                                                                         : xray::kOgfSkeletonRigid);
    std::vector<xray::OgfVertex> corners;
    for (const auto& mesh : model.meshes) {
      xray::OgfVertex low, high;
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
    if (source.contains("user_data") && source["user_data"].is_string())
      model.user_data = cp1251(source["user_data"], "user_data");
    if (source.contains("lod_ref") && source["lod_ref"].is_string())
      model.lod_ref = cp1251(source["lod_ref"], "lod_ref");
    if (ogf_meta.is_object() && ogf_meta.contains("description") && ogf_meta["description"].is_object()) {
      const json& d = ogf_meta["description"];
      model.description = xray::OgfDescription{cp1251(text(d, "source_file", ""), "description.source_file"),
                                               cp1251(text(d, "build_name", ""), "description.build_name"),
                                               cp1251(text(d, "create_name", ""), "description.create_name"),
                                               cp1251(text(d, "modify_name", ""), "description.modify_name"),
                                               unsigned_number(d, "build_time", 0),
                                               unsigned_number(d, "create_time", 0),
                                               unsigned_number(d, "modify_time", 0)};
    }
    if (model.bones.empty()) return;
    if (ogf_meta.is_object()) {
      if (ogf_meta.contains("motion_refs") && ogf_meta["motion_refs"].is_array())
        for (const auto& ref : ogf_meta["motion_refs"])
          if (ref.is_string()) model.motion_refs.push_back(cp1251(ref, "motion_refs"));
      model.motion_refs_chunk = unsigned_number(ogf_meta, "motion_refs_chunk", 0);
    } else if (object_meta.is_object()) {  // an SDK object: its motion references, as the SDK's OGF export
                                           // writes them
      if (object_meta.contains("motion_refs") && object_meta["motion_refs"].is_array()) {
        for (const auto& ref : object_meta["motion_refs"])
          if (ref.is_string()) model.motion_refs.push_back(cp1251(ref, "motion_refs"));
        model.motion_refs_chunk = xray::kOgfMotionRefsList;
      } else if (object_meta.contains("motion_refs_soc") && object_meta["motion_refs_soc"].is_string()) {
        model.motion_refs = xray::split_motion_refs(cp1251(object_meta["motion_refs_soc"], "motion_refs"));
        model.motion_refs_chunk = xray::kOgfMotionRefsCommaList;
      }
    }
  }

  // Which animations go into the model (OgfExportOptions::motions).
  std::vector<unsigned> embedded_animations() const {
    std::vector<unsigned> chosen;
    if (model.bones.empty() || scene.mNumAnimations == 0 ||
        options.motions == OgfExportOptions::Motions::none)
      return chosen;
    const bool all = options.motions == OgfExportOptions::Motions::embedded ||
                     (!ogf_meta.is_object() && model.motion_refs.empty());
    std::set<std::string> own;
    if (ogf_meta.is_object() && ogf_meta.contains("embedded_motions") &&
        ogf_meta["embedded_motions"].is_array())
      for (const auto& name : ogf_meta["embedded_motions"])
        if (name.is_string()) own.insert(name.get<std::string>());
    for (unsigned a = 0; a < scene.mNumAnimations; ++a)
      if (all || own.count(scene.mAnimations[a]->mName.C_Str()) != 0) chosen.push_back(a);
    return chosen;
  }

  // Bone parts for embedded motions: the scene's own when they name exactly the model's bones, else one part.
  std::vector<xray::BonePart> bone_parts() const {
    std::vector<xray::BonePart> parts;
    std::set<std::string> named;
    bool usable = true;
    const json meta = find_metadata_json(scene.mMetaData, kXrayBonePartsKey);
    const json& object_parts =
        object_meta.is_object() && object_meta.contains("bone_parts") ? object_meta["bone_parts"] : json();
    const json& source = meta.is_array() ? meta : object_parts;
    if (source.is_array()) {
      for (const auto& part : source) {
        xray::BonePart out{cp1251(text(part, "name", "default"), "bone_parts.name"), {}};
        if (part.is_object() && part.contains("bones") && part["bones"].is_array())
          for (const auto& bone : part["bones"]) {
            const std::string name = bone.is_string() ? bone.get<std::string>() : text(bone, "name", "");
            const auto found = bone_index.find(name);
            if (found == bone_index.end() || !named.insert(name).second)
              usable = false;
            else
              out.bones.push_back({model.bones[found->second].name, found->second});
          }
        parts.push_back(std::move(out));
      }
    }
    if (!usable || parts.empty() || parts.size() > 4 || named.size() != model.bones.size()) {
      parts.assign(1, xray::BonePart{"default", {}});
      for (std::size_t i = 0; i < model.bones.size(); ++i)
        parts[0].bones.push_back({model.bones[i].name, static_cast<std::uint32_t>(i)});
    }
    return parts;
  }

  void motions() {
    const auto chosen = embedded_animations();
    if (chosen.empty()) return;
    std::vector<std::string> names;
    for (const aiNode* node : bone_nodes) names.push_back(node->mName.C_Str());
    auto omf = sample_xray_motions(scene, names, bone_parts(), chosen, output);
    model.motion_keys = std::move(omf.keys);
    model.motion_params = std::move(omf.params);
  }

  void run() {
    if (scene.mRootNode == nullptr) fail("scene", "the scene has no nodes");
    ogf_meta = find_metadata_json(scene.mMetaData, kXrayOgfKey);
    object_meta = find_metadata_json(scene.mMetaData, kXrayObjectKey);
    surfaces_meta = find_metadata_json(scene.mMetaData, kXraySurfacesKey);
    find_bones();
    make_bones();
    collect_meshes(*scene.mRootNode);
    if (model.meshes.empty()) fail("meshes", "the scene has no triangles to write");
    fit_bone_boxes();
    model_fields();
    motions();
    set_model_header();
  }
};

}  // namespace

xray::OgfModel scene_to_ogf(const aiScene& scene, const OgfExportOptions& options,
                            std::string_view output_name) {
  Exporter exporter{scene, options, output_name, {}, {}, {}, {}, {}, {}, {}};
  exporter.run();
  return std::move(exporter.model);
}

}  // namespace gamefmt::assimp
