#include <catch2/catch.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/xray/err.hpp"

using namespace gamefmt;

namespace {

// One t-junction, one edge and one invalid face, in the compiler's (0, 1, 2) or the Level Editor's
// (0xA, 0xB, 0xC) chunks; the editor's face ends with colour 0xFFFF0000, draw 0x0101 and flags 0x00F7.
std::vector<std::byte> hand_built_err(bool level_editor) {
  ByteWriter w(ByteOrder::little);
  const std::uint32_t base = level_editor ? 0xA : 0;
  w.u32(base + 0), w.u32(4 + 12), w.u32(1);
  for (float v : {1.f, 2.f, 3.f}) w.f32(v);
  w.u32(base + 1), w.u32(4 + 24), w.u32(1);
  for (float v : {0.f, 0.f, 0.f, 0.f, 5.f, 0.f}) w.f32(v);
  w.u32(base + 2), w.u32(level_editor ? 4 + 44 : 4 + 36), w.u32(1);
  for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 0.f, 1.f}) w.f32(v);
  if (level_editor) w.u32(0xFFFF0000u), w.u16(0x0101), w.u16(0x00F7);
  return w.take();
}

}  // namespace

TEST_CASE("read_err decodes both layouts and writes them back byte for byte", "[xray][err][xray-err]") {
  for (bool level_editor : {false, true}) {
    INFO(level_editor);
    const auto bytes = hand_built_err(level_editor);
    const auto err = xray::read_err(bytes, "t.err");
    CHECK(err.layout == (level_editor ? xray::ErrLayout::level_editor : xray::ErrLayout::compiler));
    REQUIRE(err.points.size() == 1);
    CHECK(err.points[0] == std::array<float, 3>{1, 2, 3});
    REQUIRE(err.edges.size() == 1);
    CHECK(err.edges[0][1] == std::array<float, 3>{0, 5, 0});
    REQUIRE(err.faces.size() == 1);
    CHECK(err.faces[0].corners[2] == std::array<float, 3>{0, 0, 1});
    if (level_editor) {
      CHECK(err.faces[0].color == 0xFFFF0000u);
      CHECK(err.faces[0].draw == 0x0101);
      CHECK(err.faces[0].flags == 0x00F7);
    }
    CHECK(xray::write_err(err) == bytes);
  }
}

TEST_CASE("read_err names the list whose count does not fit its chunk", "[xray][err][xray-err]") {
  auto bytes = hand_built_err(false);
  bytes[8 + 16 + 8] = std::byte{2};  // edges: n = 2 in a chunk holding one
  try {
    xray::read_err(bytes, "t.err");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.field() == "edges");
    CHECK(*e.offset() == 8 + 16 + 8);
  }
  const auto whole = hand_built_err(false);
  CHECK_THROWS_WITH(xray::read_err(std::span(whole).first(8 + 16 + 8 + 28), "t.err"),
                    Catch::Contains("no chunk 2"));
}

TEST_CASE(".err -> scene -> .glb gives points, lines and triangles", "[xray][err][gltf][xray-err]") {
  const auto* handler = gamefmt::find_handler_by_name("build.err");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"build.err", hand_built_err(true)};
  const auto scene = handler->import_scene(request);
  const auto back = gltf::read_gltf(gltf::write_gltf(scene, {}, "build.glb"), "build.glb");
  const auto points = scene::find_node(back, "t_junctions");
  const auto edges = scene::find_node(back, "edges");
  const auto faces = scene::find_node(back, "invalid_faces");
  REQUIRE(points);
  REQUIRE(edges);
  REQUIRE(faces);
  const scene::Mesh& p = back.meshes[back.nodes[*points].meshes.at(0)];
  REQUIRE_FALSE(p.points.empty());
  CHECK(p.lines.empty());
  CHECK(p.triangles.empty());
  CHECK(p.positions[p.points[0]] == glm::vec3(-1, 2, 3));
  const scene::Mesh& e = back.meshes[back.nodes[*edges].meshes.at(0)];
  CHECK(e.lines.size() == 2);
  CHECK(e.points.empty());
  CHECK(e.triangles.empty());
  const scene::Mesh& f = back.meshes[back.nodes[*faces].meshes.at(0)];
  REQUIRE(f.triangles.size() == 3);
  REQUIRE(f.colors.size() == 1);
  CHECK(f.colors[0][0].r == 1.0f);
  CHECK(f.colors[0][0].g == 0.0f);
  CHECK(f.colors[0][0].a == 1.0f);
}
