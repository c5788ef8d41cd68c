#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/scene/channel_sampling.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "xray/extras_numbers.hpp"
#include "xray/model_space.hpp"
#include "xray/motion_sampling.hpp"

using namespace gamefmt;

TEST_CASE("X-Ray exporters name nodes uniquely in node order, as the glTF reader does",
          "[xray][model-space]") {
  scene::Scene scene;
  for (const char* name : {"bone", "spine", "bone", "bone", "bone.1"}) scene.add_node(name);
  CHECK(xray::unique_node_names(scene) ==
        std::vector<std::string>{"bone", "spine", "bone.1", "bone.2", "bone.1.1"});
}

TEST_CASE("X-Ray model transforms: parents applied, and -0 turned into +0 by the identity product",
          "[xray][model-space]") {
  scene::Scene scene;
  const auto root = scene.add_node("root");
  const auto child = scene.add_node("child", root);
  scene.nodes[root].transform = scene::translation({0.0f, 1.0f, -0.0f});
  scene.nodes[child].transform = scene::translation({2.0f, 0.0f, 0.0f});
  const auto transforms = xray::model_transforms(scene);
  CHECK(transforms[child][3] == glm::vec4(2.0f, 1.0f, 0.0f, 1.0f));
  CHECK_FALSE(std::signbit(transforms[root][3].z));  // -0 + 0 * 1 + ...: the sum is +0
}

TEST_CASE("X-Ray normal matrix: the inverse transpose of the 3x3 part; singular gives NaN",
          "[xray][model-space]") {
  const glm::mat4 stretch = scene::translation({5, 6, 7}) * scene::scaling({2, 4, 8});
  const glm::mat4 normals = xray::normal_matrix(stretch);
  CHECK(scene::transform_direction(normals, {1, 1, 1}) == glm::vec3(0.5f, 0.25f, 0.125f));
  // A rotation is its own inverse transpose.
  const glm::mat4 turn = scene::rotation_y(0.7f);
  const glm::vec3 n = scene::transform_direction(xray::normal_matrix(turn), {0, 0, 1});
  const glm::vec3 expected = scene::transform_direction(turn, {0, 0, 1});
  CHECK(n.x == Approx(expected.x));
  CHECK(n.z == Approx(expected.z));
  CHECK(std::isnan(scene::at(xray::normal_matrix(scene::scaling({1, 0, 1})), 0, 0)));
  CHECK(xray::normalize_safe({3, 0, 4}) == glm::vec3(0.6f, 0.0f, 0.8f));
  CHECK(xray::normalize_safe({0, 0, 0}) == glm::vec3(0.0f));
  const glm::vec3 broken = xray::normalize_safe({NAN, 2, 0});  // not normalised: the finite parts stay
  CHECK(broken.y == 2.0f);
}

TEST_CASE("X-Ray importers store whole numbers in extras as integers, as glTF gives them back",
          "[xray][model-space]") {
  scene::Scene scene;
  scene.extras["record"] = {
      {"zero", -0.0}, {"two", 2.0}, {"half", 0.5}, {"big", 3000000000u}, {"list", {1.0, -0.0f}}};
  scene.nodes.emplace_back().extras["mass"] = 10.0f;
  xray::normalize_extras_numbers(scene);
  const auto& record = scene.extras["record"];
  CHECK(record["zero"].is_number_integer());
  CHECK(record["zero"] == 0);
  CHECK(record["two"].is_number_integer());
  CHECK(record["half"].get<double>() == 0.5);
  CHECK(record["big"].is_number_float());  // beyond 32 bits: a real, as glTF writes it
  CHECK(record["big"].get<double>() == 3e9);
  CHECK(record["list"][1].is_number_integer());
  CHECK(scene.nodes[0].extras["mass"] == 10);
}

TEST_CASE("X-Ray motion sampling on milliseconds gives the scene sampler's values", "[xray][model-space]") {
  scene::NodeAnimation channel;
  for (int k = 0; k < 5; ++k) {
    const double time = k / 30.0;
    channel.translation.push_back({time, {0.1f * k, std::sin(0.3f * k), 1.0f}});
    channel.rotation.push_back({time, scene::axis_angle({0, 1, 0}, 0.2f * k)});
  }
  const xray::ChannelSampler sampler(channel);
  for (int f = 0; f <= 12; ++f) {
    const double seconds = f / 90.0;  // between and on the keys, and past the last
    const glm::vec3 a = sampler.translation(seconds, glm::vec3(0.0f));
    const glm::vec3 b = scene::sample_translation(channel, seconds, glm::vec3(0.0f));
    for (int i = 0; i < 3; ++i) CHECK(a[i] == Approx(b[i]).margin(1e-6));
    const glm::quat qa = sampler.rotation(seconds, glm::quat(1, 0, 0, 0));
    const glm::quat qb = scene::sample_rotation(channel, seconds, glm::quat(1, 0, 0, 0));
    CHECK(std::abs(qa.x * qb.x + qa.y * qb.y + qa.z * qb.z + qa.w * qb.w) == Approx(1.0f).margin(1e-6));
  }
  CHECK(sampler.translation(0.0, glm::vec3(9.0f)) == channel.translation[0].value);
  scene::Animation animation;
  animation.duration = 0.1;
  CHECK(xray::sampled_duration(animation) == Approx(0.1));
}
