// Where Blender is installed: the converted sample rig imports as one armature with the rig's bone count, and
// at each key time of each animation every joint's world transform equals the .anm matrix (moved to the hip
// point).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "phoenix/rig_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

TEST_CASE("Blender imports the converted rig with the .anm poses at every key", "[phoenix][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto biped = make_sample_biped(11, 1);
  const std::vector<std::pair<std::string, Animation>> clips = {{"walk", make_sample_walk(biped, 10, 9)},
                                                                {"stride", make_sample_walk(biped, 11, 5)}};
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(biped.skeleton));
  write_file_atomically(dir / "biped.obj", biped.model_obj);
  std::vector<std::string> args = {"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string()};
  for (const auto& [name, clip] : clips) {
    write_file_atomically(dir / (name + ".anm"), write_animation(clip));
    args.push_back((dir / (name + ".anm")).string());
  }
  args.insert(args.end(), {"-o", (dir / "biped.glb").string()});
  const auto converted = test::run_gamefmt(args);
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);

  // The expectation comes from the readers and the engine's formulas, not from the glTF.
  const auto& s = biped.skeleton;
  const auto names = rig_joint_names(s);
  const auto hip = biped.hip_point;
  nlohmann::json expected = {{"tolerance", 1e-4}};
  for (std::size_t b = 0; b < names.size(); ++b)
    expected["bind"][names[b]] = bone_bind_matrix(s.points[s.bone_ends[b][0]], s.points[s.bone_ends[b][1]]);
  for (const auto& [name, clip] : clips) {
    auto& out = expected["animations"][name];
    std::vector<double> times;
    for (const auto& key : clip.keyframes) times.push_back((key.time - clip.start) / 1000.0);
    out["times"] = times;
    // The v11 clip is centred: its matrices come back uncentred, equal to the same walk's raw v10 matrices.
    const Animation raw = make_sample_walk(biped, 10, clip.keyframes.size());
    for (std::size_t b = 0; b < names.size(); ++b)
      for (const auto& key : raw.keyframes) {
        Mat4 m = key.bone_matrices[b];
        for (int k = 0; k < 3; ++k) m[12 + k] += hip[k];
        out["matrices"][names[b]].push_back(m);
      }
  }
  write_file_atomically(dir / "expected.json", expected.dump());
  const auto blender = test::run_blender_script(
      "phoenix_pose_check.py", {(dir / "biped.glb").string(), (dir / "expected.json").string()});
  const auto summary = test::marked_json(blender.output, "PHOENIX_POSE");
  INFO(blender.output.substr(blender.output.size() > 3000 ? blender.output.size() - 3000 : 0));
  REQUIRE(summary.is_object());
  CHECK(blender.exit_code == 0);
  CHECK(summary["bones"] == names.size());
  CHECK(summary["checked"].get<int>() == int(names.size() * (9 + 5)));
}

TEST_CASE("Blender places the ragdoll proxy volumes on their bones as the glTF says", "[phoenix][blender]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto biped = make_sample_biped(11, 1);
  test::TempDir dir;
  write_file_atomically(dir / "biped.phxbn", write_skeleton(biped.skeleton));
  write_file_atomically(dir / "biped.obj", biped.model_obj);
  write_file_atomically(dir / "biped.fzx", write_ragdoll(make_sample_ragdoll(biped)));
  const auto converted = test::run_gamefmt(
      {"convert", (dir / "biped.phxbn").string(), "-o", (dir / "biped.gltf").string(), "--ragdoll-proxies"});
  INFO(converted.output);
  REQUIRE(converted.exit_code == 0);
  const auto blender =
      test::run_blender_script("phoenix_ragdoll_check.py", {(dir / "biped.gltf").string(), "24"});
  const auto summary = test::marked_json(blender.output, "PHOENIX_RAGDOLL");
  INFO(blender.output.substr(blender.output.size() > 3000 ? blender.output.size() - 3000 : 0));
  REQUIRE(summary.is_object());
  CHECK(blender.exit_code == 0);
  CHECK(summary["checked"] == 24);  // 17 volumes, 7 of them mirrored
  CHECK(summary["worst"].get<double>() < 1e-4);
}
