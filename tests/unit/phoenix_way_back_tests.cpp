// The exact way back of Overgrowth files (adapters/src/phoenix/way_back.hpp): whole rigs of several versions
// come back from glTF byte for byte, and an edit that reaches a file writes the scene instead.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

constexpr float kTolerance = 1e-5f;

// The rig's files in `dir`: biped.phxbn, walk.anm, biped.obj unless `with_model` is false, and biped.fzx
// (which needs the IK chains of a v10+ skeleton) unless `with_ragdoll` is, in that order.
std::vector<std::filesystem::path> write_rig(const std::filesystem::path& dir, const SampleBiped& biped,
                                             const Animation& walk, bool with_model = true,
                                             bool with_ragdoll = true) {
  std::vector<std::filesystem::path> files = {dir / "biped.phxbn", dir / "walk.anm"};
  write_file_atomically(files[0], write_skeleton(biped.skeleton));
  write_file_atomically(files[1], write_animation(walk));
  if (with_model) {
    files.push_back(dir / "biped.obj");
    write_file_atomically(files.back(), biped.model_obj);
  }
  if (with_ragdoll) {
    files.push_back(dir / "biped.fzx");
    write_file_atomically(files.back(), write_ragdoll(make_sample_ragdoll(biped)));
  }
  return files;
}

// The rig as a .glb, read back.
scene::Scene through_glb(const std::vector<std::filesystem::path>& files) {
  return gltf::read_gltf(gltf::write_gltf(load_scene(files, {}), {}, "biped.glb"), "biped.glb");
}

std::vector<std::byte> written(const scene::Scene& scene, const std::string& name) {
  return save_scene(scene, name, {}).front().bytes;
}

scene::NodeIndex joint_node(const scene::Scene& scene, const SampleBiped& biped, std::size_t bone) {
  const auto node = scene::find_node(scene, rig_joint_names(biped.skeleton)[bone]);
  REQUIRE(node.has_value());
  return *node;
}

// Moves a node by `offset` in world space.
void move_in_world(scene::Scene& scene, scene::NodeIndex node, const glm::vec3& offset) {
  const auto parent = scene::parents_of(scene)[node];
  const glm::mat4 parent_world = parent ? scene::global_transform(scene, *parent) : glm::mat4(1.0f);
  scene.nodes[node].transform = scene::inverse(parent_world) * scene::translation(offset) * parent_world *
                                scene::matrix_of(scene.nodes[node]);
}

bool close(const Vec3& a, const Vec3& b) {
  for (int i = 0; i < 3; ++i)
    if (std::fabs(a[i] - b[i]) > kTolerance) return false;
  return true;
}

}  // namespace

TEST_CASE("Unedited Overgrowth rigs come back from glTF byte for byte",
          "[phoenix][way-back][phoenix-phxbn][phoenix-anm][phoenix-fzx]") {
  // (skeleton version, rigging stage, animation version): v<11 with weights needs the model's corner count
  // to be read back, v11 clips are centred, v3 ones have few blocks.
  const auto [skeleton_version, stage, animation_version] =
      GENERATE(std::tuple{11, 1, 11}, std::tuple{11, 1, 10}, std::tuple{10, 1, 10}, std::tuple{9, 2, 3},
               std::tuple{8, 0, 10});
  INFO("phxbn v" << skeleton_version << " stage " << stage << ", anm v" << animation_version);
  const auto biped = make_sample_biped(skeleton_version, stage);
  test::TempDir dir;
  const bool with_ragdoll = skeleton_version >= 10;
  const auto files =
      write_rig(dir.path(), biped, make_sample_walk(biped, animation_version, 9), true, with_ragdoll);
  const auto scene = through_glb(files);
  CHECK(written(scene, "back.phxbn") == test::read_bytes(files[0]));
  CHECK(written(scene, "walk.anm") == test::read_bytes(files[1]));
  if (with_ragdoll) CHECK(written(scene, "back.fzx") == test::read_bytes(files[3]));
}

TEST_CASE("An edited Overgrowth rig is written from the scene",
          "[phoenix][way-back][phoenix-phxbn][phoenix-anm][phoenix-fzx]") {
  const auto biped = make_sample_biped(10, 1);
  const auto walk = make_sample_walk(biped, 11, 9);
  test::TempDir dir;
  auto scene = through_glb(write_rig(dir.path(), biped, walk));
  const std::size_t tip = biped.skeleton.bone_ends.size() - 1;  // the tail's tip: no child joints

  SECTION("a joint moved: v11, that bone's points moved, the others kept") {
    move_in_world(scene, joint_node(scene, biped, tip), glm::vec3(0, 0.1f, 0));
    const auto skeleton = read_skeleton(written(scene, "back.phxbn"), "back.phxbn");
    CHECK(skeleton.version == 11);
    REQUIRE(skeleton.points.size() == biped.skeleton.points.size());
    for (std::size_t p = 0; p < skeleton.points.size(); ++p) {
      INFO("point " << p);
      const bool on_tip = p == std::size_t(biped.skeleton.bone_ends[tip][1]);
      Vec3 want = biped.skeleton.points[p];
      if (on_tip) want[1] += 0.1f;
      CHECK(close(skeleton.points[p], want));
    }
    CHECK(skeleton.corner_weights.size() == biped.skeleton.corner_weights.size());
  }

  SECTION("an event renamed in the extras: v10 uncentred, the event renamed") {
    auto& keys = scene.extras["phoenix.animations"]["walk"]["keyframes"];
    REQUIRE(keys[2]["events"][0]["name"] == "leftstep");
    keys[2]["events"][0]["name"] = "leftstomp";
    const auto anm = read_animation(written(scene, "walk.anm"), "walk.anm");
    CHECK(anm.version == 10);
    CHECK(anm.centred == 0);
    REQUIRE(anm.keyframes.size() == walk.keyframes.size());
    CHECK(anm.keyframes[2].events.at(0).name == "leftstomp");
    CHECK(anm.keyframes[6].events == walk.keyframes[6].events);
  }

  SECTION("a volume's label edited: written from the scene with it") {
    const auto ragdoll = make_sample_ragdoll(biped);
    for (auto& node : scene.nodes) {
      auto& record = node.extras["phoenix.ragdoll"];
      if (record.is_object() && record.value("index", -1) == 0 && !record.value("mirror", false))
        record["label"] = record["label"].get<std::string>() + " edited";
    }
    const auto fzx = read_ragdoll(written(scene, "back.fzx"), "back.fzx");
    REQUIRE(fzx.objects.size() == ragdoll.objects.size());
    CHECK(fzx.objects[0].label == ragdoll.objects[0].label + " edited");
    CHECK(close(fzx.objects[1].location, ragdoll.objects[1].location));
  }
}

// A v11 skeleton with weights reads without its model OBJ (it stores the corner count): imported alone it
// has no skin, and its weights come from the kept file, unedited or not.
TEST_CASE("A .phxbn imported without its model keeps its weights on the way back",
          "[phoenix][way-back][phoenix-phxbn]") {
  const auto biped = make_sample_biped(11, 1);
  test::TempDir dir;
  const auto files = write_rig(dir.path(), biped, make_sample_walk(biped, 10, 5), false, false);
  auto scene = through_glb({files[0]});
  CHECK(written(scene, "back.phxbn") == test::read_bytes(files[0]));
  move_in_world(scene, joint_node(scene, biped, biped.skeleton.bone_ends.size() - 1), glm::vec3(0, 0.1f, 0));
  const auto skeleton = read_skeleton(written(scene, "back.phxbn"), "back.phxbn");
  CHECK(skeleton.points != biped.skeleton.points);
  CHECK(skeleton.corner_weights == biped.skeleton.corner_weights);
  CHECK(skeleton.corner_bone_ids == biped.skeleton.corner_bone_ids);
}

namespace {

// Every bone matrix of every key within 1e-4 of `want`'s, both as the engine plays them (uncentred, about the
// same origin), and the same key times.
void check_poses(const Animation& got, const Animation& want, const Vec3& origin) {
  REQUIRE(got.keyframes.size() == want.keyframes.size());
  for (std::size_t k = 0; k < want.keyframes.size(); ++k) {
    INFO("key " << k);
    CHECK(got.keyframes[k].time == want.keyframes[k].time);
    const auto now = key_world_matrices(got, k, origin), was = key_world_matrices(want, k, origin);
    REQUIRE(now.size() == was.size());
    for (std::size_t b = 0; b < was.size(); ++b)
      for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) CHECK(std::fabs(now[b][c][r] - was[b][c][r]) <= 1e-4f);
  }
}

}  // namespace

// Where Blender is installed (tests/scripts/blender_way_back.sh runs it): the sample rig with its model, a
// walk (v10), a centred run (v11) and its ragdoll, imported by Blender's glTF importer and exported unchanged
// with extras, come back valid, with the same bones and poses, and byte for byte.
TEST_CASE("Through Blender, the Overgrowth rig comes back with its bones and poses, byte for byte",
          "[.][phoenix][blender-wayback-phoenix]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto biped = make_sample_biped(11, 1);
  const auto walk = make_sample_walk(biped, 10, 9), run = make_sample_walk(biped, 11, 9);
  test::TempDir dir;
  auto files = write_rig(dir.path(), biped, walk);
  files.push_back(dir / "run.anm");
  write_file_atomically(files.back(), write_animation(run));
  write_file_atomically(dir / "rig.glb", gltf::write_gltf(load_scene(files, {}), {}, "rig.glb"));
  test::reexport_in_blender(dir / "rig.glb", dir / "blender.glb");
  const auto scene = gltf::read_gltf(test::read_bytes(dir / "blender.glb"), "blender.glb");

  const auto skeleton_bytes = written(scene, "back.phxbn");
  const auto skeleton = read_skeleton(skeleton_bytes, "back.phxbn");
  CHECK(skeleton.bone_ends == biped.skeleton.bone_ends);
  CHECK(skeleton.bone_parents == biped.skeleton.bone_parents);
  REQUIRE(skeleton.points.size() == biped.skeleton.points.size());
  for (std::size_t p = 0; p < skeleton.points.size(); ++p)
    for (int i = 0; i < 3; ++i)
      CHECK(std::fabs(skeleton.points[p][i] - biped.skeleton.points[p][i]) <= 1e-4f);
  CHECK(skeleton_bytes == test::read_bytes(files[0]));

  const auto origin = animation_origin(biped.skeleton);
  for (const auto& [name, clip, file] :
       {std::tuple{"walk", &walk, files[1]}, std::tuple{"run", &run, files[4]}}) {
    INFO(name);
    const auto bytes = save_scene(scene, std::string(name) + ".anm", {{"animation", name}}).front().bytes;
    check_poses(read_animation(bytes, "back.anm"), *clip, origin);
    CHECK(bytes == test::read_bytes(file));
  }
  CHECK(written(scene, "back.fzx") == test::read_bytes(files[3]));
  // Valid for the game: the files written back make the rig again.
  write_file_atomically(dir / "back.phxbn", skeleton_bytes);
  CHECK_NOTHROW(load_scene({dir / "back.phxbn", files[2], files[1], files[3]}, {}));
}
