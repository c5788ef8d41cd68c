#include <zlib.h>

#include <catch2/catch.hpp>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/xray/omf.hpp"
#include "xray/motion_scene.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

TEST_CASE("OMF: the hand-built sample reads field by field and rewrites byte for byte",
          "[xray][omf][xray-omf]") {
  const auto bytes = test::xray_sample_omf_bytes();
  const auto omf = xray::read_omf(bytes, "sample.omf");
  REQUIRE(omf.params.version == 4);
  REQUIRE(omf.params.parts.size() == 2);
  CHECK(omf.params.parts[0].name == "upper");
  CHECK(omf.params.parts[0].bones[0].name == "spine");
  CHECK(omf.params.parts[0].bones[0].index == 1);
  CHECK(omf.params.bone_count() == 2);
  REQUIRE(omf.params.motions.size() == 2);
  const auto& walk_def = omf.params.motions[0];
  CHECK(walk_def.flags == (xray::kMotionStopAtEnd | xray::kMotionRootMover));
  CHECK(walk_def.bone_or_part == 0xFFFF);
  CHECK(walk_def.speed == 1.5f);
  CHECK(walk_def.falloff == 3.0f);
  REQUIRE(walk_def.marks.size() == 1);
  CHECK(walk_def.marks[0].name == "left");
  CHECK(walk_def.marks[0].terminator == "\r\n");
  CHECK(walk_def.marks[0].intervals[0][1] == 0.2f);
  CHECK(omf.params.motions[1].flags == xray::kMotionFx);

  REQUIRE(omf.keys.motions.size() == 2);
  const auto& walk = omf.keys.motions[0];
  CHECK(walk.name == "walk");
  CHECK(walk.frame_count == 3);
  REQUIRE(walk.bones.size() == 2);
  CHECK(walk.bones[0].rotations.size() == 3);
  CHECK(walk.bones[0].translations.size() == 3);
  CHECK(walk.bones[1].rotations.size() == 1);  // constant
  // Engine decoding: key * size + init, quaternion / 32767.
  CHECK(xray::decode_translation(walk.bones[0], 0)[0] == Approx(0.0f).margin(1e-6));
  CHECK(xray::decode_translation(walk.bones[0], 2)[0] == Approx(2.0f));
  CHECK(xray::decode_translation(walk.bones[1], 2)[2] == Approx(0.5f));
  CHECK(xray::decode_rotation(walk.bones[0], 2)[2] == Approx(23170.0f / 32767));
  const auto& shoot = omf.keys.motions[1];
  CHECK(shoot.bones[0].flags == 0x07);
  CHECK(xray::decode_translation(shoot.bones[0], 1)[1] == Approx(4.0f));
  CHECK(xray::decode_rotation(shoot.bones[0], 1)[3] == Approx(1.0f));

  CHECK(xray::write_omf(omf) == bytes);
}

TEST_CASE("OMF: truncated and inconsistent files are FormatErrors naming the field",
          "[xray][omf][xray-omf]") {
  auto bytes = test::xray_sample_omf_bytes();
  for (std::size_t cut : {std::size_t{3}, std::size_t{30}, bytes.size() - 1}) {
    std::vector<std::byte> part(bytes.begin(), bytes.begin() + cut);
    CHECK_THROWS_AS(xray::read_omf(part, "cut.omf"), FormatError);
  }
  // Params version 7 is not a real layout.
  const std::size_t keys_size =
      8 + std::to_integer<std::size_t>(bytes[4]) + 256 * std::to_integer<std::size_t>(bytes[5]);
  bytes[keys_size + 8] = std::byte{7};
  try {
    (void)xray::read_omf(bytes, "v7.omf");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "motion_params.version");
    CHECK(e.offset() == keys_size + 8);
  }
}

TEST_CASE("OMF: SDK-style quantization keeps keys within a step and computes the CRCs",
          "[xray][omf][xray-omf]") {
  std::vector<std::array<float, 4>> rotations;
  std::vector<std::array<float, 3>> translations;
  for (int f = 0; f < 10; ++f) {
    const float angle = 0.1f * f;
    rotations.push_back({0.0f, std::sin(angle / 2), 0.0f, std::cos(angle / 2)});
    translations.push_back({0.5f * f, 1.0f, -0.2f * f});
  }
  const auto bone = xray::encode_bone_keys(rotations, translations, false);
  CHECK(bone.flags ==
        (xray::kBoneTranslationAnimated | xray::kBoneTranslation16Bit));  // x spans 4.5 > 2 * 1.5
  for (int f = 0; f < 10; ++f) {
    const auto q = xray::decode_rotation(bone, f);
    const auto t = xray::decode_translation(bone, f);
    CHECK(q[1] == Approx(rotations[f][1]).margin(1.0 / 32767));
    CHECK(t[0] == Approx(translations[f][0]).margin(1e-3));
    CHECK(t[2] == Approx(translations[f][2]).margin(1e-3));
  }
  ByteWriter keys(ByteOrder::little);
  for (const auto& q : bone.rotations) keys.write_array(q);
  CHECK(bone.rotation_crc == crc32(0L, reinterpret_cast<const Bytef*>(keys.buffer().data()), keys.size()));

  std::vector<std::array<float, 3>> still(10, {0.0f, 2.0f, 0.0f});
  std::vector<std::array<float, 4>> fixed(10, {0.0f, 0.0f, 0.0f, 1.0f});
  const auto constant = xray::encode_bone_keys(fixed, still, false);
  CHECK(constant.flags == xray::kBoneRotationConstant);
  CHECK(constant.rotations.size() == 1);
  CHECK(constant.translation_init[1] == Approx(2.0f));
  CHECK_THROWS_AS(xray::encode_bone_keys(fixed, {}, false), FormatError);
}

TEST_CASE("OMF -> scene: one animation per motion, mirrored keys, parameters in extras; and back",
          "[xray][omf][xray-omf]") {
  const auto omf = xray::read_omf(test::xray_sample_omf_bytes(), "sample.omf");
  const auto scene = xray::omf_to_scene(omf, "sample");
  REQUIRE(scene.animations.size() == 2);
  const gamefmt::scene::Animation& walk = scene.animations[0];
  CHECK(walk.name == "walk");
  // 3 frames at 30 per second: keys at 0, 1/30 and 2/30 s.
  CHECK(walk.duration == 2.0 / 30.0);
  const auto root_node = gamefmt::scene::find_node(scene, "root");
  REQUIRE(root_node.has_value());
  const gamefmt::scene::NodeAnimation* root = nullptr;
  for (const auto& channel : walk.channels)
    if (channel.node == *root_node) root = &channel;
  REQUIRE(root != nullptr);
  REQUIRE(root->rotation.size() == 3);
  // Engine quaternion (0, 0, z, w) about Z -> scene (0, 0, z, w): conjugated and mirrored in X.
  CHECK(root->rotation[2].value.z == Approx(0.70710678f).margin(1e-4));
  CHECK(root->rotation[2].time == 2.0 / 30.0);
  CHECK(root->translation[2].value.x == Approx(-2.0f));  // X mirrored
  CHECK(root->translation[2].time == 2.0 / 30.0);

  const auto& motions = scene.extras.at(xray::kXrayMotionsKey);
  CHECK(motions["walk"]["speed"].get<double>() == 1.5);
  CHECK(motions["walk"]["frame_count"].get<int>() == 3);
  CHECK(motions["walk"]["marks"][0]["name"] == "left");
  CHECK(motions["shoot"]["flag_names"][0] == "fx");
  CHECK(scene.extras.at(xray::kXrayBonePartsKey)[1]["bones"][0]["name"] == "root");

  const auto back = xray::scene_to_omf(scene, "back.omf");
  CHECK(back.params.version == 4);
  REQUIRE(back.params.parts.size() == 2);
  CHECK(back.params.parts[0].bones[0].index == 1);
  REQUIRE(back.keys.motions.size() == 2);
  CHECK(back.params.motions[0].marks.size() == 1);
  CHECK(back.params.motions[1].flags == xray::kMotionFx);
  for (std::size_t m = 0; m < 2; ++m) {
    const auto& a = omf.keys.motions[m];
    const auto& b = back.keys.motions[m];
    REQUIRE(a.frame_count == b.frame_count);
    for (std::size_t bone = 0; bone < 2; ++bone)
      for (std::size_t f = 0; f < a.frame_count; ++f) {
        for (int i = 0; i < 3; ++i)
          CHECK(xray::decode_translation(b.bones[bone], f)[i] ==
                Approx(xray::decode_translation(a.bones[bone], f)[i]).margin(2e-3));
        for (int i = 0; i < 4; ++i)
          CHECK(xray::decode_rotation(b.bones[bone], f)[i] ==
                Approx(xray::decode_rotation(a.bones[bone], f)[i]).margin(1e-4));
      }
  }
  // Written and read again.
  const auto bytes = xray::write_omf(back);
  CHECK(xray::read_omf(bytes, "back.omf").keys.motions[1].name == "shoot");
}
