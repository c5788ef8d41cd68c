// The way back from glTF to Grimrock files: an unedited scene gives the file's bytes back, whatever glTF
// cannot carry bit for bit (non-unit normals and tangents, bitangents of their own, unsorted bone weights,
// zeros' signs, quaternions off unit length or in the other hemisphere, the file's node order and bone
// lists); an edited one gets what the engine needs.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "gamefmt/core/byte_order.hpp"
#include "gamefmt/core/bytes_as_text.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/shinobi/tangent_vectors.hpp"
#include "shinobi/animation_scene.hpp"
#include "shinobi/model_scene.hpp"
#include "shinobi_samples.hpp"

using namespace gamefmt;
using namespace gamefmt::shinobi;
using test::awkward_animation;
using test::awkward_model;

namespace {

Vec3 vector_at(const VertexArray& array, std::size_t v) {
  return {vertex_component(array, v, 0), vertex_component(array, v, 1), vertex_component(array, v, 2)};
}

scene::Scene through_gltf(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "x.glb"), "x.glb");
}

std::vector<std::byte> model_back(const scene::Scene& scene) {
  return write_model(model_from_scene(scene, 2, "back.model"), "back.model");
}

std::vector<std::byte> animation_back(const scene::Scene& scene, const std::string& name) {
  AnimationExportChoice choice;
  choice.animation = name;
  return write_animation(animation_from_scene(scene, choice, Limits{}, "back.animation"), "back.animation");
}

std::vector<scene::MeshIndex> meshes_named(const scene::Scene& scene, const std::string& name) {
  std::vector<scene::MeshIndex> out;
  for (const auto& node : scene.nodes)
    if (node.name == name || node.name == name + "_skinned")
      out.insert(out.end(), node.meshes.begin(), node.meshes.end());
  return out;
}

std::optional<scene::NodeIndex> node_named(const scene::Scene& scene, const std::string& name) {
  for (std::size_t n = 0; n < scene.nodes.size(); ++n)
    if (scene.nodes[n].name == name) return n;
  return std::nullopt;
}

}  // namespace

TEST_CASE("An unedited model comes back from glTF byte for byte, awkward floats and all",
          "[shinobi][wayback][shinobi-model]") {
  const Model model = awkward_model();
  const auto bytes = write_model(model, "awkward.model");
  const auto scene = model_to_scene(read_model(bytes, "awkward.model"), {}, "awkward", "awkward.model");
  SECTION("in memory") {
    CHECK(model_back(scene) == bytes);
  }
  SECTION("through glTF, twice") {
    const auto once = through_gltf(scene);
    CHECK(model_back(once) == bytes);
    CHECK(model_back(through_gltf(model_to_scene(read_model(model_back(once), "b"), {}, "awkward", "b"))) ==
          bytes);
  }
  SECTION("glTF holds a TANGENT per vertex: the tangent's direction, w from the bitangent's side") {
    const auto back = through_gltf(scene);
    const auto meshes = meshes_named(back, "mesh");
    REQUIRE(meshes.size() == 2);
    const scene::Mesh& stone = back.meshes[meshes[0]];  // file vertices 2, 0, 1
    const scene::Mesh& moss = back.meshes[meshes[1]];   // file vertices 5, 3, 4
    REQUIRE(stone.tangents.size() == 3);
    REQUIRE(moss.tangents.size() == 3);
    // Vertex 1: N = (0, 0, -1.0000001), T = (1, 0.001, 0), B = (0, -1, 0); in the scene (z mirrored)
    // cross(N, T) = (-0.001, 1, 0) lies on the far side of B: w = -1.
    CHECK(stone.tangents[2].x == Approx(1.0f));
    CHECK(stone.tangents[2].y == Approx(0.001f));
    CHECK(stone.tangents[2].w == -1.0f);
    // Vertex 3: N = (0, 0.6, -0.8), T = (1, 0, 0), B = (0, 1, 0): cross(N, T) = (0, 0.8, -0.6) in the scene,
    // on B's side: w = +1.
    CHECK(moss.tangents[1] == glm::vec4(1, 0, 0, 1));
    CHECK(moss.tangents[2] == glm::vec4(1, 0, 0, 1));  // vertex 4's tangent has no direction: +X
  }
}

TEST_CASE("Joints a DCC tool adds to a skin are left out; the recorded bone list and node order stay",
          "[shinobi][wayback][shinobi-model]") {
  const auto bytes = write_model(awkward_model(), "awkward.model");
  auto scene =
      through_gltf(model_to_scene(read_model(bytes, "awkward.model"), {}, "awkward", "awkward.model"));
  // As Blender exports: every mesh lists every node as a joint (most without weights), in another order, and
  // every node's children come in another order.
  for (auto& mesh : scene.meshes) {
    if (mesh.bones.empty()) continue;
    for (scene::NodeIndex n = 0; n < scene.nodes.size(); ++n)
      if (std::none_of(mesh.bones.begin(), mesh.bones.end(), [&](const auto& b) { return b.node == n; }))
        mesh.bones.push_back({n, glm::mat4(1.0f), {}});
    std::reverse(mesh.bones.begin(), mesh.bones.end());
  }
  for (auto& node : scene.nodes) std::reverse(node.children.begin(), node.children.end());
  std::reverse(scene.roots.begin(), scene.roots.end());
  CHECK(model_back(scene) == bytes);

  SECTION("a vertex weighted to a bone outside the list: the weighted bones, recorded ones first") {
    const auto extra = node_named(scene, "root");
    REQUIRE(extra.has_value());
    for (const auto m : meshes_named(scene, "mesh"))
      for (auto& bone : scene.meshes[m].bones)
        if (bone.node == *extra) bone.weights = {{0, 0.5f}};
    const Model back = model_from_scene(scene, 2, "back.model");
    std::vector<std::string> bones;
    for (const Bone& bone : back.nodes[1].mesh->bones)
      bones.push_back(back.nodes[std::size_t(bone.node_index)].name);
    CHECK(bones == std::vector<std::string>{"bone_a", "bone_b", "root"});
    CHECK(back.nodes[1].name == "mesh");
    CHECK(back.nodes[1].parent == 3);
  }
}

TEST_CASE("An edited mesh gets the engine's tangents and bounds, and keeps what the edit left alone",
          "[shinobi][wayback][shinobi-model]") {
  const Model model = awkward_model();
  const auto bytes = write_model(model, "awkward.model");
  auto scene =
      through_gltf(model_to_scene(read_model(bytes, "awkward.model"), {}, "awkward", "awkward.model"));
  const auto meshes = meshes_named(scene, "mesh");
  REQUIRE(meshes.size() == 2);
  const MeshData& original = model.nodes[1].mesh->mesh;
  auto expect_engine_tangents = [&](const MeshData& written) {
    MeshData computed = written;
    REQUIRE(compute_tangent_vectors(computed));
    CHECK(written.arrays[kTangent] == computed.arrays[kTangent]);
    CHECK(written.arrays[kBitangent] == computed.arrays[kBitangent]);
    CHECK(written.arrays[kTangent] != original.arrays[kTangent]);
  };
  SECTION("a moved vertex") {
    scene.meshes[meshes[1]].positions[0].y += 0.5f;  // file vertex 5
    const Model back = model_from_scene(scene, 2, "back.model");
    const MeshData& written = back.nodes[1].mesh->mesh;
    expect_engine_tangents(written);
    CHECK(written.bounds == compute_bounds(written));
    CHECK(vertex_component(written.arrays[kPosition], 5, 1) == 1.5f);
    CHECK(written.arrays[kNormal] == original.arrays[kNormal]);  // the normals are still those of the file
    CHECK(written.arrays[kBoneWeight] == original.arrays[kBoneWeight]);
  }
  SECTION("a glTF without tangents") {
    for (const auto m : meshes) scene.meshes[m].tangents.clear();
    expect_engine_tangents(model_from_scene(scene, 2, "back.model").nodes[1].mesh->mesh);
  }
  SECTION("new normals and weights") {
    scene.meshes[meshes[0]].normals[1] = glm::vec3(0, 1, 0);  // file vertex 0
    for (auto& bone : scene.meshes[meshes[0]].bones)
      for (auto& weight : bone.weights) weight.weight = 1.0f;  // every influence equal
    const MeshData written = model_from_scene(scene, 2, "back.model").nodes[1].mesh->mesh;
    CHECK(vector_at(written.arrays[kNormal], 0) == Vec3{0, 1, 0});
    CHECK(vector_at(written.arrays[kNormal], 1) == Vec3{0, 0, -1});  // the scene's, unit length
    // Vertex 0 had bones 0 and 1 (0.25, 0.75): now equal, strongest first in bone order, normalised.
    CHECK(vertex_component(written.arrays[kBoneWeight], 0, 0) == 0.5f);
    CHECK(vertex_component(written.arrays[kBoneWeight], 0, 1) == 0.5f);
    CHECK(vertex_component(written.arrays[kBoneIndex], 0, 0) == 0.0f);
    CHECK(vertex_component(written.arrays[kBoneIndex], 0, 1) == 1.0f);
    CHECK(written.arrays[kTangent] == original.arrays[kTangent]);  // positions, UVs, tangents unchanged
  }
}

TEST_CASE("Tangent vectors as the engine computes them: along U and up the picture, not orthogonalised",
          "[shinobi][wayback][shinobi-model]") {
  MeshData mesh;
  mesh.vertex_count = 5;
  // A right triangle in the XY plane whose picture stands upright (V grows downwards, so +Y is smaller V), a
  // triangle with all UVs equal (skipped), and a vertex no triangle reaches.
  mesh.arrays[kPosition] = test::float_array(3, {0, 0, 0, 2, 0, 0, 0, 4, 1, 5, 5, 5, 9, 9, 9});
  mesh.arrays[kTexCoord0] = test::float_array(2, {0, 1, 1, 1, 0, 0, 0.5f, 0.5f, 0, 0});
  mesh.indices = {0, 1, 2, 3, 3, 3};
  mesh.segments = {{"m", 2, 0, 2}};
  REQUIRE(compute_tangent_vectors(mesh));
  const float inverse_length = 1.0f / std::sqrt(17.0f);
  for (std::size_t v = 0; v < 3; ++v) {
    CHECK(vector_at(mesh.arrays[kTangent], v) == Vec3{1, 0, 0});
    const Vec3 b = vector_at(mesh.arrays[kBitangent], v);  // (0, 4, 1) normalised: not orthogonal to a normal
    CHECK(b[0] == 0.0f);
    CHECK(b[1] == Approx(4 * inverse_length));
    CHECK(b[2] == Approx(inverse_length));
  }
  CHECK(vector_at(mesh.arrays[kTangent], 3) == Vec3{0, 0, 0});
  CHECK(vector_at(mesh.arrays[kBitangent], 4) == Vec3{0, 0, 0});
  MeshData without_uvs;
  without_uvs.vertex_count = 1;
  without_uvs.arrays[kPosition] = test::float_array(3, {0, 0, 0});
  CHECK_FALSE(compute_tangent_vectors(without_uvs));
}

TEST_CASE("An unedited animation comes back byte for byte; an edited key is written as edited",
          "[shinobi][wayback][shinobi-model]") {
  const auto model_bytes = write_model(awkward_model(), "awkward.model");
  const auto animation_bytes = write_animation(awkward_animation(), "turn.animation");
  const Animation animation = read_animation(animation_bytes, "turn.animation");
  SECTION("alone") {
    const auto scene = through_gltf(animation_to_scene(animation, "turn", "turn.animation"));
    CHECK(animation_back(scene, "turn") == animation_bytes);
    CHECK(animation_back(through_gltf(animation_to_scene(read_animation(animation_back(scene, "turn"), "b"),
                                                         "turn", "b")),
                         "turn") == animation_bytes);
  }
  SECTION("with its model") {
    const CompanionAnimation companion{animation, "turn", "turn.animation"};
    auto scene = through_gltf(model_to_scene(read_model(model_bytes, "awkward.model"), {&companion, 1},
                                             "awkward", "awkward.model"));
    CHECK(animation_back(scene, "turn") == animation_bytes);
    CHECK(model_back(scene) == model_bytes);
    // Turn bone_b's key at frame 1 by 0.3 rad about X: that frame is written as edited, unit length; the
    // others stay as stored.
    auto& channels = scene.animations.at(0).channels;
    const auto bone_b = node_named(scene, "bone_b");
    const auto channel =
        std::find_if(channels.begin(), channels.end(), [&](const auto& c) { return c.node == bone_b; });
    REQUIRE(channel != channels.end());
    glm::quat& key = channel->rotation.at(1).value;
    const glm::quat edited = scene::normalize(key * scene::axis_angle(glm::vec3(1, 0, 0), 0.3f));
    key = edited;
    const Animation back = read_animation(animation_back(scene, "turn"), "back.animation");
    REQUIRE(back.tracks.size() == 2);
    CHECK(back.tracks[0].node_name == "bone_b");
    CHECK(back.tracks[0].keys[0] == animation.tracks[0].keys[0]);
    CHECK(back.tracks[0].keys[2] == animation.tracks[0].keys[2]);
    const auto& r = back.tracks[0].keys[1].rotation;
    CHECK(std::fabs(r[0] * -edited.x + r[1] * -edited.y + r[2] * edited.z + r[3] * edited.w) ==
          Approx(1.0f).margin(1e-6));
    CHECK(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3] == Approx(1.0f).margin(1e-6));
    CHECK(back.tracks[1] == animation.tracks[1]);
  }
}

TEST_CASE("Bytes travel in extras as deflated base64 and come back only whole",
          "[shinobi][wayback][shinobi-model]") {
  std::vector<std::byte> bytes;
  for (int i = 0; i < 1000; ++i) bytes.push_back(std::byte((i * 7919) & 0xFF));
  const std::string text = bytes_to_text(bytes);
  CHECK(text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
        std::string::npos);
  CHECK(bytes_from_text(text, bytes.size()) == bytes);
  CHECK(bytes_from_text(bytes_to_text({}), 0) == std::vector<std::byte>{});
  CHECK_FALSE(bytes_from_text(text, bytes.size() - 1).has_value());            // not the size recorded
  CHECK_FALSE(bytes_from_text(text.substr(0, 40), bytes.size()).has_value());  // cut
  CHECK_FALSE(bytes_from_text("AAAA", 3).has_value());                         // base64, but not deflated
  CHECK_FALSE(bytes_from_text("A#AA", 3).has_value());                         // not base64
  CHECK_FALSE(bytes_from_text(text, std::size_t(1) << 40).has_value());        // a size no deflation reaches
  // Text that zlib itself deflated (glTF files written before libdeflate did it) still reads.
  const auto hello = bytes_from_text("eAHLSM3JyQcABiwCFQ==", 5);
  REQUIRE(hello.has_value());
  CHECK(std::string(reinterpret_cast<const char*>(hello->data()), hello->size()) == "hello");
}

TEST_CASE("A mesh record that does not fit the scene is not used", "[shinobi][wayback][shinobi-model]") {
  const auto bytes = write_model(awkward_model(), "awkward.model");
  const auto scene = model_to_scene(read_model(bytes, "awkward.model"), {}, "awkward", "awkward.model");
  const auto mesh_node = node_named(scene, "mesh");
  REQUIRE(mesh_node.has_value());
  for (const auto& [key, value] :
       std::vector<std::pair<std::string, nlohmann::json>>{{"vertices", 1000000000},
                                                           {"vertices", 7},
                                                           {"stored", {{"1", "AAAA"}}},
                                                           {"bounds", "1 2 3"},
                                                           {"segment_vertices", {{0, 6}, {0, 2}}}}) {
    INFO(key << " = " << value.dump());
    auto edited = scene;
    edited.nodes[*mesh_node].extras["shinobi.mesh"][key] = value;
    const MeshData written = model_from_scene(edited, 2, "back.model").nodes[1].mesh->mesh;
    CHECK(written.vertex_count == 6);
    // The vertices mesh after mesh, not in their recorded places.
    CHECK(written.indices == std::vector<std::int32_t>{0, 1, 2, 3, 4, 5});
    CHECK(written.bounds == compute_bounds(written));
    MeshData computed = written;
    REQUIRE(compute_tangent_vectors(computed));
    CHECK(written.arrays[kTangent] == computed.arrays[kTangent]);
  }
}

TEST_CASE("Vertices no triangle uses come back from glTF too", "[shinobi][wayback][shinobi-model]") {
  Model model = awkward_model();
  auto& mesh = model.nodes[1].mesh->mesh;
  // Two vertices after the used ones, which no triangle uses (the engine reads and ignores them).
  for (auto& array : mesh.arrays) {
    if (array.stride == 0) continue;
    const std::size_t stride = static_cast<std::size_t>(array.stride);
    std::vector<std::byte> unused(array.data.begin(),
                                  array.data.begin() + static_cast<std::ptrdiff_t>(stride));
    array.data.insert(array.data.end(), unused.begin(), unused.end());
    array.data.insert(array.data.end(), unused.begin(), unused.end());
  }
  mesh.vertex_count += 2;
  const auto bytes = write_model(model, "unused.model");
  const auto scene = model_to_scene(read_model(bytes, "unused.model"), {}, "unused", "unused.model");
  CHECK(model_back(through_gltf(scene)) == bytes);
  const auto back = read_model(model_back(through_gltf(scene)), "back.model");
  CHECK(back.nodes[1].mesh->mesh.vertex_count == mesh.vertex_count);
}
