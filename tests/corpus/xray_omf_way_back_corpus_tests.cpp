// The way back of real .omf files beyond the unedited trip (way_back_corpus_tests.cpp holds every file to
// byte identity): an edit of one bone in one motion changes that bone's block and nothing else, and Blender's
// glTF importer and exporter, with the extras on, give back the original bytes.
#include <catch2/catch.hpp>
#include <cmath>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/omf.hpp"
#include "test_support.hpp"
#include "xray/motion_scene.hpp"
#include "xray/xray_space.hpp"
#include "xray_motion_bytes.hpp"

using namespace gamefmt;
using test::motion_bytes;
using test::params_bytes;

namespace {

std::filesystem::path xray_corpus() {
  return *test::corpus_dir() / "xray";
}

}  // namespace

TEST_CASE("An edited bone of a real .omf changes that bone's keys and nothing else",
          "[corpus][xray][xray-omf]") {
  const auto file = xray_corpus() / "rad_dog_big_animation.omf";
  const auto original = xray::read_omf(test::read_bytes(file), file.string());
  auto scene =
      gltf::read_gltf(gltf::write_gltf(xray::omf_to_scene(original, "dog"), {}, "dog.glb"), "dog.glb");
  // Motion 5, the channel of its first animated block: every rotation turned by 0.2 rad about Y.
  const std::size_t edited_motion = 5;
  REQUIRE(scene.animations.size() == original.keys.motions.size());
  auto& channel = scene.animations[edited_motion].channels.at(0);
  for (auto& key : channel.rotation)
    key.value = scene::normalize(key.value * scene::axis_angle(glm::vec3(0, 1, 0), 0.2f));
  const auto back = xray::scene_to_omf(scene, "back.omf");
  CHECK(params_bytes(back.params) == params_bytes(original.params));
  REQUIRE(back.keys.motions.size() == original.keys.motions.size());
  for (std::size_t m = 0; m < original.keys.motions.size(); ++m) {
    if (m == edited_motion) continue;
    INFO(m);
    CHECK(motion_bytes(back.keys.motions[m]) == motion_bytes(original.keys.motions[m]));
  }
  // In the edited motion, one block differs: the edited bone's, whose keys hold the edit within a step.
  const auto& was = original.keys.motions[edited_motion];
  const auto& now = back.keys.motions[edited_motion];
  REQUIRE(now.bones.size() == was.bones.size());
  std::size_t changed = 0;
  for (std::size_t b = 0; b < was.bones.size(); ++b) {
    xray::MotionKeys one_was, one_now;
    one_was.bones = {was.bones[b]};
    one_now.bones = {now.bones[b]};
    if (motion_bytes(one_was) == motion_bytes(one_now)) continue;
    ++changed;
    for (std::size_t f = 0; f < now.frame_count; ++f) {
      const auto q = xray::decode_rotation(now.bones[b], f);
      const glm::quat decoded = xray::xray_space::engine_rotation(q[0], q[1], q[2], q[3]);
      CHECK(std::fabs(glm::dot(decoded, channel.rotation.at(f).value)) == Approx(1.0f).margin(1e-4));
    }
  }
  CHECK(changed == 1);
}

TEST_CASE("Through Blender's glTF importer and exporter, a real .omf comes back byte for byte",
          "[.][corpus][xray][xray-omf][blender-wayback-xray-omf]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  const auto file = xray_corpus() / "rad_rat_normal_animation.omf";
  test::TempDir dir;
  test::convert_through_blender({file}, dir / "back.omf", dir, {"--fps", "30"});
  CHECK(test::read_bytes(dir / "back.omf") == test::read_bytes(file));
}
