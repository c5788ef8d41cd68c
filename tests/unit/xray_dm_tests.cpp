#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/dm.hpp"

using namespace gamefmt;

namespace {

// A grass card by hand: two triangles over four vertices, cp1251 texture name with a Cyrillic letter.
std::vector<std::byte> hand_built_dm() {
  ByteWriter w(ByteOrder::little);
  w.string_zero_terminated("details\\blend");
  w.string_zero_terminated("detail\\grass_\xE0");  // 0xE0 = Cyrillic small a
  w.u32(1);
  w.f32(0.5f), w.f32(2.0f);
  w.u32(4), w.u32(6);
  const float vertices[4][5] = {{-1, 0, 0, 0, 1}, {1, 0, 0, 1, 1}, {1, 1, 0, 1, 0}, {-1, 1, 0, 0, 0}};
  for (const auto& v : vertices)
    for (float f : v) w.f32(f);
  for (std::uint16_t i : {0, 2, 1, 0, 3, 2}) w.u16(i);
  return w.take();
}

}  // namespace

TEST_CASE("read_dm decodes a hand-built model and writes it back byte for byte", "[xray][dm][xray-dm]") {
  const auto bytes = hand_built_dm();
  const auto model = xray::read_dm(bytes, "grass.dm");
  CHECK(model.shader == "details\\blend");
  CHECK(model.texture == "detail\\grass_\xE0");
  CHECK(model.flags == xray::kDmNoWaving);
  CHECK(model.min_scale == 0.5f);
  CHECK(model.max_scale == 2.0f);
  REQUIRE(model.vertices.size() == 4);
  CHECK(model.vertices[2].position == std::array<float, 3>{1, 1, 0});
  CHECK(model.vertices[1].u == 1.0f);
  CHECK(model.indices == std::vector<std::uint16_t>{0, 2, 1, 0, 3, 2});
  CHECK(xray::write_dm(model) == bytes);
}

TEST_CASE("read_dm rejects bad models with the field and offset", "[xray][dm][xray-dm]") {
  auto bytes = hand_built_dm();
  const std::size_t header = 14 + 15 + 4 + 8;  // two strings with NULs, flags, scales
  SECTION("index outside the vertices") {
    bytes[bytes.size() - 2] = std::byte{4};
    try {
      xray::read_dm(bytes, "grass.dm");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "indices[5]");
      CHECK(*e.offset() == bytes.size() - 2);
    }
  }
  SECTION("index count not a multiple of 3") {
    bytes[header + 4] = std::byte{5};
    CHECK_THROWS_WITH(xray::read_dm(bytes, "grass.dm"), Catch::Contains("multiple of 3"));
  }
  SECTION("unterminated name") {
    CHECK_THROWS_AS(xray::read_dm(std::span(bytes).first(10), "grass.dm"), FormatError);
  }
  SECTION("huge vertex count") {
    bytes[header + 3] = std::byte{0x7F};
    CHECK_THROWS_WITH(xray::read_dm(bytes, "grass.dm"), Catch::Contains("vertices"));
  }
}

TEST_CASE(".dm -> .glb -> .dm keeps geometry, UVs, shader, texture, flags and scales",
          "[xray][dm][gltf][xray-dm]") {
  const auto bytes = hand_built_dm();
  const auto* handler = gamefmt::find_handler_by_name("grass.dm");
  REQUIRE(handler != nullptr);
  CHECK(handler->recognizes(bytes));
  gamefmt::ImportRequest request;
  request.primary = {"grass.dm", bytes};
  const auto scene = handler->import_scene(request);
  REQUIRE(scene.materials.size() == 1);
  CHECK(scene.materials[0].name == "details\\blend");
  CHECK(scene.materials[0].texture_names.at("base_color") == "detail\\grass_\xD0\xB0.dds");  // UTF-8
  const auto back_scene = gltf::read_gltf(gltf::write_gltf(scene, {}, "grass.glb"), "grass.glb");
  const auto back_bytes = handler->export_scene(back_scene, {{}, {}, "grass.dm"});
  const auto original = xray::read_dm(bytes, "grass.dm");
  const auto back = xray::read_dm(back_bytes, "grass.dm");
  CHECK(back.shader == original.shader);
  CHECK(back.texture == original.texture);
  CHECK(back.flags == original.flags);
  CHECK(back.min_scale == original.min_scale);
  CHECK(back.max_scale == original.max_scale);
  CHECK(back.indices == original.indices);
  REQUIRE(back.vertices.size() == original.vertices.size());
  for (std::size_t v = 0; v < back.vertices.size(); ++v) {
    CHECK(back.vertices[v].position == original.vertices[v].position);
    CHECK(std::fabs(back.vertices[v].u - original.vertices[v].u) <= 1e-6f);
    CHECK(std::fabs(back.vertices[v].v - original.vertices[v].v) <= 1e-6f);
  }
  // With exact UVs (0 and 1) the whole file comes back byte for byte.
  CHECK(back_bytes == bytes);
}

TEST_CASE("A .dm material renamed by Blender writes the shader its node recorded; a suffix left is warned",
          "[xray][dm][materials]") {
  const auto* handler = gamefmt::find_handler_by_name("grass.dm");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"grass.dm", hand_built_dm()};
  auto scene =
      gltf::read_gltf(gltf::write_gltf(handler->import_scene(request), {}, "grass.glb"), "grass.glb");
  std::vector<std::string> warnings;
  const auto shader = [&] {
    return xray::read_dm(handler->export_scene(scene, {{}, {}, "grass.dm", &warnings}), "grass.dm").shader;
  };
  scene.materials[0].name = "details\\blend.001";
  CHECK(shader() == "details\\blend");
  CHECK(warnings.empty());
  scene.materials[0].name = "details\\set";  // the user's choice
  CHECK(shader() == "details\\set");
  CHECK(warnings.empty());
  for (auto& node : scene.nodes)
    if (node.extras.is_object()) node.extras.erase("xray.dm.shader");
  scene.materials[0].name = "details\\blend.001";
  CHECK(shader() == "details\\blend.001");
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("material 'details\\blend.001' is written as the .dm's shader"));
}
