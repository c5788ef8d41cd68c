#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

std::vector<std::byte> text_bytes(const std::string& text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

std::size_t bone_named(const SampleBiped& b, const std::string& name) {
  return std::size_t(std::find(b.bone_names.begin(), b.bone_names.end(), name) - b.bone_names.begin());
}

// The nodes with a ragdoll record, in tree order.
std::vector<scene::NodeIndex> volume_nodes(const scene::Scene& scene) {
  std::vector<scene::NodeIndex> out;
  for (const auto n : scene::tree_order(scene))
    if (scene.nodes[n].extras.is_object() && scene.nodes[n].extras.contains("phoenix.ragdoll"))
      out.push_back(n);
  return out;
}

void check_close(const RagdollObject& a, const RagdollObject& b, float tolerance) {
  INFO(a.label);
  CHECK(a.label == b.label);
  for (int i = 0; i < 4; ++i) CHECK(std::fabs(a.rotation_wxyz[i] - b.rotation_wxyz[i]) <= tolerance);
  for (int i = 0; i < 3; ++i) CHECK(std::fabs(a.location[i] - b.location[i]) <= tolerance);
  for (int i = 0; i < 3; ++i) CHECK(std::fabs(a.scale[i] - b.scale[i]) <= tolerance);
}

struct SampleRig {
  SampleBiped biped = make_sample_biped();
  ObjModel model = read_obj_model(text_bytes(biped.model_obj), "biped.obj");
  Ragdoll ragdoll = [this] {
    auto r = make_sample_ragdoll(biped);
    r.objects.push_back(
        {"capsule.001 shin r", {1, 0, 0, 0}, {0, 0, 1}, {0.1f, 0.1f, 0.1f}});  // Blender's suffix
    return r;
  }();
};

}  // namespace

TEST_CASE("Ragdoll volumes: the engine's axes, shapes and mirror, and the way back",
          "[phoenix][ragdoll][phoenix-fzx]") {
  const RagdollObject o{"capsule thigh l m", {0.5f, 0.5f, 0.5f, 0.5f}, {1, 2, 3}, {0.1f, 0.2f, 0.3f}};
  const Vec3 centre{0.5f, 0.25f, -1};
  const auto capsule = ragdoll_volume(o, RagdollShape::capsule, centre);
  CHECK(capsule.position == Vec3{0.5f, 2.75f, -1});  // (x, z, -y) - centre
  CHECK(capsule.rotation_xyzw == std::array<float, 4>{0.5f, 0.5f, -0.5f, 0.5f});
  CHECK(capsule.radius == 0.1f);
  CHECK(capsule.mid_height == Approx(0.6f));
  CHECK(ragdoll_volume(o, RagdollShape::box, centre).box_size == Vec3{0.2f, 0.6f, 0.4f});
  const auto sphere = ragdoll_volume(o, RagdollShape::sphere, centre);
  CHECK(sphere.radius == Approx(0.2f));
  CHECK(sphere.ellipsoid_scale[0] == Approx(0.5f));
  CHECK(sphere.ellipsoid_scale[1] == Approx(1.5f));
  CHECK(sphere.ellipsoid_scale[2] == Approx(1.0f));
  const auto m = ragdoll_mirrored(o);
  CHECK(m.location == Vec3{-1, 2, 3});
  CHECK(m.rotation_wxyz == std::array<float, 4>{0.5f, 0.5f, -0.5f, -0.5f});
  RagdollObject back = o;
  back.location = {};
  back.rotation_wxyz = {};
  set_ragdoll_placement(back, capsule.position, capsule.rotation_xyzw, centre);
  CHECK(back == o);
}

TEST_CASE("Rig + .fzx -> scene: a volume node under each part's bone, mirrors, OMI extensions, warnings",
          "[phoenix][ragdoll][phoenix-fzx]") {
  SampleRig rig;
  Rig input{"biped", "biped.phxbn", &rig.biped.skeleton, &rig.model, {}};
  input.ragdoll = &rig.ragdoll;
  input.ragdoll_proxies = true;
  const auto scene = rig_to_scene(input);
  const auto volumes = volume_nodes(scene);
  // 17 placed objects, 7 of them (the left parts) with the mirror flag; the last object matches nothing.
  CHECK(volumes.size() == 17 + 7);
  CHECK(scene.meshes.size() == 1 + volumes.size());
  const auto names = rig_joint_names(rig.biped.skeleton);
  const auto& s = rig.biped.skeleton;
  const auto parents = scene::parents_of(scene);
  std::size_t mirrors = 0;
  for (const auto node : volumes) {
    const auto& record = scene.nodes[node].extras.at("phoenix.ragdoll");
    INFO(scene.nodes[node].name);
    const std::string bone = record.at("bone");
    REQUIRE(parents[node].has_value());
    CHECK(bone == scene.nodes[*parents[node]].name);
    // The sample puts each volume at its bone's midpoint with local Y along the bone.
    const std::size_t b = std::size_t(std::find(names.begin(), names.end(), bone) - names.begin());
    REQUIRE(b < names.size());
    const auto& p0 = s.points[s.bone_ends[b][0]];
    const auto& p1 = s.points[s.bone_ends[b][1]];
    const glm::mat4 world = scene::global_transform(scene, node);
    CHECK(world[3][0] == Approx((p0[0] + p1[0]) / 2).margin(1e-5));
    CHECK(world[3][1] == Approx((p0[1] + p1[1]) / 2).margin(1e-5));
    CHECK(world[3][2] == Approx((p0[2] + p1[2]) / 2).margin(1e-5));
    const glm::vec3 y(world[1]), along(p1[0] - p0[0], p1[1] - p0[1], p1[2] - p0[2]);
    CHECK(glm::dot(glm::normalize(y), glm::normalize(along)) == Approx(1).margin(1e-4));
    CHECK(record.at("omi_shape").at("type") == record.at("shape"));
    const auto& extensions = scene.nodes[node].gltf_extensions;
    CHECK(extensions.at("OMI_physics_body").at("collider").at("shape") ==
          extensions.at("OMI_physics_shape").at("shape"));
    mirrors += record.at("mirror").get<bool>();
    CHECK(scene.nodes[node].meshes.size() == 1);
  }
  CHECK(mirrors == 7);
  // The left thigh's mirror copy sits on the right thigh.
  const auto right = scene::find_node(scene, "fzx0 capsule thigh l m (mirror)");
  REQUIRE(right.has_value());
  REQUIRE(parents[*right].has_value());
  CHECK(scene.nodes[*parents[*right]].name == names[bone_named(rig.biped, "right_thigh")]);
  const auto& doc = scene.gltf_extensions;
  CHECK(doc.at("OMI_physics_shape").at("shapes").size() == volumes.size());
  CHECK(doc.at("OMI_physics_shape").at("shapes").at(0).at("type") == "capsule");
  const auto& record = scene.extras.at("phoenix.ragdoll");
  REQUIRE(record.at("unmatched").size() == 1);
  CHECK(record.at("unmatched").at(0).at("label") == "capsule.001 shin r");
  const auto& warnings = scene.warnings;
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].find("capsule.001 shin r") != std::string::npos);
  // Straight back from the scene: the same .fzx.
  const auto again = ragdoll_from_scene(scene, "biped.glb");
  REQUIRE(again.objects.size() == rig.ragdoll.objects.size());
  for (std::size_t i = 0; i < again.objects.size(); ++i)
    check_close(again.objects[i], rig.ragdoll.objects[i], 1e-5f);
}

TEST_CASE(
    "gamefmt convert rig.phxbn model.obj walk.anm model.fzx -o out.glb, and the .fzx back from the glTF",
    "[phoenix][ragdoll][phoenix-fzx]") {
  SampleRig rig;
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(rig.biped.skeleton));
  write_file_atomically(dir / "biped.obj", rig.biped.model_obj);
  write_file_atomically(dir / "walk.anm", write_animation(make_sample_walk(rig.biped, 10)));
  write_file_atomically(dir / "biped.fzx", write_ragdoll(rig.ragdoll));
  const auto result = test::run_gamefmt(
      {"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string(), (dir / "walk.anm").string(),
       (dir / "biped.fzx").string(), "-o", (dir / "out.glb").string(), "-O", "ragdoll_proxies=1"});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  CHECK(result.output.find("warning: ") != std::string::npos);
  CHECK(result.output.find("capsule.001 shin r") != std::string::npos);
  const auto scene = gltf::read_gltf(read_file_bytes(dir / "out.glb"), "out.glb");
  const auto back = ragdoll_from_scene(scene, "out.glb");
  REQUIRE(back.objects.size() == rig.ragdoll.objects.size());
  for (std::size_t i = 0; i < back.objects.size(); ++i)
    check_close(back.objects[i], rig.ragdoll.objects[i], 1e-5f);
  // The .fzx beside the model is found by name (the engine's rule) without being named.
  const auto beside =
      test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), "-o", (dir / "beside.glb").string()});
  INFO(beside.output);
  REQUIRE(beside.exit_code == 0);
  CHECK(ragdoll_from_scene(gltf::read_gltf(read_file_bytes(dir / "beside.glb"), "beside.glb"), "b")
            .objects.size() == rig.ragdoll.objects.size());
}

TEST_CASE("An .fzx on its own: volumes at the model's origin with proxies, and back to the same .fzx",
          "[phoenix][ragdoll][phoenix-fzx]") {
  SampleRig rig;
  test::TempDir dir;
  write_file_atomically(dir / "alone.fzx", write_ragdoll(rig.ragdoll));
  const auto result =
      test::run_gamefmt({"convert", (dir / "alone.fzx").string(), "-o", (dir / "alone.glb").string()});
  INFO(result.output);
  REQUIRE(result.exit_code == 0);
  const auto scene = gltf::read_gltf(read_file_bytes(dir / "alone.glb"), "alone.glb");
  const auto volumes = volume_nodes(scene);
  std::size_t mirrored = 0, matched = 0;
  for (const auto& object : rig.ragdoll.objects)
    if (const auto label = parse_ragdoll_label(object.label)) {
      ++matched;
      mirrored += label->mirrored;
    }
  CHECK(volumes.size() == matched + mirrored);
  CHECK(scene.meshes.size() == volumes.size());  // a proxy each
  // Each volume sits where the engine places it, relative to the model's origin.
  const auto placed =
      ragdoll_volume(rig.ragdoll.objects[0], parse_ragdoll_label(rig.ragdoll.objects[0].label)->shape, {});
  std::optional<scene::NodeIndex> first;
  for (const auto node : volumes)
    if (scene.nodes[node].extras.at("phoenix.ragdoll").value("index", -1) == 0 && !first) first = node;
  REQUIRE(first.has_value());
  const glm::mat4 world = scene::global_transform(scene, *first);
  CHECK(world[3][0] == Approx(placed.position[0]).margin(1e-5));
  CHECK(world[3][1] == Approx(placed.position[1]).margin(1e-5));
  CHECK(world[3][2] == Approx(placed.position[2]).margin(1e-5));
  const auto back =
      test::run_gamefmt({"convert", (dir / "alone.glb").string(), "-o", (dir / "back.fzx").string()});
  INFO(back.output);
  REQUIRE(back.exit_code == 0);
  const auto again = read_ragdoll(read_file_bytes(dir / "back.fzx"), "back.fzx");
  REQUIRE(again.objects.size() == rig.ragdoll.objects.size());
  for (std::size_t i = 0; i < again.objects.size(); ++i)
    check_close(again.objects[i], rig.ragdoll.objects[i], 1e-5f);
  // Without proxies: nodes only.
  const auto bare = test::run_gamefmt({"convert", (dir / "alone.fzx").string(), "-o",
                                       (dir / "bare.glb").string(), "-O", "ragdoll_proxies=0"});
  REQUIRE(bare.exit_code == 0);
  CHECK(gltf::read_gltf(read_file_bytes(dir / "bare.glb"), "bare.glb").meshes.empty());
}
