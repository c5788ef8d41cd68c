#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <unordered_map>

#include "gamefmt/asobo/lz.hpp"
#include "gamefmt/asobo/mesh_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/skeleton_object.hpp"
#include "gamefmt/asobo/skin_object.hpp"
#include "asobo/mesh_scene.hpp"
#include "metadata_json.hpp"
#include "ai_scene_building.hpp"
#include "gamefmt/core/format_error.hpp"

namespace gamefmt::assimp {
namespace {

using asobo::BigFile;

// The blend index of a skinned vertex is a shader constant register; each bone matrix takes six of them.
constexpr float kRegistersPerBone = 6.0f;

struct ArchiveObject {
  std::uint32_t class_name = 0;
  std::uint32_t name = 0;
  const asobo::BigFileResource* resource = nullptr;
  const asobo::StoredBody* body = nullptr;  // the record's, or the pool's for a pooled object
};

// The objects of the archive by name (the first of each name), with pooled bodies resolved.
std::vector<ArchiveObject> list_objects(const BigFile& archive) {
  std::unordered_map<std::uint32_t, const asobo::StoredBody*> pool_bodies;
  if (archive.pool)
    for (const auto& res : archive.pool->resources) pool_bodies.try_emplace(res.name, &res.body);
  std::vector<ArchiveObject> objects;
  std::set<std::uint32_t> seen;
  for (const auto& block : archive.blocks)
    for (const auto& res : block.resources) {
      if (!seen.insert(res.name).second) continue;
      const asobo::StoredBody* body = &res.body;
      if (res.pooled) {
        const auto found = pool_bodies.find(res.name);
        body = found == pool_bodies.end() ? nullptr : found->second;
      }
      objects.push_back({res.class_name, res.name, &res, body});
    }
  return objects;
}

class MeshSceneBuilder {
 public:
  MeshSceneBuilder(const BigFile& archive, const asobo::NameList* names, std::string_view file_name)
      : archive_(archive), names_(names), file_name_(file_name) {}

  std::unique_ptr<aiScene> build() {
    const auto objects = list_objects(archive_);
    std::unordered_map<std::uint32_t, const ArchiveObject*> by_name;
    for (const auto& object : objects) by_name.emplace(object.name, &object);

    auto* root = make_node(unique_name(std::string(stem(file_name_))));
    std::vector<aiNode*> children;
    std::set<std::uint32_t> skinned_meshes;
    const std::uint32_t mesh_class = asobo::name_hash("Mesh_Z");
    const std::uint32_t skin_class = asobo::name_hash("Skin_Z");
    for (const auto& object : objects) {
      if (object.class_name != skin_class) continue;
      try {
        children.push_back(skin_node(object, by_name, skinned_meshes));
      } catch (const FormatError& e) {
        skip(object, e.what());
      }
    }
    for (const auto& object : objects) {
      if (object.class_name != mesh_class || skinned_meshes.count(object.name) != 0) continue;
      try {
        const auto mesh = read_mesh(object);
        auto* node = make_node(unique_name(display_name(object.name)));
        set_meshes(*node, add_meshes(mesh, object.name, nullptr));
        children.push_back(node);
      } catch (const FormatError& e) {
        skip(object, e.what());
      }
    }
    if (meshes_.empty()) {
      delete root;
      for (auto* child : children) delete child;
      std::string problem = "the archive holds no Mesh_Z object that converts";
      if (!skipped_.empty()) problem += " (first problem: " + skipped_.front().get<std::string>() + ")";
      throw FormatError(std::string(file_name_), std::nullopt, "objects", problem);
    }
    set_children(*root, std::move(children));

    auto scene = std::make_unique<aiScene>();
    scene->mRootNode = root;
    scene->mMeshes = release_to_array(meshes_, scene->mNumMeshes);
    scene->mMaterials = release_to_array(materials_, scene->mNumMaterials);
    if (!skipped_.empty()) add_metadata_json(scene->mMetaData, kWarningsKey, skipped_);
    return scene;
  }

 private:
  static std::string_view stem(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos || dot == 0 ? path : path.substr(0, dot);
  }

  std::string display_name(std::uint32_t hash) const { return asobo::name_or_hash(hash, names_); }

  std::string unique_name(std::string name) {
    std::string candidate = name;
    for (int n = 2; !used_names_.insert(candidate).second; ++n) candidate = name + "#" + std::to_string(n);
    return candidate;
  }

  // Errors inside an object name the archive and the object, with offsets inside its (decompressed) body.
  std::string object_file(const ArchiveObject& object) const {
    return std::string(file_name_) + " (object " + display_name(object.name) + ")";
  }

  void skip(const ArchiveObject& object, const std::string& reason) {
    skipped_.push_back("object " + display_name(object.name) + " left out: " + reason);
  }

  std::vector<std::byte> body_of(const ArchiveObject& object) const {
    if (object.body == nullptr)
      throw FormatError(object_file(object), std::nullopt, "body", "pooled, but the pool holds no body of its name");
    if (!object.body->compressed) return object.body->bytes;
    return asobo::lz_decompress(object.body->bytes, object_file(object));
  }

  asobo::MeshObject read_mesh(const ArchiveObject& object) const {
    return asobo::read_mesh_object(body_of(object), object_file(object), archive_.byte_order);
  }

  unsigned material_index(std::uint32_t hash, bool has_material) {
    const std::uint64_t key = has_material ? hash : (std::uint64_t{1} << 32);
    const auto found = material_by_hash_.find(key);
    if (found != material_by_hash_.end()) return found->second;
    const auto index = static_cast<unsigned>(materials_.size());
    materials_.push_back(make_material(has_material ? display_name(hash) : "no_material", aiColor4D(0.8f, 0.8f, 0.8f, 1)));
    material_by_hash_.emplace(key, index);
    return index;
  }

  // Skinning of one mesh: the subsections (bone palettes) of its skin section and the skeleton's joints.
  struct Skinning {
    const std::vector<asobo::SkinSubsection>* palettes = nullptr;
    std::unordered_map<std::uint32_t, std::size_t> joint_by_bone;  // bone name hash -> skeleton bone index
    std::vector<std::string> joint_names;
    std::vector<aiMatrix4x4> bind_globals;   // model space
    std::vector<aiMatrix4x4> inverse_binds;  // their inverses
  };

  // One aiMesh per vertex group, vertices limited to those its triangles use. Returns the mesh indices.
  std::vector<unsigned> add_meshes(const asobo::MeshObject& mesh, std::uint32_t mesh_name, const Skinning* skinning) {
    std::vector<unsigned> indices;
    for (std::size_t g = 0; g < mesh.vertex_groups.size(); ++g) {
      const auto& group = mesh.vertex_groups[g];
      const auto& vertices = mesh.vertex_buffers[group.vertex_buffer].vertices;
      const auto& source_indices = mesh.index_buffers[group.index_buffer].indices;
      if (group.face_count == 0) continue;

      std::unordered_map<std::uint16_t, unsigned> compact;
      std::vector<std::uint16_t> used;
      std::vector<unsigned> corners(std::size_t{group.face_count} * 3);
      for (std::size_t c = 0; c < corners.size(); ++c) {
        const std::uint16_t v = source_indices[group.index_begin + c];
        const auto [it, inserted] = compact.emplace(v, static_cast<unsigned>(used.size()));
        if (inserted) used.push_back(v);
        corners[c] = it->second;
      }

      auto out = std::make_unique<aiMesh>();
      out->mName = display_name(mesh_name) + "_" + std::to_string(g);
      out->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
      out->mNumVertices = static_cast<unsigned>(used.size());
      out->mVertices = new aiVector3D[used.size()];
      const auto& first = vertices[used.front()];
      if (first.has_normal) out->mNormals = new aiVector3D[used.size()];
      if (first.has_uv) {
        out->mTextureCoords[0] = new aiVector3D[used.size()];
        out->mNumUVComponents[0] = 2;
      }
      if (first.has_lightmap_uv) {
        out->mTextureCoords[1] = new aiVector3D[used.size()];
        out->mNumUVComponents[1] = 2;
      }
      for (std::size_t i = 0; i < used.size(); ++i) {
        const auto& v = vertices[used[i]];
        out->mVertices[i] = aiVector3D(v.position[0], v.position[1], v.position[2]);
        if (out->mNormals != nullptr) {
          aiVector3D n(v.normal[0], v.normal[1], v.normal[2]);
          const float length = n.Length();
          out->mNormals[i] = length > 1e-6f && std::isfinite(length) ? n / length : aiVector3D(0, 1, 0);
        }
        if (out->mTextureCoords[0] != nullptr) out->mTextureCoords[0][i] = aiVector3D(v.uv[0], v.uv[1], 0);
        if (out->mTextureCoords[1] != nullptr)
          out->mTextureCoords[1][i] = aiVector3D(v.lightmap_uv[0], v.lightmap_uv[1], 0);
      }
      out->mNumFaces = group.face_count;
      out->mFaces = new aiFace[group.face_count];
      for (std::size_t f = 0; f < group.face_count; ++f) {
        auto& face = out->mFaces[f];
        face.mNumIndices = 3;
        face.mIndices = new unsigned[3]{corners[f * 3], corners[f * 3 + 2], corners[f * 3 + 1]};  // clockwise -> ccw
      }
      const bool has_material = group.material_index >= 0;
      out->mMaterialIndex =
          material_index(has_material ? mesh.material_names[static_cast<std::size_t>(group.material_index)] : 0,
                         has_material);
      if (skinning != nullptr && first.blend_count > 0) add_bones(*out, vertices, used, g, *skinning);
      indices.push_back(static_cast<unsigned>(meshes_.size()));
      meshes_.push_back(std::move(out));
    }
    return indices;
  }

  void add_bones(aiMesh& out, const std::vector<asobo::MeshVertex>& vertices, const std::vector<std::uint16_t>& used,
                 std::size_t group, const Skinning& skinning) const {
    const auto& palettes = *skinning.palettes;
    if (group >= palettes.size())
      throw FormatError(std::string(file_name_), std::nullopt, "sections.subsections",
                        "vertex group " + std::to_string(group) + " of mesh " + out.mName.C_Str() +
                            " has no bone palette (the skin has " + std::to_string(palettes.size()) + ")");
    const auto& palette = palettes[group].bone_names;
    std::vector<std::vector<aiVertexWeight>> weights(skinning.joint_names.size());  // per joint
    for (std::size_t i = 0; i < used.size(); ++i) {
      const auto& v = vertices[used[i]];
      for (unsigned k = 0; k < v.blend_count; ++k) {
        if (!(v.blend_weight[k] > 0)) continue;
        const float slot_value = v.blend_index[k] / kRegistersPerBone;
        if (!(slot_value >= 0) || slot_value >= static_cast<float>(palette.size()))
          throw FormatError(std::string(file_name_), std::nullopt, "blend_index",
                            "mesh " + std::string(out.mName.C_Str()) + ": blend index " +
                                std::to_string(v.blend_index[k]) + " is past the " + std::to_string(palette.size()) +
                                " bones of its palette");
        const auto bone = palette[static_cast<std::size_t>(slot_value)];
        const auto joint = skinning.joint_by_bone.find(bone);
        if (joint == skinning.joint_by_bone.end())
          throw FormatError(std::string(file_name_), std::nullopt, "bone_names",
                            "bone " + display_name(bone) + " of the skin's palette is not in the skeleton");
        weights[joint->second].push_back({static_cast<unsigned>(i), v.blend_weight[k]});
      }
    }
    set_mesh_bones(out, skinning.joint_names, skinning.bind_globals, std::move(weights));
  }

  aiNode* skin_node(const ArchiveObject& object, const std::unordered_map<std::uint32_t, const ArchiveObject*>& by_name,
                    std::set<std::uint32_t>& skinned_meshes) {
    const auto skin = asobo::read_skin_object(object.resource->link_header, body_of(object), object_file(object),
                                              archive_.byte_order);
    const auto skel_object = by_name.find(skin.skeleton_name);
    if (skel_object == by_name.end() || skel_object->second->class_name != asobo::name_hash("Skel_Z"))
      throw FormatError(object_file(object), 4, "link_header.data_name",
                        "the skeleton " + display_name(skin.skeleton_name) + " is not a Skel_Z of the archive");
    const auto skeleton = asobo::read_skeleton_object(body_of(*skel_object->second),
                                                      object_file(*skel_object->second), archive_.byte_order);
    std::vector<asobo::MeshObject> meshes;
    for (const auto mesh_name : skin.mesh_names) {
      const auto found = by_name.find(mesh_name);
      if (found == by_name.end() || found->second->class_name != asobo::name_hash("Mesh_Z"))
        throw FormatError(object_file(object), std::nullopt, "mesh_names",
                          "the mesh " + display_name(mesh_name) + " is not a Mesh_Z of the archive");
      meshes.push_back(read_mesh(*found->second));
    }

    // Joints: the stored transformations are model space (row-vector convention: transpose for Assimp).
    const std::size_t bone_count = skeleton.bones.size();
    Skinning skinning;
    auto& world = skinning.bind_globals;
    world.resize(bone_count);
    skinning.joint_names.resize(bone_count);
    skinning.inverse_binds.resize(bone_count);
    for (std::size_t b = 0; b < bone_count; ++b) {
      const auto& m = skeleton.bones[b].transformation;
      world[b] = aiMatrix4x4(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13],
                             m[14], m[15])
                     .Transpose();
      const float det = world[b].Determinant();
      if (!std::isfinite(det) || std::fabs(det) < 1e-12f)
        throw FormatError(object_file(*skel_object->second), std::nullopt,
                          "bones[" + std::to_string(b) + "].transformation",
                          "the bone's transformation is not invertible");
      skinning.inverse_binds[b] = aiMatrix4x4(world[b]).Inverse();
      skinning.joint_by_bone.try_emplace(skeleton.bones[b].name, b);
    }
    const std::string node_name = unique_name(display_name(object.name));
    for (std::size_t b = 0; b < bone_count; ++b) skinning.joint_names[b] = unique_name(display_name(skeleton.bones[b].name));

    // The meshes first: a mesh that fails leaves nothing of this skin behind.
    const std::size_t first_mesh = meshes_.size();
    std::vector<std::vector<unsigned>> mesh_indices;
    try {
      for (std::size_t m = 0; m < meshes.size(); ++m) {
        skinning.palettes = &skin.sections[m];
        mesh_indices.push_back(add_meshes(meshes[m], skin.mesh_names[m], &skinning));
      }
    } catch (...) {
      meshes_.resize(first_mesh);
      throw;
    }

    auto* node = make_node(node_name);
    std::vector<aiNode*> joints(bone_count);
    for (std::size_t b = 0; b < bone_count; ++b) {
      joints[b] = make_node(skinning.joint_names[b]);
      const auto parent = skeleton.bones[b].parent;
      joints[b]->mTransformation = parent < 0 ? world[b] : skinning.inverse_binds[static_cast<std::size_t>(parent)] * world[b];
    }
    std::vector<std::vector<aiNode*>> child_lists(bone_count);
    std::vector<aiNode*> top;
    for (std::size_t b = 0; b < bone_count; ++b) {
      const auto parent = skeleton.bones[b].parent;
      (parent < 0 ? top : child_lists[static_cast<std::size_t>(parent)]).push_back(joints[b]);
    }
    for (std::size_t b = 0; b < bone_count; ++b) set_children(*joints[b], std::move(child_lists[b]));
    for (std::size_t m = 0; m < meshes.size(); ++m) {
      auto* mesh_node = make_node(unique_name(display_name(skin.mesh_names[m])));
      set_meshes(*mesh_node, mesh_indices[m]);
      top.push_back(mesh_node);
      skinned_meshes.insert(skin.mesh_names[m]);
    }
    add_metadata(node->mMetaData, "asobo.skeleton", aiString(display_name(skin.skeleton_name)));
    set_children(*node, std::move(top));
    return node;
  }

  const BigFile& archive_;
  const asobo::NameList* names_;
  std::string_view file_name_;
  std::set<std::string> used_names_;
  std::vector<std::unique_ptr<aiMesh>> meshes_;
  std::vector<std::unique_ptr<aiMaterial>> materials_;
  std::map<std::uint64_t, unsigned> material_by_hash_;
  nlohmann::json skipped_ = nlohmann::json::array();
};

}  // namespace

std::unique_ptr<aiScene> bigfile_meshes_to_scene(const BigFile& archive, const asobo::NameList* names,
                                                 std::string_view file_name) {
  if (archive.version != asobo::kBigFileNewestVersion || archive.byte_order != ByteOrder::little)
    throw FormatError(std::string(file_name), 0, "version",
                      "meshes convert from FUEL PC archives (" + asobo::format_bigfile_version(asobo::kBigFileNewestVersion) +
                          ", little-endian) only: the class layouts of " +
                          asobo::format_bigfile_version(archive.version) +
                          (archive.byte_order == ByteOrder::little ? "" : " big-endian") + " are not known");
  return MeshSceneBuilder(archive, names, file_name).build();
}

}  // namespace gamefmt::assimp
