// X-Ray SDK .anm paths: envelope layouts and evaluation, the scene both ways, and coexistence with Overgrowth
// .anm.
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/anm.hpp"
#include "test_support.hpp"
#include "xray/anm_scene.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray_anm_samples.hpp"

using namespace gamefmt;

namespace {

// Version 5 by hand: X has LINE keys (0 s, 0) and (1 s, 2), all other channels one STEP key of value 0.
std::vector<std::byte> hand_built_anm() {
  ByteWriter body(ByteOrder::little);
  body.string_zero_terminated("p");
  body.i32(0), body.i32(30), body.f32(30.0f), body.u16(5);
  body.u8(1), body.u8(1), body.u16(2);
  body.f32(0), body.f32(0), body.u8(3);
  for (int i = 0; i < 7; ++i) body.u16(32768);
  body.f32(2), body.f32(1), body.u8(3);
  for (int i = 0; i < 7; ++i) body.u16(32768);
  for (int c = 1; c < 6; ++c) body.u8(1), body.u8(1), body.u16(1), body.f32(0), body.f32(0), body.u8(4);
  const auto payload = body.take();
  ByteWriter w(ByteOrder::little);
  w.u32(0x1100), w.u32(std::uint32_t(payload.size()));
  w.bytes(payload);
  return w.take();
}

using xray::EnvelopeBehaviour;
using xray::EnvelopeShape;

// Two keys (0, 0) and (1, 1); the parameters as floats (the Load_1 layout keeps them unquantized).
xray::Envelope two_keys(EnvelopeShape second_shape, std::array<float, 7> parameters = {}) {
  xray::Envelope e;
  e.legacy_layout = true;
  e.keys.resize(2);
  e.keys[0].time = 0, e.keys[0].value = 0, e.keys[0].shape = std::uint32_t(EnvelopeShape::linear);
  e.keys[1].time = 1, e.keys[1].value = 1, e.keys[1].shape = std::uint32_t(second_shape);
  e.keys[1].floats = parameters;
  return e;
}

std::int32_t behaviour(EnvelopeBehaviour b) {
  return static_cast<std::int32_t>(b);
}

}  // namespace

TEST_CASE("anm by hand: read, evaluated and rewritten byte for byte", "[xray][anm][xray-anm]") {
  const auto bytes = hand_built_anm();
  const auto anm = xray::read_anm(bytes, "p.anm");
  CHECK(anm.motion.name == "p");
  CHECK(anm.motion.version == 5);
  CHECK(anm.motion.channel(xray::kAnmX).keys.size() == 2);
  const auto& x = anm.motion.channel(xray::kAnmX);
  CHECK(xray::envelope_param(x, x.keys[1], 0) == Approx(0.00048829).margin(1e-7));
  CHECK(xray::evaluate_anm(anm.motion, 0.25f).position[0] == Approx(0.5f));
  CHECK(xray::write_anm(anm, "p.anm") == bytes);
  CHECK(xray::looks_like_xray_anm(bytes));
  auto bad_version = bytes;
  bad_version[8 + 2 + 12] = std::byte{9};
  CHECK_THROWS_WITH(xray::read_anm(bad_version, "p.anm"), Catch::Contains("version 9"));
}

TEST_CASE("anm: a byte after the six envelopes is not read, as COMotion::Load does, and is kept",
          "[xray][anm][lenient][xray-anm]") {
  auto extra = hand_built_anm();
  extra[4] = std::byte(std::to_integer<unsigned>(extra[4]) + 1);
  extra.push_back(std::byte{0});
  const auto anm = xray::read_anm(extra, "p.anm");
  REQUIRE(anm.warnings.size() == 1);
  CHECK_THAT(anm.warnings[0], Catch::Contains("motion: 1 bytes after the six envelopes are not read"));
  CHECK(xray::write_anm(anm, "p.anm") == extra);
  auto edited = anm;
  edited.motion.fps = 60;  // an edit writes the chunk from the model, without the byte
  CHECK(xray::write_anm(edited, "p.anm").size() == extra.size() - 1);
}

TEST_CASE("anm samples: every shape and layout survives write and read", "[xray][anm][xray-anm]") {
  for (std::uint16_t version : {3, 4, 5}) {
    INFO(version);
    const auto anm = test::xray_sample_anm(version);
    const auto bytes = xray::write_anm(anm, "p.anm");
    const auto back = xray::read_anm(bytes, "p.anm");
    CHECK(xray::write_anm(back, "p.anm") == bytes);
    for (float t : {-0.5f, 0.1f, 0.4f, 0.7f, 0.9f, 1.5f}) {
      const auto a = xray::evaluate_anm(anm.motion, t), b = xray::evaluate_anm(back.motion, t);
      CHECK(a.position == b.position);
      CHECK(a.rotation == b.rotation);
    }
  }
  // Version 4 stores P before H.
  auto v4 = test::xray_sample_anm(4);
  CHECK(&v4.motion.channel(xray::kAnmH) == &v4.motion.stored[4]);
}

TEST_CASE("envelope q16 parameters and engine curve shapes", "[xray][anm][xray-anm]") {
  CHECK(xray::quantize_envelope_param(0.0f) == 32768);
  CHECK(xray::quantize_envelope_param(100.0f) == 65535);
  CHECK(xray::quantize_envelope_param(-100.0f) == 0);
  CHECK(xray::dequantize_envelope_param(32768) == Approx(0.00048829f).margin(1e-7));
  // Hermite with a flat incoming tangent after a LINE key (outgoing tangent = 1): 0.5 + 0.125 at u = 0.5.
  CHECK(xray::evaluate_envelope(two_keys(EnvelopeShape::hermite), 0.5f) == Approx(0.625f));
  CHECK(xray::evaluate_envelope(two_keys(EnvelopeShape::linear), 0.25f) == Approx(0.25f));
  CHECK(xray::evaluate_envelope(two_keys(EnvelopeShape::step), 0.75f) == 0.0f);
  // TCB with zero parameters and no neighbours: Hermite with tangents d = 1 -> the straight line.
  CHECK(xray::evaluate_envelope(two_keys(EnvelopeShape::tcb), 0.3f) == Approx(0.3f));
  // 2-D Bezier with handles along the line gives the line too (a non-Bezier start key's value handle is
  // param[1] / 3).
  auto bezier = two_keys(EnvelopeShape::bezier2d, {0, 0, 0, -1.0f / 3, -1.0f / 3, 0, 0});
  bezier.keys[0].floats[4] = 1.0f;
  CHECK(xray::evaluate_envelope(bezier, 0.5f) == Approx(0.5f).margin(1e-3));
  CHECK(xray::evaluate_envelope(bezier, 0.2f) == Approx(0.2f).margin(1e-3));
  auto e = two_keys(EnvelopeShape::linear);
  e.behaviour_post = behaviour(EnvelopeBehaviour::linear);
  CHECK(xray::evaluate_envelope(e, 2.0f) == Approx(2.0f));
  e.behaviour_post = behaviour(EnvelopeBehaviour::repeat);
  CHECK(xray::evaluate_envelope(e, 1.5f) == Approx(0.5f));
  e.behaviour_post = behaviour(EnvelopeBehaviour::reset);
  CHECK(xray::evaluate_envelope(e, 1.5f) == 0.0f);
  e.behaviour_post = behaviour(EnvelopeBehaviour::offset);
  CHECK(xray::evaluate_envelope(e, 1.5f) == Approx(1.5f));
  e.behaviour_pre = behaviour(EnvelopeBehaviour::constant);
  CHECK(xray::evaluate_envelope(e, -1.0f) == 0.0f);
}

TEST_CASE("anm scene: sampled at the motion's fps plus every key, exact at the keys",
          "[xray][anm][xray-anm]") {
  const auto anm = test::xray_sample_anm(5);
  const auto scene = xray::anm_to_scene(anm.motion, "p", {});
  REQUIRE(scene.animations.size() == 1);
  REQUIRE(scene.animations[0].channels.size() == 1);
  const scene::NodeAnimation& channel = scene.animations[0].channels[0];
  CHECK(scene.nodes[channel.node].name == "cam_path");
  REQUIRE(channel.translation.size() == 31);  // frames 0..30; the keys fall on frames
  // One key per frame of the motion's 30 fps.
  CHECK(channel.translation[10].time == Approx(10.0 / 30));
  CHECK(scene.animations[0].duration == Approx(1.0));
  const auto pose = xray::evaluate_anm(anm.motion, 1.0f / 3);
  const glm::vec3 p = channel.translation[10].value;
  CHECK(p.x == -pose.position[0]);  // X mirrored
  CHECK(p.z == pose.position[2]);
  const auto coarse = xray::anm_to_scene(anm.motion, "p", {.fps = 5});
  CHECK(coarse.animations[0].channels[0].translation.size() == 6 + 2);  // 0, 0.2 .. 1.0 plus keys 1/3 and 2/3
}

TEST_CASE("anm: glTF round trip writes a path equal to the scene at every key", "[xray][anm][xray-anm]") {
  for (std::uint16_t version : {3, 5}) {
    INFO(version);
    const auto anm = test::xray_sample_anm(version);
    const auto scene = xray::anm_to_scene(anm.motion, "p", {});
    const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "p.glb"), "p.glb");
    const auto written = xray::anm_from_scene(back_scene, "p.anm");
    CHECK(written.motion.version == version);
    CHECK(written.motion.name == "cam_path");
    CHECK(written.motion.frame_end == 30);
    CHECK(written.motion.channel(xray::kAnmX).behaviour_post == behaviour(EnvelopeBehaviour::linear));
    const auto reread = xray::read_anm(xray::write_anm(written, "p.anm"), "p.anm");
    const scene::NodeAnimation& channel = scene.animations[0].channels[0];
    for (std::size_t k = 0; k < channel.translation.size(); ++k) {
      const float t = float(channel.translation[k].time);
      const auto pose = xray::evaluate_anm(reread.motion, t);
      const glm::vec3 p =
          xray::xray_space::vector(glm::vec3(pose.position[0], pose.position[1], pose.position[2]));
      CHECK(glm::length(p - channel.translation[k].value) < 1e-5f);
      const glm::quat q =
          xray::xray_space::euler_rotation(pose.rotation[1], pose.rotation[0], pose.rotation[2]);
      const glm::quat& e = channel.rotation[k].value;
      CHECK(std::fabs(std::fabs(q.x * e.x + q.y * e.y + q.z * e.z + q.w * e.w) - 1.0f) < 1e-5f);
    }
  }
}

TEST_CASE("anm: an edited glTF animation is what the written path plays at its keys",
          "[xray][anm][xray-anm]") {
  const auto scene = xray::anm_to_scene(test::xray_sample_anm(5).motion, "p", {.fps = 10});
  auto edited = gltf::read_gltf(gltf::write_gltf(scene, {}, "p.glb"), "p.glb");
  REQUIRE(edited.animations.size() == 1);
  scene::NodeAnimation& channel = edited.animations[0].channels.at(0);
  // Move one key up by 2 m and turn another a quarter turn about +Y.
  channel.translation.at(3).value.y += 2.0f;
  channel.rotation.at(5).value = scene::axis_angle({0, 1, 0}, 1.5707963f);
  const auto written =
      xray::read_anm(xray::write_anm(xray::anm_from_scene(edited, "p.anm"), "p.anm"), "p.anm");
  for (std::size_t k = 0; k < channel.translation.size(); ++k) {
    INFO(k);
    const auto pose = xray::evaluate_anm(written.motion, float(channel.translation[k].time));
    const glm::vec3 p =
        xray::xray_space::vector(glm::vec3(pose.position[0], pose.position[1], pose.position[2]));
    CHECK(glm::length(p - channel.translation[k].value) < 1e-5f);
    const glm::quat q =
        xray::xray_space::euler_rotation(pose.rotation[1], pose.rotation[0], pose.rotation[2]);
    const glm::quat& e = channel.rotation[k].value;
    CHECK(std::fabs(std::fabs(q.x * e.x + q.y * e.y + q.z * e.z + q.w * e.w) - 1.0f) < 1e-5f);
  }
}

TEST_CASE("anm: a scene without animation cannot be written as a path", "[xray][anm][xray-anm]") {
  scene::Scene scene;
  scene.add_node("root");
  try {
    xray::anm_from_scene(scene, "p.anm");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK_THAT(e.what(), Catch::Contains("no animated node"));
    CHECK(e.kind() == ErrorKind::cannot_write);
  }
}

TEST_CASE("anm import: the fps option and the sample limit", "[xray][anm][xray-anm]") {
  const auto* handler = gamefmt::find_handler_by_id("xray-anm");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"p.anm", xray::write_anm(test::xray_sample_anm(5), "p.anm")};
  // 0 is the motion's own 30 fps: frames 0..30.
  request.options["fps"] = "0";
  CHECK(handler->import_scene(request).animations.at(0).channels.at(0).translation.size() == 31);
  request.options["fps"] = "5";
  CHECK(handler->import_scene(request).animations.at(0).channels.at(0).translation.size() == 6 + 2);
  request.options["fps"] = "2000";
  CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("option fps"));
  request.options.clear();
  // 31 samples do not fit in 30.
  request.limits.max_path_samples = 30;
  try {
    handler->import_scene(request);
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.kind() == ErrorKind::limit);
    CHECK(e.field() == "frame_end");
    CHECK(e.file() == "p.anm");
  }
  request.limits.max_path_samples = 31;
  CHECK_NOTHROW(handler->import_scene(request));
}

TEST_CASE(".anm is told apart by content: X-Ray paths and Overgrowth animations",
          "[xray][anm][phoenix][xray-anm]") {
  const auto xray_bytes = xray::write_anm(test::xray_sample_anm(5), "p.anm");
  const auto biped = phoenix::make_sample_biped(11, 1);
  const auto phoenix_bytes = phoenix::write_animation(phoenix::make_sample_walk(biped, 10, 3));
  CHECK(gamefmt::find_handler("p.anm", xray_bytes)->description().id == "xray-anm");
  CHECK(gamefmt::find_handler("walk.anm", phoenix_bytes)->description().id == "phoenix-anm");
  CHECK_FALSE(phoenix::looks_like_animation(xray_bytes));
  CHECK_FALSE(xray::looks_like_xray_anm(phoenix_bytes));
  // Both still import through their own handler.
  gamefmt::ImportRequest request;
  request.primary = {"p.anm", xray_bytes};
  CHECK(gamefmt::find_handler("p.anm", xray_bytes)->import_scene(request).animations.size() == 1);
  request.primary = {"walk.anm", phoenix_bytes};
  CHECK(gamefmt::find_handler("walk.anm", phoenix_bytes)->import_scene(request).animations.size() == 1);
}

TEST_CASE("Assimp importer and exporter: X-Ray and Overgrowth .anm both import; the X-Ray path exports",
          "[xray][anm][assimp][xray-anm]") {
  test::TempDir dir;
  const auto xray_bytes = xray::write_anm(test::xray_sample_anm(5), "p.anm");
  write_file_atomically(dir / "p.anm", xray_bytes);
  const auto biped = phoenix::make_sample_biped(11, 1);
  write_file_atomically(dir / "walk.anm", phoenix::write_animation(phoenix::make_sample_walk(biped, 10, 3)));
  Assimp::Importer importer;
  assimp::register_importers(importer);
  const aiScene* walk = importer.ReadFile((dir / "walk.anm").string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(walk != nullptr);
  CHECK(walk->mNumAnimations == 1);
  const aiScene* path = importer.ReadFile((dir / "p.anm").string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(path != nullptr);
  REQUIRE(path->mNumAnimations == 1);
  CHECK(std::string(path->mAnimations[0]->mName.C_Str()) == "cam_path");
  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  const aiExportDataBlob* blob = exporter.ExportToBlob(path, "gamefmt-xray-anm");
  INFO(exporter.GetErrorString());
  REQUIRE(blob != nullptr);
  const std::vector<std::byte> written(static_cast<const std::byte*>(blob->data),
                                       static_cast<const std::byte*>(blob->data) + blob->size);
  // The kept file travels in the node's metadata too: the path comes back as it was, key shapes and all.
  CHECK(written == xray_bytes);
}

TEST_CASE("gamefmt convert x.glb -o y.anm: an X-Ray path goes to the X-Ray writer, a rig to Overgrowth's",
          "[xray][anm][cli][xray-anm]") {
  test::TempDir dir;
  write_file_atomically(dir / "path.anm", xray::write_anm(test::xray_sample_anm(5), "path.anm"));
  REQUIRE(test::run_gamefmt({"convert", (dir / "path.anm").string(), "-o", (dir / "path.glb").string()})
              .exit_code == 0);
  const auto back =
      test::run_gamefmt({"convert", (dir / "path.glb").string(), "-o", (dir / "back.anm").string()});
  REQUIRE(back.exit_code == 0);
  const auto written = xray::read_anm(test::read_bytes(dir / "back.anm"), "back.anm");
  CHECK(written.motion.name == "cam_path");

  const auto biped = phoenix::make_sample_biped(11, 1);
  write_file_atomically(dir / "biped.phxbn", phoenix::write_skeleton(biped.skeleton));
  write_file_atomically(dir / "biped.obj", biped.model_obj);
  write_file_atomically(dir / "walk.anm", phoenix::write_animation(phoenix::make_sample_walk(biped, 10, 9)));
  REQUIRE(test::run_gamefmt({"convert", (dir / "biped.phxbn").string(), (dir / "biped.obj").string(),
                             (dir / "walk.anm").string(), "-o", (dir / "biped.glb").string()})
              .exit_code == 0);
  const auto rig = test::run_gamefmt(
      {"convert", (dir / "biped.glb").string(), "-o", (dir / "walk2.anm").string(), "-O", "animation=walk"});
  REQUIRE(rig.exit_code == 0);
  CHECK_NOTHROW(phoenix::read_animation(test::read_bytes(dir / "walk2.anm"), "walk2.anm"));
  CHECK_THROWS_AS(xray::read_anm(test::read_bytes(dir / "walk2.anm"), "walk2.anm"), FormatError);
}
