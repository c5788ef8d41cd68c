#include <cmath>
#include <map>
#include <set>
#include <unordered_map>

#include "asobo/archive_objects.hpp"
#include "asobo/asobo_space.hpp"
#include "asobo/bigfile_scene.hpp"
#include "asobo/fuel_materials.hpp"
#include "gamefmt/asobo/mesh_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/skeleton_object.hpp"
#include "gamefmt/asobo/skin_object.hpp"
#include "gamefmt/core/field_path.hpp"
#include "gamefmt/scene/skin_binding.hpp"
#include "gamefmt/scene/transform_math.hpp"

namespace gamefmt::asobo {
namespace {

// The blend index of a skinned vertex is a shader constant register; each bone matrix takes six of them.
constexpr float kRegistersPerBone = 6.0f;
// Joints below a skin node, at most: the glTF reader (and, before it, gamefmt's Assimp checks) refuses node
// trees deeper than 1000 levels, and the writers walk the tree recursively.
constexpr std::size_t kMaxJointDepth = 999;

class MeshSceneBuilder {
 public:
  MeshSceneBuilder(const BigFile& archive, const NameList* names, std::string_view file_name)
      : archive_(archive),
        names_(names),
        file_name_(file_name),
        materials_(scene_, by_name_, names, file_name) {}

  scene::Scene build() {
    const auto objects = list_objects(archive_);
    for (const auto& object : objects) by_name_.emplace(object.name, &object);

    // Taken first, so that no node is called like the scene.
    scene_.name = unique_name(std::string(stem(file_name_)));
    std::set<std::uint32_t> skinned_meshes;
    const std::uint32_t mesh_class = name_hash("Mesh_Z");
    const std::uint32_t skin_class = name_hash("Skin_Z");
    for (const auto& object : objects) {
      if (object.class_name != skin_class) continue;
      try {
        add_skin(object, skinned_meshes);
      } catch (const FormatError& e) {
        skip(object, e.what());
      }
    }
    for (const auto& object : objects) {
      if (object.class_name != mesh_class || skinned_meshes.count(object.name) != 0) continue;
      try {
        const auto mesh = read_mesh(object);
        const scene::NodeIndex node = scene_.add_node(unique_name(display_name(object.name)));
        scene_.nodes[node].meshes = add_meshes(mesh, object.name, nullptr);
      } catch (const FormatError& e) {
        skip(object, e.what());
      }
    }
    if (scene_.meshes.empty()) {
      std::string problem = "the archive holds no Mesh_Z object that converts";
      if (!scene_.warnings.empty()) problem += " (first problem: " + scene_.warnings.front() + ")";
      FieldPath(file_name_).fail("objects", problem);
    }
    return std::move(scene_);
  }

 private:
  static std::string_view stem(std::string_view path) {
    const auto slash = path.find_last_of("/\\");
    if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos || dot == 0 ? path : path.substr(0, dot);
  }

  std::string display_name(std::uint32_t hash) const { return name_or_hash(hash, names_); }

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
    scene_.warnings.push_back("object " + display_name(object.name) + " left out: " + reason);
  }

  std::vector<std::byte> body_of(const ArchiveObject& object) const {
    return object_body(object, object_file(object));
  }

  MeshObject read_mesh(const ArchiveObject& object) const {
    return read_mesh_object(body_of(object), object_file(object), archive_.byte_order);
  }

  scene::MaterialIndex material_index(std::uint32_t hash, bool has_material) {
    const std::uint64_t key = has_material ? hash : (std::uint64_t{1} << 32);
    const auto found = material_by_hash_.find(key);
    if (found != material_by_hash_.end()) return found->second;
    scene::Material material;
    material.name = has_material ? display_name(hash) : "no_material";
    material.base_color = {0.8f, 0.8f, 0.8f, 1.0f};
    if (has_material) materials_.apply(hash, material);
    const scene::MaterialIndex index = scene_.add_material(std::move(material));
    material_by_hash_.emplace(key, index);
    return index;
  }

  // Skinning of one mesh: the subsections (bone palettes) of its skin section and the skeleton's joints.
  struct Skinning {
    const std::vector<SkinSubsection>* palettes = nullptr;
    std::unordered_map<std::uint32_t, std::size_t> joint_by_bone;  // bone name hash -> skeleton bone index
    std::vector<glm::mat4> bind_globals;                           // model space
  };

  // One mesh per vertex group, vertices limited to those its triangles use. Returns the mesh indices. The
  // bones of skinned meshes name skeleton bone indices: the caller points them at the joint nodes.
  std::vector<scene::MeshIndex> add_meshes(const MeshObject& mesh, std::uint32_t mesh_name,
                                           const Skinning* skinning) {
    std::vector<scene::MeshIndex> indices;
    for (std::size_t g = 0; g < mesh.vertex_groups.size(); ++g) {
      const auto& group = mesh.vertex_groups[g];
      const auto& vertices = mesh.vertex_buffers[group.vertex_buffer].vertices;
      const auto& source_indices = mesh.index_buffers[group.index_buffer].indices;
      if (group.face_count == 0) continue;

      std::unordered_map<std::uint16_t, std::uint32_t> compact;
      std::vector<std::uint16_t> used;
      std::vector<std::uint32_t> corners(std::size_t{group.face_count} * 3);
      for (std::size_t c = 0; c < corners.size(); ++c) {
        const std::uint16_t v = source_indices[group.index_begin + c];
        const auto [it, inserted] = compact.emplace(v, static_cast<std::uint32_t>(used.size()));
        if (inserted) used.push_back(v);
        corners[c] = it->second;
      }

      scene::Mesh out;
      out.name = display_name(mesh_name) + "_" + std::to_string(g);
      const auto& first = vertices[used.front()];  // the buffer's layout
      std::vector<glm::vec2> uvs, lightmap_uvs;
      for (const std::uint16_t index : used) {
        const auto& v = vertices[index];
        out.positions.push_back(asobo_space::point(v.position));
        if (first.has_normal) {
          const glm::vec3 n(v.normal[0], v.normal[1], v.normal[2]);
          const float length = glm::length(n);
          out.normals.push_back(length > 1e-6f && std::isfinite(length) ? scene::divide(n, length)
                                                                        : glm::vec3(0, 1, 0));
        }
        if (first.has_uv) uvs.push_back(asobo_space::uv(v.uv));
        if (first.has_lightmap_uv) lightmap_uvs.push_back(asobo_space::uv(v.lightmap_uv));
      }
      // UV sets in order, a missing one taking no slot (without UVs, the lightmap UVs are set 0).
      if (first.has_uv) out.texcoords.push_back(std::move(uvs));
      if (first.has_lightmap_uv) out.texcoords.push_back(std::move(lightmap_uvs));
      out.triangles.reserve(corners.size());
      for (std::size_t f = 0; f < group.face_count; ++f) {
        const auto triangle = asobo_space::triangle(corners[f * 3], corners[f * 3 + 1], corners[f * 3 + 2]);
        out.triangles.insert(out.triangles.end(), triangle.begin(), triangle.end());
      }
      const bool has_material = group.material_index >= 0;
      out.material = material_index(
          has_material ? mesh.material_names[static_cast<std::size_t>(group.material_index)] : 0,
          has_material);
      if (skinning != nullptr && first.blend_count > 0) add_bones(out, vertices, used, g, *skinning);
      indices.push_back(scene_.add_mesh(std::move(out)));
    }
    return indices;
  }

  void add_bones(scene::Mesh& out, const std::vector<MeshVertex>& vertices,
                 const std::vector<std::uint16_t>& used, std::size_t group, const Skinning& skinning) const {
    const FieldPath path(file_name_);
    const auto& palettes = *skinning.palettes;
    if (group >= palettes.size())
      path.fail("sections.subsections", "vertex group " + std::to_string(group) + " of mesh " + out.name +
                                            " has no bone palette (the skin has " +
                                            std::to_string(palettes.size()) + ")");
    const auto& palette = palettes[group].bone_names;
    std::vector<std::vector<scene::VertexWeight>> weights(skinning.bind_globals.size());  // per joint
    for (std::size_t i = 0; i < used.size(); ++i) {
      const auto& v = vertices[used[i]];
      for (unsigned k = 0; k < v.blend_count; ++k) {
        if (!(v.blend_weight[k] > 0)) continue;
        const float slot_value = v.blend_index[k] / kRegistersPerBone;
        if (!(slot_value >= 0) || slot_value >= static_cast<float>(palette.size()))
          path.fail("blend_index", "mesh " + out.name + ": blend index " + std::to_string(v.blend_index[k]) +
                                       " is past the " + std::to_string(palette.size()) +
                                       " bones of its palette");
        const auto bone = palette[static_cast<std::size_t>(slot_value)];
        const auto joint = skinning.joint_by_bone.find(bone);
        if (joint == skinning.joint_by_bone.end())
          path.fail("bone_names",
                    "bone " + display_name(bone) + " of the skin's palette is not in the skeleton");
        weights[joint->second].push_back({static_cast<std::uint32_t>(i), v.blend_weight[k]});
      }
    }
    for (std::size_t j = 0; j < weights.size(); ++j)
      out.bones.push_back(scene::bind_joint(j, skinning.bind_globals[j], std::move(weights[j])));
  }

  // The bones in depth-first order from the roots (children in bone order). Throws FormatError (naming a bone
  // of `path`) for a chain deeper than kMaxJointDepth.
  static std::vector<std::size_t> joints_depth_first(const SkeletonObject& skeleton, FieldPath& path) {
    const std::size_t bone_count = skeleton.bones.size();
    std::vector<std::size_t> roots;
    std::vector<std::vector<std::size_t>> children(bone_count);
    for (std::size_t b = 0; b < bone_count; ++b) {
      const auto parent = skeleton.bones[b].parent;
      (parent < 0 ? roots : children[static_cast<std::size_t>(parent)]).push_back(b);
    }
    std::vector<std::pair<std::size_t, std::size_t>> stack;  // bone, depth
    for (auto root = roots.rbegin(); root != roots.rend(); ++root) stack.emplace_back(*root, 1);
    std::vector<std::size_t> order;
    while (!stack.empty()) {
      const auto [b, depth] = stack.back();
      stack.pop_back();
      if (depth > kMaxJointDepth) {
        const auto bone = path.enter("bones", b);
        path.fail("parent_index", "the bone is more than " + std::to_string(kMaxJointDepth) + " levels deep",
                  ErrorKind::limit);
      }
      order.push_back(b);
      for (auto child = children[b].rbegin(); child != children[b].rend(); ++child)
        stack.emplace_back(*child, depth + 1);
    }
    return order;
  }

  void add_skin(const ArchiveObject& object, std::set<std::uint32_t>& skinned_meshes) {
    const auto skin = read_skin_object(object.resource->link_header, body_of(object), object_file(object),
                                       archive_.byte_order);
    const auto skel_object = by_name_.find(skin.skeleton_name);
    if (skel_object == by_name_.end() || skel_object->second->class_name != name_hash("Skel_Z"))
      throw FormatError(
          object_file(object), 4, "link_header.data_name",
          "the skeleton " + display_name(skin.skeleton_name) + " is not a Skel_Z of the archive");
    const auto skeleton = read_skeleton_object(body_of(*skel_object->second),
                                               object_file(*skel_object->second), archive_.byte_order);
    std::vector<MeshObject> meshes;
    for (const auto mesh_name : skin.mesh_names) {
      const auto found = by_name_.find(mesh_name);
      if (found == by_name_.end() || found->second->class_name != name_hash("Mesh_Z"))
        FieldPath(object_file(object))
            .fail("mesh_names", "the mesh " + display_name(mesh_name) + " is not a Mesh_Z of the archive");
      meshes.push_back(read_mesh(*found->second));
    }

    // Joints: the stored transformations are model space (their layout: asobo_space::matrix).
    const std::size_t bone_count = skeleton.bones.size();
    Skinning skinning;
    auto& world = skinning.bind_globals;
    world.resize(bone_count);
    std::vector<glm::mat4> inverse_binds(bone_count);
    FieldPath skeleton_path(object_file(*skel_object->second));
    for (std::size_t b = 0; b < bone_count; ++b) {
      world[b] = asobo_space::matrix(skeleton.bones[b].transformation);
      const float det = scene::determinant(world[b]);
      if (!std::isfinite(det) || std::fabs(det) < 1e-12f) {
        const auto bone = skeleton_path.enter("bones", b);
        skeleton_path.fail("transformation", "the bone's transformation is not invertible");
      }
      inverse_binds[b] = scene::inverse(world[b]);
      skinning.joint_by_bone.try_emplace(skeleton.bones[b].name, b);
    }
    const auto joint_order = joints_depth_first(skeleton, skeleton_path);
    const std::string node_name = unique_name(display_name(object.name));
    std::vector<std::string> joint_names(bone_count);
    for (std::size_t b = 0; b < bone_count; ++b)
      joint_names[b] = unique_name(display_name(skeleton.bones[b].name));

    // The meshes first: a mesh that fails leaves nothing of this skin behind (its materials stay, unused).
    const std::size_t first_mesh = scene_.meshes.size();
    std::vector<std::vector<scene::MeshIndex>> mesh_indices;
    try {
      for (std::size_t m = 0; m < meshes.size(); ++m) {
        skinning.palettes = &skin.sections[m];
        mesh_indices.push_back(add_meshes(meshes[m], skin.mesh_names[m], &skinning));
      }
    } catch (...) {
      scene_.meshes.erase(scene_.meshes.begin() + static_cast<std::ptrdiff_t>(first_mesh),
                          scene_.meshes.end());
      throw;
    }

    // The skin node, then its joints depth first, then its meshes' nodes.
    const scene::NodeIndex node = scene_.add_node(node_name);
    scene_.nodes[node].extras["asobo.skeleton"] = display_name(skin.skeleton_name);
    std::vector<scene::NodeIndex> joint_nodes(bone_count);
    for (const std::size_t b : joint_order) {
      const auto parent = skeleton.bones[b].parent;
      const auto parent_index = static_cast<std::size_t>(parent);
      joint_nodes[b] = scene_.add_node(joint_names[b], parent < 0 ? node : joint_nodes[parent_index]);
      scene_.nodes[joint_nodes[b]].transform = parent < 0 ? world[b] : inverse_binds[parent_index] * world[b];
    }
    for (std::size_t m = first_mesh; m < scene_.meshes.size(); ++m)
      for (auto& bone : scene_.meshes[m].bones) bone.node = joint_nodes[bone.node];
    for (std::size_t m = 0; m < meshes.size(); ++m) {
      const scene::NodeIndex mesh_node = scene_.add_node(unique_name(display_name(skin.mesh_names[m])), node);
      scene_.nodes[mesh_node].meshes = mesh_indices[m];
      skinned_meshes.insert(skin.mesh_names[m]);
    }
  }

  const BigFile& archive_;
  const NameList* names_;
  std::string_view file_name_;
  std::set<std::string> used_names_;
  scene::Scene scene_;
  std::unordered_map<std::uint32_t, const ArchiveObject*> by_name_;  // the first object of each name
  FuelMaterials materials_;
  std::map<std::uint64_t, scene::MaterialIndex> material_by_hash_;
};

}  // namespace

scene::Scene bigfile_meshes_to_scene(const BigFile& archive, const NameList* names,
                                     std::string_view file_name) {
  if (archive.version != kBigFileNewestVersion || archive.byte_order != ByteOrder::little)
    throw FormatError(
        std::string(file_name), 0, "version",
        "meshes convert from FUEL PC archives (" + format_bigfile_version(kBigFileNewestVersion) +
            ", little-endian) only: the class layouts of " + format_bigfile_version(archive.version) +
            (archive.byte_order == ByteOrder::little ? "" : " big-endian") + " are not known");
  return MeshSceneBuilder(archive, names, file_name).build();
}

}  // namespace gamefmt::asobo
