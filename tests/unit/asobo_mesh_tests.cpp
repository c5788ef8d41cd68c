// Mesh_Z, Skin_Z and Skel_Z of FUEL PC archives: the class readers against bytes laid out by hand, their
// checks, and the archive's meshes through the glTF bridge and read back.
#include <array>
#include <catch2/catch.hpp>
#include <cstring>
#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/asobo/mesh_object.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/asobo/skeleton_object.hpp"
#include "gamefmt/asobo/skin_object.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// A Mesh_Z body with every array before the mesh buffers empty except the material names, then one vertex
// buffer of `vertex_size` holding `vertex_bytes`, one index buffer and one vertex group.
std::vector<std::byte> hand_mesh(std::uint32_t vertex_size, std::uint32_t vertex_count,
                                 const std::vector<std::byte>& vertex_bytes,
                                 const std::vector<std::uint16_t>& indices, std::uint32_t face_count,
                                 std::int16_t material) {
  ByteWriter w(ByteOrder::little);
  for (int i = 0; i < 6; ++i) w.u32(0);  // strip vertices .. unused4
  w.u32(1);
  w.u32(0xAABBCCDD);                     // material names
  for (int i = 0; i < 3; ++i) w.u32(0);  // collision aabbs, faces, unused8
  w.u32(1);
  w.u32(vertex_count);
  w.u32(vertex_size);
  w.u32(0x22);
  w.bytes(vertex_bytes);
  w.u32(1);
  w.u32(static_cast<std::uint32_t>(indices.size()));
  w.u32(0);
  for (const auto i : indices) w.u16(i);
  w.u32(0);  // quads
  w.u32(1);  // vertex groups
  w.u32(0);
  w.u32(0);
  w.u32(0);
  w.u32(0);
  w.u32(4);  // flags
  w.u16(0);
  w.u16(2);
  w.u32(3);
  w.u32(0);  // index begin
  w.u32(face_count);
  w.u32(0);
  w.u32(0);
  w.u16(static_cast<std::uint16_t>(vertex_size));
  w.i16(material);
  w.u32(0);
  return w.take();
}

std::vector<std::byte> position_vertices() {
  ByteWriter w(ByteOrder::little);
  for (const float f : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f}) w.f32(f);
  return w.take();
}

scene::Scene import_archive(const asobo::BigFile& archive, const std::string& names = {}) {
  const auto* handler = gamefmt::find_handler_by_id("asobo-bigfile");
  REQUIRE(handler != nullptr);
  gamefmt::ImportRequest request;
  request.primary = {"FUEL.DPC", asobo::write_bigfile(archive, "FUEL.DPC")};
  if (!names.empty()) {
    const auto* p = reinterpret_cast<const std::byte*>(names.data());
    request.companions.push_back({"FUEL.NPC", {p, p + names.size()}});
  }
  return handler->import_scene(request);
}

// The glTF written for a scene, read back: what a user of the .glb gets.
scene::Scene through_gltf(const scene::Scene& scene) {
  const auto glb = gltf::write_gltf(scene, {}, "meshes.glb");
  return gltf::read_gltf(glb, "meshes.glb");
}

const scene::Mesh* mesh_of(const scene::Scene& scene, std::string_view node_name, std::size_t index = 0) {
  const auto node = scene::find_node(scene, node_name);
  if (!node || index >= scene.nodes[*node].meshes.size()) return nullptr;
  return &scene.meshes[scene.nodes[*node].meshes[index]];
}

}  // namespace

TEST_CASE("Mesh_Z reader reads a body laid out by hand", "[asobo][mesh][asobo-bigfile]") {
  const auto body = hand_mesh(12, 3, position_vertices(), {0, 1, 2}, 1, 0);
  const auto mesh = asobo::read_mesh_object(body, "hand.Mesh_Z", ByteOrder::little);
  REQUIRE(mesh.material_names == std::vector<std::uint32_t>{0xAABBCCDD});
  REQUIRE(mesh.vertex_buffers.size() == 1);
  CHECK(mesh.vertex_buffers[0].vertex_size == 12);
  CHECK(mesh.vertex_buffers[0].d3d_flags == 0x22);
  REQUIRE(mesh.vertex_buffers[0].vertices.size() == 3);
  CHECK(mesh.vertex_buffers[0].vertices[1].position == std::array<float, 3>{1, 0, 0});
  CHECK_FALSE(mesh.vertex_buffers[0].vertices[1].has_normal);
  CHECK(mesh.index_buffers[0].indices == std::vector<std::uint16_t>{0, 1, 2});
  REQUIRE(mesh.vertex_groups.size() == 1);
  CHECK(mesh.vertex_groups[0].face_count == 1);
  CHECK(mesh.vertex_groups[0].flags == 4);
  CHECK(mesh.vertex_groups[0].material_index == 0);
}

TEST_CASE("Mesh_Z reader decodes the 48-byte one-bone vertex", "[asobo][mesh][asobo-bigfile]") {
  ByteWriter v(ByteOrder::little);
  for (int i = 0; i < 3; ++i) {
    for (const float f : {float(i), 2.f, 3.f}) v.f32(f);
    for (const std::uint8_t b : {255, 0, 0, 255}) v.u8(b);    // tangent
    for (const std::uint8_t b : {0, 255, 128, 255}) v.u8(b);  // normal: -1, 1, 0.0039
    v.f32(0.25f);
    v.f32(0.75f);
    v.f32(12.0f);  // blend index: register 12 = bone slot 2
    for (int k = 0; k < 3; ++k) v.i32(-1);
    v.f32(1.0f);
  }
  const auto mesh =
      asobo::read_mesh_object(hand_mesh(48, 3, v.take(), {0, 1, 2}, 1, -1), "hand", ByteOrder::little);
  const auto& vertex = mesh.vertex_buffers[0].vertices[2];
  CHECK(vertex.position == std::array<float, 3>{2, 2, 3});
  REQUIRE(vertex.has_normal);
  CHECK(vertex.normal[0] == Approx(-1));
  CHECK(vertex.normal[1] == Approx(1));
  CHECK(vertex.normal[2] == Approx(128.0 / 255 * 2 - 1).margin(1e-6));
  CHECK(vertex.uv == std::array<float, 2>{0.25f, 0.75f});
  CHECK_FALSE(vertex.has_lightmap_uv);
  CHECK(vertex.blend_count == 1);
  CHECK(vertex.blend_index[0] == 12.0f);
  CHECK(vertex.blend_weight[0] == 1.0f);
  CHECK(mesh.vertex_groups[0].material_index == -1);
}

TEST_CASE("Mesh_Z reader steps over filled strip and collision arrays", "[asobo][mesh][asobo-bigfile]") {
  const auto mesh = asobo::read_mesh_object(asobo::sample_crate_mesh_body(3), "crate", ByteOrder::little);
  REQUIRE(mesh.vertex_buffers.size() == 1);
  CHECK(mesh.vertex_buffers[0].vertices.size() == 16);
  CHECK(mesh.vertex_buffers[0].vertices[5].has_lightmap_uv);
  CHECK(mesh.vertex_buffers[0].vertices[5].lightmap_uv[0] == Approx(1.0 / 6));
  REQUIRE(mesh.vertex_groups.size() == 2);
  CHECK(mesh.vertex_groups[0].face_count == 18);
  CHECK(mesh.vertex_groups[1].index_begin == 54);
  CHECK(mesh.material_names == std::vector<std::uint32_t>{asobo::name_hash("crate_wood")});
}

TEST_CASE("Mesh_Z reader names the field of what is wrong", "[asobo][mesh][asobo-bigfile]") {
  const auto expect_error = [](const std::vector<std::byte>& body, const std::string& field,
                               const std::string& problem) {
    try {
      (void)asobo::read_mesh_object(body, "bad.Mesh_Z", ByteOrder::little);
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.file() == "bad.Mesh_Z");
      CHECK_THAT(e.field(), Catch::Contains(field));
      CHECK_THAT(e.problem(), Catch::Contains(problem));
      CHECK(e.offset().has_value());
    }
  };
  expect_error(hand_mesh(20, 3, std::vector<std::byte>(60), {0, 1, 2}, 1, 0), "vertex_buffers[0].vertex_size",
               "vertex size 20");
  expect_error(hand_mesh(12, 3, position_vertices(), {0, 1, 3}, 1, 0), "vertex_groups[0].index_begin",
               "past the 3");
  expect_error(hand_mesh(12, 3, position_vertices(), {0, 1, 2}, 2, 0), "vertex_groups[0].face_count",
               "need 6");
  expect_error(hand_mesh(12, 3, position_vertices(), {0, 1, 2}, 1, 1), "vertex_groups[0].material_index",
               "material 1 of 1");
  // A count larger than the data is refused before anything is allocated.
  auto huge = hand_mesh(12, 3, position_vertices(), {0, 1, 2}, 1, 0);
  const std::uint32_t count = 0x7FFFFFFF;
  std::memcpy(huge.data() + 48, &count, 4);  // the vertex count
  expect_error(huge, "vertex_count", "");
  // Every truncation is an error, never a crash.
  const auto crate = asobo::sample_crate_mesh_body(2);
  for (std::size_t size = 0; size < crate.size() - 20; size += 7)
    CHECK_THROWS_AS(asobo::read_mesh_object(std::span(crate).first(size), "cut", ByteOrder::little),
                    FormatError);
}

TEST_CASE("Skel_Z and Skin_Z readers read the sample's bones and palettes", "[asobo][mesh][asobo-bigfile]") {
  const auto skeleton =
      asobo::read_skeleton_object(asobo::sample_arm_skeleton_body(), "arm.skel", ByteOrder::little);
  REQUIRE(skeleton.bones.size() == 3);
  CHECK(skeleton.bones[0].parent == -1);
  CHECK(skeleton.bones[2].parent == 1);
  CHECK(skeleton.bones[2].name == asobo::name_hash("elbow"));
  CHECK(skeleton.bones[2].transformation[13] == 1.0f);  // translation y in the fourth row

  const auto skin = asobo::read_skin_object(asobo::sample_arm_skin_link_header(),
                                            asobo::sample_arm_skin_body(), "arm.skin", ByteOrder::little);
  CHECK(skin.skeleton_name == asobo::name_hash("arm.skel"));
  CHECK(skin.mesh_names == std::vector<std::uint32_t>{asobo::name_hash("arm.mesh")});
  REQUIRE(skin.sections.size() == 1);
  REQUIRE(skin.sections[0].size() == 1);
  CHECK(skin.sections[0][0].bone_names ==
        std::vector<std::uint32_t>{asobo::name_hash("shoulder"), asobo::name_hash("elbow")});
}

TEST_CASE("Skel_Z reader refuses parents out of range and parent loops", "[asobo][mesh][asobo-bigfile]") {
  auto body = asobo::sample_arm_skeleton_body();
  const std::size_t first_bone = 4 + 16 + 4;
  const auto set_parent = [&](std::size_t bone, std::int32_t parent) {
    std::memcpy(body.data() + first_bone + bone * asobo::kSkeletonBoneSize + 228, &parent, 4);
  };
  set_parent(2, 7);
  CHECK_THROWS_WITH(asobo::read_skeleton_object(body, "s", ByteOrder::little),
                    Catch::Contains("bones[2].parent_index"));
  set_parent(2, 1);
  set_parent(0, 2);  // root -> elbow -> shoulder -> root
  CHECK_THROWS_WITH(asobo::read_skeleton_object(body, "s", ByteOrder::little),
                    Catch::Contains("form a loop"));
}

TEST_CASE("Skin_Z reader wants one section per mesh", "[asobo][mesh][asobo-bigfile]") {
  auto body = asobo::sample_arm_skin_body();
  const std::uint32_t two = 2;
  std::memcpy(body.data() + 4 + 4 + 16 + 4 + 4, &two, 4);  // the section count
  CHECK_THROWS_WITH(
      asobo::read_skin_object(asobo::sample_arm_skin_link_header(), body, "skin", ByteOrder::little),
      Catch::Contains("2 sections for 1 meshes"));
}

TEST_CASE("FUEL archive meshes convert to glTF: geometry, winding, materials",
          "[asobo][mesh][gltf][asobo-bigfile]") {
  const auto scene =
      import_archive(asobo::make_sample_mesh_archive({2, true, false}), asobo::sample_mesh_archive_names());
  const auto back = through_gltf(scene);
  const scene::Mesh* grid = mesh_of(back, "crate.mesh", 0);
  REQUIRE(grid != nullptr);
  CHECK(grid->triangles.size() == 8 * 3);
  CHECK(grid->vertex_count() == 9);
  REQUIRE(!grid->normals.empty());
  REQUIRE(grid->texcoords.size() >= 2);
  // The game draws clockwise fronts; glTF's are counter-clockwise: every face must face its +Z normals.
  for (std::size_t f = 0; f < grid->triangles.size(); f += 3) {
    const glm::vec3 a = grid->positions[grid->triangles[f]], b = grid->positions[grid->triangles[f + 1]],
                    c = grid->positions[grid->triangles[f + 2]];
    CHECK(glm::cross(b - a, c - a).z > 0);
    CHECK(grid->normals[grid->triangles[f]].z == Approx(1).margin(0.01));
  }
  // UVs as stored: the scene's V has its origin at the top (1 - V).
  for (std::size_t v = 0; v < grid->vertex_count(); ++v) {
    CHECK(grid->texcoords[0][v].x == Approx(grid->positions[v].x));
    CHECK(1.0f - grid->texcoords[1][v].y == Approx(grid->positions[v].y / 2));
  }
  REQUIRE(grid->material.has_value());
  CHECK(back.materials[*grid->material].name == "crate_wood");
  const scene::Mesh* extra = mesh_of(back, "crate.mesh", 1);
  REQUIRE(extra != nullptr);
  CHECK(extra->triangles.size() == 1 * 3);
  CHECK(extra->vertex_count() == 3);
}

TEST_CASE("FUEL archive skins convert to glTF joints and weights", "[asobo][mesh][gltf][asobo-bigfile]") {
  const auto scene = import_archive(asobo::make_sample_mesh_archive(), asobo::sample_mesh_archive_names());
  const auto back = through_gltf(scene);
  const auto elbow = scene::find_node(back, "elbow");
  REQUIRE(elbow.has_value());
  CHECK(scene::at(scene::global_transform(back, *elbow), 1, 3) == Approx(1));
  const auto parent = scene::parents_of(back)[*elbow];
  REQUIRE(parent.has_value());
  CHECK(back.nodes[*parent].name == "shoulder");
  const scene::Mesh* arm = mesh_of(back, "arm.mesh");
  if (arm == nullptr) arm = mesh_of(back, "arm.mesh_skinned");
  REQUIRE(arm != nullptr);
  REQUIRE(arm->vertex_count() == 6);
  // Per vertex: its weight on the elbow, which must be 0 at y = 0, 0.5 at y = 1, 1 at y = 2.
  std::vector<float> elbow_weight(arm->vertex_count(), 0.0f), total(arm->vertex_count(), 0.0f);
  for (const auto& bone : arm->bones) {
    const bool is_elbow = back.nodes[bone.node].name == "elbow";
    for (const auto& w : bone.weights) {
      total[w.vertex] += w.weight;
      if (is_elbow) elbow_weight[w.vertex] += w.weight;
    }
    if (is_elbow) CHECK(scene::at(bone.inverse_bind, 1, 3) == Approx(-1));
  }
  for (std::size_t v = 0; v < arm->vertex_count(); ++v) {
    CHECK(total[v] == Approx(1));
    CHECK(elbow_weight[v] == Approx(arm->positions[v].y / 2));
  }
}

TEST_CASE("FUEL archive: an object that does not parse is listed, the rest converts",
          "[asobo][mesh][asobo-bigfile]") {
  const auto scene = import_archive(asobo::make_sample_mesh_archive({2, false, true}));
  CHECK_FALSE(scene::find_node(scene, "crate.mesh").has_value());  // no name list: hashes
  char crate[16];
  std::snprintf(crate, sizeof crate, "%08X", asobo::name_hash("crate.mesh"));
  CHECK(scene::find_node(scene, crate).has_value());
  const auto& warnings = scene.warnings;
  REQUIRE(warnings.size() == 1);
  char wheel[16];
  std::snprintf(wheel, sizeof wheel, "%08X", asobo::name_hash("wheel.mesh"));
  CHECK_THAT(warnings[0], Catch::Contains(wheel));
  CHECK_THAT(warnings[0], Catch::Contains("left out"));
}

namespace {

// A Skel_Z body of a chain of `depth` bones, each the child of the one before, laid out as
// skeleton_object.hpp says: "shoulder" at the origin, "elbow" one up, then unnamed bones one more up each.
std::vector<std::byte> chain_skeleton_body(std::size_t depth) {
  ByteWriter w(ByteOrder::little);
  w.u32(0);                                             // flags
  for (const float f : {0.f, 1.f, 0.f, 2.f}) w.f32(f);  // sphere
  w.u32(static_cast<std::uint32_t>(depth));
  for (std::size_t b = 0; b < depth; ++b) {
    w.fill(164, std::byte{0});
    for (int i = 0; i < 16; ++i) w.f32(i % 5 == 0 ? 1.0f : i == 13 ? float(b) : 0.0f);  // translation y = b
    w.i32(static_cast<std::int32_t>(b) - 1);
    for (int i = 0; i < 3; ++i) w.i32(-1);
    w.u32(b == 0 ? asobo::name_hash("shoulder") : b == 1 ? asobo::name_hash("elbow") : std::uint32_t(b));
  }
  for (int i = 0; i < 7; ++i) w.u32(0);
  return w.take();
}

}  // namespace

TEST_CASE("FUEL archive: a skin whose joints nest deeper than 999 levels is left out",
          "[asobo][mesh][asobo-bigfile]") {
  const auto with_chain = [](std::size_t depth) {
    auto archive = asobo::make_sample_mesh_archive();
    auto& skeleton = archive.blocks[0].resources[1];
    REQUIRE(skeleton.class_name == asobo::name_hash("Skel_Z"));
    skeleton.body.bytes = chain_skeleton_body(depth);
    skeleton.body.decompressed_size = static_cast<std::uint32_t>(skeleton.body.bytes.size());
    asobo::raise_buffer_sizes(archive);
    return import_archive(archive, asobo::sample_mesh_archive_names());
  };
  const auto deepest = with_chain(999);
  CHECK(deepest.warnings.empty());
  CHECK(scene::find_node(deepest, "arm.skin").has_value());
  CHECK(scene::find_node(deepest, "elbow").has_value());

  const auto too_deep = with_chain(1000);
  CHECK_FALSE(scene::find_node(too_deep, "arm.skin").has_value());
  CHECK(scene::find_node(too_deep, "crate.mesh").has_value());
  REQUIRE(too_deep.warnings.size() == 1);
  CHECK_THAT(too_deep.warnings[0], Catch::Contains("bones[999].parent_index"));
  CHECK_THAT(too_deep.warnings[0], Catch::Contains("999 levels"));
}

TEST_CASE("FUEL archive: refused when nothing converts or the layouts are unknown",
          "[asobo][mesh][asobo-bigfile]") {
  auto archive = asobo::make_sample_mesh_archive();
  archive.version = {1, 220, 50, 7};
  CHECK_THROWS_WITH(import_archive(archive), Catch::Contains("class layouts of v1.220.50.07"));
  asobo::BigFile empty = asobo::make_sample_mesh_archive();
  empty.blocks[0].resources.erase(empty.blocks[0].resources.begin());  // the crate
  empty.blocks[0].resources.pop_back();                                // the skin
  empty.blocks[0].resources.pop_back();                                // the arm mesh
  CHECK_THROWS_WITH(import_archive(empty), Catch::Contains("no Mesh_Z object that converts"));
}

TEST_CASE("gamefmt convert FUEL.DPC finds the name list beside it", "[cli][asobo][mesh][asobo-bigfile]") {
  test::TempDir dir;
  write_file_atomically(dir / "FUEL.DPC",
                        asobo::write_bigfile(asobo::make_sample_mesh_archive(), "FUEL.DPC"));
  const auto names = asobo::sample_mesh_archive_names();
  write_file_atomically(dir / "FUEL.NPC",
                        std::span(reinterpret_cast<const std::byte*>(names.data()), names.size()));
  const auto result =
      test::run_gamefmt({"convert", (dir / "FUEL.DPC").string(), "-o", (dir / "fuel.glb").string()});
  REQUIRE(result.exit_code == 0);
  const auto scene = gltf::read_gltf(test::read_bytes(dir / "fuel.glb"), "fuel.glb");
  CHECK(scene::find_node(scene, "crate.mesh").has_value());
  CHECK(scene::find_node(scene, "elbow").has_value());
}
