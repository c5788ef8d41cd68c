#include <cmath>
#include <set>

#include "ai_scene_building.hpp"
#include "westwood/vxl_scene.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/westwood/voxel_mesher.hpp"

namespace gamefmt::assimp {
namespace {

using westwood::HvaMatrix;

template <class Array>
void require_finite(const Array& values, const std::string& file, const std::string& field) {
  for (const float v : values)
    if (!std::isfinite(v)) throw FormatError(file, std::nullopt, field, "holds a value that is not a finite number");
}

aiMatrix4x4 to_matrix(const HvaMatrix& m) {
  return aiMatrix4x4(m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], 0, 0, 0, 1);
}

std::array<float, 3> section_scale(const westwood::VxlLimbTailer& t) {
  const float size[3] = {float(t.size_x), float(t.size_y), float(t.size_z)};
  std::array<float, 3> scale{};
  for (int i = 0; i < 3; ++i) scale[i] = size[i] > 0 ? (t.max_bounds[i] - t.min_bounds[i]) / size[i] : 1.0f;
  return scale;
}

// An HVA matrix as a limb model transform: its translation is in 1/scale units (B.3).
aiMatrix4x4 hva_model_transform(const HvaMatrix& m, const westwood::VxlLimbTailer& t) {
  aiMatrix4x4 out = to_matrix(m);
  const auto scale = section_scale(t);
  out.a4 *= t.scale * scale[0];
  out.b4 *= t.scale * scale[1];
  out.c4 *= t.scale * scale[2];
  return out;
}

// Limb names, made unique (animation channels address nodes by name) and distinct from the root's.
std::vector<std::string> unique_limb_names(const westwood::VxlFile& vxl, const std::string& root_name) {
  std::vector<std::string> names;
  std::set<std::string> taken{root_name};
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    std::string name = westwood::name_text(vxl.limbs[i].header.name);
    if (name.empty()) name = "limb";
    const std::string base = name;
    for (std::size_t k = i; !taken.insert(name).second; ++k) name = base + "." + std::to_string(k);
    names.push_back(name);
  }
  return names;
}

std::unique_ptr<aiMesh> make_limb_mesh(const westwood::VoxelMesh& voxels, const westwood::Palette& palette,
                                       const std::string& name) {
  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = name;
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  const auto n = static_cast<unsigned int>(voxels.positions.size());
  mesh->mNumVertices = n;
  mesh->mVertices = new aiVector3D[n];
  mesh->mNormals = new aiVector3D[n];
  mesh->mColors[0] = new aiColor4D[n];
  for (unsigned int i = 0; i < n; ++i) {
    const auto& p = voxels.positions[i];
    const auto& q = voxels.normals[i];
    mesh->mVertices[i] = aiVector3D(p[0], p[1], p[2]);
    mesh->mNormals[i] = aiVector3D(q[0], q[1], q[2]);
    const std::size_t c = voxels.colors[i];
    mesh->mColors[0][i] = aiColor4D(palette[3 * c] / 255.0f, palette[3 * c + 1] / 255.0f, palette[3 * c + 2] / 255.0f, 1.0f);
  }
  mesh->mNumFaces = static_cast<unsigned int>(voxels.triangle_count());
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned int f = 0; f < mesh->mNumFaces; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned int[3]{voxels.indices[3 * f], voxels.indices[3 * f + 1], voxels.indices[3 * f + 2]};
  }
  return mesh;
}

westwood::Palette grey_ramp() {
  westwood::Palette p;
  for (std::size_t i = 0; i < 256; ++i) p[3 * i] = p[3 * i + 1] = p[3 * i + 2] = static_cast<std::uint8_t>(i);
  return p;
}

}  // namespace

std::vector<int> match_hva_sections(const westwood::VxlFile& vxl, const westwood::HvaFile& hva) {
  std::vector<int> match(vxl.limbs.size(), -1);
  if (hva.section_names.size() == vxl.limbs.size()) {
    for (std::size_t i = 0; i < match.size(); ++i) match[i] = static_cast<int>(i);
    return match;
  }
  std::vector<bool> used(hva.section_names.size(), false);
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    const auto name = westwood::name_text(vxl.limbs[i].header.name);
    for (std::size_t s = 0; s < hva.section_names.size(); ++s)
      if (!used[s] && westwood::name_text(hva.section_names[s]) == name) {
        used[s] = true;
        match[i] = static_cast<int>(s);
        break;
      }
  }
  return match;
}

std::unique_ptr<aiScene> vxl_to_scene(const VxlSceneInput& input, std::string_view scene_name) {
  const auto& vxl = *input.vxl;
  std::string palette_source = "embedded";
  westwood::Palette palette = vxl.palette;
  if (input.palette) {
    palette = *input.palette;
    palette_source = input.palette_name;
  } else if (westwood::palette_is_empty(palette)) {
    palette = grey_ramp();
    palette_source = "grey";
  }

  std::vector<int> sections(vxl.limbs.size(), -1);
  const bool animated = input.hva != nullptr && input.hva->frame_count > 0 && !input.hva->section_names.empty();
  if (animated) {
    sections = match_hva_sections(vxl, *input.hva);
    for (std::size_t i = 0; i < input.hva->matrices.size(); ++i)
      require_finite(input.hva->matrices[i], input.hva_name, "matrices[" + std::to_string(i) + "]");
  }

  auto scene = std::make_unique<aiScene>();
  const std::string root_name = scene_name.empty() ? "vxl" : std::string(scene_name);
  aiNode* root = make_node(root_name);
  root->mTransformation = aiMatrix4x4(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);  // Z-up -> Y-up
  scene->mRootNode = root;

  std::vector<std::unique_ptr<aiMesh>> meshes;
  std::vector<std::unique_ptr<aiNode>> limb_nodes;  // owned here until attached: a later limb may throw
  const auto names = unique_limb_names(vxl, root_name);
  for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
    const auto& limb = vxl.limbs[i];
    const auto& t = limb.tailer;
    const std::string field = "tailers[" + std::to_string(i) + "]";
    require_finite(t.transform, input.vxl_name, field + ".transform");
    require_finite(t.min_bounds, input.vxl_name, field + ".min_bounds");
    require_finite(t.max_bounds, input.vxl_name, field + ".max_bounds");
    require_finite(std::array<float, 1>{t.scale}, input.vxl_name, field + ".scale");

    std::unique_ptr<aiNode> node(make_node(names[i]));
    node->mTransformation = sections[i] >= 0 ? hva_model_transform(input.hva->matrix(0, sections[i]), t) : to_matrix(t.transform);
    const auto grid = westwood::decode_limb_voxels(limb, input.vxl_name, 0, i);
    const auto voxel_count = grid.filled_count();
    add_metadata(node->mMetaData, "westwood.limb", static_cast<int>(i));
    add_metadata(node->mMetaData, "westwood.normals_type", static_cast<int>(t.normals_type));
    add_metadata(node->mMetaData, "westwood.voxels", static_cast<int>(voxel_count));

    std::unique_ptr<aiNode> voxels(make_node(names[i] + ".voxels"));
    const auto scale = section_scale(t);
    voxels->mTransformation = aiMatrix4x4(scale[0], 0, 0, t.min_bounds[0], 0, scale[1], 0, t.min_bounds[1], 0, 0, scale[2],
                                          t.min_bounds[2], 0, 0, 0, 1);
    const auto mesh = westwood::mesh_voxels(grid);
    if (!mesh.indices.empty()) {
      set_meshes(*voxels, {static_cast<unsigned int>(meshes.size())});
      meshes.push_back(make_limb_mesh(mesh, palette, names[i]));
    }
    set_children(*node, {voxels.release()});
    limb_nodes.push_back(std::move(node));
  }
  std::vector<aiNode*> limbs;
  for (auto& node : limb_nodes) limbs.push_back(node.release());
  set_children(*root, limbs);
  for (auto& mesh : meshes) mesh->mMaterialIndex = 0;
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(make_material("westwood_palette", aiColor4D(1, 1, 1, 1)));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  add_metadata(scene->mMetaData, "westwood.palette", aiString(palette_source));

  if (animated && input.hva->frame_count > 1) {
    const auto& hva = *input.hva;
    auto animation = std::make_unique<aiAnimation>();
    animation->mName = "hva";
    animation->mTicksPerSecond = input.frames_per_second;
    animation->mDuration = hva.frame_count - 1;
    std::vector<std::unique_ptr<aiNodeAnim>> channels;
    for (std::size_t i = 0; i < vxl.limbs.size(); ++i) {
      if (sections[i] < 0) continue;
      auto channel = std::make_unique<aiNodeAnim>();
      channel->mNodeName = names[i];
      const unsigned int n = hva.frame_count;
      channel->mNumPositionKeys = channel->mNumRotationKeys = channel->mNumScalingKeys = n;
      channel->mPositionKeys = new aiVectorKey[n];
      channel->mRotationKeys = new aiQuatKey[n];
      channel->mScalingKeys = new aiVectorKey[n];
      for (unsigned int f = 0; f < n; ++f) {
        aiVector3D scaling, position;
        aiQuaternion rotation;
        hva_model_transform(hva.matrix(f, sections[i]), vxl.limbs[i].tailer).Decompose(scaling, rotation, position);
        require_finite(std::array<float, 10>{position.x, position.y, position.z, rotation.w, rotation.x, rotation.y,
                                             rotation.z, scaling.x, scaling.y, scaling.z},
                       input.hva_name, "matrices[" + std::to_string(f * hva.section_names.size() + sections[i]) + "]");
        channel->mPositionKeys[f] = aiVectorKey(f, position);
        channel->mRotationKeys[f] = aiQuatKey(f, rotation);
        channel->mScalingKeys[f] = aiVectorKey(f, scaling);
      }
      channels.push_back(std::move(channel));
    }
    if (channels.empty()) return scene;
    animation->mChannels = release_to_array(channels, animation->mNumChannels);
    std::vector<std::unique_ptr<aiAnimation>> animations;
    animations.push_back(std::move(animation));
    scene->mAnimations = release_to_array(animations, scene->mNumAnimations);
    add_metadata(scene->mMetaData, "gltf.animation.hva.interpolation", aiString(std::string("STEP")));
  }
  return scene;
}

}  // namespace gamefmt::assimp
