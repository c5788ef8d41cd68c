#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/model_obj.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

std::span<const std::byte> as_bytes(const std::string& text) {
  return {reinterpret_cast<const std::byte*>(text.data()), text.size()};
}

// Two points, one bone along +X, laid out by hand from the v11 layout: version, stage 1, points, point
// parents, bones, bone parents, mass, centre of mass, matrix, vertex count 3, weights, ids, hier parents, one
// fixed joint, one IK bone "tail".
std::vector<std::byte> hand_built_v11() {
  ByteWriter w(ByteOrder::little);
  w.i32(11);
  w.i32(1);
  w.i32(2);
  for (float f : {0.f, 0.f, 0.f, 2.f, 0.f, 0.f}) w.f32(f);
  w.i32(-1);
  w.i32(0);
  w.i32(1);
  w.i32(0);
  w.i32(1);
  w.i32(-1);
  w.f32(3.5f);
  for (float f : {1.f, 0.f, 0.f}) w.f32(f);
  for (int i = 0; i < 16; ++i) w.f32(float(i));
  w.i32(3);
  for (int c = 0; c < 3; ++c)
    for (float f : {1.f, 0.f, 0.f, 0.f}) w.f32(f);
  for (int c = 0; c < 3; ++c)
    for (float f : {0.f, 0.f, 0.f, 0.f}) w.f32(f);
  w.i32(-1);
  w.i32(1);
  w.i32(2);  // fixed: no angles, no axis
  w.i32(0);
  w.i32(0);
  w.i32(1);
  w.i32(0);
  w.i32(1);
  w.i32(4);
  w.bytes(std::string_view("tail"));
  return w.take();
}

template <class F>
FormatError error_of(F&& f) {
  try {
    f();
  } catch (const FormatError& e) {
    return e;
  }
  FAIL("no FormatError");
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("read_skeleton decodes a hand-built v11 file", "[phoenix][phoenix-phxbn]") {
  const auto bytes = hand_built_v11();
  REQUIRE(bytes.size() == 4 * 3 + 24 + 8 + 4 + 8 + 4 + 4 + 12 + 64 + 4 + 48 + 48 + 4 + 4 + 12 + 4 + 12 + 4);
  const auto s = read_skeleton(bytes, "hand.phxbn");
  CHECK(s.version == 11);
  CHECK(s.rigging_stage == 1);
  REQUIRE(s.points.size() == 2);
  CHECK(s.points[1] == Vec3{2, 0, 0});
  CHECK(s.point_parents == std::vector<std::int32_t>{-1, 0});
  CHECK(s.bone_ends.size() == 1);
  CHECK(s.bone_masses == std::vector<float>{3.5f});
  CHECK(s.bone_matrices[0][15] == 15.f);
  CHECK(s.corner_weights.size() == 3);
  CHECK(s.hier_parents == std::vector<std::int32_t>{-1});
  REQUIRE(s.joints.size() == 1);
  CHECK(s.joints[0].type == 2);
  REQUIRE(s.ik_bones.size() == 1);
  CHECK(s.ik_bones[0].name == "tail");
  CHECK(s.ik_bones[0].chain_length == 1);
  CHECK(write_skeleton(s) == bytes);
  // The model's corner count must agree with the stored one.
  CHECK(error_of([&] { read_skeleton(bytes, "hand.phxbn", 6); }).problem().find("different vertex counts") ==
        0);
}

TEST_CASE("read_skeleton decodes a hand-built v5 file (no version field)", "[phoenix][phoenix-phxbn]") {
  ByteWriter w(ByteOrder::little);
  w.i32(0);  // rigging stage 0 = create bones: no weights block
  w.i32(2);
  for (float f : {0.f, 1.f, 0.f, 0.f, 2.f, 0.f}) w.f32(f);
  w.i32(1);
  w.i32(0);
  w.i32(1);
  const auto bytes = w.take();
  const auto s = read_skeleton(bytes, "old.phxbn");
  CHECK(s.version == 5);
  CHECK(s.rigging_stage == 0);
  CHECK(s.bone_ends[0] == std::array<std::int32_t, 2>{0, 1});
  CHECK(s.bone_masses.empty());
  CHECK(write_skeleton(s) == bytes);
}

TEST_CASE("Every .phxbn version and rigging stage writes and reads back the same",
          "[phoenix][phoenix-phxbn]") {
  for (std::int32_t version = 5; version <= 11; ++version)
    for (std::int32_t stage : {-1, 0, 1, 2, 3}) {
      INFO("version " << version << " stage " << stage);
      const auto biped = make_sample_biped(version, stage);
      const auto model = read_obj_model(as_bytes(biped.model_obj), "biped.obj");
      const auto bytes = write_skeleton(biped.skeleton);
      const auto back = read_skeleton(bytes, "biped.phxbn", model.corner_count());
      CHECK(back == biped.skeleton);
      CHECK(write_skeleton(back) == bytes);
      if (biped.skeleton.has_weights_block()) {
        CHECK(back.corner_weights.size() == model.corner_count());
        if (version < 11) {
          const auto e = error_of([&] { read_skeleton(bytes, "biped.phxbn"); });
          CHECK(e.problem().find("cannot be read without its model OBJ") != std::string::npos);
        }
      } else {
        CHECK(read_skeleton(bytes, "biped.phxbn") == biped.skeleton);
      }
      CHECK(skeleton_symmetry(back, "biped.phxbn").size() == back.bone_ends.size());
    }
}

TEST_CASE("The sample biped has the engine's IK chains and mirror pairs", "[phoenix][phoenix-phxbn]") {
  const auto biped = make_sample_biped();
  const auto& s = biped.skeleton;
  for (const char* chain :
       {"head", "torso", "leftarm", "rightarm", "left_leg", "right_leg", "leftear", "rightear", "tail"})
    CHECK(s.find_ik_bone(chain) != nullptr);
  const auto symmetry = skeleton_symmetry(s, "biped.phxbn");
  auto index = [&](const std::string& name) {
    return std::size_t(std::find(biped.bone_names.begin(), biped.bone_names.end(), name) -
                       biped.bone_names.begin());
  };
  CHECK(symmetry[index("left_thigh")] == index("right_thigh"));
  CHECK(symmetry[index("tail3")] == index("tail3"));
  // GetChainMember: the hip is 2 up from the torso tip, the thigh 5 up from the leg tip.
  CHECK(chain_member(s, s.find_ik_bone("torso")->bone_id, 2, "b") == index("hip"));
  CHECK(chain_member(s, s.find_ik_bone("left_leg")->bone_id, 5, "b") == index("left_thigh"));
  CHECK(chain_member(s, s.find_ik_bone("tail")->bone_id, 5, "b") == index("tail1"));
  CHECK_THROWS_AS(chain_member(s, index("hip"), 1, "b"), FormatError);
}

TEST_CASE("bone_bind_matrix follows the engine's GetBoneMat", "[phoenix][phoenix-phxbn]") {
  // Along +X: Z = (1,0,0), X = cross((0,0,1), Z) = (0,1,0), Y = cross(Z, X) = (0,0,1), origin at the middle.
  const Mat4 along_x = bone_bind_matrix({0, 0, 0}, {2, 0, 0});
  CHECK(along_x == Mat4{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1});
  // Along +Z the up vector falls back to +X: X = cross((1,0,0), Z) = (0,-1,0), Y = cross(Z, X) = (1,0,0).
  const Mat4 along_z = bone_bind_matrix({0, 0, 0}, {0, 0, 4});
  CHECK(along_z == Mat4{0, -1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1});
}

TEST_CASE("read_skeleton rejects bad files with the field and offset", "[phoenix][phoenix-phxbn]") {
  auto bytes = hand_built_v11();
  SECTION("bone end outside the points") {
    bytes[4 * 3 + 24 + 8 + 4 + 4] = std::byte{7};  // second end of bone 0
    const auto e = error_of([&] { read_skeleton(bytes, "t.phxbn"); });
    CHECK(e.field() == "bone_ends[0]");
    CHECK(*e.offset() == 4 * 3 + 24 + 8 + 4 + 4);
  }
  SECTION("too new") {
    bytes[0] = std::byte{12};
    CHECK(error_of([&] { read_skeleton(bytes, "t.phxbn"); }).field() == "version");
  }
  SECTION("truncated") {
    bytes.resize(bytes.size() - 2);
    CHECK(error_of([&] { read_skeleton(bytes, "t.phxbn"); }).field() == "ik_bones[0].name");
  }
  SECTION("trailing bytes are not an error: the engine reads the skeleton and no more") {
    bytes.push_back(std::byte{0});
    const auto skeleton = read_skeleton(bytes, "t.phxbn");
    REQUIRE(skeleton.warnings.size() == 1);
    CHECK_THAT(skeleton.warnings[0], Catch::Contains("1 bytes after the end of the skeleton are not read"));
    CHECK(write_skeleton(skeleton, "t.phxbn") == bytes);
  }
  SECTION("a huge point count is refused before allocating") {
    bytes[8] = std::byte{0xFF};
    bytes[9] = std::byte{0xFF};
    bytes[10] = std::byte{0xFF};
    bytes[11] = std::byte{0x0F};
    CHECK(error_of([&] { read_skeleton(bytes, "t.phxbn"); }).field() == "points");
  }
}

TEST_CASE("The symmetry check names the bone without a mirror", "[phoenix][phoenix-phxbn]") {
  auto biped = make_sample_biped();
  biped.skeleton.points[biped.skeleton.bone_ends[10][1]][1] += 0.05f;
  const auto e = error_of([&] { skeleton_symmetry(biped.skeleton, "lopsided.phxbn"); });
  CHECK(e.problem().find("not symmetrical") != std::string::npos);
}

TEST_CASE("The model OBJ unrolls like the engine: quads as (a,b,c),(d,a,c)", "[phoenix][phoenix-phxbn]") {
  const std::string obj = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 1\nf 1/1 2/2 3/1 4/2\nf 1 3 4\n";
  const auto m = read_obj_model(as_bytes(obj), "q.obj");
  REQUIRE(m.triangles.size() == 3);
  CHECK(m.triangles[1][0].position == 3);
  CHECK(m.triangles[1][1].position == 0);
  CHECK(m.triangles[1][2].position == 2);
  CHECK(m.triangles[1][0].uv == 1);
  CHECK(m.triangles[2][1].uv == -1);
  CHECK(m.centre() == Vec3{0.5f, 0.5f, 0});
  const auto e = error_of([] { read_obj_model(as_bytes(std::string("v 0 0 0\nf 1 2 1\n")), "bad.obj"); });
  CHECK(e.field() == "line 2");
  CHECK(*e.offset() == 8);
}
