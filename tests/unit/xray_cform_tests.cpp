#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/cform.hpp"
#include "xray/cform_scene.hpp"
#include "xray/level_mesh_scene.hpp"

using namespace gamefmt;

namespace {

// A unit quad on the ground (two triangles) laid out by hand: material 5 with shadows suppressed in sector 2,
// and material 9 with wallmarks suppressed in sector 0.
std::vector<std::byte> hand_built_cform() {
  ByteWriter w(ByteOrder::little);
  w.u32(4);
  w.u32(4);
  w.u32(2);
  for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 1.f}) w.f32(v);
  for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 1.f, 0.f, 1.f, 0.f, 0.f, 1.f}) w.f32(v);
  for (std::uint32_t v : {0u, 2u, 1u}) w.u32(v);
  w.u32(5u | (1u << 14) | (2u << 16));
  for (std::uint32_t v : {0u, 3u, 2u}) w.u32(v);
  w.u32(9u | (1u << 15));
  return w.take();
}

using Corner = std::array<float, 3>;
using Triangle = std::pair<std::array<Corner, 3>, std::uint32_t>;

// Triangles as (corners, packed), each rotated to start at its smallest corner, sorted: the same surface
// whatever the vertex and triangle order.
std::vector<Triangle> triangle_set(const xray::Cform& cform) {
  std::vector<Triangle> out;
  for (const auto& t : cform.triangles) {
    std::array<Corner, 3> c = {cform.vertices[t.vertices[0]], cform.vertices[t.vertices[1]],
                               cform.vertices[t.vertices[2]]};
    std::rotate(c.begin(), std::min_element(c.begin(), c.end()), c.end());
    out.push_back({c, t.packed});
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("read_cform decodes a hand-built file and writes it back byte for byte",
          "[xray][cform][xray-cform]") {
  const auto bytes = hand_built_cform();
  REQUIRE(bytes.size() == 36 + 4 * 12 + 2 * 16);
  const auto cform = xray::read_cform(bytes, "level.cform");
  REQUIRE(cform.vertices.size() == 4);
  REQUIRE(cform.triangles.size() == 2);
  CHECK(cform.bounds_max == std::array<float, 3>{1, 0, 1});
  CHECK(cform.vertices[2] == std::array<float, 3>{1, 0, 1});
  CHECK(cform.triangles[0].vertices == std::array<std::uint32_t, 3>{0, 2, 1});
  CHECK(cform.triangles[0].material() == 5);
  CHECK(cform.triangles[0].suppress_shadows());
  CHECK_FALSE(cform.triangles[0].suppress_wallmarks());
  CHECK(cform.triangles[0].sector() == 2);
  CHECK(cform.triangles[1].material() == 9);
  CHECK(cform.triangles[1].suppress_wallmarks());
  CHECK(cform.triangles[1].sector() == 0);
  CHECK(xray::write_cform(cform) == bytes);
  CHECK(xray::CformTriangle::pack(5, true, false, 2) == cform.triangles[0].packed);
}

TEST_CASE("read_cform rejects bad files with the field and offset", "[xray][cform][xray-cform]") {
  auto bytes = hand_built_cform();
  SECTION("version") {
    bytes[0] = std::byte{3};
    try {
      xray::read_cform(bytes, "level.cform");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "version");
      CHECK(*e.offset() == 0);
    }
  }
  SECTION("corner outside the vertices") {
    bytes[36 + 48 + 16 + 4] = std::byte{7};  // second triangle, second corner
    try {
      xray::read_cform(bytes, "level.cform");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "triangles[1].vertices[1]");
      CHECK(*e.offset() == 36 + 48 + 16 + 4);
    }
  }
  SECTION("a huge count is refused before allocating") {
    bytes[8] = bytes[9] = bytes[10] = std::byte{0xFF};
    CHECK_THROWS_WITH(xray::read_cform(bytes, "level.cform"), Catch::Contains("triangles"));
  }
  SECTION("truncated") {
    bytes.resize(bytes.size() - 3);
    CHECK_THROWS_AS(xray::read_cform(bytes, "level.cform"), FormatError);
  }
}

TEST_CASE("cform: bytes after the last triangle are not read, as CObjectSpace::Load does, and are kept",
          "[xray][cform][lenient][xray-cform]") {
  auto bytes = hand_built_cform();
  const auto end = bytes.size();
  bytes.push_back(std::byte{0});
  const auto cform = xray::read_cform(bytes, "level.cform");
  REQUIRE(cform.warnings.size() == 1);
  CHECK_THAT(cform.warnings[0], Catch::Contains("offset 0x" + [&] {
               char hex[16];
               std::snprintf(hex, sizeof hex, "%zx", end);
               return std::string(hex);
             }() + ": 1 bytes after the last triangle"));
  CHECK(xray::write_cform(cform, "level.cform") == bytes);
}

TEST_CASE("cform -> scene groups by material, flags and sector, mirrors X and flips the winding",
          "[xray][cform][xray-cform]") {
  const auto cform = xray::read_cform(hand_built_cform(), "level.cform");
  const auto scene = xray::cform_to_scene(cform, "level");
  REQUIRE(scene.roots == std::vector<scene::NodeIndex>{xray::kLevelRoot});
  REQUIRE(scene.nodes[xray::kLevelRoot].children.size() == 2);
  REQUIRE(scene.meshes.size() == 2);
  const scene::Node& first = scene.nodes[scene.nodes[xray::kLevelRoot].children[0]];
  CHECK(first.name == "material_5_sector_2_no_shadows");
  const auto material = scene::get<double>(first.extras, "xray.cform.material");
  REQUIRE(material);
  CHECK(*material == 5);
  const auto sector = scene::get<double>(first.extras, "xray.cform.sector");
  REQUIRE(sector);
  CHECK(*sector == 2);
  REQUIRE(first.meshes.size() == 1);
  const scene::Mesh& mesh = scene.meshes[first.meshes[0]];
  REQUIRE(mesh.triangles.size() == 3);
  // X-Ray corners (0, 2, 1) = (0,0,0), (1,0,1), (1,0,0); mirrored and flipped: (0,0,0), (-1,0,0), (-1,0,1).
  const std::uint32_t* f = mesh.triangles.data();
  CHECK(mesh.positions[f[0]] == glm::vec3(0, 0, 0));
  CHECK(mesh.positions[f[1]] == glm::vec3(-1, 0, 0));
  CHECK(mesh.positions[f[2]] == glm::vec3(-1, 0, 1));
  // Front face points up (+Y), as the X-Ray triangle (clockwise seen from above in a left-handed frame).
  const glm::vec3 normal =
      glm::cross(mesh.positions[f[1]] - mesh.positions[f[0]], mesh.positions[f[2]] - mesh.positions[f[0]]);
  CHECK(normal.y > 0);
}

TEST_CASE("cform -> .glb -> cform keeps every triangle, material, flag and sector",
          "[xray][cform][gltf][xray-cform]") {
  xray::Cform cform;
  // A 10 x 10 grid with varied attributes.
  for (int z = 0; z <= 10; ++z)
    for (int x = 0; x <= 10; ++x)
      cform.vertices.push_back({float(x) * 0.5f, float((x * z) % 3) * 0.25f, float(z) * 0.5f});
  for (std::uint32_t z = 0; z < 10; ++z)
    for (std::uint32_t x = 0; x < 10; ++x) {
      const std::uint32_t a = z * 11 + x, b = a + 1, c = a + 11, d = a + 12;
      cform.triangles.push_back({{a, c, b}, xray::CformTriangle::pack(x % 3, z % 2 == 0, x % 4 == 0, z % 5)});
      cform.triangles.push_back({{b, c, d}, xray::CformTriangle::pack(16383, false, true, 65535)});
    }
  cform.update_bounds();
  const auto bytes = xray::write_cform(cform);
  CHECK(xray::write_cform(xray::read_cform(bytes, "level.cform")) == bytes);

  const auto* handler = gamefmt::find_handler_by_name("level.cform");
  REQUIRE(handler != nullptr);
  CHECK(handler->description().id == "xray-cform");
  CHECK(handler->recognizes(bytes));
  gamefmt::ImportRequest request;
  request.primary = {"level.cform", bytes};
  const auto scene = handler->import_scene(request);
  const auto glb = gltf::write_gltf(scene, {}, "level.glb");
  const auto back_scene = gltf::read_gltf(glb, "level.glb");
  const auto back_bytes = handler->export_scene(back_scene, {{}, {}, "level.cform"});
  const auto back = xray::read_cform(back_bytes, "level.cform");
  CHECK(back.vertices.size() == cform.vertices.size());
  CHECK(triangle_set(back) == triangle_set(cform));
  CHECK(back.bounds_min == cform.bounds_min);
  CHECK(back.bounds_max == cform.bounds_max);
}

TEST_CASE("cform written back from an edited scene takes the edits", "[xray][cform][gltf][xray-cform]") {
  const auto cform = xray::read_cform(hand_built_cform(), "level.cform");
  const auto glb = gltf::write_gltf(xray::cform_to_scene(cform, "level"), {}, "level.glb");
  auto scene = gltf::read_gltf(glb, "level.glb");
  // Move the second group's node up by 2 m and give it another material.
  const auto node = scene::find_node(scene, "material_9_sector_0_no_wallmarks");
  REQUIRE(node);
  scene.nodes[*node].transform = scene::translation({0, 2, 0});
  scene.nodes[*node].extras = {{"xray.cform.material", 42}};
  const auto back = xray::cform_from_scene(scene, "level.cform");
  REQUIRE(back.triangles.size() == 2);
  const auto& moved = back.triangles[1];
  CHECK(moved.material() == 42);
  CHECK_FALSE(moved.suppress_wallmarks());  // the edited node no longer says so
  for (auto v : moved.vertices) CHECK(back.vertices[v][1] == 2.0f);
  CHECK(back.bounds_max[1] == 2.0f);
}

TEST_CASE("scene_to_cform refuses a material id past 14 bits", "[xray][cform][xray-cform]") {
  auto scene = xray::cform_to_scene(xray::read_cform(hand_built_cform(), "level.cform"), "level");
  scene::Node& node = scene.nodes[scene.nodes[xray::kLevelRoot].children[0]];
  node.extras = {{"xray.cform.material", 20000}};
  try {
    xray::cform_from_scene(scene, "level.cform");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK_THAT(e.what(), Catch::Contains("14 and 16 bits"));
    CHECK(e.field() == "nodes['material_5_sector_2_no_shadows']");
    CHECK(e.kind() == ErrorKind::cannot_write);
  }
}
