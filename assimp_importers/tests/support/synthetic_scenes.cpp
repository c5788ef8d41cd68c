#include "synthetic_scenes.hpp"

#include "ai_scene_building.hpp"

namespace gamefmt::test {
using namespace gamefmt::assimp;

std::unique_ptr<aiScene> make_skinned_animated_scene() {
  auto scene = std::make_unique<aiScene>();
  aiNode* root = make_node("Scene");
  aiNode* armature = make_node("Armature");
  aiNode* hip = make_node("hip");
  aiNode* spine = make_node("spine");
  aiNode* tail = make_node("tail");
  aiNode* body = make_node("Body");
  hip->mTransformation = aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(), aiVector3D(0, 1, 0));
  spine->mTransformation =
      aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(aiVector3D(0, 0, 1), 0.3f), aiVector3D(0, 0.5f, 0));
  tail->mTransformation = aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(), aiVector3D(0, 0, -0.4f));
  set_children(*spine, {});
  set_children(*hip, {spine, tail});
  set_children(*armature, {hip});
  set_children(*root, {armature, body});
  add_metadata(hip->mMetaData, "mass", 2.5);
  add_metadata(hip->mMetaData, "label", aiString(std::string("pelvis")));
  add_metadata(hip->mMetaData, "mirrored", true);
  set_meshes(*body, {0});
  scene->mRootNode = root;

  auto mesh = std::make_unique<aiMesh>();
  mesh->mName = aiString(std::string("BodyMesh"));
  mesh->mPrimitiveTypes = aiPrimitiveType_TRIANGLE;
  const aiVector3D positions[] = {{-0.5f, 1, 0}, {0.5f, 1, 0}, {0.5f, 2, 0}, {-0.5f, 2, 0}};
  mesh->mNumVertices = 4;
  mesh->mVertices = new aiVector3D[4];
  mesh->mNormals = new aiVector3D[4];
  mesh->mTextureCoords[0] = new aiVector3D[4];
  mesh->mNumUVComponents[0] = 2;
  for (unsigned v = 0; v < 4; ++v) {
    mesh->mVertices[v] = positions[v];
    mesh->mNormals[v] = aiVector3D(0, 0, 2);  // not unit: the writer normalizes
    mesh->mTextureCoords[0][v] = aiVector3D(float(v % 2), float(v / 2), 0);
  }
  mesh->mNumFaces = 2;
  mesh->mFaces = new aiFace[2];
  mesh->mFaces[0].mNumIndices = 3;
  mesh->mFaces[0].mIndices = new unsigned[3]{0, 1, 2};
  mesh->mFaces[1].mNumIndices = 3;
  mesh->mFaces[1].mIndices = new unsigned[3]{0, 2, 3};

  // Vertex 2 has five influences: the writer keeps the four strongest and renormalizes.
  struct BoneSpec {
    const char* name;
    aiNode* node;
    std::vector<aiVertexWeight> weights;
  };
  std::vector<BoneSpec> specs = {
      {"hip", hip, {{0, 1.0f}, {1, 0.5f}, {2, 0.3f}}},
      {"spine", spine, {{1, 0.5f}, {2, 0.3f}, {3, 1.0f}}},
      {"tail", tail, {{2, 0.2f}}},
      {"Armature", armature, {{2, 0.1f}}},
      {"Scene", root, {{2, 0.1f}}},
  };
  std::vector<std::unique_ptr<aiBone>> bones;
  for (auto& spec : specs) {
    auto bone = std::make_unique<aiBone>();
    bone->mName = aiString(std::string(spec.name));
    bone->mOffsetMatrix = global_transform(*spec.node).Inverse();
    bone->mNumWeights = static_cast<unsigned>(spec.weights.size());
    bone->mWeights = copy_to_array(spec.weights);
    bones.push_back(std::move(bone));
  }
  mesh->mBones = release_to_array(bones, mesh->mNumBones);

  mesh->mNumAnimMeshes = 1;
  mesh->mAnimMeshes = new aiAnimMesh*[1];
  auto* smile = new aiAnimMesh();
  smile->mName = aiString(std::string("smile"));
  smile->mNumVertices = 4;
  smile->mVertices = new aiVector3D[4];
  for (unsigned v = 0; v < 4; ++v)
    smile->mVertices[v] = positions[v] + aiVector3D(0, 0, v == 2 ? 0.25f : 0.0f);
  smile->mWeight = 0.0f;
  mesh->mAnimMeshes[0] = smile;
  mesh->mMethod = aiMorphingMethod_MORPH_RELATIVE;

  std::vector<std::unique_ptr<aiMesh>> meshes;
  meshes.push_back(std::move(mesh));
  scene->mMeshes = release_to_array(meshes, scene->mNumMeshes);

  auto material = make_material("skin", aiColor4D(0.5f, 0.25f, 1.0f, 1.0f));
  const aiString texture(std::string("textures\\skin map.png"));
  material->AddProperty(&texture, AI_MATKEY_TEXTURE(aiTextureType_DIFFUSE, 0));
  std::vector<std::unique_ptr<aiMaterial>> materials;
  materials.push_back(std::move(material));
  scene->mMaterials = release_to_array(materials, scene->mNumMaterials);

  // "walk": 30 ticks per second, 3 keys on spine (rotation + translation), a weight track on Body.
  auto walk = std::make_unique<aiAnimation>();
  walk->mName = aiString(std::string("walk"));
  walk->mTicksPerSecond = 30;
  walk->mDuration = 30;
  auto channel = std::make_unique<aiNodeAnim>();
  channel->mNodeName = aiString(std::string("spine"));
  channel->mNumRotationKeys = 3;
  channel->mRotationKeys = new aiQuatKey[3]{{0, aiQuaternion(aiVector3D(0, 0, 1), 0.3f)},
                                            {15, aiQuaternion(aiVector3D(0, 0, 1), 0.9f)},
                                            {30, aiQuaternion(aiVector3D(0, 0, 1), 0.3f)}};
  channel->mNumPositionKeys = 2;
  channel->mPositionKeys = new aiVectorKey[2]{{0, aiVector3D(0, 0.5f, 0)}, {30, aiVector3D(0, 0.6f, 0)}};
  std::vector<std::unique_ptr<aiNodeAnim>> channels;
  channels.push_back(std::move(channel));
  walk->mChannels = release_to_array(channels, walk->mNumChannels);
  auto morph = std::make_unique<aiMeshMorphAnim>();
  morph->mName = aiString(std::string("Body"));
  morph->mNumKeys = 2;
  morph->mKeys = new aiMeshMorphKey[2];
  for (unsigned k = 0; k < 2; ++k) {
    morph->mKeys[k].mTime = k * 30.0;
    morph->mKeys[k].mNumValuesAndWeights = 1;
    morph->mKeys[k].mValues = new unsigned[1]{0};
    morph->mKeys[k].mWeights = new double[1]{k * 1.0};
  }
  std::vector<std::unique_ptr<aiMeshMorphAnim>> morphs;
  morphs.push_back(std::move(morph));
  walk->mMorphMeshChannels = release_to_array(morphs, walk->mNumMorphMeshChannels);

  // "blink": STEP interpolation on hip scale.
  auto blink = std::make_unique<aiAnimation>();
  blink->mName = aiString(std::string("blink"));
  blink->mTicksPerSecond = 10;
  blink->mDuration = 5;
  auto scale = std::make_unique<aiNodeAnim>();
  scale->mNodeName = aiString(std::string("hip"));
  scale->mNumScalingKeys = 2;
  scale->mScalingKeys = new aiVectorKey[2]{{0, aiVector3D(1, 1, 1)}, {5, aiVector3D(1, 0.5f, 1)}};
  channels.push_back(std::move(scale));
  blink->mChannels = release_to_array(channels, blink->mNumChannels);
  add_metadata(scene->mMetaData, "gltf.animation.blink.interpolation", aiString(std::string("STEP")));
  add_metadata(scene->mMetaData, "source", aiString(std::string("synthetic")));

  std::vector<std::unique_ptr<aiAnimation>> animations;
  animations.push_back(std::move(walk));
  animations.push_back(std::move(blink));
  scene->mAnimations = release_to_array(animations, scene->mNumAnimations);
  return scene;
}

}  // namespace gamefmt::test
