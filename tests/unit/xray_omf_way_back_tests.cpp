// The way back from glTF to X-Ray .omf motions (motion_record.hpp): an unedited scene gives the file's bytes
// back, whatever glTF cannot carry (quantised keys off unit length, the order, names and key indices of the
// motion definitions, mark line ends, chunk ids, unknown chunks, trailing bytes); an edited bone is quantised
// anew while the others keep their stored keys.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/omf.hpp"
#include "xray/motion_record.hpp"
#include "xray/motion_scene.hpp"
#include "xray/xray_space.hpp"
#include "xray_character_samples.hpp"
#include "xray_motion_bytes.hpp"

using namespace gamefmt;
using test::motion_bytes;
using test::params_bytes;

namespace {

scene::Scene through_gltf(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
}

scene::Scene imported(const std::vector<std::byte>& bytes) {
  return xray::omf_to_scene(xray::read_omf(bytes, "m.omf"), "m");
}

std::vector<std::byte> back(const scene::Scene& scene) {
  return xray::write_omf(xray::scene_to_omf(scene, "back.omf"), "back.omf");
}

// The sample with what glTF cannot carry: a mangled key name, definitions out of key order with a key index
// past the end, a mark ended by LF alone, a rotation key far off unit length, a motion's sub-chunk id out of
// sequence, bytes after the last motion, an unknown chunk and bytes after the last chunk.
std::vector<std::byte> awkward_omf() {
  auto omf = xray::read_omf(test::xray_sample_omf_bytes(), "sample.omf");
  omf.keys.motions[0].name = "w\x98\xff";
  omf.keys.motions[0].bones[0].rotations[1] = {100, -3, 7, 90};
  omf.keys.motions[1].chunk_id = 7;
  omf.keys.trailing = {std::byte{1}, std::byte{2}, std::byte{3}};
  std::swap(omf.params.motions[0], omf.params.motions[1]);
  omf.params.motions[1].motion = 900;
  REQUIRE_FALSE(omf.params.motions[1].marks.empty());
  omf.params.motions[1].marks[0].terminator = "\n";
  omf.chunks.push_back({0x77, {std::byte{9}, std::byte{8}}});
  omf.trailing_bytes = {std::byte{5}, std::byte{6}};
  return xray::write_omf(omf);
}

scene::NodeAnimation& channel_of(scene::Scene& scene, std::size_t animation, const std::string& node) {
  const auto index = scene::find_node(scene, node);
  REQUIRE(index.has_value());
  auto& channels = scene.animations.at(animation).channels;
  const auto it =
      std::find_if(channels.begin(), channels.end(), [&](const auto& c) { return c.node == *index; });
  REQUIRE(it != channels.end());
  return *it;
}

// The engine's rotation of a block at a frame, as a unit quaternion.
glm::quat decoded_rotation(const xray::BoneKeys& block, std::size_t frame) {
  const auto q = xray::decode_rotation(block, frame);
  return xray::xray_space::engine_rotation(q[0], q[1], q[2], q[3]);
}

}  // namespace

TEST_CASE("An unedited .omf comes back from glTF byte for byte, awkward parts and all",
          "[xray][xray-omf][way-back]") {
  for (const auto& bytes : {test::xray_sample_omf_bytes(), awkward_omf()}) {
    const auto scene = through_gltf(imported(bytes));
    CHECK(back(scene) == bytes);
    // Straight from the importer's scene too, and after a DCC tool reordered the animations.
    CHECK(back(imported(bytes)) == bytes);
    auto reordered = scene;
    std::reverse(reordered.animations.begin(), reordered.animations.end());
    CHECK(back(reordered) == bytes);
  }
}

TEST_CASE("An edited bone of an .omf is quantised anew; the other bones and the parameters stay as stored",
          "[xray][xray-omf][way-back]") {
  const auto bytes = test::xray_sample_omf_bytes();
  const auto original = xray::read_omf(bytes, "sample.omf");
  auto scene = through_gltf(imported(bytes));
  // Turn the root's key at frame 1 of "walk" by 0.3 rad about X.
  glm::quat& key = channel_of(scene, 0, "root").rotation.at(1).value;
  const glm::quat edited = scene::normalize(key * scene::axis_angle(glm::vec3(1, 0, 0), 0.3f));
  key = edited;
  const auto omf = xray::read_omf(back(scene), "back.omf");
  CHECK(omf.params.motions.size() == original.params.motions.size());
  CHECK(params_bytes(omf.params) == params_bytes(original.params));
  REQUIRE(omf.keys.motions.size() == 2);
  const auto& walk = omf.keys.motions[0];
  CHECK(walk.frame_count == 3);
  // Block 1 (spine) and the whole of "shoot" keep their stored keys.
  CHECK(walk.bones[1].rotations == original.keys.motions[0].bones[1].rotations);
  CHECK(walk.bones[1].translation_init == original.keys.motions[0].bones[1].translation_init);
  CHECK(motion_bytes(omf.keys.motions[1]) == motion_bytes(original.keys.motions[1]));
  // Block 0 (root) holds the edit within a quantisation step, and the other frames as they were.
  const glm::quat at_1 = decoded_rotation(walk.bones[0], 1);
  CHECK(std::fabs(glm::dot(at_1, edited)) == Approx(1.0f).margin(1e-4));
  for (std::size_t f : {0u, 2u}) {
    CHECK(std::fabs(glm::dot(decoded_rotation(walk.bones[0], f),
                             decoded_rotation(original.keys.motions[0].bones[0], f))) ==
          Approx(1.0f).margin(1e-4));
    for (int i = 0; i < 3; ++i)
      CHECK(xray::decode_translation(walk.bones[0], f)[i] ==
            Approx(xray::decode_translation(original.keys.motions[0].bones[0], f)[i]).margin(2e-3));
  }
  // The rewritten file comes back exactly from its own trip.
  const auto once = back(scene);
  CHECK(back(through_gltf(imported(once))) == once);
}

TEST_CASE("An edited .omf parameter is written from the extras; the keys stay as stored",
          "[xray][xray-omf][way-back]") {
  const auto bytes = test::xray_sample_omf_bytes();
  const auto original = xray::read_omf(bytes, "sample.omf");
  auto scene = through_gltf(imported(bytes));
  scene.extras[xray::kXrayMotionsKey]["walk"]["speed"] = 2.5;
  const auto omf = xray::read_omf(back(scene), "back.omf");
  REQUIRE(omf.params.motions.size() == 2);
  CHECK(omf.params.motions[0].speed == 2.5f);
  CHECK(omf.params.motions[1].speed == original.params.motions[1].speed);
  for (std::size_t m = 0; m < 2; ++m)
    for (std::size_t b = 0; b < 2; ++b) {
      CHECK(omf.keys.motions[m].bones[b].rotations == original.keys.motions[m].bones[b].rotations);
      CHECK(omf.keys.motions[m].bones[b].translations == original.keys.motions[m].bones[b].translations);
    }
}

TEST_CASE("Motion records that do not fit the scene are not used", "[xray][xray-omf][way-back]") {
  const auto bytes = test::xray_sample_omf_bytes();
  const auto original = xray::read_omf(bytes, "sample.omf");
  SECTION("a shorter motion is quantised anew") {
    auto scene = through_gltf(imported(bytes));
    for (auto& channel : scene.animations[0].channels) {
      channel.translation.pop_back();
      channel.rotation.pop_back();
    }
    scene.animations[0].duration = 1.0 / 30.0;
    const auto omf = xray::read_omf(back(scene), "back.omf");
    CHECK(omf.keys.motions[0].frame_count == 2);
    CHECK(omf.keys.motions[1].bones[1].rotations == original.keys.motions[1].bones[1].rotations);
  }
  SECTION("a cut or foreign motion record: that motion is quantised anew, the others keep their keys") {
    for (const nlohmann::json& record :
         {nlohmann::json("cut"), nlohmann::json{{"bones", 5}, {"bytes", "10:eJzLSM3JyQcABiwCFQ=="}},
          nlohmann::json{{"bones", 2}, {"bytes", "10:eJzLSM3JyQcABiwCFQ=="}}}) {
      auto scene = through_gltf(imported(bytes));
      scene.extras[xray::kXrayMotionsKey]["walk"][xray::kStoredKeysKey] = record;
      const auto omf = xray::read_omf(back(scene), "back.omf");
      REQUIRE(omf.keys.motions.size() == 2);
      CHECK(omf.keys.motions[0].frame_count == 3);
      for (std::size_t f = 0; f < 3; ++f)
        CHECK(std::fabs(glm::dot(decoded_rotation(omf.keys.motions[0].bones[0], f),
                                 decoded_rotation(original.keys.motions[0].bones[0], f))) ==
              Approx(1.0f).margin(1e-4));
      CHECK(motion_bytes(omf.keys.motions[1]) == motion_bytes(original.keys.motions[1]));
      CHECK(params_bytes(omf.params) == params_bytes(original.params));
    }
  }
  SECTION("a cut file record, or other bone parts: every motion is quantised anew") {
    for (const bool cut : {true, false}) {
      auto scene = through_gltf(imported(bytes));
      if (cut)
        scene.extras[xray::kOmfFileKey]["params"] = "3:??";
      else
        scene.extras[xray::kXrayBonePartsKey][0]["name"] = "torso";
      const auto omf = xray::read_omf(back(scene), "back.omf");
      REQUIRE(omf.keys.motions.size() == 2);
      CHECK(omf.params.parts[0].name == (cut ? "upper" : "torso"));
      // Quantised anew, as the SDK does: within a step of the stored keys, here not the same integers.
      CHECK(omf.keys.motions[1].bones[1].rotations[1] == std::array<std::int16_t, 4>{23169, 0, 0, 23169});
      CHECK(original.keys.motions[1].bones[1].rotations[1] ==
            std::array<std::int16_t, 4>{23170, 0, 0, 23170});
    }
  }
}
