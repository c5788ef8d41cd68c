#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/model_scene.hpp"

using namespace gamefmt;
using namespace gamefmt::shinobi;

namespace {

struct HandBytes {
  std::vector<std::byte> bytes;
  HandBytes& raw(std::string_view text) {
    for (char c : text) bytes.push_back(std::byte(static_cast<unsigned char>(c)));
    return *this;
  }
  HandBytes& i32(std::int32_t v) {
    const auto u = static_cast<std::uint32_t>(v);
    for (int i = 0; i < 4; ++i) bytes.push_back(std::byte((u >> (8 * i)) & 0xFF));
    return *this;
  }
  HandBytes& f32(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    return i32(static_cast<std::int32_t>(u));
  }
  HandBytes& str(std::string_view text) { return i32(static_cast<std::int32_t>(text.size())).raw(text); }
};

// Two tracks, three frames: "bone" turns a quarter about Y and moves along Z.
Animation sample_animation(std::int32_t version) {
  Animation a;
  a.version = version;
  if (version == 1) a.name = "turn";
  a.frame_rate = 10;
  a.frame_count = 3;
  AnimationTrack bone{"bone", {}};
  const float s = std::sqrt(0.5f);
  for (int f = 0; f < 3; ++f) {
    AnimationKey key;
    key.position = {0, 0, float(f)};
    key.rotation = f == 0   ? std::array<float, 4>{0, 0, 0, 1}
                   : f == 1 ? std::array<float, 4>{0, 0.38268343f, 0, 0.9238795f}
                            : std::array<float, 4>{0, s, 0, s};
    bone.keys.push_back(key);
  }
  AnimationTrack tip{"tip", std::vector<AnimationKey>(3)};
  tip.keys[2].scale = {2, 2, 2};
  a.tracks = {bone, tip};
  return a;
}

}  // namespace

TEST_CASE("Druidstone ANIM v3 bytes match the layout worked out by hand",
          "[shinobi][animation][shinobi-animation]") {
  Animation a;
  a.version = 3;
  a.frame_rate = 30;
  a.frame_count = 1;
  AnimationKey key;
  key.position = {1, 2, 3};
  a.tracks = {{"hip", {key}}};
  HandBytes h;
  h.raw("ANIM").i32(3).f32(30).i32(1).i32(1).str("hip").i32(1);
  h.f32(1).f32(2).f32(3).f32(0).f32(0).f32(0).f32(1).f32(1).f32(1).f32(1);
  CHECK(write_animation(a, "a.animation") == h.bytes);
  const auto back = read_animation(h.bytes, "a.animation");
  CHECK_FALSE(back.name.has_value());
  CHECK(back == a);
}

TEST_CASE("Grimrock ANIM v1 keeps its name; both versions round-trip with trailing bytes",
          "[shinobi][animation][shinobi-animation]") {
  for (std::int32_t version : {1, 3}) {
    auto a = sample_animation(version);
    a.trailing = {std::byte{1}, std::byte{2}, std::byte{3}};
    const auto bytes = write_animation(a);
    if (version == 1) CHECK(std::memcmp(bytes.data(), "ANIM\x01\0\0\0\x04\0\0\0turn", 16) == 0);
    auto back = read_animation(bytes, "x.animation");
    CHECK(back.warnings.size() == 1);  // the trailing bytes; warnings are not part of the file
    back.warnings.clear();
    CHECK(back == a);
    CHECK(write_animation(back) == bytes);
  }
  // A version-3 file that stores a name (a small length where the frame rate would be) keeps it.
  auto named = sample_animation(3);
  named.name = "walk";
  const auto bytes = write_animation(named);
  CHECK(read_animation(bytes, "n.animation") == named);
}

TEST_CASE("Bad ANIM input gives FormatError naming the field", "[shinobi][animation][shinobi-animation]") {
  const auto good = write_animation(sample_animation(1));
  for (std::size_t n = 0; n < good.size(); ++n)
    CHECK_THROWS_AS(read_animation(std::span<const std::byte>(good.data(), n), "cut.animation"), FormatError);
  auto bad = good;
  bad[4] = std::byte{2};
  CHECK_THROWS_WITH(read_animation(bad, "v2.animation"), Catch::Contains("version"));
  bad = good;
  bad[39] = std::byte{
      0x7F};  // top byte of track 0's key count (after "ANIM", 1, "turn", rate, frames, tracks, "bone")
  CHECK_THROWS_WITH(read_animation(bad, "huge.animation"),
                    Catch::Contains("tracks[0]") && Catch::Contains("left"));
  auto zero = sample_animation(1);
  zero.frame_rate = 0;
  CHECK_THROWS_WITH(animation_to_scene(zero, "z", "z.animation"), Catch::Contains("frame rate"));
}

TEST_CASE("An animation alone becomes nodes named after its tracks, one key per frame plus the loop key",
          "[shinobi][animation][shinobi-animation]") {
  const auto a = sample_animation(1);
  const auto alone = animation_to_scene(a, "turn", "turn.animation");
  CHECK(alone.meshes.empty());
  REQUIRE(alone.roots.size() == 1);
  const auto& root = alone.nodes[alone.roots[0]];
  REQUIRE(root.children.size() == 2);
  CHECK(alone.nodes[root.children[0]].name == "bone");
  REQUIRE(alone.animations.size() == 1);
  const auto& anim = alone.animations[0];
  CHECK(anim.duration == 3.0 / 10.0);  // 3 frames at 10 frames per second
  REQUIRE(anim.channels.size() == 2);
  const auto& bone = anim.channels[0];
  CHECK(bone.node == root.children[0]);
  REQUIRE(bone.translation.size() == 4);
  CHECK(bone.translation[2].time == 2.0 / 10.0);
  CHECK(bone.translation[2].value.z == -2.0f);  // z mirrored
  CHECK(bone.rotation[2].value.y == Approx(-std::sqrt(0.5f)));
  CHECK(bone.translation[3].value.z == 0.0f);  // the loop key repeats frame 0
  // glTF: the animation lasts frame_count / frame_rate seconds and comes back as the same file.
  const auto glb = gltf::write_gltf(alone, {}, "turn.glb");
  const auto back_scene = gltf::read_gltf(glb, "turn.glb");
  REQUIRE(back_scene.animations.size() == 1);
  CHECK(back_scene.animations[0].duration == Approx(0.3));
  const auto back = animation_from_scene(back_scene, {}, Limits{}, "turn.animation");
  CHECK(back.version == 1);
  CHECK(back.name == std::optional<std::string>("turn"));
  CHECK(back.frame_rate == 10.0f);
  CHECK(back.frame_count == 3);
  REQUIRE(back.tracks.size() == 2);
  for (std::size_t t = 0; t < 2; ++t) {
    CHECK(back.tracks[t].node_name == a.tracks[t].node_name);
    REQUIRE(back.tracks[t].keys.size() == 3);
    for (std::size_t k = 0; k < 3; ++k)
      for (std::size_t c = 0; c < 3; ++c) {
        CHECK(back.tracks[t].keys[k].position[c] == Approx(a.tracks[t].keys[k].position[c]).margin(1e-6));
        CHECK(back.tracks[t].keys[k].scale[c] == Approx(a.tracks[t].keys[k].scale[c]));
        CHECK(back.tracks[t].keys[k].rotation[c] == Approx(a.tracks[t].keys[k].rotation[c]).margin(1e-6));
      }
  }
}

TEST_CASE("Animations attach to a model by node name and export by choice and version",
          "[shinobi][animation][shinobi-animation]") {
  Model model;
  model.nodes.resize(2);
  model.nodes[0].name = "bone";
  model.nodes[1].name = "other";
  model.nodes[1].parent = 0;
  const std::vector<CompanionAnimation> animations = {{sample_animation(1), "turn", "turn.animation"},
                                                      {sample_animation(3), "turn", "turn3.animation"}};
  const auto with_animations = model_to_scene(model, animations, "m", "m.model");
  REQUIRE(with_animations.animations.size() == 2);
  CHECK(with_animations.animations[1].name == "turn.1");
  CHECK(with_animations.animations[0].channels.size() == 1);  // "tip" names no node of the model
  CHECK(with_animations.extras.value("shinobi.animation.turn.unbound_tracks", "") == "tip");
  CHECK_THROWS_WITH(animation_from_scene(with_animations, {}, Limits{}, "other.animation"),
                    Catch::Contains("turn.1"));
  AnimationExportChoice choice;
  choice.animation = "turn.1";
  const auto v3 = animation_from_scene(with_animations, choice, Limits{}, "x.animation");
  CHECK(v3.version == 3);
  CHECK_FALSE(v3.name.has_value());
  choice.version = 1;
  choice.frame_rate = 20;
  const auto v1 = animation_from_scene(with_animations, choice, Limits{}, "x.animation");
  CHECK(v1.version == 1);
  CHECK(v1.frame_count == 6);  // 0.3 s at 20 frames per second
  REQUIRE(v1.tracks.size() == 1);
  CHECK(v1.tracks[0].keys[1].position[2] == Approx(0.5f));  // halfway between frame 0 and 1 of the source
}

TEST_CASE("Sampling more frames than the limits allow is refused as a limit",
          "[shinobi][animation][shinobi-animation]") {
  const auto alone = animation_to_scene(sample_animation(1), "turn", "turn.animation");
  Limits limits;
  limits.max_baked_frames = 2;  // the animation has 3
  try {
    animation_from_scene(alone, {}, limits, "turn.animation");
    FAIL("3 frames were written with a limit of 2");
  } catch (const FormatError& e) {
    CHECK(e.kind() == ErrorKind::limit);
    CHECK_THAT(e.what(), Catch::Contains("max_baked_frames"));
  }
  limits = Limits{};
  limits.max_baked_poses = 5;  // 3 frames of 2 tracks
  CHECK_THROWS_WITH(animation_from_scene(alone, {}, limits, "turn.animation"),
                    Catch::Contains("max_baked_poses"));
  limits.max_baked_poses = 6;
  CHECK(animation_from_scene(alone, {}, limits, "turn.animation").tracks.size() == 2);
}
