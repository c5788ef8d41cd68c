#include "gamefmt/assimp/scene_summary.hpp"

#include <set>
#include <string>

namespace gamefmt::assimp {
namespace {
std::size_t count_nodes(const aiNode* node) {
  if (node == nullptr) return 0;
  std::size_t n = 1;
  for (unsigned int i = 0; i < node->mNumChildren; ++i) n += count_nodes(node->mChildren[i]);
  return n;
}
}  // namespace

nlohmann::json scene_summary(const aiScene& scene) {
  std::size_t vertices = 0, triangles = 0, other_faces = 0;
  std::set<std::string> bones;
  auto meshes = nlohmann::json::array();
  for (unsigned int m = 0; m < scene.mNumMeshes; ++m) {
    const aiMesh& mesh = *scene.mMeshes[m];
    std::size_t mesh_triangles = 0;
    for (unsigned int f = 0; f < mesh.mNumFaces; ++f) (mesh.mFaces[f].mNumIndices == 3 ? mesh_triangles : other_faces)++;
    vertices += mesh.mNumVertices;
    triangles += mesh_triangles;
    for (unsigned int b = 0; b < mesh.mNumBones; ++b) bones.insert(mesh.mBones[b]->mName.C_Str());
    meshes.push_back({{"name", mesh.mName.C_Str()},
                      {"vertices", mesh.mNumVertices},
                      {"triangles", mesh_triangles},
                      {"bones", mesh.mNumBones},
                      {"morph_targets", mesh.mNumAnimMeshes}});
  }
  auto animations = nlohmann::json::array();
  for (unsigned int a = 0; a < scene.mNumAnimations; ++a) {
    const aiAnimation& anim = *scene.mAnimations[a];
    const double tps = anim.mTicksPerSecond > 0 ? anim.mTicksPerSecond : 25.0;
    animations.push_back({{"name", anim.mName.C_Str()},
                          {"duration_seconds", anim.mDuration / tps},
                          {"channels", anim.mNumChannels + anim.mNumMorphMeshChannels}});
  }
  return {{"nodes", count_nodes(scene.mRootNode)},
          {"meshes", meshes},
          {"vertices", vertices},
          {"triangles", triangles},
          {"other_faces", other_faces},
          {"materials", scene.mNumMaterials},
          {"bones", bones.size()},
          {"animations", animations}};
}

}  // namespace gamefmt::assimp
