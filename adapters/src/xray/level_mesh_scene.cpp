#include <cmath>
#include <limits>

#include "xray/xray_axes.hpp"
#include "xray/level_mesh_scene.hpp"
#include "ai_scene_building.hpp"

namespace gamefmt::assimp {
namespace {

bool is_identity(const aiMatrix4x4& m) {
  const aiMatrix4x4 identity;
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      if (m[r][c] != identity[r][c]) return false;
  return true;
}

XrayPoint to_xray(const aiVector3D& scene_point) {
  const aiVector3D p = xray_axes::vector(scene_point);
  return {p.x, p.y, p.z};
}

}  // namespace

std::unique_ptr<aiMesh> make_level_mesh(const LevelMeshInput& input) {
  const auto& positions = *input.positions;
  const auto& faces = *input.faces;
  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = aiString(std::string(input.name));
  mesh->mMaterialIndex = input.material;
  mesh->mPrimitiveTypes = input.corners_per_face == 1   ? aiPrimitiveType_POINT
                          : input.corners_per_face == 2 ? aiPrimitiveType_LINE
                                                        : aiPrimitiveType_TRIANGLE;
  mesh->mNumVertices = static_cast<unsigned>(positions.size());
  mesh->mVertices = new aiVector3D[positions.size()];
  for (std::size_t v = 0; v < positions.size(); ++v)
    mesh->mVertices[v] = xray_axes::vector(positions[v][0], positions[v][1], positions[v][2]);
  if (input.uvs != nullptr) {
    mesh->mTextureCoords[0] = new aiVector3D[positions.size()];
    mesh->mNumUVComponents[0] = 2;
    // X-Ray's V points down like glTF's; Assimp's points up.
    for (std::size_t v = 0; v < positions.size(); ++v)
      mesh->mTextureCoords[0][v] = aiVector3D((*input.uvs)[v][0], 1.0f - (*input.uvs)[v][1], 0);
  }
  if (input.lightmap_uvs != nullptr) {
    mesh->mTextureCoords[1] = new aiVector3D[positions.size()];
    mesh->mNumUVComponents[1] = 2;
    for (std::size_t v = 0; v < positions.size(); ++v)
      mesh->mTextureCoords[1][v] = aiVector3D((*input.lightmap_uvs)[v][0], 1.0f - (*input.lightmap_uvs)[v][1], 0);
  }
  if (input.normals != nullptr) {
    mesh->mNormals = new aiVector3D[positions.size()];
    for (std::size_t v = 0; v < positions.size(); ++v) {
      const auto& n = (*input.normals)[v];
      aiVector3D normal = xray_axes::vector(n[0], n[1], n[2]);
      const float length = normal.Length();
      mesh->mNormals[v] = length > 0 && std::isfinite(length) ? normal / length : aiVector3D(0, 1, 0);
    }
  }
  if (input.colors != nullptr) mesh->mColors[0] = copy_to_array(*input.colors);
  const unsigned n = input.corners_per_face;
  mesh->mNumFaces = static_cast<unsigned>(faces.size() / n);
  mesh->mFaces = new aiFace[mesh->mNumFaces];
  for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
    auto* indices = new unsigned[n];
    for (unsigned k = 0; k < n; ++k) indices[k] = faces[f * n + k];
    if (n == 3) xray_axes::flip_winding(indices[0], indices[1], indices[2]);
    mesh->mFaces[f].mNumIndices = n;
    mesh->mFaces[f].mIndices = indices;
  }
  if (input.flat_normals && n == 3 && mesh->mNormals == nullptr) {
    mesh->mNormals = new aiVector3D[positions.size()];
    for (std::size_t v = 0; v < positions.size(); ++v) mesh->mNormals[v] = aiVector3D(0, 1, 0);
    for (unsigned f = 0; f < mesh->mNumFaces; ++f) {
      const unsigned* i = mesh->mFaces[f].mIndices;
      aiVector3D normal = (mesh->mVertices[i[1]] - mesh->mVertices[i[0]]) ^ (mesh->mVertices[i[2]] - mesh->mVertices[i[0]]);
      const float length = normal.Length();
      if (length > 0 && std::isfinite(length))
        for (int k = 0; k < 3; ++k) mesh->mNormals[i[k]] = normal / length;
    }
  }
  return mesh;
}

std::unique_ptr<aiScene> make_level_scene(std::string_view root_name, std::string_view format_name,
                                          std::vector<LevelNode> nodes,
                                          std::vector<std::unique_ptr<aiMaterial>> materials) {
  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node(root_name);
  add_metadata(root->mMetaData, "xray.format", aiString(std::string(format_name)));
  std::vector<std::unique_ptr<aiMesh>> meshes;
  std::vector<aiNode*> children;
  for (auto& entry : nodes) {
    aiNode* node = make_node(entry.name);
    node->mMetaData = entry.metadata;
    if (entry.mesh != nullptr) {
      meshes.push_back(std::move(entry.mesh));
      set_meshes(*node, {unsigned(meshes.size() - 1)});
    }
    children.push_back(node);
  }
  set_children(*root, children);
  scene->mRootNode = root;
  if (materials.empty()) materials.push_back(make_material(std::string(format_name), aiColor4D(0.8f, 0.8f, 0.8f, 1)));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);
  if (scene->mNumMeshes == 0) scene->mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  return scene;
}

double inherited_metadata_number(const aiNode* node, std::string_view key, double fallback) {
  for (; node != nullptr; node = node->mParent) {
    double value = 0;
    if (find_metadata_number(node->mMetaData, key, value)) return value;
  }
  return fallback;
}

double first_metadata_number(const aiNode* root, std::string_view key, double fallback) {
  if (root == nullptr) return fallback;
  double value = 0;
  if (find_metadata_number(root->mMetaData, key, value)) return value;
  for (unsigned i = 0; i < root->mNumChildren; ++i) {
    const double found = first_metadata_number(root->mChildren[i], key, std::numeric_limits<double>::quiet_NaN());
    if (!std::isnan(found)) return found;
  }
  return fallback;
}

void for_each_xray_face(const aiScene& scene, const aiNode& node,
                        const std::function<void(const aiMesh&, const XrayFace&)>& visit) {
  const aiMatrix4x4 transform = global_transform(node);
  const bool exact = is_identity(transform);
  for (unsigned m = 0; m < node.mNumMeshes; ++m) {
    if (node.mMeshes[m] >= scene.mNumMeshes) continue;
    const aiMesh& mesh = *scene.mMeshes[node.mMeshes[m]];
    auto corner = [&](XrayFace& face, unsigned k, unsigned vertex) {
      face.vertex_indices[k] = vertex;
      face.corners[k] = to_xray(exact ? mesh.mVertices[vertex] : transform * mesh.mVertices[vertex]);
      if (mesh.mTextureCoords[0] != nullptr)
        face.uvs[k] = {mesh.mTextureCoords[0][vertex].x, 1.0f - mesh.mTextureCoords[0][vertex].y};
      if (mesh.mColors[0] != nullptr) face.colors[k] = mesh.mColors[0][vertex];
    };
    for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
      const aiFace& source = mesh.mFaces[f];
      if (source.mNumIndices == 0) continue;
      if (source.mNumIndices <= 2) {
        XrayFace face;
        face.corner_count = source.mNumIndices;
        for (unsigned k = 0; k < source.mNumIndices; ++k) corner(face, k, source.mIndices[k]);
        visit(mesh, face);
        continue;
      }
      for (unsigned k = 2; k < source.mNumIndices; ++k) {
        XrayFace face;
        face.corner_count = 3;
        // Flipping the winding back: scene (a, b, c) was X-Ray (a, c, b).
        corner(face, 0, source.mIndices[0]);
        corner(face, 1, source.mIndices[k]);
        corner(face, 2, source.mIndices[k - 1]);
        visit(mesh, face);
      }
    }
  }
}

std::vector<XrayPoint> xray_positions(const aiNode& node, const aiMesh& mesh) {
  const aiMatrix4x4 transform = global_transform(node);
  const bool exact = is_identity(transform);
  std::vector<XrayPoint> out(mesh.mNumVertices);
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) out[v] = to_xray(exact ? mesh.mVertices[v] : transform * mesh.mVertices[v]);
  return out;
}

void for_each_node(const aiNode& root, const std::function<void(const aiNode&)>& visit) {
  visit(root);
  for (unsigned i = 0; i < root.mNumChildren; ++i) for_each_node(*root.mChildren[i], visit);
}

bool find_metadata_number(const aiMetadata* metadata, std::string_view key, double& out) {
  if (metadata == nullptr) return false;
  for (unsigned i = 0; i < metadata->mNumProperties; ++i) {
    if (std::string_view(metadata->mKeys[i].C_Str()) != key) continue;
    const aiMetadataEntry& entry = metadata->mValues[i];
    switch (entry.mType) {
      case AI_BOOL: out = *static_cast<const bool*>(entry.mData) ? 1 : 0; return true;
      case AI_INT32: out = *static_cast<const std::int32_t*>(entry.mData); return true;
      case AI_UINT64: out = double(*static_cast<const std::uint64_t*>(entry.mData)); return true;
      case AI_FLOAT: out = *static_cast<const float*>(entry.mData); return true;
      case AI_DOUBLE: out = *static_cast<const double*>(entry.mData); return true;
      default: return false;
    }
  }
  return false;
}

}  // namespace gamefmt::assimp
