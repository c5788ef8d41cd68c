#include <catch2/catch.hpp>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

template <class F>
FormatError anm_error_of(F&& f) {
  try {
    f();
  } catch (const FormatError& e) {
    return e;
  }
  FAIL("no FormatError");
  throw std::logic_error("unreachable");
}

// Version 0: no looping flag, no start, no per-key blocks but the matrices.
std::vector<std::byte> hand_built_v0() {
  ByteWriter w(ByteOrder::little);
  w.i32(0);
  w.i32(500);  // end
  w.i32(1);    // one keyframe
  w.i32(0);    // time
  w.i32(1);    // one bone
  for (int i = 0; i < 16; ++i) w.f32(i % 5 == 0 ? 1.f : 0.f);
  return w.take();
}

// Version 10 with one key holding one of each block, laid out by hand.
std::vector<std::byte> hand_built_v10() {
  ByteWriter w(ByteOrder::little);
  w.i32(10);
  w.u8(0);     // centred
  w.u8(1);     // looping
  w.i32(100);  // start
  w.i32(600);  // end
  w.i32(1);
  w.i32(100);  // time
  w.i32(1);
  w.f32(0.5f);  // physics weights
  w.i32(1);
  for (int i = 0; i < 16; ++i) w.f32(float(i));
  w.i32(1);  // one weapon
  for (int i = 0; i < 16; ++i) w.f32(float(-i));
  w.i32(0);
  w.f32(1.f);
  w.u8(1);  // mobility
  for (int i = 0; i < 16; ++i) w.f32(float(i) / 2);
  w.i32(1);  // event
  w.i32(0);
  w.i32(8);
  w.bytes(std::string_view("leftstep"));
  w.i32(1);  // ik bone
  for (float f : {1.f, 2.f, 3.f, 4.f, 5.f, 6.f}) w.f32(f);
  w.i32(1);
  w.i32(0);
  w.i32(4);
  w.bytes(std::string_view("head"));
  w.i32(1);  // shape key
  w.f32(0.25f);
  w.i32(5);
  w.bytes(std::string_view("blink"));
  w.i32(1);  // status key
  w.f32(0.75f);
  w.i32(13);
  w.bytes(std::string_view("groundconform"));
  return w.take();
}

}  // namespace

TEST_CASE("read_animation decodes a hand-built v0 file", "[phoenix][phoenix-anm]") {
  const auto bytes = hand_built_v0();
  const auto a = read_animation(bytes, "old.anm");
  CHECK(a.version == 0);
  CHECK(a.is_looping());
  CHECK(a.start == 0);
  CHECK(a.length() == 500);
  REQUIRE(a.keyframes.size() == 1);
  CHECK(a.keyframes[0].bone_matrices[0][0] == 1.f);
  CHECK(a.keyframes[0].bone_matrices[0][15] == 1.f);
  CHECK(write_animation(a) == bytes);
  CHECK(looks_like_animation(bytes));
}

TEST_CASE("read_animation decodes a hand-built v10 file with every block", "[phoenix][phoenix-anm]") {
  const auto bytes = hand_built_v10();
  const auto a = read_animation(bytes, "walk.anm");
  CHECK(a.length() == 500);
  const auto& k = a.keyframes.at(0);
  CHECK(k.weights == std::vector<float>{0.5f});
  CHECK(k.bone_matrices[0][12] == 12.f);
  REQUIRE(k.weapons.size() == 1);
  CHECK(k.weapons[0].matrix[3] == -3.f);
  CHECK(k.weapons[0].relative_id == 0);
  CHECK(k.weapons[0].relative_weight == 1.f);
  CHECK(k.use_mobility == 1);
  CHECK(k.mobility[15] == 7.5f);
  CHECK(k.events.at(0).name == "leftstep");
  CHECK(k.ik_bones.at(0).end == Vec3{4, 5, 6});
  CHECK(k.ik_bones.at(0).bone_path == std::vector<std::int32_t>{0});
  CHECK(k.ik_bones.at(0).label == "head");
  CHECK(k.shape_keys.at(0).label == "blink");
  CHECK(k.status_keys.at(0).weight == 0.75f);
  CHECK(write_animation(a) == bytes);
  CHECK(looks_like_animation(bytes));
}

TEST_CASE("Every .anm version writes and reads back the same", "[phoenix][phoenix-anm]") {
  const auto biped = make_sample_biped();
  for (std::int32_t version = 0; version <= 11; ++version) {
    INFO("version " << version);
    const auto walk = make_sample_walk(biped, version);
    const auto bytes = write_animation(walk);
    const auto back = read_animation(bytes, "walk.anm");
    CHECK(back == walk);
    CHECK(write_animation(back) == bytes);
    CHECK(looks_like_animation(bytes));
    // Each block the version has is really there.
    const auto& k = back.keyframes[2];
    CHECK(k.weights.empty() == (version < 4));
    CHECK(k.weapons.empty() == (version < 7));
    CHECK((k.use_mobility != 0) == (version >= 9));
    CHECK(k.events.empty() == (version < 2));
    CHECK(back.keyframes[0].ik_bones.empty() == (version < 3));
    CHECK(k.shape_keys.empty() == (version < 5));
    CHECK(k.status_keys.empty() == (version < 6));
    CHECK(back.is_centred() == (version == 11));
  }
}

TEST_CASE("read_animation rejects bad files", "[phoenix][phoenix-anm]") {
  auto bytes = hand_built_v10();
  SECTION("too new") {
    bytes[0] = std::byte{12};
    CHECK(anm_error_of([&] { read_animation(bytes, "t.anm"); }).field() == "version");
    CHECK_FALSE(looks_like_animation(bytes));
  }
  SECTION("no keyframes") {
    bytes[14] = std::byte{0};
    const auto e = anm_error_of([&] { read_animation(bytes, "t.anm"); });
    CHECK(e.field() == "keyframe_count");
    CHECK(*e.offset() == 14);
  }
  SECTION("truncated inside the status keys") {
    bytes.resize(bytes.size() - 3);
    CHECK(anm_error_of([&] { read_animation(bytes, "t.anm"); }).field() ==
          "keyframes[0].status_keys[0].label");
  }
  SECTION("a string longer than the file") {
    const std::size_t label_length_at = bytes.size() - 13 - 4;
    bytes[label_length_at + 3] = std::byte{0x40};
    CHECK(anm_error_of([&] { read_animation(bytes, "t.anm"); }).problem().find("needs at least") !=
          std::string::npos);
  }
}

TEST_CASE("write_animation refuses fields the version cannot store", "[phoenix][phoenix-anm]") {
  auto walk = make_sample_walk(make_sample_biped(), 10);
  walk.version = 3;
  CHECK_THROWS_AS(write_animation(walk), FormatError);  // weights, weapons, shape keys...
  auto v0 = make_sample_walk(make_sample_biped(), 0);
  v0.looping = 0;
  CHECK_THROWS_AS(write_animation(v0), FormatError);
}
