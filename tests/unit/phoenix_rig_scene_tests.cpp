#include <catch2/catch.hpp>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <map>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

std::vector<std::byte> text_bytes(const std::string& text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

glm::mat4 glm_of(const Mat4& m) {  // both column-major
  return glm::make_mat4(m.data());
}

bool close(const glm::mat4& a, const glm::mat4& b, float tolerance) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (std::fabs(a[c][r] - b[c][r]) > tolerance) return false;
  return true;
}

// A node's world transform at one key of an animation: the channel's key (by index) for every animated node
// on the way up, the node's own transform otherwise.
glm::mat4 world_at_key(const scene::Scene& scene, const scene::Animation& anim, scene::NodeIndex node,
                       unsigned key) {
  glm::mat4 local = scene::matrix_of(scene.nodes[node]);
  for (const auto& channel : anim.channels)
    if (channel.node == node)
      local = scene::compose({channel.translation[key].value, channel.rotation[key].value, glm::vec3(1.0f)});
  const auto parent = scene::parents_of(scene)[node];
  return parent ? world_at_key(scene, anim, *parent, key) * local : local;
}

scene::NodeIndex node_named(const scene::Scene& scene, const std::string& name) {
  const auto node = scene::find_node(scene, name);
  REQUIRE(node.has_value());
  return *node;
}

struct SampleRig {
  SampleBiped biped = make_sample_biped();
  ObjModel model = read_obj_model(text_bytes(biped.model_obj), "biped.obj");
  Animation walk = make_sample_walk(biped, 10);
  Animation centred = make_sample_walk(biped, 11);
};

}  // namespace

TEST_CASE("Rig -> scene: joints at the engine's bind matrices, the centred mesh, weights per vertex",
          "[phoenix][phoenix-phxbn]") {
  SampleRig rig;
  Rig input{"biped", "biped.phxbn", &rig.biped.skeleton, &rig.model, {}};
  const auto scene = rig_to_scene(input);
  const auto names = rig_joint_names(rig.biped.skeleton);
  CHECK(names[0] == "torso_0");  // the hip is the base of the torso chain
  const auto& s = rig.biped.skeleton;
  for (std::size_t b = 0; b < names.size(); ++b) {
    INFO(names[b]);
    const auto node = node_named(scene, names[b]);
    const auto bind = glm_of(bone_bind_matrix(s.points[s.bone_ends[b][0]], s.points[s.bone_ends[b][1]]));
    CHECK(close(scene::global_transform(scene, node), bind, 1e-5f));
  }
  REQUIRE(scene.meshes.size() == 1);
  const scene::Mesh& mesh = scene.meshes[0];
  CHECK(mesh.triangles.size() == 3 * rig.model.triangles.size());
  CHECK(mesh.lines.empty());
  CHECK(mesh.points.empty());
  CHECK(mesh.bones.size() == names.size());
  // Each corner's vertex is the OBJ position minus the centre, with the corner's weights.
  const Vec3 c = rig.model.centre();
  std::map<std::pair<unsigned, unsigned>, float> weight_of;  // (vertex, bone) -> weight
  for (const auto& binding : mesh.bones) {
    const unsigned bone =
        std::find(names.begin(), names.end(), scene.nodes[binding.node].name) - names.begin();
    for (const auto& w : binding.weights) weight_of[{w.vertex, bone}] = w.weight;
  }
  for (std::size_t t = 0; t < rig.model.triangles.size(); t += 7)
    for (int k = 0; k < 3; ++k) {
      const unsigned v = mesh.triangles[3 * t + k];
      const auto& p = rig.model.positions[rig.model.triangles[t][k].position];
      CHECK(mesh.positions[v] == glm::vec3(p[0] - c[0], p[1] - c[1], p[2] - c[2]));
      // UVs are the file's (u, v), v up, turned to the scene's convention (v down from the top).
      const auto& uv = rig.model.uvs[rig.model.triangles[t][k].uv];
      CHECK(mesh.texcoords[0][v] == glm::vec2(uv[0], 1.0f - uv[1]));
      const auto& ids = s.corner_bone_ids[3 * t + k];
      const auto& ws = s.corner_weights[3 * t + k];
      for (int slot = 0; slot < 4; ++slot)
        if (ws[slot] > 0) CHECK(weight_of[{v, unsigned(ids[slot])}] == Approx(ws[slot]));
    }
  // The skeleton record the way back needs is there.
  CHECK(scene.extras.contains("phoenix.skeleton"));
}

TEST_CASE("Rig -> scene: each .anm key puts every joint at its (uncentred) model-space matrix",
          "[phoenix][phoenix-phxbn]") {
  SampleRig rig;
  Rig input{"biped",
            "biped.phxbn",
            &rig.biped.skeleton,
            &rig.model,
            {{"walk", &rig.walk}, {"walk_centred", &rig.centred}}};
  const auto scene = rig_to_scene(input);
  REQUIRE(scene.animations.size() == 2);
  const auto names = rig_joint_names(rig.biped.skeleton);
  const Vec3 hip = rig.biped.hip_point;
  const glm::mat4 to_centred = scene::translation({hip[0], hip[1], hip[2]});
  for (unsigned a = 0; a < 2; ++a) {
    const scene::Animation& anim = scene.animations[a];
    CHECK(anim.duration == 1.0);  // the walk's 1000 ms
    // Both clips hold the same motion: the centred one must come back to the raw matrices of the v10 file.
    for (unsigned key = 0; key < rig.walk.keyframes.size(); ++key)
      for (std::size_t b = 0; b < names.size(); ++b) {
        INFO("clip " << a << " key " << key << " " << names[b]);
        const auto node = node_named(scene, names[b]);
        // Key times in seconds from the clip's start.
        CHECK(anim.channels[0].translation[key].time ==
              Approx((rig.walk.keyframes[key].time - rig.walk.start) / 1000.0));
        CHECK(close(world_at_key(scene, anim, node, key),
                    to_centred * glm_of(rig.walk.keyframes[key].bone_matrices[b]), 1e-4f));
      }
  }
}

TEST_CASE("Rig import errors: missing model for old weights, vertex counts, bone counts, asymmetry",
          "[phoenix][phoenix-phxbn]") {
  const auto* handler = gamefmt::find_handler_by_id("phoenix-phxbn");
  REQUIRE(handler != nullptr);
  SampleRig rig;
  gamefmt::ImportRequest request;
  SECTION("v10 with weights and no OBJ") {
    request.primary = {"old.phxbn", write_skeleton(make_sample_biped(10).skeleton)};
    CHECK_THROWS_WITH(handler->import_scene(request),
                      Catch::Contains("cannot be read without its model OBJ"));
  }
  SECTION("an OBJ with other triangles") {
    request.primary = {"biped.phxbn", write_skeleton(rig.biped.skeleton)};
    request.companions = {{"other.obj", text_bytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n")}};
    CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("different vertex counts"));
  }
  SECTION("an animation of another skeleton") {
    auto walk = rig.walk;
    for (auto& k : walk.keyframes) k.bone_matrices.pop_back();
    request.primary = {"biped.phxbn", write_skeleton(rig.biped.skeleton)};
    request.companions = {{"biped.obj", text_bytes(rig.biped.model_obj)},
                          {"walk.anm", write_animation(walk)}};
    CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("the skeleton has"));
  }
  SECTION("an asymmetric skeleton") {
    auto s = rig.biped.skeleton;
    s.points[s.bone_ends[7][1]][0] += 0.1f;
    request.primary = {"lopsided.phxbn", write_skeleton(s)};
    request.companions = {{"biped.obj", text_bytes(rig.biped.model_obj)}};
    CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("not symmetrical"));
  }
}

TEST_CASE("gamefmt convert rig.phxbn model.obj walk.anm -o out.glb gives a skinned, animated glTF",
          "[phoenix][phoenix-phxbn]") {
  SampleRig rig;
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
  const auto scene = gltf::read_gltf(read_file_bytes(dir / "out.glb"), "out.glb");
  REQUIRE(scene.meshes.size() == 1);
  CHECK(scene.meshes[0].bones.size() == rig.biped.skeleton.bone_ends.size());
  REQUIRE(scene.animations.size() == 2);
  // Read back, the first joint's world matrix at key 3 of the walk is still the file's matrix.
  // A v9 skeleton has no IK chains: its joints are named bone_<i>.
  const auto names = rig_joint_names(make_sample_biped(9).skeleton);
  CHECK(names[0] == "bone_0");
  const scene::Animation* walk = &scene.animations[0];
  if (walk->name != "walk") walk = &scene.animations[1];
  const auto hip = node_named(scene, names[0]);
  // Without a torso chain there is no hip to place the clip at: the matrices are taken as they are.
  CHECK(close(world_at_key(scene, *walk, hip, 3), glm_of(rig.walk.keyframes[3].bone_matrices[0]), 1e-4f));
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
          "[phoenix][morph][phoenix-phxbn]") {
  SampleRig rig;
  const auto blink = read_obj_model(text_bytes(make_sample_morph_obj(rig.biped)), "biped_blink.obj");
  Rig input{"biped", "biped.phxbn", &rig.biped.skeleton, &rig.model, {{"walk", &rig.walk}}};
  input.morphs = {{"blink", &blink}};
  const auto scene = rig_to_scene(input);
  const scene::Mesh& mesh = scene.meshes[0];
  REQUIRE(mesh.morph_targets.size() == 1);
  CHECK(mesh.morph_targets[0].name == "blink");
  REQUIRE(mesh.morph_targets[0].position_deltas.size() == mesh.vertex_count());
  // Vertices above 1.5 m in the raw OBJ (centred: 1.5 - centre.y) move up 5 cm, the others stay.
  const float above = 1.5f - rig.model.centre()[1];
  std::size_t moved = 0;
  for (std::size_t v = 0; v < mesh.vertex_count(); ++v) {
    const glm::vec3 d = mesh.morph_targets[0].position_deltas[v];
    CHECK(d.x == Approx(0).margin(1e-5));
    CHECK(d.y == Approx(mesh.positions[v].y > above ? 0.05f : 0.0f).margin(1e-5));
    CHECK(d.z == Approx(0).margin(1e-5));
    moved += d.y > 0.01f;
  }
  CHECK(moved > 0);
  const scene::Animation& anim = scene.animations[0];
  REQUIRE(anim.morph_channels.size() == 1);
  const auto& channel = anim.morph_channels[0];
  // The weights drive the mesh's node.
  REQUIRE(scene.nodes[channel.node].meshes == std::vector<scene::MeshIndex>{0});
  REQUIRE(channel.keys.size() == rig.walk.keyframes.size());
  for (std::size_t k = 0; k < channel.keys.size(); ++k) {
    CHECK(channel.keys[k].time == Approx((rig.walk.keyframes[k].time - rig.walk.start) / 1000.0));
    REQUIRE(channel.keys[k].value.size() == 1);
    CHECK(channel.keys[k].value[0] == Approx(rig.walk.keyframes[k].shape_keys[0].weight));
  }
  // A morph with other faces is refused; through the CLI the morph beside the model is found by its label.
  const ObjModel one = read_obj_model(text_bytes("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"), "biped_bad.obj");
  input.morphs = {{"bad", &one}};
  CHECK_THROWS_WITH(rig_to_scene(input), Catch::Contains("the engine needs the same faces"));
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(rig.biped.skeleton));
  write_file_atomically(dir / "biped.obj", rig.biped.model_obj);
  write_file_atomically(dir / "biped_blink.obj", make_sample_morph_obj(rig.biped));
  write_file_atomically(dir / "walk.anm", write_animation(rig.walk));
  const auto result = test::run_gamefmt({"convert", (dir / "biped.phxbn").string(),
                                         (dir / "walk.anm").string(), "-o", (dir / "out.glb").string()});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto back = gltf::read_gltf(read_file_bytes(dir / "out.glb"), "out.glb");
  const scene::Mesh* skinned = nullptr;
  for (const auto& m : back.meshes)
    if (!m.bones.empty()) skinned = &m;
  REQUIRE(skinned != nullptr);
  REQUIRE(skinned->morph_targets.size() == 1);
  CHECK(skinned->morph_targets[0].name == "blink");
  REQUIRE(back.animations.size() == 1);
  CHECK(back.animations[0].morph_channels.size() == 1);
  // A second OBJ that is not named <model>_<label>.obj is refused.
  write_file_atomically(dir / "other.obj", rig.biped.model_obj);
  const auto refused =
      test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string(),
                         (dir / "other.obj").string(), "-o", (dir / "x.glb").string()});
  CHECK(refused.exit_code != 0);
  CHECK(refused.output.find("morph targets are named biped_<label>.obj") != std::string::npos);
}
