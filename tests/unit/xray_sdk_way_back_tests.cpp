// The way back of the X-Ray SDK formats from glTF (.anm, .skl, .skls, .object): an unedited trip gives the
// same bytes, key shapes and all; edited fields keep the stored envelopes; edited keys and meshes are written
// as edited.
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/anm.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "test_support.hpp"
#include "xray/anm_scene.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_way_back.hpp"
#include "xray_anm_samples.hpp"
#include "xray_sdk_samples.hpp"

using namespace gamefmt;

namespace {

using xray::EnvelopeShape;

// `bytes` saved as `name` in `dir`, imported as the CLI does, through .glb bytes and back: the scene to edit.
scene::Scene scene_through_glb(const test::TempDir& dir, const std::string& name,
                               const std::vector<std::byte>& bytes) {
  const auto file = dir.path() / name;
  write_file_atomically(file, bytes);
  return gltf::read_gltf(gltf::write_gltf(load_scene({file}, {}), {}, "a.glb"), "a.glb");
}

std::vector<std::byte> written_as(const scene::Scene& scene, const test::TempDir& dir,
                                  const std::string& name) {
  return save_scene(scene, dir.path() / name, {}).front().bytes;
}

std::uint32_t shape_of(const xray::EnvelopeKey& key) {
  return key.shape & 0xFF;
}

// The sample SDK motion with a TCB key (tension, continuity, bias) in the child's H channel: a shape one key
// per frame cannot keep.
xray::SdkMotion motion_with_tcb_key(std::uint16_t version) {
  auto motion = test::sample_motion(version);
  auto& heading = motion.bones[1].channels[3];
  heading.keys.insert(heading.keys.begin() + 1, heading.keys[1]);
  heading.keys[1].time = 5.0f / 30;
  heading.keys[1].value = 1.0f;
  heading.keys[1].shape = static_cast<std::uint32_t>(EnvelopeShape::tcb);
  for (std::size_t i = 0; i < 3; ++i) {
    heading.keys[1].quantized[i] = xray::quantize_envelope_param(0.5f);
    heading.keys[1].floats[i] = 0.5f;
  }
  return motion;
}

}  // namespace

TEST_CASE("An unedited .anm comes back from glTF byte for byte, key shapes and all",
          "[xray][xray-anm][wayback]") {
  test::TempDir dir;
  for (std::uint16_t version : {3, 4, 5}) {
    INFO(version);
    const auto bytes = xray::write_anm(test::xray_sample_anm(version), "p.anm");
    const auto scene = scene_through_glb(dir, "p.anm", bytes);
    const auto back = written_as(scene, dir, "back.anm");
    CHECK(back == bytes);
    // A second trip from what came back changes nothing either.
    CHECK(written_as(scene_through_glb(dir, "back.anm", back), dir, "again.anm") == bytes);
  }
}

TEST_CASE(".anm way back: an edited name keeps the envelopes; an edited key is written as LINE keys",
          "[xray][xray-anm][wayback]") {
  test::TempDir dir;
  const auto original = test::xray_sample_anm(5);
  const auto bytes = xray::write_anm(original, "p.anm");
  auto scene = scene_through_glb(dir, "p.anm", bytes);
  REQUIRE(scene.animations.size() == 1);
  scene::NodeAnimation& channel = scene.animations[0].channels.at(0);
  scene::Node& node = scene.nodes.at(channel.node);
  SECTION("renamed") {
    node.extras["xray.anm.name"] = "renamed";
    const auto back = xray::read_anm(written_as(scene, dir, "back.anm"), "back.anm");
    CHECK(back.motion.name == "renamed");
    for (std::size_t c = 0; c < 6; ++c) {
      INFO(c);
      const auto& keys = back.motion.stored[c].keys;
      REQUIRE(keys.size() == original.motion.stored[c].keys.size());
      for (std::size_t k = 0; k < keys.size(); ++k) {
        CHECK(shape_of(keys[k]) == shape_of(original.motion.stored[c].keys[k]));
        CHECK(keys[k].value == original.motion.stored[c].keys[k].value);
        CHECK(keys[k].quantized == original.motion.stored[c].keys[k].quantized);
      }
    }
  }
  SECTION("a key moved") {
    channel.translation.at(4).value.y += 2.0f;
    const auto back_bytes = written_as(scene, dir, "back.anm");
    CHECK(back_bytes != bytes);
    const auto back = xray::read_anm(back_bytes, "back.anm");
    CHECK(back.motion.name == original.motion.name);
    for (const auto& envelope : back.motion.stored)
      for (const auto& key : envelope.keys) CHECK(shape_of(key) == std::uint32_t(EnvelopeShape::linear));
    for (const auto& key : channel.translation) {
      const auto pose = xray::evaluate_anm(back.motion, float(key.time));
      CHECK(xray::same_baked_translation(xray::anm_pose_translation(pose), key.value));
    }
  }
  SECTION("the kept file cut short") {
    auto& kept = node.extras["xray.anm.file"];
    REQUIRE(kept.is_string());
    kept = kept.get<std::string>().substr(0, 24);
    const auto back = xray::read_anm(written_as(scene, dir, "back.anm"), "back.anm");
    for (const auto& key : back.motion.channel(xray::kAnmX).keys)
      CHECK(shape_of(key) == std::uint32_t(EnvelopeShape::linear));
  }
}

TEST_CASE("An unedited .skl or .skls comes back from glTF byte for byte, every version",
          "[xray][xray-skl][xray-skls][wayback]") {
  test::TempDir dir;
  for (std::uint16_t version : {4, 5, 6, 7}) {
    INFO(version);
    xray::SklFile skl{xray::kChunkSklMotion, motion_with_tcb_key(version)};
    skl.trailing_bytes = {std::byte{1}, std::byte{2}, std::byte{3}};
    const auto bytes = xray::write_skl(skl, "m.skl");
    CHECK(written_as(scene_through_glb(dir, "m.skl", bytes), dir, "back.skl") == bytes);
  }
  auto second = motion_with_tcb_key(7);
  second.name = "run";
  const auto list = xray::write_skls({{motion_with_tcb_key(5), second}}, "m.skls");
  CHECK(written_as(scene_through_glb(dir, "m.skls", list), dir, "back.skls") == list);
}

TEST_CASE(".skl way back: an edited field keeps the envelopes; an edited key bakes the motion",
          "[xray][xray-skl][wayback]") {
  test::TempDir dir;
  const auto original = motion_with_tcb_key(6);
  const auto bytes = xray::write_skl({xray::kChunkSklMotion, original}, "m.skl");
  auto scene = scene_through_glb(dir, "m.skl", bytes);
  REQUIRE(scene.animations.size() == 1);
  auto& record = scene.extras["xray.sdk_motions"]["walk"];
  REQUIRE(record.is_object());
  const auto heading_shape = [](const xray::SdkMotion& motion) {
    return shape_of(motion.bones.at(1).channels[3].keys.at(1));
  };
  SECTION("speed edited") {
    record["speed"] = 2.5;
    const auto back = xray::read_skl(written_as(scene, dir, "back.skl"), "back.skl").motion;
    CHECK(back.speed == 2.5f);
    CHECK(back.bones.size() == original.bones.size());
    CHECK(heading_shape(back) == std::uint32_t(EnvelopeShape::tcb));
    CHECK(back.bones[1].channels[3].keys.size() == 3);
  }
  SECTION("a rotation key turned") {
    auto& rotation = scene.animations[0].channels.at(1).rotation.at(3).value;
    rotation = scene::normalize(rotation * scene::axis_angle(glm::vec3(0, 1, 0), 0.4f));
    const auto back_bytes = written_as(scene, dir, "back.skl");
    CHECK(back_bytes != bytes);
    const auto back = xray::read_skl(back_bytes, "back.skl").motion;
    CHECK(back.speed == original.speed);
    for (const auto& bone : back.bones)
      for (const auto& envelope : bone.channels)
        for (const auto& key : envelope.keys) CHECK(shape_of(key) != std::uint32_t(EnvelopeShape::tcb));
  }
  SECTION("a channel added") {
    scene::NodeAnimation still = scene.animations[0].channels.at(0);
    scene.animations[0].channels.push_back(still);
    const auto back = xray::read_skl(written_as(scene, dir, "back.skl"), "back.skl").motion;
    CHECK(heading_shape(back) != std::uint32_t(EnvelopeShape::tcb));
  }
}

TEST_CASE("An unedited .object comes back from glTF byte for byte; an edited one is written from the scene",
          "[xray][xray-object][wayback]") {
  test::TempDir dir;
  auto object = test::sample_object();
  object.motions->front() = motion_with_tcb_key(6);
  const auto bytes = xray::write_object(object, "thing.object");
  auto scene = scene_through_glb(dir, "thing.object", bytes);
  CHECK(written_as(scene, dir, "back.object") == bytes);
  SECTION("a point moved: the meshes are written from the scene, the unedited motion as stored") {
    const auto node = scene::find_node(scene, "body");
    REQUIRE(node.has_value());
    auto& mesh = scene.meshes.at(scene.nodes[*node].meshes.at(0));
    for (auto& position : mesh.positions)
      if (position.x == -1.0f && position.y == 1.0f) position.y = 3.0f;  // the file's (1, 1, z), X mirrored
    const auto back_bytes = written_as(scene, dir, "back.object");
    CHECK(back_bytes != bytes);
    const auto back = xray::read_object(back_bytes, "back.object");
    REQUIRE(back.meshes.has_value());
    bool moved = false;
    for (const auto& point : back.meshes->at(0).points)
      moved = moved || (point[0] == 1.0f && point[1] == 3.0f);
    CHECK(moved);
    REQUIRE(back.motions.has_value());
    REQUIRE(back.motions->size() == 1);
    const auto& heading = back.motions->front().bones.at(1).channels[3].keys;
    REQUIRE(heading.size() == 3);
    CHECK(shape_of(heading[1]) == std::uint32_t(EnvelopeShape::tcb));
  }
  SECTION("a bone's record edited") {
    const auto child = scene::find_node(scene, "child");
    REQUIRE(child.has_value());
    scene.nodes[*child].extras["xray.bone"]["mass"] = 25.0;
    const auto back = xray::read_object(written_as(scene, dir, "back.object"), "back.object");
    REQUIRE(back.bones.has_value());
    CHECK((*back.bones->at(1).mass)[0] == 25.0f);
  }
}

TEST_CASE("Motions given to an .object as a companion .skls come back from glTF as stored",
          "[xray][xray-object][xray-skls][wayback]") {
  test::TempDir dir;
  auto object = test::sample_object();
  object.motions.reset();
  write_file_atomically(dir.path() / "thing.object", xray::write_object(object, "thing.object"));
  const auto motions = xray::write_skls({{motion_with_tcb_key(6)}}, "walk.skls");
  write_file_atomically(dir.path() / "walk.skls", motions);
  const auto scene = gltf::read_gltf(
      gltf::write_gltf(load_scene({dir.path() / "thing.object", dir.path() / "walk.skls"}, {}), {}, "a.glb"),
      "a.glb");
  CHECK(written_as(scene, dir, "back.skls") == motions);
  // The object's own motions (none here) by default: the companion's stay in their file.
  const auto back = xray::read_object(written_as(scene, dir, "back.object"), "back.object");
  CHECK_FALSE(back.motions.has_value());
  // -O motions=embedded puts them into the object, as stored.
  const auto embedded = xray::read_object(
      xray::write_object(
          xray::scene_to_object(scene, "back.object", {}, nullptr, xray::ObjectMotions::embedded),
          "back.object"),
      "back.object");
  REQUIRE(embedded.motions.has_value());
  CHECK(shape_of(embedded.motions->at(0).bones.at(1).channels[3].keys.at(1)) ==
        std::uint32_t(EnvelopeShape::tcb));
}

TEST_CASE("Kept bytes come back only whole; extras compare as glTF gives them back", "[xray][wayback]") {
  const std::vector<std::byte> bytes = {std::byte{0}, std::byte{0x80}, std::byte{0xFF}, std::byte{7}};
  const auto kept = kept_bytes_json(bytes);
  CHECK(kept_bytes(kept) == bytes);
  const std::string text = kept.get<std::string>();
  CHECK(text.substr(0, 2) == "4:");
  CHECK_FALSE(kept_bytes("3" + text.substr(1)));                        // another size
  CHECK_FALSE(kept_bytes(text.substr(0, text.size() - 2)));             // cut short
  CHECK_FALSE(kept_bytes(nlohmann::json::array({4, text.substr(2)})));  // not ours
  CHECK_FALSE(kept_bytes(nlohmann::json("text")));
  const nlohmann::json stored = {{"fps", 30.0f}, {"marks", nlohmann::json::array()}, {"speed", 1.5}};
  CHECK(xray::same_extras_values(stored, {{"fps", 30}, {"speed", 1.5}}));
  CHECK_FALSE(xray::same_extras_values(stored, {{"fps", 30}, {"speed", 1.25}}));
  CHECK_FALSE(xray::same_extras_values(stored, {{"fps", 30}}));
  CHECK_FALSE(xray::same_extras_values(stored, {{"fps", 30}, {"speed", 1.5}, {"power", 1}}));
}
