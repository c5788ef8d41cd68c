// OGF vertices merged as the SDK's exporter merges them (gamefmt/xray/ogf_vertex_welding.hpp).
#include <catch2/catch.hpp>

#include "gamefmt/xray/ogf_vertex_welding.hpp"

using namespace gamefmt;

namespace {

xray::OgfVertex vertex(float x, float u, std::uint16_t bone = 0) {
  xray::OgfVertex v;
  v.position = {x, 0.0f, 0.0f};
  v.normal = {0.0f, 1.0f, 0.0f};
  v.uv = {u, 0.5f};
  v.bones = {bone, bone, bone, bone};
  return v;
}

// Two triangles over four vertices: 0 1 2 and 3 1 2, where vertex 3 is given by the test.
xray::OgfMesh quad_with(const xray::OgfVertex& fourth, int links = 1) {
  xray::OgfMesh mesh;
  mesh.links = links;
  auto corner = vertex(0.0f, 0.0f);
  corner.position[2] = 1.0f;
  mesh.vertices = {vertex(0.0f, 0.0f), vertex(1.0f, 1.0f), corner, fourth};
  mesh.indices = {0, 1, 2, 3, 1, 2};
  return mesh;
}

}  // namespace

TEST_CASE("OGF welding merges a copy within the SDK's tolerances and drops the triangles it collapses",
          "[xray][xray-ogf]") {
  auto copy = vertex(0.0005f, 0.0f);  // 0.5 mm from vertex 0, same UV, normal and bone
  copy.tangent = {0.0f, 0.0f, 1.0f};  // tangents do not count: they are computed afterwards
  auto mesh = quad_with(copy);
  xray::weld_ogf_vertices(mesh);
  REQUIRE(mesh.vertices.size() == 3);
  CHECK(mesh.vertices[0].position[0] == 0.0f);  // the first of a group is kept
  CHECK(mesh.indices == std::vector<std::uint16_t>{0, 1, 2, 0, 1, 2});
  // A copy of vertex 1 makes the second triangle 1 1 2: dropped.
  auto collapsing = quad_with(vertex(1.0f, 1.0f));
  xray::weld_ogf_vertices(collapsing);
  CHECK(collapsing.vertices.size() == 3);
  CHECK(collapsing.indices == std::vector<std::uint16_t>{0, 1, 2});
}

TEST_CASE("OGF welding keeps vertices that differ in UV, normal, bones or weights, snapping their position",
          "[xray][xray-ogf]") {
  auto other_uv = vertex(0.0005f, 1e-6f);
  auto other_normal = vertex(0.0005f, 0.0f);
  other_normal.normal = {0.0f, 0.998f, 0.06f};
  auto other_bone = vertex(0.0005f, 0.0f, 3);
  for (const auto& fourth : {other_uv, other_normal, other_bone}) {
    auto mesh = quad_with(fourth);
    xray::weld_ogf_vertices(mesh);
    REQUIRE(mesh.vertices.size() == 4);
    CHECK(mesh.vertices[3].position[0] == 0.0f);  // at the earlier vertex's position, exactly
    CHECK(mesh.indices == std::vector<std::uint16_t>{0, 1, 2, 3, 1, 2});
  }
  // Two links: the same bones with weights 0.3 and 0.3005 merge; 0.3 and 0.302 do not.
  for (const auto& [weight, merged] : {std::pair{0.3005f, true}, std::pair{0.302f, false}}) {
    auto first = vertex(0.0f, 0.0f);
    first.bones = {0, 1, 0, 0};
    first.weights = {0.3f, 0.0f, 0.0f};
    auto second = first;
    second.weights[0] = weight;
    auto mesh = quad_with(second, 2);
    mesh.vertices[0] = first;
    xray::weld_ogf_vertices(mesh);
    CHECK(mesh.vertices.size() == (merged ? 3u : 4u));
  }
  // Farther than 1 mm: kept where it is.
  auto far = vertex(0.002f, 0.0f);
  auto mesh = quad_with(far);
  xray::weld_ogf_vertices(mesh);
  REQUIRE(mesh.vertices.size() == 4);
  CHECK(mesh.vertices[3].position[0] == 0.002f);
}

TEST_CASE("OGF welding leaves progressive meshes and out-of-range indices alone", "[xray][xray-ogf]") {
  auto progressive = quad_with(vertex(0.0f, 0.0f));
  progressive.sliding_windows = xray::OgfSlidingWindows{{}, {{0, 2, 4}}};
  xray::weld_ogf_vertices(progressive);
  CHECK(progressive.vertices.size() == 4);
  auto broken = quad_with(vertex(0.0f, 0.0f));
  broken.indices.push_back(9);
  broken.indices.push_back(1);
  broken.indices.push_back(2);
  xray::weld_ogf_vertices(broken);
  CHECK(broken.indices == std::vector<std::uint16_t>{0, 1, 2, 0, 1, 2});  // the broken triangle goes
}
