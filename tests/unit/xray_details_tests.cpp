#include <catch2/catch.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/details.hpp"
#include "lenient_checks.hpp"
#include "xray/details_scene.hpp"

using namespace gamefmt;

namespace {

// A one-triangle model body (3 vertices) and a two-triangle one (4 vertices).
void write_model(ByteWriter& w, int triangles) {
  w.string_zero_terminated("details\\blend");
  w.string_zero_terminated(triangles == 1 ? "detail\\a" : "detail\\b");
  w.u32(0), w.f32(1.0f), w.f32(1.0f);
  w.u32(triangles == 1 ? 3 : 4), w.u32(3 * triangles);
  const float vertices[4][5] = {{0, 0, 0, 0, 1}, {0, 1, 0, 0, 0}, {0.5f, 0, 0, 1, 1}, {0.5f, 1, 0, 1, 0}};
  for (int v = 0; v < (triangles == 1 ? 3 : 4); ++v)
    for (float f : vertices[v]) w.f32(f);
  const std::uint16_t indices[6] = {0, 1, 2, 2, 1, 3};
  for (int i = 0; i < 3 * triangles; ++i) w.u16(indices[i]);
}

// Version 3, 2 x 1 slots, chunks in the order 1, 2, 0 (as the blender-xray sample has them).
//   slot 0: model 0 at full density (15 at every corner), model 1 at 8 everywhere, parts 2 and 3 empty
//   (0x3F); slot 1: model 1 with 15 at one corner only, model 0 with an all-zero palette (treated as empty).
// y_base 1000 -> 0 m, y_height 10 -> 1 m.
std::vector<std::byte> hand_built_details_v3() {
  ByteWriter w(ByteOrder::little);
  xray::ChunkWriter chunks(w);
  const auto models = chunks.begin(1);
  auto m0 = chunks.begin(0);
  write_model(w, 1);
  chunks.end(m0);
  auto m1 = chunks.begin(1);
  write_model(w, 2);
  chunks.end(m1);
  chunks.end(models);
  const auto slots = chunks.begin(2);
  auto slot_bits = [](std::uint64_t id0, std::uint64_t id1, std::uint64_t id2, std::uint64_t id3) {
    return 1000ull | (10ull << 12) | (id0 << 20) | (id1 << 26) | (id2 << 32) | (id3 << 38) | (0xFull << 44) |
           (0x7ull << 48);
  };
  w.u64(slot_bits(0, 1, 0x3F, 0x3F));
  w.u16(0xFFFF), w.u16(0x8888), w.u16(0x1234), w.u16(0);
  w.u64(slot_bits(1, 0, 0x3F, 0x3F));
  w.u16(0x000F), w.u16(0), w.u16(0), w.u16(0);
  chunks.end(slots);
  const auto header = chunks.begin(0);
  w.u32(3), w.u32(2), w.i32(0), w.i32(0), w.u32(2), w.u32(1);
  chunks.end(header);
  return w.take();
}

// Version 2: the same models over a 1 x 1 grid with 22-byte slots (heights as floats, 8-bit ids).
std::vector<std::byte> hand_built_details_v2() {
  ByteWriter w(ByteOrder::little);
  xray::ChunkWriter chunks(w);
  const auto header = chunks.begin(0);
  w.u32(2), w.u32(2), w.i32(0), w.i32(0), w.u32(1), w.u32(1);
  chunks.end(header);
  const auto models = chunks.begin(1);
  auto m0 = chunks.begin(0);
  write_model(w, 1);
  chunks.end(m0);
  auto m1 = chunks.begin(1);
  write_model(w, 2);
  chunks.end(m1);
  chunks.end(models);
  const auto slots = chunks.begin(2);
  w.f32(1.5f), w.f32(2.0f);
  w.u8(1), w.u16(0xFFFF);
  w.u8(0xFF), w.u16(0xFFFF);
  w.u8(0), w.u16(0x0000);
  w.u8(0xFF), w.u16(0);
  w.u16(0xABCD);
  chunks.end(slots);
  return w.take();
}

}  // namespace

TEST_CASE("read_details decodes a hand-built v3 file, keeps chunk order and writes it back",
          "[xray][details][xray-details]") {
  const auto bytes = hand_built_details_v3();
  const auto details = xray::read_details(bytes, "level.details");
  CHECK(details.header.version == 3);
  CHECK(details.header.size_x == 2);
  REQUIRE(details.models.size() == 2);
  CHECK(details.models[1].indices.size() == 6);
  REQUIRE(details.slots.size() == 2);
  const auto& s0 = details.slots[0];
  CHECK(s0.y_base_v3() == Approx(0.0f));
  CHECK(s0.y_height_v3() == Approx(1.0f));
  CHECK(s0.id_v3(0) == 0);
  CHECK(s0.id_v3(1) == 1);
  CHECK(s0.id_v3(2) == 0x3F);
  CHECK(s0.density(1, 3) == 8);
  CHECK(details.model_of(s0, 0) == 0u);
  CHECK_FALSE(details.model_of(s0, 2).has_value());
  CHECK_FALSE(details.model_of(details.slots[1], 1).has_value());  // id 0 with an all-zero palette
  CHECK(xray::write_details(details) == bytes);
}

TEST_CASE("read_details decodes a hand-built v2 file and writes it back", "[xray][details][xray-details]") {
  const auto bytes = hand_built_details_v2();
  const auto details = xray::read_details(bytes, "level.details");
  CHECK(details.header.version == 2);
  REQUIRE(details.slots.size() == 1);
  CHECK(details.slots[0].y_min == 1.5f);
  CHECK(details.slots[0].ids_v2[0] == 1);
  CHECK(details.slots[0].light_v2 == 0xABCD);
  CHECK(details.model_of(details.slots[0], 0) == 1u);
  CHECK_FALSE(details.model_of(details.slots[0], 1).has_value());  // 0xFF
  CHECK_FALSE(details.model_of(details.slots[0], 2).has_value());  // zero palette
  CHECK(xray::write_details(details) == bytes);
  CHECK(xray::details_instance_counts(details, 3) == std::vector<std::size_t>{0, 9});
}

TEST_CASE("read_details reads the header's slot grid as the engine does, past a short chunk",
          "[xray][details][lenient][xray-details]") {
  auto bytes = hand_built_details_v3();
  // The header is the last chunk: size_z is its last u32. A 2 x 2 grid takes two slots more than chunk 2
  // holds: the engine reads them from the bytes after it (here the header chunk).
  bytes[bytes.size() - 4] = std::byte{2};
  const auto details = xray::read_details(bytes, "level.details");
  CHECK(details.slots.size() == 4);
  CHECK(test::has_warning(details.warnings, {"slots", "read on 32 bytes past it"}));
  CHECK(xray::write_details(details, "level.details") == bytes);
  // A grid that runs past the end of the file cannot be read.
  bytes[bytes.size() - 4] = std::byte{200};
  CHECK_THROWS_WITH(xray::read_details(bytes, "level.details"), Catch::Contains("slots"));
}

TEST_CASE("read_details checks the header", "[xray][details][xray-details]") {
  auto bad_version = hand_built_details_v3();
  bad_version[bad_version.size() - 24] = std::byte{4};
  CHECK_THROWS_WITH(xray::read_details(bad_version, "level.details"), Catch::Contains("header.version"));
}

TEST_CASE("Details glTF places the expected instances over the slot grid",
          "[xray][details][gltf][xray-details]") {
  const auto details = xray::read_details(hand_built_details_v3(), "level.details");
  // Grid 3 = 9 cells: model 0 fills slot 0 (9); model 1: round(32/60*9) = 5 in slot 0 and round(15/60*9) = 2
  // in slot 1.
  CHECK(xray::details_instance_counts(details, 3) == std::vector<std::size_t>{9, 7});
  CHECK(xray::details_instance_counts(details, 1) == std::vector<std::size_t>{1, 1});

  const auto* handler = gamefmt::find_handler_by_name("level.details");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"level.details", hand_built_details_v3()};
  request.options["details_mode"] = "baked";
  const auto scene = handler->import_scene(request);
  const auto back = gltf::read_gltf(gltf::write_gltf(scene, {}, "details.glb"), "details.glb");
  const auto model0 = scene::find_node(back, "details_0");
  const auto model1 = scene::find_node(back, "details_1");
  REQUIRE(model0);
  REQUIRE(model1);
  const scene::Mesh& mesh0 = back.meshes[back.nodes[*model0].meshes.at(0)];
  const scene::Mesh& mesh1 = back.meshes[back.nodes[*model1].meshes.at(0)];
  CHECK(mesh0.triangles.size() == 3 * 9 * 1);
  CHECK(mesh1.triangles.size() == 3 * 7 * 2);
  // The first instance of model 0 stands at the centre of cell (0, 0) of slot 0: x = 1/3 m, z = 1/3 m
  // (x mirrored).
  CHECK(mesh0.positions[0].x == Approx(-1.0f / 3));
  CHECK(mesh0.positions[0].y == Approx(0.0f));
  CHECK(mesh0.positions[0].z == Approx(1.0f / 3));
  // Slot 1 starts at x = 2 m (mirrored: -2 m): model 1's last two instances are there.
  CHECK(mesh1.positions.back().x < -2.0f);

  request.options["details_grid"] = "0";
  CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("details_grid"));
  request.options = {{"details_mode", "scattered"}};
  CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("details_mode"));
}

TEST_CASE("Details glTF by default: one mesh per model drawn with EXT_mesh_gpu_instancing",
          "[xray][details][gltf][xray-details]") {
  const auto* handler = gamefmt::find_handler_by_name("level.details");
  gamefmt::ImportRequest request;
  request.primary = {"level.details", hand_built_details_v3()};
  const auto scene = handler->import_scene(request);
  // The scene is node-per-instance: model 0 has 9 children sharing one 1-triangle mesh.
  const auto model0 = scene::find_node(scene, "details_0");
  REQUIRE(model0);
  const scene::Node& node0 = scene.nodes[*model0];
  CHECK(node0.meshes.empty());
  CHECK(node0.children_are_instances);
  REQUIRE(node0.children.size() == 9);
  const glm::mat4 first = scene::matrix_of(scene.nodes[node0.children[0]]);
  CHECK(scene::at(first, 0, 3) == Approx(-1.0f / 3));
  CHECK(scene::at(first, 2, 3) == Approx(1.0f / 3));
  CHECK(scene.meshes[scene.nodes[node0.children[8]].meshes.at(0)].triangles.size() == 3);
  gltf::WriteOptions options;
  options.binary = false;
  const auto bytes = gltf::write_gltf(scene, options, "details.gltf");
  const std::string json(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  CHECK(json.find("\"extensionsUsed\":[\"EXT_mesh_gpu_instancing\"]") != std::string::npos);
  CHECK(json.find("details_0_1") == std::string::npos);  // instances are accessors, not nodes
  const auto back = gltf::read_gltf(bytes, "details.gltf");
  const auto back0 = scene::find_node(back, "details_0");
  REQUIRE(back0);
  CHECK(back.nodes[*back0].meshes.size() == 1);
}

TEST_CASE("Details import: the instance limit and the grid's range", "[xray][details][xray-details]") {
  const auto* handler = gamefmt::find_handler_by_name("level.details");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"level.details", hand_built_details_v3()};
  // Grid 3 places 9 + 7 instances.
  request.limits.max_detail_instances = 15;
  try {
    handler->import_scene(request);
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK(e.kind() == ErrorKind::limit);
    CHECK_THAT(e.what(), Catch::Contains("16 instances") && Catch::Contains("details_grid"));
  }
  request.limits.max_detail_instances = 16;
  CHECK_NOTHROW(handler->import_scene(request));
  request.limits = {};
  request.options["details_grid"] = "16";
  CHECK_NOTHROW(handler->import_scene(request));
  request.options["details_grid"] = "17";
  CHECK_THROWS_WITH(handler->import_scene(request), Catch::Contains("option details_grid"));
}
