// X-Ray compiled level: level.geom(x) buffers, the level's visuals, and the static-geometry scene.
#include <assimp/scene.h>

#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/extras.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "test_support.hpp"
#include "xray/level_mesh_scene.hpp"
#include "xray/level_scene.hpp"
#include "xray_compiled_level_samples.hpp"

using namespace gamefmt;

namespace {

// level.geomx by hand: header (xrLC 14), one POSITION-only buffer of 2 vertices, one index buffer of 3
// indices.
std::vector<std::byte> hand_built_geomx() {
  ByteWriter w(ByteOrder::little);
  w.u32(1), w.u32(4), w.u16(14), w.u16(0);
  w.u32(9), w.u32(4 + 16 + 4 + 24);
  w.u32(1);
  w.u16(0), w.u16(0), w.u8(2), w.u8(0), w.u8(0), w.u8(0);      // POSITION FLOAT3
  w.u16(0xFF), w.u16(0), w.u8(17), w.u8(0), w.u8(0), w.u8(0);  // D3DDECL_END
  w.u32(2);
  for (float v : {1.f, 2.f, 3.f, 4.f, 5.f, 6.f}) w.f32(v);
  w.u32(10), w.u32(4 + 4 + 6);
  w.u32(1), w.u32(3), w.u16(0), w.u16(1), w.u16(1);
  return w.take();
}

class MapFiles final : public gamefmt::FileSource {
 public:
  std::map<std::string, std::vector<std::byte>> files;
  std::optional<std::vector<std::byte>> read(const std::string& path) const override {
    auto found = files.find(path);
    if (found == files.end()) return std::nullopt;
    return found->second;
  }
};

}  // namespace

TEST_CASE("level.geomx by hand: buffers decoded and rewritten byte for byte",
          "[xray][level][xray-level-geom]") {
  const auto bytes = hand_built_geomx();
  const auto geom = xray::read_level_geom(bytes, "level.geomx");
  CHECK(geom.xrlc_version == 14);
  REQUIRE(geom.vertex_buffers.size() == 1);
  CHECK(geom.vertex_buffers[0].stride() == 12);
  CHECK(geom.vertex_buffers[0].vertex_count == 2);
  REQUIRE(geom.index_buffers.size() == 1);
  CHECK(geom.index_buffers[0] == std::vector<std::uint16_t>{0, 1, 1});
  CHECK(geom.slide_windows.empty());
  CHECK(xray::write_level_geom(geom, "level.geomx") == bytes);
  const auto decoded = xray::decode_level_vertices(geom.vertex_buffers[0], 1, 1, "level.geomx");
  CHECK(decoded.positions[0] == std::array<float, 3>{4, 5, 6});
  CHECK(decoded.normals.empty());
  CHECK_THROWS_WITH(xray::decode_level_vertices(geom.vertex_buffers[0], 1, 2, "level.geomx"),
                    Catch::Contains("run past"));
}

TEST_CASE("level.geom: unknown element types and counts past the end of the file are FormatErrors",
          "[xray][level][xray-level-geom]") {
  auto bytes = hand_built_geomx();
  auto bad_type = bytes;
  bad_type[12 + 8 + 4 + 4] = std::byte{40};  // first element's type
  CHECK_THROWS_WITH(xray::read_level_geom(bad_type, "level.geom"),
                    Catch::Contains("unknown vertex element type 40"));
  auto bad_count = bytes;
  bad_count[12 + 8 + 4 + 16] = std::byte{0xFF};  // vertex_count
  CHECK_THROWS_AS(xray::read_level_geom(bad_count, "level.geom"), FormatError);
  auto no_index_chunk = bytes;
  no_index_chunk.resize(bytes.size() - 22);
  CHECK_THROWS_WITH(xray::read_level_geom(no_index_chunk, "level.geom"), Catch::Contains("chunk 10"));
}

TEST_CASE("level.geom: an index list longer than its chunk is read on into the file, as the engine does",
          "[xray][level][lenient][xray-level-geom]") {
  auto bytes = hand_built_geomx();
  const std::size_t index_chunk = bytes.size() - 22;  // the last chunk: 8-byte header, 14 bytes
  REQUIRE(bytes[index_chunk] == std::byte{10});
  bytes[index_chunk + 4] = std::byte{12};  // its size leaves the last index outside it
  const auto geom = xray::read_level_geom(bytes, "level.geom");
  REQUIRE(geom.warnings.size() == 2);
  CHECK_THAT(geom.warnings[0],
             Catch::Contains("2 bytes after the last chunk are too few for a chunk header"));
  CHECK_THAT(geom.warnings[1], Catch::Contains("index_buffers: the chunk's size says 12 bytes") &&
                                   Catch::Contains("read on 2 bytes past it"));
  CHECK(xray::write_level_geom(geom, "level.geom") == bytes);
  auto edited = geom;  // edited, the chunk is written whole again
  edited.index_buffers[0].push_back(0);
  const auto back = xray::read_level_geom(xray::write_level_geom(edited, "e.geom"), "e.geom");
  CHECK(back.index_buffers == edited.index_buffers);
}

TEST_CASE("level.geom and level: the sample's fields survive write and read",
          "[xray][level][xray-level-geom][xray-level]") {
  const auto geom = test::xray_sample_level_geom();
  const auto geom_bytes = xray::write_level_geom(geom, "level.geom");
  const auto geom_back = xray::read_level_geom(geom_bytes, "level.geom");
  REQUIRE(geom_back.vertex_buffers.size() == 2);
  CHECK(geom_back.vertex_buffers[0].stride() == 32);
  CHECK(geom_back.vertex_buffers[0].vertices == geom.vertex_buffers[0].vertices);
  REQUIRE(geom_back.slide_windows.size() == 1);
  CHECK(geom_back.slide_windows[0].windows[1].vertex_count == 3);
  CHECK(xray::write_level_geom(geom_back, "level.geom") == geom_bytes);

  const auto level = test::xray_sample_level();
  const auto level_bytes = xray::write_level(level);
  const auto back = xray::read_level(level_bytes, "level");
  CHECK(back.xrlc_quality == 1);
  CHECK(back.shaders == level.shaders);
  REQUIRE(back.visuals.size() == 4);
  CHECK(back.visuals[0].fast_path->geometry->index_count == 6);
  CHECK(back.visuals[1].slide_windows == 0u);
  CHECK(back.visuals[2].tree->transform[12] == 2);
  CHECK(*back.visuals[3].children == std::vector<std::uint32_t>{0, 1, 2});
  REQUIRE(back.layout.others.size() == 1);
  CHECK(back.layout.others[0].raw_id == 7);
  CHECK(xray::write_level(back) == level_bytes);
  CHECK(xray::looks_like_level(level_bytes));
  CHECK_FALSE(xray::looks_like_level(geom_bytes));
  CHECK(xray::looks_like_level_geom(geom_bytes));
  CHECK(gamefmt::find_handler("bx_level", level_bytes)->description().id == "xray-level");
  CHECK(gamefmt::find_handler("level.geom", geom_bytes)->description().id == "xray-level-geom");
}

TEST_CASE("level shader entries split into engine shader, texture and lightmaps",
          "[xray][level][xray-level]") {
  const auto s = xray::split_level_shader("default/ston\\ston_beton,lmap#1_1,lmap#1_2");
  CHECK(s.engine_shader == "default");
  CHECK(s.texture == "ston\\ston_beton");
  CHECK(s.lightmaps == std::vector<std::string>{"lmap#1_1", "lmap#1_2"});
  CHECK(xray::split_level_shader("").texture.empty());
}

TEST_CASE("level brush vertices: D3DCOLOR normals and quantized UVs decode as the engine's shaders do",
          "[xray][level][xray-level]") {
  const auto geom = test::xray_sample_level_geom();
  const auto v = xray::decode_level_vertices(geom.vertex_buffers[0], 0, 4, "level.geom");
  CHECK(v.normals[1][0] == Approx(0.0f).margin(0.005));
  CHECK(v.normals[1][1] == Approx(1.0f));
  CHECK(v.uvs[1][0] == Approx(0.0f));
  CHECK(v.uvs[1][1] == Approx((1024 + 128.0 / 255) / 1024).epsilon(1e-6));
  CHECK(v.lightmap_uvs[0][0] == Approx(0.5f));
  CHECK(v.lightmap_uvs[0][1] == Approx(-0.5f));
  const auto t = xray::decode_level_vertices(geom.vertex_buffers[1], 0, 3, "level.geom");
  CHECK(t.uvs[1] == std::array<float, 2>{1, 0});
}

TEST_CASE("level scene: hierarchy, shared tree transform, materials and window 0 of progressive visuals",
          "[xray][level][xray-level]") {
  const auto scene =
      xray::level_to_scene(test::xray_sample_level(), test::xray_sample_level_geom(), "level", "level.geom");
  REQUIRE(scene.roots == std::vector<scene::NodeIndex>{xray::kLevelRoot});
  REQUIRE(scene.nodes[xray::kLevelRoot].children.size() == 1);
  const scene::Node& group = scene.nodes[scene.nodes[xray::kLevelRoot].children[0]];
  CHECK(group.name == "visual_3");
  REQUIRE(group.children.size() == 3);
  REQUIRE(scene.meshes.size() == 3);
  CHECK(scene.meshes[0].triangles.size() == 3 * 2);
  CHECK(scene.meshes[1].triangles.size() == 3 * 2);  // progressive: window 0 = 2 triangles
  CHECK_FALSE(scene.meshes[0].normals.empty());
  CHECK(scene.meshes[0].texcoords.size() == 2);
  // Winding flipped with the mirrored X: file (0, 1, 2) -> (0, 2, 1).
  CHECK(scene.meshes[0].triangles[1] == 2);
  CHECK(scene.meshes[0].positions[1].z == 1.0f);
  const glm::mat4 tree = scene::matrix_of(scene.nodes[group.children[2]]);
  CHECK(scene::at(tree, 0, 3) == -2.0f);
  CHECK(scene::at(tree, 2, 3) == 3.0f);
  REQUIRE(scene.materials.size() == 2);
  CHECK(scene.materials[0].name == "ston\\ston_beton");
  CHECK(scene::get<std::string>(scene.nodes[group.children[0]].extras, "xray.level.lightmaps") ==
        "lmap#1_1,lmap#1_2");
  const auto glb = gltf::write_gltf(scene, {}, "level.glb");
  const auto back = gltf::read_gltf(glb, "level.glb");
  CHECK(back.meshes.size() == 3);
}

TEST_CASE("level scene: references outside level.geom are FormatErrors naming the visual",
          "[xray][level][xray-level-geom][xray-level]") {
  const auto geom = test::xray_sample_level_geom();
  auto level = test::xray_sample_level();
  level.visuals[0].geometry->index_buffer = 5;
  CHECK_THROWS_WITH(xray::level_to_scene(level, geom, "level", "level.geom"),
                    Catch::Contains("visuals[0].geometry") && Catch::Contains("index buffer 5"));
  level = test::xray_sample_level();
  level.visuals[0].geometry->vertex_count = 2;
  CHECK_THROWS_WITH(xray::level_to_scene(level, geom, "level", "level.geom"),
                    Catch::Contains("past the visual's 2"));
  level = test::xray_sample_level();
  level.visuals[1].slide_windows = 3;
  CHECK_THROWS_WITH(xray::level_to_scene(level, geom, "level", "level.geom"),
                    Catch::Contains("sliding-window set 3"));
  level = test::xray_sample_level();
  level.visuals[0].children = std::vector<std::uint32_t>{3, 99};  // a cycle and a dangling index
  const auto scene = xray::level_to_scene(level, geom, "level", "level.geom");
  CHECK(scene.nodes[xray::kLevelRoot].children.size() == 1);
}

TEST_CASE("level handler: finds level.geom beside the level, or says clearly that it is missing",
          "[xray][level][xray-level-geom][xray-level]") {
  const auto* handler = gamefmt::find_handler_by_id("xray-level");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"maps/l01/level", xray::write_level(test::xray_sample_level())};
  CHECK_THROWS_WITH(handler->import_scene(request),
                    Catch::Contains("maps/l01/level.geom") && Catch::Contains("not found"));
  MapFiles files;
  files.files["maps/l01/level.geom"] = xray::write_level_geom(test::xray_sample_level_geom(), "level.geom");
  request.files = &files;
  CHECK(handler->import_scene(request).meshes.size() == 3);
  const auto info = handler->info(request);
  CHECK(info["visuals"] == 4);
  CHECK(info["geom"]["vertex_buffers"].size() == 2);
  request.files = nullptr;
  request.companions = {{"other/name.geom", files.files["maps/l01/level.geom"]}};
  CHECK(handler->import_scene(request).meshes.size() == 3);
}

TEST_CASE("Assimp importer: a level named 'level' is recognized by content and finds level.geom beside it",
          "[xray][level][assimp][xray-level-geom][xray-level]") {
  test::TempDir dir;
  write_file_atomically(dir / "level", xray::write_level(test::xray_sample_level()));
  write_file_atomically(dir / "level.geom",
                        xray::write_level_geom(test::xray_sample_level_geom(), "level.geom"));
  Assimp::Importer importer;
  assimp::register_importers(importer);
  const aiScene* scene = importer.ReadFile((dir / "level").string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(scene != nullptr);
  CHECK(scene->mNumMeshes == 3);
  std::filesystem::remove(dir / "level.geom");
  CHECK(importer.ReadFile((dir / "level").string(), 0) == nullptr);
  CHECK(std::string(importer.GetErrorString()).find("level.geom") != std::string::npos);
}
