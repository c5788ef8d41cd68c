#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <string>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "shinobi/model_scene.hpp"

using namespace gamefmt;
using namespace gamefmt::shinobi;

namespace {

// Little-endian bytes appended field by field, straight from the layout (independent of the library writer).
struct HandBytes {
  std::vector<std::byte> bytes;
  HandBytes& raw(std::string_view text) {
    for (char c : text) bytes.push_back(std::byte(static_cast<unsigned char>(c)));
    return *this;
  }
  HandBytes& u8(std::uint8_t v) {
    bytes.push_back(std::byte(v));
    return *this;
  }
  HandBytes& i32(std::int32_t v) {
    const auto u = static_cast<std::uint32_t>(v);
    for (int i = 0; i < 4; ++i) bytes.push_back(std::byte((u >> (8 * i)) & 0xFF));
    return *this;
  }
  HandBytes& f32(float v) {
    std::uint32_t u;
    std::memcpy(&u, &v, 4);
    return i32(static_cast<std::int32_t>(u));
  }
  HandBytes& vec3(float a, float b, float c) { return f32(a).f32(b).f32(c); }
  HandBytes& str(std::string_view text) { return i32(static_cast<std::int32_t>(text.size())).raw(text); }
};

std::vector<std::byte> floats_to_bytes(std::initializer_list<float> values) {
  HandBytes h;
  for (float v : values) h.f32(v);
  return h.bytes;
}

VertexArray float_array(std::int32_t dim, std::initializer_list<float> values) {
  return {static_cast<std::int32_t>(VertexDataType::float32), dim, 4 * dim, floats_to_bytes(values)};
}

// A Druidstone (version 4) model: a root and a skinned triangle, the way the layout describes it.
Model druidstone_triangle() {
  Model m;
  m.version = 4;
  ModelNode root;
  root.name = "root";
  root.transform.position = {1, 2, 3};
  root.scale = {2, 2, 2};
  ModelNode tri;
  tri.name = "tri";
  tri.parent = 0;
  tri.entity_type = kEntityMesh;
  MeshEntity entity;
  entity.mesh.vertex_count = 3;
  entity.mesh.arrays[kPosition] = float_array(3, {0, 0, 0, 1, 0, 0, 0, 1, 0});
  entity.mesh.indices = {0, 1, 2};
  entity.mesh.segments = {{"stone", 2, 0, 1}};
  entity.mesh.bounds = compute_bounds(entity.mesh);
  Bone bone;
  bone.node_index = 0;
  bone.model_to_bone.position = {-1, -2, -3};
  entity.bones = {bone};
  entity.cast_shadow = 0;
  tri.mesh = entity;
  m.nodes = {root, tri};
  return m;
}

std::vector<std::byte> druidstone_triangle_bytes() {
  HandBytes h;
  h.raw("MDL1").i32(4).i32(2);
  // node 0: name, position, rotX, rotY, rotZ, scale, parent, type
  h.str("root").vec3(1, 2, 3).vec3(1, 0, 0).vec3(0, 1, 0).vec3(0, 0, 1).vec3(2, 2, 2).i32(-1).i32(-1);
  // node 1
  h.str("tri").vec3(0, 0, 0).vec3(1, 0, 0).vec3(0, 1, 0).vec3(0, 0, 1).vec3(1, 1, 1).i32(0).i32(0);
  // mesh data: no "MESH" header in the Druidstone layout
  h.i32(3);
  h.i32(3).i32(3).i32(12).vec3(0, 0, 0).vec3(1, 0, 0).vec3(0, 1, 0);
  for (int a = 1; a < 15; ++a) h.i32(0).i32(0).i32(0);
  h.i32(3).i32(0).i32(1).i32(2);
  h.i32(1).str("stone").i32(2).i32(0).i32(1);
  const float r = std::sqrt(0.5f);
  h.vec3(0.5f, 0.5f, 0).f32(r).vec3(0, 0, 0).vec3(1, 1, 0);
  // bones: node index, rotX, rotY, rotZ, position; then the "_unused" byte
  h.i32(1).i32(0).vec3(1, 0, 0).vec3(0, 1, 0).vec3(0, 0, 1).vec3(-1, -2, -3);
  h.u8(0);
  return h.bytes;
}

// A Grimrock (version 2) model using every vertex data type, a light and trailing bytes.
Model grimrock_sample() {
  Model m;
  m.version = 2;
  ModelNode root;
  root.name = "RootNode";
  ModelNode lamp;
  lamp.name = "lamp";
  lamp.parent = 0;
  lamp.entity_type = kEntityLight;
  lamp.light = LightEntity{3, {1, 0.5f, 0.25f}, 7, 45, 0.5f, 1};
  lamp.transform.position = {0, 3, 0};
  ModelNode quad;
  quad.name = "quad";
  quad.parent = 0;
  quad.entity_type = kEntityMesh;
  quad.transform.position = {0, 0, 5};
  MeshEntity e;
  e.mesh.header_version = 2;
  e.mesh.vertex_count = 4;
  e.mesh.arrays[kPosition] = float_array(3, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
  e.mesh.arrays[kNormal] = float_array(3, {0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1});
  HandBytes colors;
  for (int v = 0; v < 4; ++v) colors.u8(255).u8(std::uint8_t(v * 60)).u8(0).u8(255);
  e.mesh.arrays[kColor] = {0, 4, 4, colors.bytes};
  e.mesh.arrays[kTexCoord0] = float_array(2, {0, 1, 1, 1, 1, 0, 0, 0});
  std::vector<std::byte> shorts;
  for (std::int16_t s : {-1, 2, 300, -400, 5, 6, 7, 8}) {
    shorts.push_back(std::byte(std::uint16_t(s) & 0xFF));
    shorts.push_back(std::byte(std::uint16_t(s) >> 8));
  }
  e.mesh.arrays[kTexCoord0 + 1] = {1, 2, 4, shorts};
  HandBytes bone_indices, bone_weights;
  for (int v = 0; v < 4; ++v) {
    bone_indices.i32(v < 2 ? 0 : 1).i32(0).i32(0).i32(0);
    bone_weights.f32(1).f32(0).f32(0).f32(0);
  }
  e.mesh.arrays[kBoneIndex] = {2, 4, 16, bone_indices.bytes};
  e.mesh.arrays[kBoneWeight] = {3, 4, 16, bone_weights.bytes};
  e.mesh.indices = {0, 1, 2, 0, 2, 3};
  e.mesh.segments = {{"first", 2, 0, 1}, {"second", 2, 3, 1}};
  e.mesh.bounds = compute_bounds(e.mesh);
  Bone b0, b1;
  b0.node_index = 0;
  b1.node_index = 1;
  b1.model_to_bone.position = {0, -3, 0};
  e.bones = {b0, b1};
  e.emissive_color = {0.25f, 0, 0};
  quad.mesh = e;
  m.nodes = {root, lamp, quad};
  m.trailing = {std::byte{0xAB}, std::byte{0xCD}};
  return m;
}

}  // namespace

TEST_CASE("Druidstone MDL1 v4 bytes match the layout worked out by hand", "[shinobi][model][shinobi-model]") {
  const auto expected = druidstone_triangle_bytes();
  CHECK(write_model(druidstone_triangle(), "tri.model") == expected);
  const auto model = read_model(expected, "tri.model");
  CHECK(model == druidstone_triangle());
  CHECK_FALSE(model.nodes[1].mesh->mesh.header_version.has_value());
  // The v4 scale multiplies the basis vectors.
  const auto m = local_matrix(model.nodes[0], 4);
  CHECK(m.x == Vec3{2, 0, 0});
  CHECK(m.z == Vec3{0, 0, 2});
  CHECK(m.position == Vec3{1, 2, 3});
}

TEST_CASE("A version-4 mesh that carries Grimrock's MESH header keeps it",
          "[shinobi][model][shinobi-model]") {
  auto model = druidstone_triangle();
  model.nodes[1].mesh->mesh.header_version = 2;
  const auto bytes = write_model(model);
  const auto back = read_model(bytes, "x.model");
  REQUIRE(back.nodes[1].mesh->mesh.header_version == 2);
  CHECK(write_model(back) == bytes);
}

TEST_CASE("Grimrock MDL1 v2 with every data type, a light and trailing bytes round-trips",
          "[shinobi][model][shinobi-model]") {
  const auto model = grimrock_sample();
  const auto bytes = write_model(model);
  // Header, then node 0: "RootNode" and a 4x3 matrix (x, y, z, position), parent -1, type -1.
  CHECK(std::memcmp(bytes.data(), "MDL1\x02\0\0\0\x03\0\0\0\x08\0\0\0RootNode", 24) == 0);
  CHECK(load_value<std::int32_t>(bytes.data() + 24 + 48, ByteOrder::little) == -1);
  auto back = read_model(bytes, "sample.model");
  CHECK(back.warnings.size() == 1);  // the trailing bytes; warnings are not part of the file
  back.warnings.clear();
  CHECK(back == model);
  CHECK(write_model(back) == bytes);
  CHECK(vertex_component(back.nodes[2].mesh->mesh.arrays[kTexCoord0 + 1], 1, 1) == -400.0f);
  CHECK(vertex_component(back.nodes[2].mesh->mesh.arrays[kColor], 3, 1) == 180.0f);
}

TEST_CASE("Bad MDL1 input gives FormatError naming the field", "[shinobi][model][shinobi-model]") {
  const auto good = write_model(grimrock_sample());
  for (std::size_t n = 0; n + 2 < good.size();
       ++n) {  // the last two bytes are trailing, so shorter still reads
    const std::span<const std::byte> prefix(good.data(), n);
    CHECK_THROWS_AS(read_model(prefix, "cut.model"), FormatError);
  }
  auto bad = good;
  bad[4] = std::byte{3};
  CHECK_THROWS_WITH(read_model(bad, "v3.model"), Catch::Contains("version") && Catch::Contains("v3.model"));
  bad = good;
  bad[8] = std::byte{0xFF};
  bad[9] = bad[10] = std::byte{0xFF};
  bad[11] = std::byte{0x7F};
  CHECK_THROWS_WITH(read_model(bad, "huge.model"), Catch::Contains("nodes") && Catch::Contains("left"));
  bad = good;
  bad[0] = std::byte{'X'};
  CHECK_THROWS_WITH(read_model(bad, "magic.model"), Catch::Contains("MDL1"));
  // Node 1 is the light: its entity type at 12 + (4 + 8 + 48 + 4 + 4) + (4 + 4 + 48 + 4).
  bad = good;
  bad[12 + 68 + 60] = std::byte{9};
  CHECK_THROWS_WITH(read_model(bad, "type.model"), Catch::Contains("nodes[1].entity_type"));
}

TEST_CASE("A model converts to a scene with mirrored Z, reversed winding, segments and bones",
          "[shinobi][model][shinobi-model]") {
  const auto model = grimrock_sample();
  const auto converted = model_to_scene(model, {}, "sample", "sample.model");
  REQUIRE(converted.roots.size() == 1);
  const scene::Node& root = converted.nodes[converted.roots[0]];
  CHECK(root.name == "RootNode");
  CHECK(converted.name == "RootNode");
  REQUIRE(root.children.size() == 2);
  const scene::Node& quad = converted.nodes[root.children[1]];
  CHECK(scene::at(scene::matrix_of(quad), 2, 3) == -5.0f);  // z mirrored
  REQUIRE(quad.meshes.size() == 2);
  const scene::Mesh& first = converted.meshes[quad.meshes[0]];
  REQUIRE(first.material.has_value());
  CHECK(converted.materials[*first.material].name == "first");
  CHECK(first.vertex_count() == 3);
  CHECK(first.normals[0].z == 1.0f);
  // Triangle (0, 1, 2) becomes (0, 2, 1).
  REQUIRE(first.triangles.size() == 3);
  CHECK(first.triangles[1] == 2);
  CHECK(first.texcoords[0][0].y == 1.0f);  // file V 1 stays 1: the engine's V points down like the scene's
  REQUIRE(first.bones.size() == 2);
  CHECK(converted.nodes[first.bones[1].node].name == "lamp");
  CHECK(scene::at(first.bones[1].inverse_bind, 1, 3) == -3.0f);
}

TEST_CASE("Model -> glTF -> model keeps nodes, segments, bones and recomputes bounds",
          "[shinobi][model][shinobi-model]") {
  for (std::int32_t version : {2, 4}) {
    INFO("version " << version);
    auto model = grimrock_sample();
    model.version = version;
    if (version == 4) {
      model.nodes[1].entity_type = kEntityNone;  // Druidstone has no lights
      model.nodes[1].light.reset();
      model.nodes[2].mesh->mesh.header_version.reset();
    }
    const auto scene = model_to_scene(model, {}, "sample", "sample.model");
    const auto glb = gltf::write_gltf(scene, {}, "sample.glb");
    const auto back_scene = gltf::read_gltf(glb, "sample.glb");
    CHECK(model_version_of_scene(back_scene) == version);
    const auto back = model_from_scene(back_scene, version, "back.model");
    const auto bytes = write_model(back, "back.model");
    const auto reread = read_model(bytes, "back.model");
    REQUIRE(reread.nodes.size() == 3);
    CHECK(reread.nodes[1].name == "lamp");
    CHECK(reread.nodes[2].parent == 0);
    CHECK(reread.nodes[2].transform.position[2] == Approx(5.0f));
    if (version == 2) {
      REQUIRE(reread.nodes[1].light.has_value());
      CHECK(reread.nodes[1].light->range == 7.0f);
    }
    const auto& entity = *reread.nodes[2].mesh;
    CHECK(entity.mesh.header_version.has_value() == (version == 2));
    REQUIRE(entity.mesh.segments.size() == 2);
    CHECK(entity.mesh.segments[1].material == "second");
    CHECK(entity.mesh.segments[1].triangle_count == 1);
    REQUIRE(entity.bones.size() == 2);
    CHECK(entity.bones[1].node_index == 1);
    CHECK(entity.bones[1].model_to_bone.position[1] == Approx(-3.0f));
    CHECK(entity.mesh.bounds == compute_bounds(entity.mesh));
    // Every triangle comes back with the same positions in the same (clockwise) order.
    const auto& positions = entity.mesh.arrays[kPosition];
    const auto& original = model.nodes[2].mesh->mesh;
    for (std::size_t s = 0; s < 2; ++s)
      for (std::size_t k = 0; k < 3; ++k) {
        const auto a = std::size_t(entity.mesh.indices[entity.mesh.segments[s].first_index + k]);
        const auto b = std::size_t(original.indices[original.segments[s].first_index + k]);
        for (std::size_t c = 0; c < 3; ++c)
          CHECK(vertex_component(positions, a, c) ==
                Approx(vertex_component(original.arrays[kPosition], b, c)));
      }
    // Vertex 2 and 3 follow bone 1 (lamp).
    const auto& bone_index = entity.mesh.arrays[kBoneIndex];
    const auto v = std::size_t(entity.mesh.indices[entity.mesh.segments[1].first_index + 2]);
    CHECK(vertex_component(bone_index, v, 0) == 1.0f);
  }
}

TEST_CASE("Model scene conversion refuses broken references", "[shinobi][model][shinobi-model]") {
  auto model = grimrock_sample();
  model.nodes[2].mesh->mesh.indices[4] = 99;
  CHECK_THROWS_WITH(model_to_scene(model, {}, "x", "x.model"), Catch::Contains("indices[4]"));
  model = grimrock_sample();
  model.nodes[0].parent = 2;
  CHECK_THROWS_WITH(model_to_scene(model, {}, "x", "x.model"), Catch::Contains("loop"));
  model = grimrock_sample();
  model.nodes[2].mesh->bones[1].node_index = 7;
  CHECK_THROWS_WITH(model_to_scene(model, {}, "x", "x.model"), Catch::Contains("node_index"));
  model = grimrock_sample();
  model.nodes[2].mesh->mesh.segments[1].triangle_count = 5;
  CHECK_THROWS_WITH(model_to_scene(model, {}, "x", "x.model"), Catch::Contains("segments[1]"));
}

namespace {

// A plain root (no entity, no transform) above an unskinned triangle.
Model plain_root_model() {
  Model m;
  m.version = 2;
  ModelNode root;
  root.name = "root";
  ModelNode tri;
  tri.name = "tri";
  tri.parent = 0;
  tri.entity_type = kEntityMesh;
  MeshEntity entity;
  entity.mesh.header_version = 2;
  entity.mesh.vertex_count = 3;
  entity.mesh.arrays[kPosition] = float_array(3, {0, 0, 0, 1, 0, 0, 0, 1, 0});
  entity.mesh.indices = {0, 1, 2};
  entity.mesh.segments = {{"stone", 2, 0, 1}};
  entity.mesh.bounds = compute_bounds(entity.mesh);
  tri.mesh = entity;
  m.nodes = {root, tri};
  return m;
}

}  // namespace

TEST_CASE("A plain file root is the scene itself, and comes back as the file's root",
          "[shinobi][model][shinobi-model]") {
  const auto converted = model_to_scene(plain_root_model(), {}, "plain", "plain.model");
  REQUIRE(converted.roots.size() == 1);
  CHECK(converted.nodes[converted.roots[0]].name == "tri");
  CHECK(converted.name == "root");
  const auto glb = gltf::write_gltf(converted, {}, "plain.glb");
  const auto back = model_from_scene(gltf::read_gltf(glb, "plain.glb"), 2, "back.model");
  REQUIRE(back.nodes.size() == 2);
  CHECK(back.nodes[0].name == "root");
  CHECK(back.nodes[0].parent == kNoParent);
  CHECK(back.nodes[1].name == "tri");
  CHECK(back.nodes[1].parent == 0);
  // A scene that does not record the root's name has its roots as the file's roots.
  auto renamed = gltf::read_gltf(glb, "plain.glb");
  renamed.name = "other";
  const auto without_root = model_from_scene(renamed, 2, "back.model");
  REQUIRE(without_root.nodes.size() == 1);
  CHECK(without_root.nodes[0].name == "tri");
  CHECK(without_root.nodes[0].parent == kNoParent);
}

TEST_CASE("A file root that an animation moves stays a node of the scene",
          "[shinobi][model][shinobi-model]") {
  Animation spin;
  spin.frame_rate = 10;
  spin.frame_count = 1;
  spin.name = "spin";
  spin.tracks = {{"root", {AnimationKey{}}}};
  const std::vector<CompanionAnimation> animations = {{spin, "spin", "spin.animation"}};
  const auto converted = model_to_scene(plain_root_model(), animations, "plain", "plain.model");
  REQUIRE(converted.roots.size() == 1);
  CHECK(converted.nodes[converted.roots[0]].name == "root");
  REQUIRE(converted.animations.size() == 1);
  REQUIRE(converted.animations[0].channels.size() == 1);
  CHECK(converted.animations[0].channels[0].node == converted.roots[0]);
}

TEST_CASE("Several file roots hang under a synthetic root that the way back leaves out",
          "[shinobi][model][shinobi-model]") {
  auto model = plain_root_model();
  model.nodes[1].parent = kNoParent;
  const auto converted = model_to_scene(model, {}, "pair", "pair.model");
  REQUIRE(converted.roots.size() == 1);
  const scene::Node& synthetic = converted.nodes[converted.roots[0]];
  CHECK(synthetic.name == "pair");
  CHECK(synthetic.extras.value("shinobi.synthetic_root", false));
  CHECK(synthetic.children.size() == 2);
  const auto back = model_from_scene(converted, 2, "pair.model");
  REQUIRE(back.nodes.size() == 2);
  CHECK(back.nodes[0].parent == kNoParent);
  CHECK(back.nodes[1].parent == kNoParent);
}

TEST_CASE("A node tree deeper than 1000 levels is refused as a limit", "[shinobi][model][shinobi-model]") {
  Model chain;
  for (int n = 0; n < 1001; ++n) {
    ModelNode node;
    node.name = "n" + std::to_string(n);
    node.parent = n - 1;
    chain.nodes.push_back(node);
  }
  try {
    model_to_scene(chain, {}, "chain", "chain.model");
    FAIL("a 1001-level tree was accepted");
  } catch (const FormatError& e) {
    CHECK(e.kind() == ErrorKind::limit);
    CHECK_THAT(e.what(), Catch::Contains("deeper than 1000"));
  }
  chain.nodes.pop_back();
  CHECK_NOTHROW(model_to_scene(chain, {}, "chain", "chain.model"));
}

TEST_CASE("Writing a model refuses versions other than 2 and 4 and keeps meshes without material",
          "[shinobi][model][shinobi-model]") {
  const auto converted = model_to_scene(plain_root_model(), {}, "plain", "plain.model");
  CHECK_THROWS_WITH(model_from_scene(converted, 3, "x.model"), Catch::Contains("version 3"));
  auto without_material = converted;
  without_material.meshes[0].material.reset();
  const auto back = model_from_scene(without_material, 4, "x.model");
  REQUIRE(back.nodes.size() == 2);
  REQUIRE(back.nodes[1].mesh.has_value());
  CHECK(back.nodes[1].mesh->mesh.segments.at(0).material == "DefaultMaterial");
}

TEST_CASE("Segment materials renamed by Blender go back under the model's own names",
          "[shinobi][model][materials]") {
  const auto model = grimrock_sample();
  auto scene = gltf::read_gltf(
      gltf::write_gltf(model_to_scene(model, {}, "sample", "sample.model"), {}, "s.glb"), "s.glb");
  const auto original_bytes = write_model(model_from_scene(scene, 2, "back.model"), "back.model");
  const auto segment_materials = [](const Model& back) {
    std::vector<std::string> names;
    for (const auto& segment : back.nodes.at(2).mesh->mesh.segments) names.push_back(segment.material);
    return names;
  };
  REQUIRE(scene.materials.size() == 2);
  for (auto& material : scene.materials) {
    CHECK(material.extras["shinobi.material_name"] == material.name);
    material.name += ".001";  // the second model of a Blender scene
  }
  std::vector<std::string> warnings;
  auto back = model_from_scene(scene, 2, "back.model", &warnings);
  CHECK(segment_materials(back) == std::vector<std::string>{"first", "second"});
  CHECK(write_model(back, "back.model") == original_bytes);
  CHECK(warnings.empty());

  // A name the user chose is theirs.
  scene.materials[0].name = "lava";
  CHECK(segment_materials(model_from_scene(scene, 2, "back.model", &warnings)) ==
        std::vector<std::string>{"lava", "second"});
  CHECK(warnings.empty());

  // Nothing recorded: the suffix stays, and is warned about once.
  for (auto& material : scene.materials) material.extras.erase("shinobi.material_name");
  back = model_from_scene(scene, 2, "back.model", &warnings);
  CHECK(segment_materials(back) == std::vector<std::string>{"lava", "second.001"});
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("material 'second.001' is written as the segment material"));
}

TEST_CASE("The material name record changes no byte of a model written back", "[shinobi][model][materials]") {
  auto scene = gltf::read_gltf(
      gltf::write_gltf(model_to_scene(grimrock_sample(), {}, "sample", "sample.model"), {}, "s.glb"),
      "s.glb");
  const auto with_record = write_model(model_from_scene(scene, 2, "back.model"), "back.model");
  for (auto& material : scene.materials) material.extras = nullptr;
  CHECK(write_model(model_from_scene(scene, 2, "back.model"), "back.model") == with_record);
}
