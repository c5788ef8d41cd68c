#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "ai_scene_building.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "legacy_ai_scene.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

std::vector<std::byte> text_bytes(const std::string& text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

aiMatrix4x4 ai_of(const Mat4& m) {
  return {m[0], m[4], m[8],  m[12], m[1], m[5], m[9],  m[13],
          m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]};
}

bool close(const aiMatrix4x4& a, const aiMatrix4x4& b, float tolerance) {
  for (unsigned r = 0; r < 4; ++r)
    for (unsigned c = 0; c < 4; ++c)
      if (std::fabs(a[r][c] - b[r][c]) > tolerance) return false;
  return true;
}

// A node's world transform at one key of an animation: the channel's key (by index) for every animated node
// on the way up, the node's own transform otherwise.
aiMatrix4x4 world_at_key(const aiScene& scene, const aiAnimation& anim, const aiNode& node, unsigned key) {
  aiMatrix4x4 local = node.mTransformation;
  for (unsigned c = 0; c < anim.mNumChannels; ++c)
    if (anim.mChannels[c]->mNodeName == node.mName) {
      const auto& ch = *anim.mChannels[c];
      local = aiMatrix4x4(aiVector3D(1, 1, 1), ch.mRotationKeys[key].mValue, ch.mPositionKeys[key].mValue);
    }
  return node.mParent == nullptr ? local : world_at_key(scene, anim, *node.mParent, key) * local;
}

struct Rig {
  SampleBiped biped = make_sample_biped();
  ObjModel model = read_obj_model(text_bytes(biped.model_obj), "biped.obj");
  Animation walk = make_sample_walk(biped, 10);
  Animation centred = make_sample_walk(biped, 11);
};

}  // namespace

TEST_CASE("Rig -> scene: joints at the engine's bind matrices, the centred mesh, weights per vertex",
          "[phoenix]") {
  Rig rig;
  assimp::PhoenixRig input{"biped", "biped.phxbn", &rig.biped.skeleton, &rig.model, {}};
  const auto scene = assimp::phoenix_rig_to_scene(input);
  const auto names = assimp::phoenix_joint_names(rig.biped.skeleton);
  CHECK(names[0] == "torso_0");  // the hip is the base of the torso chain
  const auto& s = rig.biped.skeleton;
  for (std::size_t b = 0; b < names.size(); ++b) {
    INFO(names[b]);
    const aiNode* node = assimp::find_node(*scene->mRootNode, names[b]);
    REQUIRE(node != nullptr);
    const auto bind = ai_of(bone_bind_matrix(s.points[s.bone_ends[b][0]], s.points[s.bone_ends[b][1]]));
    CHECK(close(assimp::global_transform(*node), bind, 1e-5f));
  }
  REQUIRE(scene->mNumMeshes == 1);
  const aiMesh& mesh = *scene->mMeshes[0];
  CHECK(mesh.mNumFaces == rig.model.triangles.size());
  CHECK(mesh.mNumBones == names.size());
  // Each corner's vertex is the OBJ position minus the centre, with the corner's weights.
  const Vec3 c = rig.model.centre();
  std::map<std::pair<unsigned, unsigned>, float> weight_of;  // (vertex, bone) -> weight
  for (unsigned b = 0; b < mesh.mNumBones; ++b) {
    const unsigned bone =
        std::find(names.begin(), names.end(), mesh.mBones[b]->mName.C_Str()) - names.begin();
    for (unsigned w = 0; w < mesh.mBones[b]->mNumWeights; ++w)
      weight_of[{mesh.mBones[b]->mWeights[w].mVertexId, bone}] = mesh.mBones[b]->mWeights[w].mWeight;
  }
  for (std::size_t t = 0; t < rig.model.triangles.size(); t += 7)
    for (int k = 0; k < 3; ++k) {
      const unsigned v = mesh.mFaces[t].mIndices[k];
      const auto& p = rig.model.positions[rig.model.triangles[t][k].position];
      CHECK(mesh.mVertices[v] == aiVector3D(p[0] - c[0], p[1] - c[1], p[2] - c[2]));
      // UVs as Assimp's OBJ importer gives them: the file's (u, v), v up.
      const auto& uv = rig.model.uvs[rig.model.triangles[t][k].uv];
      CHECK(mesh.mTextureCoords[0][v] == aiVector3D(uv[0], uv[1], 0));
      const auto& ids = s.corner_bone_ids[3 * t + k];
      const auto& ws = s.corner_weights[3 * t + k];
      for (int slot = 0; slot < 4; ++slot)
        if (ws[slot] > 0) CHECK(weight_of[{v, unsigned(ids[slot])}] == Approx(ws[slot]));
    }
  // A vertex at a bone's end follows only that bone: in bind pose, skinning leaves the mesh where it is.
  CHECK(scene->mMetaData != nullptr);
}

TEST_CASE("Rig -> scene: each .anm key puts every joint at its (uncentred) model-space matrix", "[phoenix]") {
  Rig rig;
  assimp::PhoenixRig input{"biped",
                           "biped.phxbn",
                           &rig.biped.skeleton,
                           &rig.model,
                           {{"walk", &rig.walk}, {"walk_centred", &rig.centred}}};
  const auto scene = assimp::phoenix_rig_to_scene(input);
  REQUIRE(scene->mNumAnimations == 2);
  const auto names = assimp::phoenix_joint_names(rig.biped.skeleton);
  const Vec3 hip = rig.biped.hip_point;
  const aiMatrix4x4 to_centred(1, 0, 0, hip[0], 0, 1, 0, hip[1], 0, 0, 1, hip[2], 0, 0, 0, 1);
  for (unsigned a = 0; a < 2; ++a) {
    const aiAnimation& anim = *scene->mAnimations[a];
    CHECK(anim.mTicksPerSecond == 1000);
    CHECK(anim.mDuration == 1000);
    // Both clips hold the same motion: the centred one must come back to the raw matrices of the v10 file.
    for (unsigned key = 0; key < rig.walk.keyframes.size(); ++key)
      for (std::size_t b = 0; b < names.size(); ++b) {
        INFO("clip " << a << " key " << key << " " << names[b]);
        const aiNode* node = assimp::find_node(*scene->mRootNode, names[b]);
        CHECK(anim.mChannels[0]->mPositionKeys[key].mTime == rig.walk.keyframes[key].time - rig.walk.start);
        CHECK(close(world_at_key(*scene, anim, *node, key),
                    to_centred * ai_of(rig.walk.keyframes[key].bone_matrices[b]), 1e-4f));
      }
  }
}

TEST_CASE("Rig import errors: missing model for old weights, vertex counts, bone counts, asymmetry",
          "[phoenix]") {
  const auto* handler = gamefmt::find_handler_by_id("phoenix-phxbn");
  REQUIRE(handler != nullptr);
  Rig rig;
  gamefmt::ImportRequest request;
  SECTION("v10 with weights and no OBJ") {
    request.primary = {"old.phxbn", write_skeleton(make_sample_biped(10).skeleton)};
    CHECK_THROWS_WITH(gamefmt::test::legacy_import(*handler, request),
                      Catch::Contains("cannot be read without its model OBJ"));
  }
  SECTION("an OBJ with other triangles") {
    request.primary = {"biped.phxbn", write_skeleton(rig.biped.skeleton)};
    request.companions = {{"other.obj", text_bytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")}};
    CHECK_THROWS_WITH(gamefmt::test::legacy_import(*handler, request),
                      Catch::Contains("different vertex counts"));
  }
  SECTION("an animation of another skeleton") {
    auto walk = rig.walk;
    for (auto& k : walk.keyframes) k.bone_matrices.pop_back();
    request.primary = {"biped.phxbn", write_skeleton(rig.biped.skeleton)};
    request.companions = {{"biped.obj", text_bytes(rig.biped.model_obj)},
                          {"walk.anm", write_animation(walk)}};
    CHECK_THROWS_WITH(gamefmt::test::legacy_import(*handler, request), Catch::Contains("the skeleton has"));
  }
  SECTION("an asymmetric skeleton") {
    auto s = rig.biped.skeleton;
    s.points[s.bone_ends[7][1]][0] += 0.1f;
    request.primary = {"lopsided.phxbn", write_skeleton(s)};
    request.companions = {{"biped.obj", text_bytes(rig.biped.model_obj)}};
    CHECK_THROWS_WITH(gamefmt::test::legacy_import(*handler, request), Catch::Contains("not symmetrical"));
  }
}

TEST_CASE("gamefmt convert rig.phxbn model.obj walk.anm -o out.glb gives a skinned, animated glTF",
          "[phoenix]") {
  Rig rig;
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(make_sample_biped(9).skeleton));
  write_file_atomically(dir / "biped.obj", rig.biped.model_obj);
  write_file_atomically(dir / "walk.anm", write_animation(rig.walk));
  write_file_atomically(dir / "wave.anm", write_animation(make_sample_walk(rig.biped, 4, 5)));
  const auto result = test::run_gamefmt({"convert", (dir / "biped.phxbn").string(),
                                         (dir / "biped.obj").string(), (dir / "walk.anm").string(),
                                         (dir / "wave.anm").string(), "-o", (dir / "out.glb").string()});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto scene = gamefmt::test::legacy_read_gltf(read_file_bytes(dir / "out.glb"), "out.glb");
  REQUIRE(scene->mNumMeshes == 1);
  CHECK(scene->mMeshes[0]->mNumBones == rig.biped.skeleton.bone_ends.size());
  REQUIRE(scene->mNumAnimations == 2);
  // Read back, the first joint's world matrix at key 3 of the walk is still the file's matrix.
  // A v9 skeleton has no IK chains: its joints are named bone_<i>.
  const auto names = assimp::phoenix_joint_names(make_sample_biped(9).skeleton);
  CHECK(names[0] == "bone_0");
  const aiAnimation* walk = scene->mAnimations[0];
  if (std::string(walk->mName.C_Str()) != "walk") walk = scene->mAnimations[1];
  const aiNode* hip = assimp::find_node(*scene->mRootNode, names[0]);
  REQUIRE(hip != nullptr);
  // Without a torso chain there is no hip to place the clip at: the matrices are taken as they are.
  CHECK(close(world_at_key(*scene, *walk, *hip, 3), ai_of(rig.walk.keyframes[3].bone_matrices[0]), 1e-4f));
  // The OBJ beside the skeleton is found by name; without one, a v9 rig with weights is refused clearly.
  const auto beside =
      test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), "-o", (dir / "x.glb").string()});
  CHECK(beside.exit_code == 0);
  write_file_atomically(dir / "lonely.phxbn", write_skeleton(make_sample_biped(9).skeleton));
  const auto refused =
      test::run_gamefmt({"convert", (dir / "lonely.phxbn").string(), "-o", (dir / "y.glb").string()});
  CHECK(refused.exit_code != 0);
  CHECK(refused.output.find("cannot be read without its model OBJ") != std::string::npos);
}

TEST_CASE("Shape keys -> morph targets: <model>_<label>.obj moves the mesh, the .anm weights animate it",
          "[phoenix][morph]") {
  Rig rig;
  const auto blink = read_obj_model(text_bytes(make_sample_morph_obj(rig.biped)), "biped_blink.obj");
  assimp::PhoenixRig input{"biped", "biped.phxbn", &rig.biped.skeleton, &rig.model, {{"walk", &rig.walk}}};
  input.morphs = {{"blink", &blink}};
  const auto scene = assimp::phoenix_rig_to_scene(input);
  const aiMesh& mesh = *scene->mMeshes[0];
  REQUIRE(mesh.mNumAnimMeshes == 1);
  CHECK(std::string(mesh.mAnimMeshes[0]->mName.C_Str()) == "blink");
  // Vertices above 1.5 m in the raw OBJ (centred: 1.5 - centre.y) move up 5 cm, the others stay.
  const float above = 1.5f - rig.model.centre()[1];
  std::size_t moved = 0;
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
    const aiVector3D d = mesh.mAnimMeshes[0]->mVertices[v] - mesh.mVertices[v];
    CHECK(d.x == Approx(0).margin(1e-5));
    CHECK(d.y == Approx(mesh.mVertices[v].y > above ? 0.05f : 0.0f).margin(1e-5));
    CHECK(d.z == Approx(0).margin(1e-5));
    moved += d.y > 0.01f;
  }
  CHECK(moved > 0);
  const aiAnimation& anim = *scene->mAnimations[0];
  REQUIRE(anim.mNumMorphMeshChannels == 1);
  const auto& channel = *anim.mMorphMeshChannels[0];
  REQUIRE(channel.mNumKeys == rig.walk.keyframes.size());
  for (unsigned k = 0; k < channel.mNumKeys; ++k) {
    CHECK(channel.mKeys[k].mTime == rig.walk.keyframes[k].time - rig.walk.start);
    CHECK(channel.mKeys[k].mWeights[0] == Approx(rig.walk.keyframes[k].shape_keys[0].weight));
  }
  // A morph with other faces is refused; through the CLI the morph beside the model is found by its label.
  const ObjModel one = read_obj_model(text_bytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), "biped_bad.obj");
  input.morphs = {{"bad", &one}};
  CHECK_THROWS_WITH(assimp::phoenix_rig_to_scene(input), Catch::Contains("the engine needs the same faces"));
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(rig.biped.skeleton));
  write_file_atomically(dir / "biped.obj", rig.biped.model_obj);
  write_file_atomically(dir / "biped_blink.obj", make_sample_morph_obj(rig.biped));
  write_file_atomically(dir / "walk.anm", write_animation(rig.walk));
  const auto result = test::run_gamefmt({"convert", (dir / "biped.phxbn").string(),
                                         (dir / "walk.anm").string(), "-o", (dir / "out.glb").string()});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto back = gamefmt::test::legacy_read_gltf(read_file_bytes(dir / "out.glb"), "out.glb");
  const aiMesh* skinned = nullptr;
  for (unsigned m = 0; m < back->mNumMeshes; ++m)
    if (back->mMeshes[m]->mNumBones > 0) skinned = back->mMeshes[m];
  REQUIRE(skinned != nullptr);
  REQUIRE(skinned->mNumAnimMeshes == 1);
  CHECK(std::string(skinned->mAnimMeshes[0]->mName.C_Str()) == "blink");
  REQUIRE(back->mNumAnimations == 1);
  CHECK(back->mAnimations[0]->mNumMorphMeshChannels == 1);
  // A second OBJ that is not named <model>_<label>.obj is refused.
  write_file_atomically(dir / "other.obj", rig.biped.model_obj);
  const auto refused =
      test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string(),
                         (dir / "other.obj").string(), "-o", (dir / "x.glb").string()});
  CHECK(refused.exit_code != 0);
  CHECK(refused.output.find("morph targets are named biped_<label>.obj") != std::string::npos);
}
