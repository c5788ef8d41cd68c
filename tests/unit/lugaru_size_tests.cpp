// Lugaru models arrive at the size the game draws them, in metres (adapters/src/lugaru/lugaru_space.hpp): the
// file's extents times the factor the engine scales that kind of model by. Expected sizes are worked out here
// from the file's own numbers and the engine's factors (osslugaru/lugaru), never from a conversion's output.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/lugaru/solid.hpp"
#include "gamefmt/scene/extras.hpp"
#include "lugaru/solid_scene.hpp"
#include "scene_size.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// The engine's numbers (osslugaru/lugaru), kept apart from the adapter's table.
constexpr double kSkeletonLoadScale = .04;  // Skeleton::Load: Scale(.04, .04, .04)
constexpr double kRabbitScale = .2;         // PersonType::Load: types[rabbittype].defaultScale
constexpr double kWolfScale = .23;          // PersonType::Load: types[wolftype].defaultScale

// The box around the file's positions, as stored.
test::WorldBox file_box(const lugaru::SolidModel& model) {
  scene::Scene scene;
  const auto node = scene.add_node("file");
  scene::Mesh mesh;
  for (const auto& p : model.positions) mesh.positions.emplace_back(p[0], p[1], p[2]);
  scene.nodes[node].meshes.push_back(scene.add_mesh(std::move(mesh)));
  return test::world_box(scene);
}

// The scene a glTF reader gets for a converted file.
scene::Scene through_glb(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
}

std::vector<std::byte> solid_bytes(const std::vector<std::array<float, 3>>& positions) {
  lugaru::SolidModel model;
  model.positions = positions;
  for (std::size_t i = 0; i + 2 < positions.size(); ++i) {
    const auto a = static_cast<std::int16_t>(i);
    model.triangles.push_back(lugaru::SolidTriangle::from_corners(
        {a, static_cast<std::int16_t>(a + 1), static_cast<std::int16_t>(a + 2)}, {0.f, 1.f, 0.5f},
        {0.f, 0.25f, 1.f}));
  }
  return lugaru::write_solid(model);
}

}  // namespace

TEST_CASE("Lugaru sizes: each kind of model at the factor the engine draws it at", "[lugaru][size]") {
  const struct {
    const char* file;
    double factor;
  } cases[] = {
      {"Rabbit.solid", kSkeletonLoadScale * kRabbitScale},  // Person::DrawSkeleton: joints * person scale
      {"Body.solid", kSkeletonLoadScale * kRabbitScale},
      {"Belt.solid", kSkeletonLoadScale * kRabbitScale},  // clothes: only rabbits wear them
      {"Wolf.solid", kSkeletonLoadScale * kWolfScale},
      {"WolfLow.solid", kSkeletonLoadScale * kWolfScale},
      {"Sword.solid", .001},          // Weapon::Load: swordmodel.Scale(.001, .001, .001)
      {"ThrowingKnife.solid", .001},  // Weapon::Load
      {"Staff.solid", .005},          // Weapon::Load: staffmodel.Scale(.005, .005, .005)
      {"Hawk.solid", .03},            // Game::LoadStuff: hawk.Scale(.03, .03, .03)
      {"Iris.solid", .03},            // Game::LoadStuff
      {"Box.solid", .3},              // Object::Object: model.Scale(.3 * scale, ...), scale 1
      {"TreeTrunk.solid", .3},
  };
  for (const auto& c : cases) {
    INFO(c.file);
    const auto path = test::samples_dir() / "lugaru" / c.file;
    const auto in_file = file_box(lugaru::read_solid(test::read_bytes(path), c.file)).sorted_sides();
    const auto scene = through_glb(load_scene({path}, {}));
    const auto in_world = test::world_box(scene).sorted_sides();
    for (int i = 0; i < 3; ++i) CHECK(in_world[i] == Approx(in_file[i] * c.factor).epsilon(1e-6));
    CHECK(scene::get<double>(scene.nodes[0].extras, lugaru::kSolidScaleKey) == Approx(c.factor));
  }
}

TEST_CASE("Lugaru sizes are the metres of the game: a rabbit stands about 1.7 m, weapons have their lengths",
          "[lugaru][size]") {
  // Upright, a character's file Y is the scene's Y (a half turn about X).
  const auto rabbit_path = test::samples_dir() / "lugaru" / "Rabbit.solid";
  const auto rabbit_file = file_box(lugaru::read_solid(test::read_bytes(rabbit_path), "Rabbit.solid"));
  REQUIRE(rabbit_file.size().y == 217.0f);
  const auto rabbit = test::world_box(through_glb(load_scene({rabbit_path}, {})));
  CHECK(rabbit.size().y == Approx(217 * kSkeletonLoadScale * kRabbitScale));  // 1.736 m
  CHECK(rabbit.size().y > 1.5f);
  CHECK(rabbit.size().y < 2.0f);
  // Weapon::setType gives the lengths the game's physics uses, round numbers: sword .8, staff 1.5, knife .25
  // (the knife's model is 0.32 m with its handle).
  const struct {
    const char* file;
    float length;
  } weapons[] = {{"Sword.solid", .8f}, {"Staff.solid", 1.5f}, {"ThrowingKnife.solid", .25f}};
  for (const auto& w : weapons) {
    INFO(w.file);
    const auto box = test::world_box(load_scene({test::samples_dir() / "lugaru" / w.file}, {}));
    CHECK(box.sorted_sides()[2] == Approx(w.length).epsilon(0.3));
  }
}

TEST_CASE("Lugaru option scale: replaces the factor on import, is recorded, and is undone on export",
          "[lugaru][size]") {
  const auto path = test::samples_dir() / "lugaru" / "Rabbit.solid";
  const auto original = test::read_bytes(path);
  const auto model = lugaru::read_solid(original, "Rabbit.solid");
  const auto in_file = file_box(model).sorted_sides();

  for (const double scale : {1.0, 0.5, 0.0125}) {
    INFO(scale);
    const Options options{{"scale", std::to_string(scale)}};
    const auto scene = through_glb(load_scene({path}, options));
    const auto in_world = test::world_box(scene).sorted_sides();
    for (int i = 0; i < 3; ++i) CHECK(in_world[i] == Approx(in_file[i] * scale).epsilon(1e-6));
    CHECK(scene::get<double>(scene.nodes[0].extras, lugaru::kSolidScaleKey) == Approx(scale));
    // Back without the option: the recorded scale is divided out, bit for bit.
    CHECK(save_scene(scene, "Rabbit.solid", {}).front().bytes == original);
  }

  // An explicit scale on export divides by it instead: the model imported at 0.008 m per unit and written
  // at 0.004 comes out twice as large in file units.
  const auto scene = through_glb(load_scene({path}, {}));
  const auto doubled = lugaru::read_solid(
      save_scene(scene, "Rabbit.solid", {{"scale", "0.004"}}).front().bytes, "Rabbit.solid");
  REQUIRE(doubled.positions.size() == model.positions.size());
  for (std::size_t i = 0; i < model.positions.size(); ++i)
    for (int k = 0; k < 3; ++k)
      CHECK(doubled.positions[i][k] == Approx(2 * model.positions[i][k]).margin(1e-4));

  CHECK_THROWS_WITH(load_scene({path}, {{"scale", "-1"}}), Catch::Contains("option scale"));
  CHECK_THROWS_WITH(load_scene({path}, {{"scale", "big"}}), Catch::Contains("not a number"));
}

TEST_CASE("Lugaru export of a scene in metres that records no scale divides by the output's own factor",
          "[lugaru][size]") {
  scene::Scene scene;
  const auto node = scene.add_node("sword");
  scene::Mesh mesh;
  mesh.positions = {{0, 0, 0}, {0.8f, 0, 0}, {0, 0.1f, 0}};
  mesh.triangles = {0, 1, 2};
  scene.nodes[node].meshes.push_back(scene.add_mesh(std::move(mesh)));
  // Sword.solid: clockwise (a half turn about X: y and z change sign) at .001 m per unit (Weapon::Load).
  const auto sword = lugaru::read_solid(save_scene(scene, "Sword.solid", {}).front().bytes, "Sword.solid");
  REQUIRE(sword.positions.size() == 3);
  CHECK(sword.positions[1][0] == Approx(800));
  CHECK(sword.positions[2][1] == Approx(-100));
  // Any other name is a level object, at .3 m per unit (Object::Object), turned a quarter about X.
  const auto rock = lugaru::read_solid(save_scene(scene, "Pebble.solid", {}).front().bytes, "Pebble.solid");
  REQUIRE(rock.positions.size() == 3);
  CHECK(rock.positions[1][0] == Approx(0.8 / 0.3));
  CHECK(std::fabs(rock.positions[2][2]) == Approx(0.1 / 0.3));
}

TEST_CASE("Lugaru .solid -> .glb -> .solid is byte-identical for awkward floats at every factor",
          "[lugaru][size]") {
  // Floats that x * s / s does not give back for the factors (2 to 16 % of all floats do not): the scale
  // must stay out of the stored positions.
  const std::vector<std::array<float, 3>> positions = {
      {0.0f, -0.0f, std::numeric_limits<float>::denorm_min()},
      {std::numeric_limits<float>::min(), -1e-30f, 0.1f},
      {1.0f / 3.0f, std::nextafter(1.0f, 2.0f), std::nextafter(2.0f, 1.0f)},
      {-37.44f, 16777215.0f, 123456.789f},
      {1e18f, -1e18f, 2.5e-7f},
      {1.1f, 1.3f, 1.7f},
  };
  std::size_t changed_by_arithmetic = 0;
  for (const auto& p : positions)
    for (const float x : p) changed_by_arithmetic += (x * 0.008f) / 0.008f != x;
  REQUIRE(changed_by_arithmetic > 0);

  test::TempDir dir;
  for (const char* name : {"Rabbit.solid", "Wolf.solid", "Staff.solid", "Hawk.solid", "Thing.solid"})
    for (const char* scale : {"", "0.123"}) {
      INFO(name << " scale " << scale);
      const auto bytes = solid_bytes(positions);
      const auto path = dir / name;
      write_file_atomically(path, bytes);
      const Options options = *scale ? Options{{"scale", scale}} : Options{};
      const auto scene = through_glb(load_scene({path}, options));
      CHECK(save_scene(scene, name, {}).front().bytes == bytes);
    }
}
