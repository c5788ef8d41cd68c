#include <catch2/catch.hpp>

#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/phoenix/ragdoll.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"

using namespace gamefmt;
using namespace gamefmt::phoenix;

namespace {

// One object laid out by hand: magic, version 1, count 1, label "capsule thigh l m", quaternion, location,
// scale, then the footer int = its own offset (8 + 4 + 4 + 4 + 17 + 40 = 77) and "FZX".
std::vector<std::byte> hand_built_fzx() {
  ByteWriter w(ByteOrder::little);
  for (std::uint8_t b : kFzxMagic) w.u8(b);
  w.i32(1);
  w.i32(1);
  w.i32(17);
  w.bytes(std::string_view("capsule thigh l m"));
  for (float f : {1.f, 0.f, 0.f, 0.f, 0.1f, 0.2f, 0.3f, 0.05f, 0.05f, 0.2f}) w.f32(f);
  w.i32(77);
  w.bytes(std::string_view("FZX"));
  return w.take();
}

std::size_t bone_named(const SampleBiped& b, const std::string& name) {
  return std::size_t(std::find(b.bone_names.begin(), b.bone_names.end(), name) - b.bone_names.begin());
}

}  // namespace

TEST_CASE("read_ragdoll decodes a hand-built .fzx and writes it back byte for byte",
          "[phoenix][phoenix-fzx]") {
  const auto bytes = hand_built_fzx();
  REQUIRE(bytes.size() == 84);
  const auto r = read_ragdoll(bytes, "biped.fzx");
  REQUIRE(r.objects.size() == 1);
  CHECK(r.objects[0].label == "capsule thigh l m");
  CHECK(r.objects[0].rotation_wxyz == std::array<float, 4>{1, 0, 0, 0});
  CHECK(r.objects[0].scale[2] == 0.2f);
  CHECK(write_ragdoll(r) == bytes);

  Ragdoll many;
  for (const char* label : {"box chest", "sphere head", "capsule tail3", "capsule.001 shin r"})
    many.objects.push_back({label, {0.5f, 0.5f, 0.5f, 0.5f}, {1, 2, 3}, {0.1f, 0.2f, 0.3f}});
  const auto written = write_ragdoll(many);
  CHECK(read_ragdoll(written, "many.fzx") == many);
}

TEST_CASE("read_ragdoll applies the engine's footer check and rejects bad files", "[phoenix][phoenix-fzx]") {
  auto bytes = hand_built_fzx();
  SECTION("footer size is not its own offset") {
    bytes[77] = std::byte{78};
    const auto e = [&] {
      try {
        read_ragdoll(bytes, "t.fzx");
      } catch (const FormatError& e) {
        return e;
      }
      throw std::logic_error("no error");
    }();
    CHECK(e.field() == "footer.size");
    CHECK(*e.offset() == 77);
  }
  SECTION("wrong magic") {
    bytes[1] = std::byte{'G'};
    CHECK_THROWS_WITH(read_ragdoll(bytes, "t.fzx"), Catch::Contains("not an FZX file"));
  }
  SECTION("label length over 255") {
    bytes[16] = std::byte{0};
    bytes[17] = std::byte{1};
    CHECK_THROWS_WITH(read_ragdoll(bytes, "t.fzx"), Catch::Contains("outside 0 to 255"));
  }
  SECTION("truncated") {
    bytes.resize(40);
    CHECK_THROWS_AS(read_ragdoll(bytes, "t.fzx"), FormatError);
  }
}

TEST_CASE("Ragdoll labels follow the engine's token rules", "[phoenix][phoenix-fzx]") {
  const auto thigh = parse_ragdoll_label("Capsule THIGH l M");
  REQUIRE(thigh);
  CHECK(thigh->shape == RagdollShape::capsule);
  CHECK(thigh->part == "thigh");
  CHECK(thigh->side == 'l');
  CHECK(thigh->mirrored);
  CHECK(parse_ragdoll_label("box chest")->side == 0);
  CHECK_FALSE(parse_ragdoll_label("capsule.001 thigh l"));  // Blender's suffix breaks the token
  CHECK_FALSE(parse_ragdoll_label("capsule thigh"));        // a paired part needs its side
  CHECK_FALSE(parse_ragdoll_label("sphere"));               // no body part
  CHECK_FALSE(parse_ragdoll_label("capsule tail7"));
}

TEST_CASE("Ragdoll parts find their bones through the IK chains", "[phoenix][phoenix-fzx]") {
  const auto biped = make_sample_biped();
  const auto& s = biped.skeleton;
  auto bone = [&](const char* label) { return ragdoll_bone(s, *parse_ragdoll_label(label), "biped.fzx"); };
  CHECK(bone("capsule thigh l") == bone_named(biped, "left_thigh"));
  CHECK(bone("capsule shin r") == bone_named(biped, "right_shin"));
  CHECK(bone("box foot l") == bone_named(biped, "left_foot"));
  CHECK(bone("capsule upperarm r") == bone_named(biped, "right_upperarm"));
  CHECK(bone("capsule forearm l") == bone_named(biped, "left_forearm"));
  CHECK(bone("sphere head") == bone_named(biped, "head"));
  CHECK(bone("box chest") == bone_named(biped, "chest"));
  CHECK(bone("box abdomen") == bone_named(biped, "abdomen"));
  CHECK(bone("box hip") == bone_named(biped, "hip"));
  CHECK(bone("capsule earbase r") == bone_named(biped, "right_earbase"));
  CHECK(bone("capsule eartip l") == bone_named(biped, "left_eartip"));
  CHECK(bone("capsule tail1") == bone_named(biped, "tail1"));
  CHECK(bone("capsule tail6") == bone_named(biped, "tail6"));
  // A skeleton without IK chains (before v10) cannot place ragdoll parts: an error, not the engine's crash.
  // The sample ragdoll names every part the engine knows and writes/reads back unchanged.
  const auto sample = make_sample_ragdoll(biped);
  CHECK(sample.objects.size() == 17);
  CHECK(read_ragdoll(write_ragdoll(sample), "biped.fzx") == sample);
  for (const auto& o : sample.objects) CHECK(parse_ragdoll_label(o.label).has_value());
  const auto old = make_sample_biped(9);
  CHECK_THROWS_WITH(ragdoll_bone(old.skeleton, *parse_ragdoll_label("capsule thigh l"), "old.fzx"),
                    Catch::Contains("no IK chain 'left_leg'"));
}
