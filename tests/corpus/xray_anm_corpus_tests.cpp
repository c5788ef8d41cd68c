// X-Ray SDK .anm paths from blender-xray (bx_*) and a game camera shake (rad_earthquake_20.anm):
// byte-identical rewrites, the engine's envelope values (vectors from docs/formats/xray.md), and the glTF
// round trip.
#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/anm.hpp"
#include "test_support.hpp"
#include "xray/anm_scene.hpp"
#include "xray/level_mesh_scene.hpp"

using namespace gamefmt;

namespace {
std::filesystem::path fixture(const char* name) {
  return *test::corpus_dir() / "xray" / name;
}
constexpr const char* kFiles[] = {"bx_test_fmt.anm",    "bx_test_fmt_bezier_2d.anm", "bx_test_fmt_tcb.anm",
                                  "bx_test_fmt_v3.anm", "bx_test_fmt_v4.anm",        "rad_earthquake_20.anm"};
}  // namespace

TEST_CASE("X-Ray .anm corpus: rewrite is byte-identical and content picks the X-Ray handler",
          "[corpus][xray][anm][xray-anm]") {
  for (const char* name : kFiles) {
    INFO(name);
    const auto bytes = test::read_bytes(fixture(name));
    const auto anm = xray::read_anm(bytes, name);
    CHECK(xray::write_anm(anm, name) == bytes);
    const auto* handler = gamefmt::find_handler(fixture(name), bytes);
    REQUIRE(handler != nullptr);
    CHECK(handler->description().id == "xray-anm");
  }
}

TEST_CASE("X-Ray .anm corpus: envelope values match the engine's (docs/formats/xray.md, Envelopes)",
          "[corpus][xray][anm][xray-anm]") {
  struct Vector {
    const char* file;
    int frame;
    std::array<float, 6> values;
  };
  const Vector vectors[] = {
      {"bx_test_fmt_tcb.anm", 2, {0.324155f, 0.186224f, 0.200030f, -0.048764f, 0.099225f, 0.142892f}},
      {"bx_test_fmt_tcb.anm", 7, {-0.111779f, 0.194194f, 0.115045f, 0.643623f, 0.466712f, 0.674404f}},
      {"bx_test_fmt_tcb.anm", 15, {-1.856281f, -0.464563f, -0.716878f, 1.739117f, 0.598473f, 0.867210f}},
      {"bx_test_fmt_bezier_2d.anm", 2, {1.181587f, 1.045940f, 0.251860f, 0.354188f, 0.132945f, 0.136617f}},
      {"bx_test_fmt_bezier_2d.anm", 5, {0.843552f, 1.088140f, -0.077876f, 0.271718f, 0.053902f, 0.498834f}},
      {"bx_test_fmt_bezier_2d.anm", 15, {0.090013f, 0.600464f, -1.346121f, 0.554683f, -0.046703f, 0.637266f}},
      {"bx_test_fmt_v3.anm", 2, {-0.387476f, 6.412857f, 0.883712f, 0.142404f, 1.223149f, 0.134015f}},
      {"bx_test_fmt_v3.anm", 15, {-3.530789f, 2.837981f, 1.246715f, 1.409783f, 0.883287f, -1.024994f}},
  };
  for (const auto& v : vectors) {
    INFO(v.file << " frame " << v.frame);
    const auto anm = xray::read_anm(test::read_bytes(fixture(v.file)), v.file);
    const auto pose = xray::evaluate_anm(anm.motion, float(v.frame) / anm.motion.fps);
    for (int c = 0; c < 3; ++c) CHECK(pose.position[c] == Approx(v.values[c]).margin(1e-4));
    for (int c = 0; c < 3; ++c) CHECK(pose.rotation[c] == Approx(v.values[3 + c]).margin(1e-4));
  }
  const auto anm = xray::read_anm(test::read_bytes(fixture("bx_test_fmt.anm")), "bx_test_fmt.anm");
  CHECK(xray::evaluate_anm(anm.motion, 0.0f).position[0] == -1.0f);
  CHECK(xray::evaluate_anm(anm.motion, 5.0f / 30).position[0] == Approx(-0.555556f).margin(1e-5));
  CHECK(xray::evaluate_anm(anm.motion, 15.0f / 30).position[0] == Approx(0.5f).margin(1e-5));
  CHECK(xray::evaluate_anm(anm.motion, 15.0f / 30).position[2] == Approx(-0.25f).margin(1e-5));
}

TEST_CASE("X-Ray .anm corpus: .glb and back writes a path equal at every key",
          "[corpus][xray][anm][xray-anm]") {
  for (const char* name : kFiles) {
    INFO(name);
    const auto scene = load_scene({fixture(name)}, {});
    REQUIRE(scene.animations.size() == 1);
    const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
    const auto out = save_scene(back_scene, "x.anm", {});
    const auto written = xray::read_anm(out.front().bytes, "x.anm");
    const scene::NodeAnimation& channel = scene.animations[0].channels.at(0);
    for (std::size_t k = 0; k < channel.translation.size(); ++k) {
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
}
