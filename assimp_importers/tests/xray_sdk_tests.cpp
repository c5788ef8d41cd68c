#include <algorithm>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "assimp_api.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/byte_reader.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/bones_file.hpp"
#include "gamefmt/xray/object.hpp"
#include "gamefmt/xray/object_normals.hpp"
#include "gamefmt/xray/sdk_motion.hpp"
#include "metadata_json.hpp"  // flatten_nested_metadata: the Assimp API test below
#include "test_support.hpp"
#include "xray/object_scene.hpp"
#include "xray/sdk_motion_scene.hpp"
#include "xray_sdk_samples.hpp"

using namespace gamefmt;
using test::sample_motion;
using test::sample_object;

TEST_CASE("SDK envelopes: hand-laid Load_2 bytes read, evaluate as the engine does and rewrite",
          "[xray][xray-sdk]") {
  ByteWriter w(ByteOrder::little);
  w.u8(1);  // pre: constant
  w.u8(1);  // post: constant
  w.u16(3);
  w.f32(-1.0f), w.f32(1.0f / 30), w.u8(4);  // STEP: no parameters
  for (auto [value, frame] : {std::pair{0.0f, 10.0f}, std::pair{1.0f, 20.0f}}) {
    w.f32(value), w.f32(frame / 30), w.u8(3);  // LINE
    for (int i = 0; i < 7; ++i) w.u16(32768);
  }
  const auto bytes = w.take();
  ByteReader r(bytes, "env", ByteOrder::little);
  const auto envelope = xray::read_envelope(r, false);
  CHECK(r.at_end());
  REQUIRE(envelope.keys.size() == 3);
  CHECK(envelope.keys[0].shape == 4);
  CHECK(xray::envelope_param(envelope, envelope.keys[1], 0) == Approx(0.00048829f).margin(1e-7));
  CHECK(xray::quantize_envelope_param(0.0f) == 32768);
  // The test vectors of docs/formats/xray.md, Envelopes (test_fmt.anm channel X).
  CHECK(xray::evaluate_envelope(envelope, 0.0f) == -1.0f);
  CHECK(xray::evaluate_envelope(envelope, 5.0f / 30) == Approx(-0.555556f).epsilon(1e-5));
  CHECK(xray::evaluate_envelope(envelope, 15.0f / 30) == Approx(0.5f).epsilon(1e-5));
  CHECK(xray::evaluate_envelope(envelope, 2.0f) == 1.0f);
  ByteWriter out(ByteOrder::little);
  xray::write_envelope(out, envelope);
  CHECK(std::ranges::equal(out.buffer(), bytes));

  auto repeat = envelope;
  repeat.behaviour_post = static_cast<std::int32_t>(xray::EnvelopeBehaviour::reset);
  CHECK(xray::evaluate_envelope(repeat, 2.0f) == 0.0f);
  repeat.behaviour_post = static_cast<std::int32_t>(xray::EnvelopeBehaviour::linear);
  CHECK(xray::evaluate_envelope(repeat, 1.0f) > 1.0f);
}

TEST_CASE("SDK motions: every version rewrites, .skl and .skls containers, truncation is a FormatError",
          "[xray][xray-sdk][xray-skl][xray-skls]") {
  for (std::uint16_t version : {4, 5, 6, 7}) {
    INFO(version);
    const xray::SklFile skl{xray::kChunkSklMotion, sample_motion(version)};
    const auto bytes = xray::write_skl(skl);
    const auto back = xray::read_skl(bytes, "x.skl");
    CHECK(back.motion.version == version);
    CHECK(back.motion.bones.size() == 2);
    CHECK(back.motion.flags == xray::kMotionStopAtEnd);
    CHECK(back.motion.bones[1].channels[5].keys[1].value == Approx(1.5f));
    CHECK(back.motion.marks.size() == (version == 7 ? 1u : 0u));
    CHECK(xray::write_skl(back) == bytes);
    for (std::size_t cut : {std::size_t{7}, std::size_t{20}, bytes.size() - 1}) {
      std::vector<std::byte> part(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
      CHECK_THROWS_AS(xray::read_skl(part, "cut.skl"), FormatError);
    }
  }
  const xray::SklsFile skls{{sample_motion(6), sample_motion(7)}};
  const auto bytes = xray::write_skls(skls);
  CHECK(bytes[0] == std::byte{2});
  CHECK(xray::write_skls(xray::read_skls(bytes, "x.skls")) == bytes);
  auto bad = bytes;
  bad[4 + 5 + 12] = std::byte{9};  // version of the first motion
  try {
    (void)xray::read_skls(bad, "bad.skls");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "motions[0].version");
  }
}

TEST_CASE("SDK .object: a writer-made object reads back field by field and rewrites byte for byte",
          "[xray][xray-sdk][xray-object]") {
  const auto object = sample_object();
  const auto bytes = xray::write_object(object);
  const auto back = xray::read_object(bytes, "x.object");
  CHECK(xray::write_object(back) == bytes);
  CHECK(*back.flags == xray::kObjectDynamic);
  REQUIRE(back.meshes->size() == 1);
  const auto& mesh = back.meshes->at(0);
  CHECK(mesh.points == object.meshes->at(0).points);
  CHECK(mesh.vmaps.size() == 3);
  CHECK(mesh.vmaps[2].name == "child");
  CHECK(mesh.vmap_refs[3][1].vmap == 2);
  REQUIRE(back.bones->size() == 2);
  CHECK(back.bones->at(1).parent == "root");
  CHECK(back.bones->at(1).second_definition);
  CHECK(back.motions->at(0).name == "walk");
  CHECK(back.revision->owner == "\\\\pc\\user");
  // SDK chunk order: version, user data, LOD reference, flags, meshes, surfaces...
  CHECK(back.layout.size() == 10);
  CHECK(back.layout[0].raw_id == xray::kObjectChunkVersion);
  CHECK(back.layout[4].raw_id == xray::kObjectChunkMeshes);
  // A renamed bone keeps both definitions in step.
  auto renamed = back;
  renamed.bones->at(0).name = "pelvis";
  const auto again = xray::read_object(xray::write_object(renamed), "r.object");
  CHECK(again.bones->at(0).name == "pelvis");
  CHECK(again.bones->at(0).second_definition);
}

TEST_CASE("SDK .object: hand-laid legacy bytes and broken indices", "[xray][xray-sdk][xray-object]") {
  // A body with an unknown chunk, a one-byte flags chunk and an empty mesh list: all kept as stored.
  ByteWriter body(ByteOrder::little);
  body.u32(xray::kObjectChunkVersion), body.u32(2), body.u16(0x10);
  body.u32(0x0911), body.u32(8), body.u32(0x3AF9556D), body.u32(0);
  body.u32(xray::kObjectChunkFlags), body.u32(1), body.u8(1);
  body.u32(xray::kObjectChunkMeshes), body.u32(0);
  ByteWriter file(ByteOrder::little);
  file.u32(xray::kObjectChunkBody), file.u32(static_cast<std::uint32_t>(body.size())),
      file.bytes(body.buffer());
  const auto bytes = file.take();
  const auto object = xray::read_object(bytes, "old.object");
  CHECK(object.flags_size == 1);
  CHECK(*object.flags == 1);
  CHECK(object.meshes->empty());
  CHECK(object.layout[1].kept);
  CHECK(xray::write_object(object) == bytes);

  auto broken = sample_object();
  broken.meshes->at(0).faces[1].points[2] = 9;
  try {
    (void)xray::read_object(xray::write_object(broken), "broken.object");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "faces");
  }
  const auto good = xray::write_object(sample_object());
  for (std::size_t cut : {std::size_t{4}, std::size_t{100}, good.size() - 3}) {
    std::vector<std::byte> part(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(cut));
    CHECK_THROWS_AS(xray::read_object(part, "cut.object"), FormatError);
  }
}

TEST_CASE("SDK .object smoothing: soft CoP edges share normals, hard ones do not",
          "[xray][xray-sdk][xray-object]") {
  auto mesh = sample_object().meshes->at(0);
  mesh.points[3] = {0, 1, 1};  // fold the quad so its two faces differ
  const auto smooth = xray::object_corner_normals(mesh, xray::SmoothingRule::cop);
  CHECK(smooth[0][0] == Approx(smooth[3][0]));  // point 0 in both faces
  CHECK(smooth[0][2] == Approx(smooth[3][2]));
  mesh.smoothing = std::vector<std::uint32_t>{0xFFFFFFFF, 0xFFFFFFFF};
  const auto hard = xray::object_corner_normals(mesh, xray::SmoothingRule::cop);
  CHECK(hard[0][2] != Approx(hard[3][2]));
  const auto flat = xray::object_corner_normals(mesh, xray::SmoothingRule::flat);
  for (int i = 0; i < 3; ++i) CHECK(flat[0][i] == Approx(hard[0][i]));
}

TEST_CASE("SDK .object -> scene: flipped winding, skin, bind pose, motion; and back through glTF",
          "[xray][xray-sdk][xray-object]") {
  const auto object = sample_object();
  const auto scene = xray::object_to_scene(object, "thing");
  REQUIRE(scene.meshes.size() == 1);
  const auto& mesh = scene.meshes[0];
  CHECK(mesh.triangles.size() == 2 * 3);
  CHECK(mesh.bones.size() == 2);
  // File face (0, 1, 2) becomes (0, 2, 1); positions mirror X, UV v flips.
  CHECK(mesh.positions[mesh.triangles[1]].x == -1.0f);
  CHECK(mesh.positions[mesh.triangles[1]].y == 1.0f);
  CHECK(mesh.normals[0].z == Approx(1.0f));  // X-Ray normal (0, 0, 1): the mirror keeps z
  REQUIRE(scene.animations.size() == 1);
  const auto& keys = scene.animations[0].channels[0].translation;
  CHECK(keys.size() == 11);
  CHECK(keys[10].time == 10.0 / 30);  // 30 frames per second
  const auto child = gamefmt::scene::find_node(scene, "child");
  REQUIRE(child.has_value());
  const auto parent = gamefmt::scene::parents_of(scene)[*child];
  REQUIRE(parent.has_value());
  CHECK(scene.nodes[*parent].name == "root");
  CHECK(gamefmt::scene::at(gamefmt::scene::matrix_of(scene.nodes[*child]), 2, 3) == Approx(0.25f));

  const auto glb = gltf::write_gltf(scene, {}, "x.glb");
  const auto back = xray::scene_to_object(gltf::read_gltf(glb, "x.glb"), "back.object");
  const auto reread = xray::read_object(xray::write_object(back), "back.object");
  REQUIRE(reread.meshes->size() == 1);
  CHECK(reread.meshes->at(0).faces.size() == 2);
  CHECK(reread.meshes->at(0).points.size() == 4);
  CHECK(reread.surfaces.at(0).texture == "act\\body");
  CHECK(reread.surfaces.at(0).engine_shader == "models\\model");
  REQUIRE(reread.bones->size() == 2);
  const auto& pose = *reread.bones->at(1).bind_pose;
  CHECK(pose[1] == Approx(0.5f));
  CHECK(pose[2] == Approx(0.25f));
  CHECK(pose[3] == Approx(0.3f));
  CHECK(pose[4] == Approx(1.2f));
  CHECK(pose[5] == Approx(-0.4f));
  REQUIRE(reread.motions->size() == 1);
  const auto& bone = reread.motions->at(0).bones.at(0);
  CHECK(xray::evaluate_envelope(bone.channels[1], 10.0f / 30) == Approx(0.25f).margin(1e-5));
  // Weights survive: the "child" vmap weights points of the top edge.
  std::size_t weight_maps = 0;
  for (const auto& vmap : reread.meshes->at(0).vmaps) weight_maps += vmap.is_weight() ? 1 : 0;
  CHECK(weight_maps == 2);
}

// Assimp's own API: Importer with gamefmt's importers, Exporter with gamefmt's exporters. The object scene
// carries nested records (bone shapes, IK, surfaces), which the importer hands to Assimp flattened.
TEST_CASE("SDK .object through Assimp::Importer and Assimp::Exporter reads back equal",
          "[xray][xray-sdk][assimp][xray-object]") {
  const auto object = sample_object();
  test::TempDir dir;
  write_file_atomically(dir / "thing.object", xray::write_object(object));
  const auto back = xray::read_object(
      test::import_and_export_with_assimp(dir / "thing.object", "gamefmt-xray-object", dir / "back.object"),
      "back.object");
  REQUIRE(back.meshes->size() == 1);
  CHECK(back.meshes->at(0).faces.size() == object.meshes->at(0).faces.size());
  CHECK(back.surfaces.at(0).texture == object.surfaces.at(0).texture);
  REQUIRE(back.bones->size() == object.bones->size());
  for (std::size_t b = 0; b < back.bones->size(); ++b) {
    CHECK(back.bones->at(b).name == object.bones->at(b).name);
    CHECK(back.bones->at(b).parent == object.bones->at(b).parent);
    for (std::size_t i = 0; i < 6; ++i)
      CHECK(back.bones->at(b).bind_pose->at(i) == Approx(object.bones->at(b).bind_pose->at(i)).margin(1e-5));
  }
  REQUIRE(back.motions->size() == 1);
  CHECK(back.motions->at(0).name == object.motions->at(0).name);
}

// Assimp's own glTF importer turns extras into nested metadata, which Assimp 5.2's Exporter cannot copy: the
// way documented in the README is to flatten the scene first.
TEST_CASE("A .glb read by Assimp's glTF importer, flattened, goes out through the .object exporter",
          "[xray][xray-sdk][assimp][xray-object]") {
  const auto object = sample_object();
  test::TempDir dir;
  write_file_atomically(dir / "thing.glb",
                        gltf::write_gltf(xray::object_to_scene(object, "thing"), {}, "thing.glb"));
  Assimp::Importer importer;  // Assimp's importers only
  REQUIRE(importer.ReadFile((dir / "thing.glb").string(), 0) != nullptr);
  std::unique_ptr<aiScene> scene(importer.GetOrphanedScene());
  assimp::flatten_nested_metadata(*scene);
  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  const auto out = dir / "back.object";
  INFO(exporter.GetErrorString());
  REQUIRE(exporter.Export(scene.get(), "gamefmt-xray-object", out.string()) == AI_SUCCESS);
  const auto back = xray::read_object(read_file_bytes(out), "back.object");
  REQUIRE(back.bones->size() == object.bones->size());
  CHECK(back.bones->at(1).parent == object.bones->at(1).parent);
  for (std::size_t i = 0; i < 6; ++i)
    CHECK(back.bones->at(1).bind_pose->at(i) == Approx(object.bones->at(1).bind_pose->at(i)).margin(1e-5));
  REQUIRE(back.meshes->size() == 1);
  CHECK(back.meshes->at(0).faces.size() == object.meshes->at(0).faces.size());
  // Assimp's glTF importer keeps no material extras: the texture path does not come through that way.
}

TEST_CASE("SDK .bones: a writer-made file rewrites; parts are optional", "[xray][xray-sdk][xray-bones]") {
  xray::BonesFile file;
  file.bones.resize(2);
  file.bones[0].name = "root";
  file.bones[1].name = "child";
  for (auto& bone : file.bones) {
    bone.definition_has_parent = false;
    bone.game_material = "default_object";
    bone.shape.emplace().type = 2;
    bone.joint.emplace().type = 2;
    bone.friction = 0.5f;
  }
  file.parts = std::vector<xray::SdkBonePart>{{"all", {"root", "child"}}};
  const auto bytes = xray::write_bones_file(file);
  const auto back = xray::read_bones_file(bytes, "x.bones");
  REQUIRE(back.bones.size() == 2);
  CHECK(!back.bones[0].definition_has_parent);
  CHECK(back.bones[1].shape->type == 2);
  CHECK(*back.bones[1].friction == 0.5f);
  CHECK(back.parts->at(0).bones.size() == 2);
  CHECK(xray::write_bones_file(back) == bytes);
  file.parts.reset();
  CHECK(xray::write_bones_file(xray::read_bones_file(xray::write_bones_file(file), "y.bones")).size() <
        bytes.size());
}

TEST_CASE("SDK motions: baking is bounded and keys hit the stored values",
          "[xray][xray-sdk][xray-skl][xray-skls]") {
  auto motion = sample_motion(6);
  const auto scene = xray::sdk_motions_to_scene({motion}, "motions", "x.skls", {});
  REQUIRE(scene.animations.size() == 1);
  const auto& root = scene.animations[0].channels[0];
  CHECK(root.translation.size() == 11);
  CHECK(root.translation[10].value.y == Approx(0.7f));  // channel 1 last key: 0.2 + 0.5
  motion.frame_end = 2000000;
  for (int i = 0; i < 100; ++i) {
    auto bone = motion.bones[0];
    bone.name = "extra" + std::to_string(i);
    motion.bones.push_back(bone);
  }
  try {
    (void)xray::sdk_motions_to_scene({motion}, "motions", "huge.skls", {});
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.file() == "huge.skls");
    CHECK(e.kind() == ErrorKind::limit);
  }
}

TEST_CASE("SDK .skl: hand-laid v6 bytes (one bone, STEP keys) read field by field",
          "[xray][xray-sdk][xray-skl]") {
  ByteWriter motion(ByteOrder::little);
  motion.string_zero_terminated("xact");
  motion.i32(0), motion.i32(10), motion.f32(30.0f), motion.u16(6);
  motion.u8(0), motion.u16(0xFFFF);                                        // flags, bone part (all)
  motion.f32(1.0f), motion.f32(2.0f), motion.f32(2.0f), motion.f32(0.0f);  // speed, accrue, falloff, power
  motion.u16(1);
  motion.string_zero_terminated("bone");
  motion.u8(0);
  for (int channel = 0; channel < 6; ++channel) {
    motion.u8(1), motion.u8(1), motion.u16(3);
    for (int k = 0; k < 3; ++k)
      motion.f32(0.5f * float(channel) + float(k)), motion.f32(float(5 * k) / 30), motion.u8(4);
  }
  ByteWriter file(ByteOrder::little);
  file.u32(xray::kChunkSklMotion), file.u32(static_cast<std::uint32_t>(motion.size())),
      file.bytes(motion.buffer());
  const auto bytes = file.take();
  const auto skl = xray::read_skl(bytes, "hand.skl");
  CHECK(skl.motion.name == "xact");
  CHECK(skl.motion.frame_end == 10);
  CHECK(skl.motion.bone_or_part == 0xFFFF);
  CHECK(skl.motion.power == 0.0f);
  REQUIRE(skl.motion.bones.size() == 1);
  CHECK(skl.motion.bones[0].channels[5].keys[2].value == 4.5f);
  CHECK(xray::evaluate_envelope(skl.motion.bones[0].channels[3], 7.0f / 30) == 2.5f);  // STEP holds key 1
  CHECK(xray::write_skl(skl) == bytes);
  // The same motion as a .skls is the motion count and the chunk payload.
  const auto skls = xray::write_skls({{skl.motion}});
  CHECK(std::equal(skls.begin() + 4, skls.end(), bytes.begin() + 8, bytes.end()));
}
