#include <bit>
#include <catch2/catch.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/hom.hpp"
#include "gamefmt/xray/level_chunk_layout.hpp"
#include "gamefmt/xray/som.hpp"
#include "lenient_checks.hpp"
#include "xray/hom_som_scene.hpp"

using namespace gamefmt;

namespace {

// level.hom by hand: chunk 0 = version 0; chunk 1 = two 40-byte polygons, the second two-sided.
std::vector<std::byte> hand_built_hom() {
  ByteWriter w(ByteOrder::little);
  w.u32(0), w.u32(4), w.u32(0);
  w.u32(1), w.u32(80);
  for (float v : {0.f, 0.f, 0.f, 0.f, 3.f, 0.f, 4.f, 0.f, 0.f}) w.f32(v);
  w.u32(0);
  for (float v : {0.f, 0.f, 1.f, 0.f, 3.f, 1.f, 4.f, 0.f, 1.f}) w.f32(v);
  w.u32(1);
  return w.take();
}

// level.som by hand: version 0; two 44-byte polygons with occlusion 0.5 (one-sided) and 1.0 (two-sided).
std::vector<std::byte> hand_built_som() {
  ByteWriter w(ByteOrder::little);
  w.u32(0), w.u32(4), w.u32(0);
  w.u32(1), w.u32(88);
  for (float v : {0.f, 0.f, 0.f, 0.f, 3.f, 0.f, 4.f, 0.f, 0.f}) w.f32(v);
  w.u32(0), w.f32(0.5f);
  for (float v : {0.f, 0.f, 1.f, 0.f, 3.f, 1.f, 4.f, 0.f, 1.f}) w.f32(v);
  w.u32(1), w.f32(1.0f);
  return w.take();
}

// A closed box of 12 triangles, as X-Ray polygons, for the generated files.
std::vector<std::array<std::array<float, 3>, 3>> box_triangles() {
  const std::array<std::array<float, 3>, 8> p = {
      {{0, 0, 0}, {2, 0, 0}, {2, 0, 1}, {0, 0, 1}, {0, 3, 0}, {2, 3, 0}, {2, 3, 1}, {0, 3, 1}}};
  const int quads[6][4] = {{0, 1, 2, 3}, {4, 7, 6, 5}, {0, 4, 5, 1},
                           {1, 5, 6, 2}, {2, 6, 7, 3}, {3, 7, 4, 0}};
  std::vector<std::array<std::array<float, 3>, 3>> out;
  for (const auto& q : quads) {
    out.push_back({p[q[0]], p[q[1]], p[q[2]]});
    out.push_back({p[q[0]], p[q[2]], p[q[3]]});
  }
  return out;
}

}  // namespace

TEST_CASE("read_hom decodes hand-worked bytes and writes them back", "[xray][hom][xray-hom]") {
  const auto bytes = hand_built_hom();
  REQUIRE(bytes.size() == 12 + 8 + 80);
  const auto hom = xray::read_hom(bytes, "level.hom");
  CHECK(hom.version == 0);
  REQUIRE(hom.polygons.size() == 2);
  CHECK(hom.polygons[0].corners[1] == std::array<float, 3>{0, 3, 0});
  CHECK_FALSE(hom.polygons[0].two_sided());
  CHECK(hom.polygons[1].two_sided());
  CHECK(xray::write_hom(hom) == bytes);
  // The writer alone, from known geometry, gives the same bytes.
  xray::Hom built;
  built.polygons = {{{{{0, 0, 0}, {0, 3, 0}, {4, 0, 0}}}, 0}, {{{{0, 0, 1}, {0, 3, 1}, {4, 0, 1}}}, 1}};
  CHECK(xray::write_hom(built) == bytes);
}

TEST_CASE("read_som decodes hand-worked bytes and writes them back", "[xray][som][xray-som]") {
  const auto bytes = hand_built_som();
  REQUIRE(bytes.size() == 12 + 8 + 88);
  const auto som = xray::read_som(bytes, "level.som");
  REQUIRE(som.polygons.size() == 2);
  CHECK(som.polygons[0].occlusion == 0.5f);
  CHECK(som.polygons[0].two_sided == 0);
  CHECK(som.polygons[1].two_sided == 1);
  CHECK(som.polygons[1].corners[2] == std::array<float, 3>{4, 0, 1});
  CHECK(xray::write_som(som) == bytes);
}

TEST_CASE("Occluder files keep chunk order, extra and flagged chunks byte for byte",
          "[xray][hom][som][xray-hom][xray-som]") {
  const auto hom_bytes = hand_built_hom();
  // Reorder: polygons first, then an unknown chunk 7, a compressed-flagged chunk 0, then the version.
  ByteWriter w(ByteOrder::little);
  w.bytes(std::span(hom_bytes).subspan(12));
  w.u32(7), w.u32(2), w.u16(0xBEEF);
  w.u32(0x80000000u), w.u32(1), w.u8(9);
  w.bytes(std::span(hom_bytes).first(12));
  const auto bytes = w.take();
  const auto hom = xray::read_hom(bytes, "level.hom");
  CHECK(hom.polygons.size() == 2);
  CHECK(hom.layout.others.size() == 2);
  CHECK(xray::write_hom(hom) == bytes);
}

TEST_CASE(
    "level.hom as the engine reads it: polygons to the end of chunk 1, no version needed, bytes after the "
    "end",
    "[xray][hom][lenient][xray-hom]") {
  // CHOM::Load reads 40-byte polygons until chunk 1 ends and never opens chunk 0.
  auto partial = hand_built_hom();
  partial.resize(partial.size() - 1);
  partial[16] = std::byte{79};
  const auto hom = xray::read_hom(partial, "level.hom");
  CHECK(hom.polygons.size() == 1);
  CHECK(test::has_warning(hom.warnings, {"offset 0x10: polygons: chunk 1 holds 79 bytes, not a multiple"}));
  CHECK(xray::write_hom(hom) == partial);
  CHECK(xray::describe_kept_chunks(hom.layout) ==
        std::vector<std::string>{"0x1: 79 bytes, decoded, kept as stored"});

  const auto full = hand_built_hom();
  const std::vector<std::byte> no_version(full.begin() + 12, full.end());
  const auto unversioned = xray::read_hom(no_version, "level.hom");
  CHECK(unversioned.polygons.size() == 2);
  CHECK(test::has_warning(unversioned.warnings, {"version: the file has no chunk 0"}));
  CHECK(xray::write_hom(unversioned) == no_version);

  auto tail = full;
  for (int i = 0; i < 5; ++i) tail.push_back(std::byte{0xEE});
  const auto with_tail = xray::read_hom(tail, "level.hom");
  CHECK(with_tail.layout.trailing_bytes.size() == 5);
  CHECK(xray::write_hom(with_tail) == tail);
  test::check_cli_tolerates(tail, "level.hom", "5 bytes after the last chunk");
}

TEST_CASE("Occluder readers name the chunk and field of bad data", "[xray][hom][som][xray-hom][xray-som]") {
  SECTION("a polygon chunk cut by the end of the file (the engine would read past it)") {
    auto bytes = hand_built_hom();
    bytes.resize(bytes.size() - 1);
    try {
      xray::read_hom(bytes, "level.hom");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "chunks[1].size");
      CHECK(*e.offset() == 20);
    }
  }
  SECTION("missing version chunk") {
    const auto bytes = hand_built_som();
    CHECK_THROWS_WITH(xray::read_som(std::span(bytes).subspan(12), "level.som"),
                      Catch::Contains("no chunk 0"));
  }
  SECTION("version chunk of the wrong size") {
    auto bytes = hand_built_som();
    bytes[4] = std::byte{3};
    CHECK_THROWS_AS(xray::read_som(bytes, "level.som"), FormatError);
  }
}

TEST_CASE("hom -> .glb -> hom keeps every polygon and the two-sided flag", "[xray][hom][gltf][xray-hom]") {
  xray::Hom hom;
  std::uint32_t i = 0;
  for (const auto& t : box_triangles()) hom.polygons.push_back({t, i++ % 3 == 0 ? 1u : 0u});
  const auto bytes = xray::write_hom(hom);
  const auto* handler = gamefmt::find_handler_by_name("level.hom");
  REQUIRE(handler != nullptr);
  CHECK(handler->recognizes(bytes));
  gamefmt::ImportRequest request;
  request.primary = {"level.hom", bytes};
  const auto scene = handler->import_scene(request);
  REQUIRE(scene.meshes.size() == 2);
  // Two-sided polygons use the double-sided material.
  REQUIRE(scene.meshes[0].material);
  CHECK(scene.materials[*scene.meshes[0].material].double_sided);
  const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "level.glb"), "level.glb");
  const auto back = xray::read_hom(handler->export_scene(back_scene, {{}, {}, "level.hom"}), "level.hom");
  REQUIRE(back.polygons.size() == hom.polygons.size());
  // Grouping keeps the order within a group: compare as sets of (corners, flags).
  auto key = [](const xray::HomPolygon& p) { return std::make_pair(p.corners, p.flags); };
  std::vector<std::pair<std::array<std::array<float, 3>, 3>, std::uint32_t>> a, b;
  for (const auto& p : hom.polygons) a.push_back(key(p));
  for (const auto& p : back.polygons) b.push_back(key(p));
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  CHECK(a == b);
}

TEST_CASE("som -> .glb -> som keeps occlusion and two-sidedness; an edited node takes its material's flag",
          "[xray][som][gltf][xray-som]") {
  xray::Som som;
  std::uint32_t i = 0;
  for (const auto& t : box_triangles()) {
    som.polygons.push_back({t, i % 2, i % 4 == 0 ? 0.25f : 0.75f});
    ++i;
  }
  const auto scene = xray::som_to_scene(som, "level");
  auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "level.glb"), "level.glb");
  const auto back = xray::som_from_scene(back_scene);
  REQUIRE(back.polygons.size() == som.polygons.size());
  auto sorted = [](const xray::Som& s) {
    std::vector<std::tuple<std::array<std::array<float, 3>, 3>, std::uint32_t, float>> out;
    for (const auto& p : s.polygons) out.emplace_back(p.corners, p.two_sided, p.occlusion);
    std::sort(out.begin(), out.end());
    return out;
  };
  CHECK(sorted(back) == sorted(som));

  // An edit in a glTF tool that drops the extras: two-sidedness comes from the material, occlusion defaults
  // to 1.
  for (auto& node : back_scene.nodes)
    if (!node.meshes.empty()) node.extras = nullptr;
  const auto edited = xray::som_from_scene(back_scene);
  REQUIRE(edited.polygons.size() == som.polygons.size());
  std::size_t two_sided = 0;
  for (const auto& p : edited.polygons) {
    CHECK(p.occlusion == 1.0f);
    two_sided += p.two_sided;
  }
  CHECK(two_sided == som.polygons.size() / 2);
}
