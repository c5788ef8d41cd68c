#include <catch2/catch.hpp>
#include <cmath>
#include <glm/geometric.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/lugaru/solid.hpp"
#include "lugaru/solid_scene.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// A tetrahedron laid out by hand, big-endian, with the game's (a, b, b, c, c, 0) index pattern.
std::vector<std::byte> hand_built_solid() {
  ByteWriter w(ByteOrder::big);
  w.i16(4);
  w.i16(2);
  for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f}) w.f32(v);
  for (std::int16_t s : {0, 1, 1, 2, 2, 0}) w.i16(s);
  for (float v : {0.f, 1.f, 0.f, 0.f, 0.f, 1.f}) w.f32(v);
  for (std::int16_t s : {0, 3, 3, 1, 1, 0}) w.i16(s);
  for (float v : {0.5f, 0.25f, 0.f, 0.f, 0.75f, 1.f}) w.f32(v);
  return w.take();
}

}  // namespace

TEST_CASE("read_solid decodes a hand-built file", "[lugaru][lugaru-solid]") {
  const auto bytes = hand_built_solid();
  REQUIRE(bytes.size() == 4 + 4 * 12 + 2 * 36);
  const auto model = lugaru::read_solid(bytes, "tetra.solid");
  REQUIRE(model.positions.size() == 4);
  REQUIRE(model.triangles.size() == 2);
  CHECK(model.positions[1] == std::array<float, 3>{1, 0, 0});
  CHECK(model.triangles[1].corner(0) == 0);
  CHECK(model.triangles[1].corner(1) == 3);
  CHECK(model.triangles[1].corner(2) == 1);
  CHECK(model.triangles[1].u == std::array<float, 3>{0.5f, 0.25f, 0.f});
  CHECK(model.triangles[1].v == std::array<float, 3>{0.f, 0.75f, 1.f});
  CHECK(lugaru::write_solid(model) == bytes);
}

TEST_CASE("read_solid rejects bad files with the field and offset", "[lugaru][lugaru-solid]") {
  auto bytes = hand_built_solid();
  SECTION("truncated in a triangle") {
    bytes.resize(bytes.size() - 10);
    try {
      lugaru::read_solid(bytes, "t.solid");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "triangles");
      CHECK(std::string(e.what()).find("t.solid: offset 0x34") == 0);
    }
  }
  SECTION("corner outside the vertices") {
    bytes[4 + 48 + 36 + 1] = std::byte{9};  // second triangle, first corner = 9
    try {
      lugaru::read_solid(bytes, "t.solid");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "triangles[1].index_shorts[0]");
      CHECK(*e.offset() == 4 + 48 + 36);
    }
  }
  SECTION("negative count") {
    bytes[0] = std::byte{0xFF};
    CHECK_THROWS_AS(lugaru::read_solid(bytes, "t.solid"), FormatError);
  }
  SECTION("trailing bytes are not an error: the game reads the counted triangles and no more") {
    bytes.push_back(std::byte{0});
    const auto model = lugaru::read_solid(bytes, "t.solid");
    REQUIRE(model.warnings.size() == 1);
    CHECK_THAT(model.warnings[0],
               Catch::Contains("1 bytes after the last triangle are not read; they are kept"));
    CHECK(lugaru::write_solid(model, "t.solid") == bytes);
  }
}

TEST_CASE("Every bundled .solid rewrites byte-identically", "[lugaru][lugaru-solid]") {
  const auto files = test::files_with_extension(test::samples_dir(), "solid");
  REQUIRE(files.size() == 22);
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    CHECK(lugaru::write_solid(lugaru::read_solid(bytes, file.string())) == bytes);
  }
}

TEST_CASE("Winding defaults: game names, then enclosed volume", "[lugaru][lugaru-solid]") {
  const auto wolf =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Wolf.solid"), "Wolf.solid");
  CHECK(lugaru::guess_solid_winding(wolf, "Wolf.solid") == lugaru::SolidWinding::clockwise);
  CHECK(lugaru::guess_solid_winding(wolf, "renamed.solid") ==
        lugaru::SolidWinding::clockwise);  // negative volume
  const auto box =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Box.solid"), "Box.solid");
  CHECK(lugaru::guess_solid_winding(box, "Box.solid") == lugaru::SolidWinding::counter_clockwise);
}

TEST_CASE("solid -> scene splits UV seams, flips clockwise winding and computes outward normals",
          "[lugaru][lugaru-solid]") {
  const auto model =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Box.solid"), "Box.solid");
  const auto scene = lugaru::solid_to_scene(model, lugaru::SolidWinding::counter_clockwise, 0.3, "Box");
  REQUIRE(scene.meshes.size() == 1);
  const scene::Mesh& mesh = scene.meshes[0];
  CHECK(mesh.triangles.size() == 3 * model.triangles.size());
  CHECK(mesh.vertex_count() >= model.positions.size());
  // Each corner keeps its position and UV.
  for (std::size_t t = 0; t < model.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t v = mesh.triangles[3 * t + k];
      const auto& p = model.positions[model.triangles[t].corner(k)];
      CHECK(mesh.positions[v] == glm::vec3(p[0], p[1], p[2]));
      CHECK(mesh.texcoords[0][v].x == model.triangles[t].u[k]);
    }
  // A closed box wound counter-clockwise: normals point away from its centre.
  glm::vec3 centre(0.0f);
  for (const auto& p : mesh.positions) centre += p;
  centre /= float(mesh.vertex_count());
  for (std::size_t v = 0; v < mesh.vertex_count(); ++v)
    CHECK(glm::dot(mesh.positions[v] - centre, mesh.normals[v]) > 0);

  const auto flipped = lugaru::solid_to_scene(model, lugaru::SolidWinding::clockwise, 0.3, "Box");
  const scene::Mesh& flipped_mesh = flipped.meshes[0];
  CHECK(flipped_mesh.positions[flipped_mesh.triangles[1]] == mesh.positions[mesh.triangles[2]]);
}

TEST_CASE(".solid -> .glb -> .solid keeps positions, triangles and UVs", "[lugaru][gltf][lugaru-solid]") {
  for (const char* name : {"Wolf.solid", "Box.solid", "Sword.solid", "Hawk.solid"}) {
    INFO(name);
    const auto path = test::samples_dir() / "lugaru" / name;
    const auto original = lugaru::read_solid(test::read_bytes(path), name);
    const auto scene = load_scene({path}, {});
    const auto glb = gltf::write_gltf(scene, {}, "x.glb");
    const auto back_scene = gltf::read_gltf(glb, "x.glb");
    const auto winding = lugaru::solid_winding_from_scene(back_scene);
    REQUIRE(winding.has_value());
    const auto scale = lugaru::solid_scale_from_scene(back_scene);
    REQUIRE(scale.has_value());
    const auto back = lugaru::scene_to_solid(back_scene, *winding, *scale, name);
    REQUIRE(back.triangles.size() == original.triangles.size());
    for (std::size_t t = 0; t < original.triangles.size(); ++t)
      for (int k = 0; k < 3; ++k) {
        const auto& a = original.positions[original.triangles[t].corner(k)];
        const auto& b = back.positions[back.triangles[t].corner(k)];
        for (int i = 0; i < 3; ++i) CHECK(std::fabs(a[i] - b[i]) <= 1e-6f * std::max(1.0f, std::fabs(a[i])));
        CHECK(std::fabs(original.triangles[t].u[k] - back.triangles[t].u[k]) <= 1e-6f);
        CHECK(std::fabs(original.triangles[t].v[k] - back.triangles[t].v[k]) <= 1e-6f);
      }
  }
}

TEST_CASE("Writing .solid from a mesh past 32767 triangles is a clear error", "[lugaru][lugaru-solid]") {
  scene::Scene big;
  const auto node = big.add_node("big");
  scene::Mesh mesh;
  const unsigned triangles = 32768;
  for (unsigned v = 0; v < triangles * 3; ++v)
    mesh.positions.emplace_back(float(v % 1000), float(v / 1000 % 30), 0);
  for (unsigned f = 0; f < triangles; ++f)
    mesh.triangles.insert(mesh.triangles.end(), {f * 3 % 30000, f * 3 % 30000 + 1, f * 3 % 30000 + 2});
  big.nodes[node].meshes.push_back(big.add_mesh(std::move(mesh)));
  try {
    lugaru::scene_to_solid(big, lugaru::SolidWinding::counter_clockwise, 1.0, "big.solid");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK_THAT(e.what(), Catch::Contains("32767 triangles"));
    CHECK(e.kind() == ErrorKind::limit);
  }
}
