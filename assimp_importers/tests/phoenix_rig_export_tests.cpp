// The way back: a glTF written from a rig (standing in for a Blender re-export) -> .phxbn v11, .anm v10 and
// .fzx that read back equal to the originals within 1e-5.
#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>

#include "blender_round_trip.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/ragdoll_scene.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

constexpr float kTolerance = 1e-5f;

template <class A>
bool close(const A& a, const A& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::fabs(a[i] - b[i]) > kTolerance) return false;
  return true;
}
template <class A>
bool close_all(const std::vector<A>& a, const std::vector<A>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!close(a[i], b[i])) return false;
  return true;
}

void check_skeleton(const Skeleton& got, const Skeleton& want) {
  CHECK(got.version == 11);
  CHECK(got.rigging_stage == want.rigging_stage);
  CHECK(close_all(got.points, want.points));
  CHECK(got.point_parents == want.point_parents);
  CHECK(got.bone_ends == want.bone_ends);
  CHECK(got.bone_parents == want.bone_parents);
  CHECK(close(got.bone_masses, want.bone_masses));
  CHECK(close_all(got.bone_centres_of_mass, want.bone_centres_of_mass));
  CHECK(close_all(got.bone_matrices, want.bone_matrices));
  CHECK(close_all(got.corner_weights, want.corner_weights));
  CHECK(close_all(got.corner_bone_ids, want.corner_bone_ids));
  CHECK(got.hier_parents == want.hier_parents);
  REQUIRE(got.joints.size() == want.joints.size());
  for (std::size_t j = 0; j < got.joints.size(); ++j) {
    INFO("joint " << j);
    CHECK(got.joints[j].type == want.joints[j].type);
    CHECK(got.joints[j].bone_ids == want.joints[j].bone_ids);
    CHECK(close(got.joints[j].stop_angles, want.joints[j].stop_angles));
    CHECK(close(got.joints[j].axis, want.joints[j].axis));
  }
  CHECK(got.ik_bones == want.ik_bones);
}

void check_animation(const Animation& got, const Animation& want) {
  CHECK(got.version == 10);
  CHECK(got.centred == 0);
  CHECK(got.looping == want.looping);
  CHECK(got.start == want.start);
  CHECK(got.end == want.end);
  REQUIRE(got.keyframes.size() == want.keyframes.size());
  for (std::size_t k = 0; k < got.keyframes.size(); ++k) {
    INFO("key " << k);
    const auto& a = got.keyframes[k];
    const auto& b = want.keyframes[k];
    CHECK(a.time == b.time);
    CHECK(close_all(a.bone_matrices, b.bone_matrices));
    CHECK(close(a.weights, b.weights));
    REQUIRE(a.weapons.size() == b.weapons.size());
    for (std::size_t w = 0; w < a.weapons.size(); ++w) {
      CHECK(close(a.weapons[w].matrix, b.weapons[w].matrix));
      CHECK(a.weapons[w].relative_id == b.weapons[w].relative_id);
      CHECK(a.weapons[w].relative_weight == b.weapons[w].relative_weight);
    }
    CHECK(a.use_mobility == b.use_mobility);
    CHECK(close(a.mobility, b.mobility));
    CHECK(a.events == b.events);
    CHECK(a.ik_bones == b.ik_bones);
    CHECK(a.shape_keys == b.shape_keys);
    CHECK(a.status_keys == b.status_keys);
  }
}

// The rig's files in `dir`: biped.phxbn, biped.obj, walk.anm, biped.fzx.
void write_rig_files(const std::filesystem::path& dir, const SampleBiped& biped, const Animation& walk,
                     const Ragdoll& ragdoll) {
  write_file_atomically(dir / "biped.phxbn", write_skeleton(biped.skeleton));
  write_file_atomically(dir / "biped.obj", biped.model_obj);
  write_file_atomically(dir / "walk.anm", write_animation(walk));
  write_file_atomically(dir / "biped.fzx", write_ragdoll(ragdoll));
}

// The same, converted to biped.glb with the CLI.
void write_rig_glb(const std::filesystem::path& dir, const SampleBiped& biped, const Animation& walk,
                   const Ragdoll& ragdoll) {
  write_rig_files(dir, biped, walk, ragdoll);
  const auto glb = test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string(),
                                      (dir / "walk.anm").string(), (dir / "biped.fzx").string(), "-o",
                                      (dir / "biped.glb").string()});
  INFO(glb.output);
  REQUIRE(glb.exit_code == 0);
}

// Writes back.phxbn, walk.anm and back.fzx from a glTF with the CLI, as a user would.
void convert_back(const std::filesystem::path& dir, const std::string& glb) {
  for (const char* out : {"back.phxbn", "walk.anm", "back.fzx"}) {
    const auto result = test::run_gamefmt({"convert", (dir / glb).string(), "-o", (dir / out).string()});
    INFO(out << ": " << result.output);
    REQUIRE(result.exit_code == 0);
  }
}

void check_ragdoll(const Ragdoll& got, const Ragdoll& want) {
  REQUIRE(got.objects.size() == want.objects.size());
  for (std::size_t i = 0; i < got.objects.size(); ++i) {
    INFO(want.objects[i].label);
    CHECK(got.objects[i].label == want.objects[i].label);
    CHECK(close(got.objects[i].rotation_wxyz, want.objects[i].rotation_wxyz));
    CHECK(close(got.objects[i].location, want.objects[i].location));
    CHECK(close(got.objects[i].scale, want.objects[i].scale));
  }
}

}  // namespace

TEST_CASE("glTF -> .phxbn v11, .anm v10, .fzx: equal to the originals within 1e-5",
          "[phoenix][export][phoenix-phxbn]") {
  const auto biped = make_sample_biped(11, 1);
  const auto walk = make_sample_walk(biped, 10, 9);
  const auto ragdoll = make_sample_ragdoll(biped);
  test::TempDir dir;
  write_rig_glb(dir.path(), biped, walk, ragdoll);
  convert_back(dir.path(), "biped.glb");
  SECTION("skeleton") {
    check_skeleton(read_skeleton(read_file_bytes(dir / "back.phxbn"), "back.phxbn"), biped.skeleton);
  }
  SECTION("animation") {
    check_animation(read_animation(read_file_bytes(dir / "walk.anm"), "walk.anm"), walk);
  }
  SECTION("ragdoll") {
    check_ragdoll(read_ragdoll(read_file_bytes(dir / "back.fzx"), "back.fzx"), ragdoll);
  }
  SECTION("errors name what is missing") {
    write_file_atomically(dir / "plain.obj", std::string("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"));
    const auto r =
        test::run_gamefmt({"convert", (dir / "plain.obj").string(), "-o", (dir / "x.phxbn").string()});
    CHECK(r.exit_code != 0);
    CHECK(r.output.find("no Overgrowth joints") != std::string::npos);
    const auto a = test::run_gamefmt(
        {"convert", (dir / "biped.glb").string(), "-o", (dir / "x.anm").string(), "-O", "animation=run"});
    CHECK(a.exit_code != 0);
    CHECK(a.output.find("no animation named 'run'") != std::string::npos);
  }
}

TEST_CASE("The way back refuses scenes whose extras are not an Overgrowth rig, with FormatError only",
          "[phoenix][export][phoenix-phxbn]") {
  scene::Scene scene;
  const auto root = scene.add_node("root");
  const auto joint = scene.add_node("bone_0", root);
  scene.nodes[joint].extras = {{"phoenix.bone_index", 0}};
  CHECK_THROWS_WITH(skeleton_from_scene(scene, "x.phxbn"), Catch::Contains("no Overgrowth skeleton record"));
  scene.extras["phoenix.skeleton"] = {{"points", "oops"}, {"rigging_stage", "one"}};
  CHECK_THROWS_AS(skeleton_from_scene(scene, "x.phxbn"), FormatError);
  CHECK_THROWS_WITH(ragdoll_from_scene(scene, "x.fzx"), Catch::Contains("no Overgrowth ragdoll"));
  scene.extras["phoenix.ragdoll"] = {{"model_centre", {0, 0, 0}},
                                     {"object_count", 1},
                                     {"version", "one"},
                                     {"unmatched", {{{"index", "zero"}}}}};
  CHECK_THROWS_AS(ragdoll_from_scene(scene, "x.fzx"), FormatError);
}

// DCC tools write whole numbers as reals (2.0) and may leave a value null: the way back reads the first as
// the integer and the second as a missing value (which takes its documented default).
TEST_CASE("The way back reads whole reals as integers and a null value as missing",
          "[phoenix][export][phoenix-phxbn]") {
  const auto biped = make_sample_biped(11, 1);
  const auto model_text = biped.model_obj;
  const auto model = read_obj_model(
      std::span(reinterpret_cast<const std::byte*>(model_text.data()), model_text.size()), "biped.obj");
  const Rig rig{"biped", "biped.phxbn", &biped.skeleton, &model, {}};
  auto scene = rig_to_scene(rig);
  const auto want = skeleton_from_scene(scene, "a.phxbn");
  auto as_reals = [](nlohmann::json& value, auto& self) -> void {
    if (value.is_number_integer()) value = value.get<double>();
    if (value.is_structured())
      for (auto& item : value) self(item, self);
  };
  for (auto& node : scene.nodes) as_reals(node.extras, as_reals);
  as_reals(scene.extras, as_reals);
  const auto first_joint = scene::find_node(scene, rig_joint_names(biped.skeleton)[0]);
  REQUIRE(first_joint.has_value());
  REQUIRE(scene.nodes[*first_joint].extras.at("phoenix.bone_index").is_number_float());
  scene.nodes[*first_joint].extras["phoenix.mass"] = nullptr;
  auto got = skeleton_from_scene(scene, "a.phxbn");
  CHECK(got.bone_masses[0] == 1.0f);  // a missing mass is 1
  got.bone_masses[0] = want.bone_masses[0];
  CHECK(got == want);
  // A real that is not whole is no bone index: that joint is missing.
  scene.nodes[*first_joint].extras["phoenix.bone_index"] = 0.5;
  CHECK_THROWS_WITH(skeleton_from_scene(scene, "a.phxbn"), Catch::Contains("bone 0 has no joint node"));
}

// Through Assimp's own API: the rig imported by Assimp::Importer with gamefmt's importers, and each file
// written by Assimp::Exporter with gamefmt's exporters. (Assimp 5.2's Exporter copies the scene first and
// that copy aborts on nested metadata; the importers hand over flattened metadata, see metadata_json.hpp.)
TEST_CASE("Assimp API: rig imported by Importer, .phxbn/.anm/.fzx written by Exporter equal the originals",
          "[phoenix][export][assimp][phoenix-phxbn]") {
  const auto biped = make_sample_biped(11, 1);
  const auto walk = make_sample_walk(biped, 10, 5);
  const auto ragdoll = make_sample_ragdoll(biped);
  test::TempDir dir;
  write_rig_files(dir.path(), biped, walk, ragdoll);
  Assimp::Importer importer;
  assimp::register_importers(importer);
  importer.SetPropertyString(assimp::kCompanionsProperty, (dir / "biped.obj").string() + "\n" +
                                                              (dir / "walk.anm").string() + "\n" +
                                                              (dir / "biped.fzx").string());
  const aiScene* scene = importer.ReadFile((dir / "biped.phxbn").string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(scene != nullptr);

  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  auto exported = [&](const char* id, const char* name) {
    const auto path = dir / name;
    INFO(id);
    REQUIRE(exporter.Export(scene, id, path.string()) == AI_SUCCESS);
    return test::read_bytes(path);
  };
  check_skeleton(read_skeleton(exported("gamefmt-phoenix-phxbn", "a.phxbn"), "a.phxbn"), biped.skeleton);
  check_animation(read_animation(exported("gamefmt-phoenix-anm", "walk_back.anm"), "walk_back.anm"), walk);
  check_ragdoll(read_ragdoll(exported("gamefmt-phoenix-fzx", "a.fzx"), "a.fzx"), ragdoll);
}

// Where Blender is installed: our .glb imported into Blender and exported again (extras kept, as a user's
// edit would be) still gives back the originals.
TEST_CASE("Blender re-export -> .phxbn, .anm, .fzx equal to the originals within 1e-5",
          "[phoenix][export][blender][phoenix-phxbn]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto biped = make_sample_biped(11, 1);
  const auto walk = make_sample_walk(biped, 10, 9);
  const auto ragdoll = make_sample_ragdoll(biped);
  test::TempDir dir;
  write_rig_glb(dir.path(), biped, walk, ragdoll);
  test::reexport_in_blender(dir / "biped.glb", dir / "blender.glb");
  convert_back(dir.path(), "blender.glb");
  SECTION("skeleton") {
    check_skeleton(read_skeleton(read_file_bytes(dir / "back.phxbn"), "back.phxbn"), biped.skeleton);
  }
  SECTION("animation") {
    check_animation(read_animation(read_file_bytes(dir / "walk.anm"), "walk.anm"), walk);
  }
  SECTION("ragdoll") {
    check_ragdoll(read_ragdoll(read_file_bytes(dir / "back.fzx"), "back.fzx"), ragdoll);
  }
}

// A user's edits in the glTF (a turned joint at one key, a moved and stretched ragdoll volume) are what the
// written files hold; everything else stays as it was.
TEST_CASE("Edits in the glTF reach the .anm and .fzx written back", "[phoenix][export][phoenix-phxbn]") {
  const auto biped = make_sample_biped(11, 1);
  const auto walk = [&] {
    auto a = make_sample_walk(biped, 10, 9);
    a.looping = 0;  // the other tests' clips loop
    return a;
  }();
  const auto ragdoll = make_sample_ragdoll(biped);
  test::TempDir dir;
  write_rig_glb(dir.path(), biped, walk, ragdoll);
  auto scene = gltf::read_gltf(read_file_bytes(dir / "biped.glb"), "biped.glb");
  const auto parents = scene::parents_of(scene);

  // Turn a joint without child joints by 0.3 rad about its own X axis at key 4.
  REQUIRE(scene.animations.size() == 1);
  scene::Animation& animation = scene.animations[0];
  scene::NodeAnimation* channel = nullptr;
  for (auto& candidate : animation.channels) {
    if (channel != nullptr) break;
    bool has_joint_child = false;
    for (const auto child : scene.nodes[candidate.node].children)
      for (const auto& other : animation.channels) has_joint_child |= other.node == child;
    if (!has_joint_child && candidate.rotation.size() == walk.keyframes.size()) channel = &candidate;
  }
  REQUIRE(channel != nullptr);
  constexpr unsigned kEditedKey = 4;
  constexpr float kAngle = 0.3f;
  auto& key = channel->rotation[kEditedKey].value;
  key = key * scene::axis_angle(glm::vec3(1, 0, 0), kAngle);
  const auto names = rig_joint_names(biped.skeleton);
  const auto bone = static_cast<std::size_t>(
      std::find(names.begin(), names.end(), scene.nodes[channel->node].name) - names.begin());
  REQUIRE(bone < names.size());

  // Move the first volume 0.1 up and make it twice as wide along its node's X.
  std::optional<scene::NodeIndex> volume;
  for (const auto n : scene::tree_order(scene)) {
    const auto& extras = scene.nodes[n].extras;
    if (volume || !extras.is_object() || !extras.contains("phoenix.ragdoll")) continue;
    const auto& record = extras.at("phoenix.ragdoll");
    if (record.value("index", -1) == 0 && !record.value("mirror", false)) volume = n;
  }
  REQUIRE(volume.has_value());
  REQUIRE(parents[*volume].has_value());
  const glm::mat4 parent_world = scene::global_transform(scene, *parents[*volume]);
  const glm::mat4 up = scene::translation(glm::vec3(0, 0.1f, 0));
  const glm::mat4 wider = scene::scaling(glm::vec3(2, 1, 1));
  scene.nodes[*volume].transform =
      scene::inverse(parent_world) * up * parent_world * scene::matrix_of(scene.nodes[*volume]) * wider;
  write_file_atomically(dir / "edited.glb", gltf::write_gltf(scene, {}, "edited.glb"));
  convert_back(dir.path(), "edited.glb");

  const auto fzx = read_ragdoll(read_file_bytes(dir / "back.fzx"), "back.fzx");
  REQUIRE(fzx.objects.size() == ragdoll.objects.size());
  // The .fzx keeps Blender's axes: up is its +Z.
  CHECK(fzx.objects[0].location[2] == Approx(ragdoll.objects[0].location[2] + 0.1f).margin(kTolerance));
  CHECK(fzx.objects[0].location[0] == Approx(ragdoll.objects[0].location[0]).margin(kTolerance));
  CHECK(fzx.objects[0].scale[0] == Approx(2 * ragdoll.objects[0].scale[0]).margin(kTolerance));
  CHECK(fzx.objects[0].scale[1] == Approx(ragdoll.objects[0].scale[1]).margin(kTolerance));
  for (std::size_t i = 1; i < fzx.objects.size(); ++i) {
    INFO(ragdoll.objects[i].label);
    CHECK(close(fzx.objects[i].location, ragdoll.objects[i].location));
    CHECK(close(fzx.objects[i].scale, ragdoll.objects[i].scale));
  }

  const auto anm = read_animation(read_file_bytes(dir / "walk.anm"), "walk.anm");
  CHECK(anm.looping == 0);
  REQUIRE(anm.keyframes.size() == walk.keyframes.size());
  for (std::size_t k = 0; k < anm.keyframes.size(); ++k)
    for (std::size_t b = 0; b < walk.keyframes[k].bone_matrices.size(); ++b) {
      const auto& before = walk.keyframes[k].bone_matrices[b];
      const auto& after = anm.keyframes[k].bone_matrices[b];
      if (k != kEditedKey || b != bone) {
        INFO("key " << k << ", bone " << b);
        CHECK(close(after, before));
        continue;
      }
      // Turned by the edit's angle: the rotation between the two matrices (column-major 4x4) is 0.3 rad.
      double trace = 0;
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) trace += before[4 * i + j] * after[4 * i + j];
      CHECK(std::acos(std::clamp((trace - 1) / 2, -1.0, 1.0)) == Approx(kAngle).margin(1e-4));
    }
}
