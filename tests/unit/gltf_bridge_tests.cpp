#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>

#include "ai_scene_building.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "legacy_ai_scene.hpp"
#include "synthetic_scenes.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

const aiNodeAnim* channel_for(const aiAnimation& anim, const char* node) {
  for (unsigned c = 0; c < anim.mNumChannels; ++c)
    if (std::strcmp(anim.mChannels[c]->mNodeName.C_Str(), node) == 0) return anim.mChannels[c];
  return nullptr;
}

const aiAnimation* animation_named(const aiScene& scene, const char* name) {
  for (unsigned a = 0; a < scene.mNumAnimations; ++a)
    if (std::strcmp(scene.mAnimations[a]->mName.C_Str(), name) == 0) return scene.mAnimations[a];
  return nullptr;
}

bool close(const aiMatrix4x4& a, const aiMatrix4x4& b, float tolerance) {
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      if (std::fabs(a[r][c] - b[r][c]) > tolerance) return false;
  return true;
}

}  // namespace

TEST_CASE("glTF bridge: a skinned, morphing, animated scene survives write and read back", "[gltf]") {
  const auto original = test::make_skinned_animated_scene();
  for (bool binary : {true, false}) {
    INFO((binary ? "glb" : "gltf"));
    const auto bytes = gltf::write_gltf(*original, {binary, "test"}, binary ? "s.glb" : "s.gltf");
    REQUIRE(gltf::looks_like_gltf(bytes));
    const auto back = gamefmt::test::legacy_read_gltf(bytes, binary ? "s.glb" : "s.gltf");

    aiNode* hip = assimp::find_node(*back->mRootNode, "hip");
    aiNode* spine = assimp::find_node(*back->mRootNode, "spine");
    REQUIRE(hip != nullptr);
    REQUIRE(spine != nullptr);
    CHECK(spine->mParent == hip);
    CHECK(std::string(hip->mParent->mName.C_Str()) == "Armature");
    CHECK(close(assimp::global_transform(*spine),
                assimp::global_transform(*assimp::find_node(*original->mRootNode, "spine")), 1e-6f));

    // Extras come back as metadata.
    REQUIRE(hip->mMetaData != nullptr);
    double mass = 0;
    CHECK(hip->mMetaData->Get("mass", mass));
    CHECK(mass == 2.5);
    std::string label;
    CHECK(assimp::find_metadata_string(hip->mMetaData, "label", label));
    CHECK(label == "pelvis");

    // Mesh, normals made unit, UVs, the texture name.
    REQUIRE(back->mNumMeshes == 1);
    const aiMesh& mesh = *back->mMeshes[0];
    REQUIRE(mesh.mNumVertices == 4);
    CHECK(mesh.mNumFaces == 2);
    CHECK(mesh.mNormals[0].Length() == Approx(1.0f));
    for (unsigned v = 0; v < 4; ++v) {
      CHECK(mesh.mVertices[v] == original->mMeshes[0]->mVertices[v]);
      CHECK(mesh.mTextureCoords[0][v].y == Approx(original->mMeshes[0]->mTextureCoords[0][v].y));
    }
    aiString texture;
    REQUIRE(back->mMaterials[mesh.mMaterialIndex]->GetTexture(aiTextureType_DIFFUSE, 0, &texture) ==
            AI_SUCCESS);
    CHECK(std::string(texture.C_Str()) == "textures\\skin map.png");  // the game's name, from material extras

    // Skin: every joint kept, inverse bind matrices as given, at most four weights per vertex summing to 1.
    REQUIRE(mesh.mNumBones == 5);
    std::vector<float> sums(4, 0.0f);
    std::vector<int> counts(4, 0);
    for (unsigned b = 0; b < mesh.mNumBones; ++b) {
      const aiBone& bone = *mesh.mBones[b];
      const aiBone* source = nullptr;
      for (unsigned s = 0; s < original->mMeshes[0]->mNumBones; ++s)
        if (std::strcmp(original->mMeshes[0]->mBones[s]->mName.C_Str(), bone.mName.C_Str()) == 0)
          source = original->mMeshes[0]->mBones[s];
      REQUIRE(source != nullptr);
      CHECK(close(bone.mOffsetMatrix, source->mOffsetMatrix, 1e-6f));
      for (unsigned w = 0; w < bone.mNumWeights; ++w) {
        sums[bone.mWeights[w].mVertexId] += bone.mWeights[w].mWeight;
        ++counts[bone.mWeights[w].mVertexId];
      }
    }
    for (unsigned v = 0; v < 4; ++v) {
      CHECK(sums[v] == Approx(1.0f));
      CHECK(counts[v] <= 4);
    }
    CHECK(counts[2] == 4);  // five influences, the weakest dropped

    // Morph target with its name.
    REQUIRE(mesh.mNumAnimMeshes == 1);
    CHECK(std::string(mesh.mAnimMeshes[0]->mName.C_Str()) == "smile");
    CHECK(mesh.mAnimMeshes[0]->mVertices[2].z == Approx(0.25f));

    // Animations: times in milliseconds, values as keyed, STEP kept, weights track kept.
    const aiAnimation* walk = animation_named(*back, "walk");
    REQUIRE(walk != nullptr);
    CHECK(walk->mTicksPerSecond == 1000.0);
    CHECK(walk->mDuration == Approx(1000.0));
    const aiNodeAnim* spine_channel = channel_for(*walk, "spine");
    REQUIRE(spine_channel != nullptr);
    REQUIRE(spine_channel->mNumRotationKeys == 3);
    CHECK(spine_channel->mRotationKeys[1].mTime == Approx(500.0));
    const aiQuaternion expected(aiVector3D(0, 0, 1), 0.9f);
    const aiQuaternion& got = spine_channel->mRotationKeys[1].mValue;
    CHECK(std::fabs(got.w * expected.w + got.x * expected.x + got.y * expected.y + got.z * expected.z) ==
          Approx(1.0f));
    REQUIRE(walk->mNumMorphMeshChannels == 1);
    CHECK(walk->mMorphMeshChannels[0]->mKeys[1].mWeights[0] == Approx(1.0));
    const aiAnimation* blink = animation_named(*back, "blink");
    REQUIRE(blink != nullptr);
    CHECK(blink->mDuration == Approx(500.0));
    std::string interpolation;
    CHECK(assimp::find_metadata_string(back->mMetaData, "gltf.animation.blink.interpolation", interpolation));
    CHECK(interpolation == "STEP");
    CHECK_FALSE(
        assimp::find_metadata_string(back->mMetaData, "gltf.animation.walk.interpolation", interpolation));
  }
}

TEST_CASE("glTF bridge: a texture becomes a glTF image only when the PNG exists beside the output",
          "[gltf]") {
  const auto scene = test::make_skinned_animated_scene();
  test::TempDir dir;
  const auto without = gltf::write_gltf(*scene, {false, "test"}, (dir / "a.gltf").string());
  CHECK_THAT(std::string(reinterpret_cast<const char*>(without.data()), without.size()),
             !Catch::Contains("\"images\""));
  std::filesystem::create_directories(dir / "textures");
  write_file_atomically(dir / "textures" / "skin map.png", std::string_view("not really a png"));
  const auto with = gltf::write_gltf(*scene, {false, "test"}, (dir / "a.gltf").string());
  const std::string text(reinterpret_cast<const char*>(with.data()), with.size());
  CHECK_THAT(text, Catch::Contains(R"("uri":"textures/skin%20map.png")"));
  CHECK_THAT(text, Catch::Contains(R"("gamefmt_textures":{"base_color":"textures\\skin map.png"})"));
}

TEST_CASE("glTF bridge: node metadata gltf.extensions becomes a declared extension", "[gltf]") {
  auto scene = test::make_skinned_animated_scene();
  aiNode* tail = assimp::find_node(*scene->mRootNode, "tail");
  assimp::add_metadata(tail->mMetaData, "gltf.extensions",
                       aiString(std::string(R"({"OMI_physics_body":{"collider":{"shape":0}}})")));
  assimp::add_metadata(
      scene->mMetaData, "gltf.extensions",
      aiString(
          std::string(R"({"OMI_physics_shape":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}})")));
  const auto bytes = gltf::write_gltf(*scene, {false, "test"}, "p.gltf");
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  CHECK_THAT(text, Catch::Contains(R"("extensionsUsed":["OMI_physics_body","OMI_physics_shape"])"));
  CHECK_THAT(text, Catch::Contains(R"("OMI_physics_body":{"collider":{"shape":0}})"));
  CHECK_THAT(text, Catch::Contains(R"("radius":0.5)"));
  CHECK_THAT(text, !Catch::Contains("gltf.extensions"));
}

TEST_CASE("glTF bridge: gltf.extensions as nested metadata, past Assimp's string limit", "[gltf]") {
  auto scene = test::make_skinned_animated_scene();
  // {"OMI_physics_shape": {"shapes": [ {"type": "sphere", "sphere": {"radius": r}} x 40 ]}}
  aiMetadata shapes;
  for (int i = 0; i < 40; ++i) {
    aiMetadata sphere, shape;
    sphere.Add("radius", 0.25 + i);
    shape.Add("type", aiString(std::string("sphere")));
    shape.Add("sphere", sphere);
    shapes.Add(std::to_string(i), shape);
  }
  aiMetadata list, extensions;
  list.Add("shapes", shapes);
  extensions.Add("OMI_physics_shape", list);
  scene->mMetaData->Add("gltf.extensions", extensions);
  const auto bytes = gltf::write_gltf(*scene, {false, "test"}, "p.gltf");
  const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  CHECK_THAT(text, Catch::Contains(R"("extensionsUsed":["OMI_physics_shape"])"));
  CHECK_THAT(text, Catch::Contains(R"({"sphere":{"radius":39.25},"type":"sphere"}]})"));
}

TEST_CASE("glTF bridge: scenes it cannot express are errors naming the field", "[gltf]") {
  auto scene = test::make_skinned_animated_scene();
  scene->mAnimations[0]->mChannels[0]->mNodeName = aiString(std::string("nowhere"));
  CHECK_THROWS_WITH(gltf::write_gltf(*scene, {}, "x.glb"),
                    Catch::Contains("animations[0].channels[0]") && Catch::Contains("nowhere"));
}

TEST_CASE("glTF reader: garbage and truncated files are FormatErrors", "[gltf]") {
  const auto good = gltf::write_gltf(*test::make_skinned_animated_scene(), {}, "s.glb");
  for (std::size_t length :
       {std::size_t(0), std::size_t(4), std::size_t(20), good.size() / 2, good.size() - 1}) {
    const std::vector<std::byte> cut(good.begin(), good.begin() + length);
    CHECK_THROWS_AS(gamefmt::test::legacy_read_gltf(cut, "cut.glb"), FormatError);
  }
  const std::string json =
      R"({"asset":{"version":"2.0"},"nodes":[{"children":[0]}],"scenes":[{"nodes":[0]}]})";
  CHECK_THROWS_WITH(
      gamefmt::test::legacy_read_gltf(std::span(reinterpret_cast<const std::byte*>(json.data()), json.size()),
                                      "cycle.gltf"),
      Catch::Contains("cycle"));
}

TEST_CASE("glTF bridge: millimetre offsets and small rotations are not taken for identity", "[gltf]") {
  aiScene scene;
  scene.mFlags |= AI_SCENE_FLAGS_INCOMPLETE;
  scene.mRootNode = assimp::make_node("root");
  aiNode* child = assimp::make_node("child");
  child->mTransformation =
      aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(aiVector3D(0, 0, 1), 0.005f), aiVector3D(0.004f, 0, 0));
  assimp::set_children(*scene.mRootNode, {child});
  const auto back = gamefmt::test::legacy_read_gltf(gltf::write_gltf(scene, {}, "small.glb"), "small.glb");
  const aiNode* read = back->mRootNode->FindNode("child");
  REQUIRE(read != nullptr);
  CHECK(read->mTransformation.a4 == Approx(0.004f));
  CHECK(read->mTransformation.b1 == Approx(std::sin(0.005f)));
  // Below about 3e-4 rad the quaternion's w is exactly 1 in float: the rotation is in x, y, z alone.
  child->mTransformation =
      aiMatrix4x4(aiVector3D(1, 1, 1), aiQuaternion(aiVector3D(1, 0, 0), 0.0002f), aiVector3D(0, 0, 0));
  const auto tiny = gamefmt::test::legacy_read_gltf(gltf::write_gltf(scene, {}, "tiny.glb"), "tiny.glb");
  CHECK(tiny->mRootNode->FindNode("child")->mTransformation.c2 == Approx(std::sin(0.0002f)));
}

TEST_CASE("glTF writer: names that are not UTF-8 get U+FFFD, extras that are not give FormatError",
          "[gltf]") {
  auto scene = test::make_skinned_animated_scene();
  const std::string bad =
      std::string("layer") + char(0xDE) + char(0x41) + char(0xE0) + char(0x80) + char(0x80);
  const aiString bad_name(bad);
  scene->mMaterials[0]->AddProperty(&bad_name, AI_MATKEY_NAME);
  const auto glb = gltf::write_gltf(*scene, {}, "names.glb");
  const auto back = gamefmt::test::legacy_read_gltf(glb, "names.glb");
  aiString name;
  back->mMaterials[0]->Get(AI_MATKEY_NAME, name);
  CHECK(std::string(name.C_Str()) ==
        "layer\xEF\xBF\xBD"
        "A\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  assimp::add_metadata(scene->mRootNode->mMetaData, "note", aiString(bad));
  CHECK_THROWS_AS(gltf::write_gltf(*scene, {}, "extras.glb"), FormatError);
}
