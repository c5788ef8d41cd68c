// Which meshes of a kept .ogf a scene still holds (adapters/src/xray/ogf_way_back.hpp: same_ogf_mesh): the
// same triangles over the same vertices within round-off, however the vertices are ordered, split or merged.
#include <catch2/catch.hpp>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"
#include "xray/ogf_way_back.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

namespace {

xray::OgfMesh sample_mesh() {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  REQUIRE(model.meshes.size() == 1);
  REQUIRE(model.meshes[0].indices.size() >= 6);
  return model.meshes[0];
}

}  // namespace

TEST_CASE("An OGF mesh is still the kept one however its vertices are ordered, split or merged",
          "[xray][xray-ogf][way-back]") {
  const auto kept = sample_mesh();
  CHECK(xray::same_ogf_mesh(kept, kept));

  // Vertices in reverse order, triangles in reverse order, each turned to start at its second corner.
  auto reordered = kept;
  const auto count = static_cast<std::uint16_t>(kept.vertices.size());
  std::reverse(reordered.vertices.begin(), reordered.vertices.end());
  reordered.indices.clear();
  for (std::size_t t = kept.indices.size(); t >= 3; t -= 3)
    for (const int k : {1, 2, 0})
      reordered.indices.push_back(static_cast<std::uint16_t>(count - 1 - kept.indices[t - 3 + k]));
  CHECK(xray::same_ogf_mesh(kept, reordered));

  // The first triangle's first corner split off as a copy, with round-off on its normal (as Blender gives).
  auto split = kept;
  auto copy = kept.vertices[kept.indices[0]];
  copy.normal[0] += 1e-4f;
  split.vertices.push_back(copy);
  split.indices[0] = count;
  CHECK(xray::same_ogf_mesh(kept, split));
  // ... and the kept mesh holding that copy side by side, the written one merging it back.
  CHECK(xray::same_ogf_mesh(split, kept));
}

TEST_CASE(
    "The vertices an edit left alone take the kept ones whole, with the tiny weights a DCC tool dropped",
    "[xray][xray-ogf][way-back]") {
  auto kept = sample_mesh();
  REQUIRE(kept.links == 2);
  REQUIRE(kept.vertices.size() >= 3);
  kept.vertices[1].weights[0] = 0.00008f;  // bones[1] takes a share Blender's exporter leaves out
  auto written = kept;
  written.vertices[0].position[1] += 0.02f;  // the edit
  written.vertices[1].weights[0] = 0.0f;     // the dropped share
  written.vertices[2].position[0] += 2e-7f;  // a float trip's round-off
  written.vertices[2].normal[2] += 1e-4f;
  CHECK(xray::take_kept_vertices(kept, written) == kept.vertices.size() - 1);
  CHECK(written.vertices[0].position[1] == kept.vertices[0].position[1] + 0.02f);  // the edit stays
  CHECK(written.vertices[1].weights[0] == 0.00008f);                               // the file's share is back
  CHECK(written.vertices[2].position == kept.vertices[2].position);                // the file's floats
  CHECK(written.vertices[2].normal == kept.vertices[2].normal);
  // Another texture, or other links per vertex: nothing is taken.
  auto other = written;
  other.texture = "act\\other";
  CHECK(xray::take_kept_vertices(kept, other) == 0);
  auto one_link = written;
  one_link.links = 1;
  CHECK(xray::take_kept_vertices(kept, one_link) == 0);
}

TEST_CASE("An edited OGF mesh is not the kept one", "[xray][xray-ogf][way-back]") {
  const auto kept = sample_mesh();
  auto moved = kept;
  moved.vertices[0].position[1] += 1e-3f;
  CHECK_FALSE(xray::same_ogf_mesh(kept, moved));
  auto turned = kept;
  std::swap(turned.indices[1], turned.indices[2]);  // one triangle's winding flipped
  CHECK_FALSE(xray::same_ogf_mesh(kept, turned));
  auto fewer = kept;
  fewer.indices.resize(fewer.indices.size() - 3);
  CHECK_FALSE(xray::same_ogf_mesh(kept, fewer));
  auto other_uv = kept;
  other_uv.vertices[1].uv[0] += 0.01f;
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_uv));
  auto other_texture = kept;
  other_texture.texture += "_2";
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_texture));
  auto other_bone = kept;
  REQUIRE(kept.links >= 1);
  auto influences = xray::ogf_influences(other_bone.vertices[0], kept.links);
  influences.bones[0] = static_cast<std::uint16_t>(influences.bones[0] == 0 ? 1 : 0);
  xray::store_ogf_influences(other_bone.vertices[0], kept.links, influences);
  CHECK_FALSE(xray::same_ogf_mesh(kept, other_bone));
}

namespace {

// The sample model imported as `gamefmt convert` imports it, through a .glb.
scene::Scene imported_sample() {
  const auto* handler = find_handler_by_name("body.ogf");
  REQUIRE(handler != nullptr);
  ImportRequest request;
  request.primary = {"body.ogf", test::xray_sample_skinned_ogf_bytes()};
  return gltf::read_gltf(gltf::write_gltf(handler->import_scene(request), {}, "a.glb"), "a.glb");
}

std::vector<std::byte> exported(const scene::Scene& scene) {
  return find_handler_by_name("back.ogf")->export_scene(scene, ExportRequest{{}, {}, "back.ogf", nullptr});
}

}  // namespace

TEST_CASE("A scene whose meshes a DCC tool split, with bones within round-off, gives the kept .ogf back",
          "[xray][xray-ogf][way-back]") {
  const auto original = test::xray_sample_skinned_ogf_bytes();
  auto scene = imported_sample();
  REQUIRE(scene.meshes.size() == 1);
  auto& mesh = scene.meshes[0];
  // Vertex 0 split: a copy takes its first corner, as Blender splits a vertex whose normal it re-encodes.
  const std::uint32_t copy = static_cast<std::uint32_t>(mesh.positions.size());
  mesh.positions.push_back(mesh.positions[0]);
  mesh.normals.push_back(mesh.normals[0]);
  mesh.texcoords[0].push_back(mesh.texcoords[0][0]);
  for (auto& bone : mesh.bones) {
    const auto weights = bone.weights;
    for (const auto& weight : weights)
      if (weight.vertex == 0) bone.weights.push_back({copy, weight.weight});
  }
  const auto corner = std::find(mesh.triangles.begin(), mesh.triangles.end(), 0u);
  REQUIRE(corner != mesh.triangles.end());
  *corner = copy;
  // A bone's place rounded as a DCC tool rounds it.
  const auto bone = std::find_if(scene.nodes.begin(), scene.nodes.end(),
                                 [](const auto& node) { return node.extras.contains("xray.bone"); });
  REQUIRE(bone != scene.nodes.end());
  const auto moved = [&](float by) {
    glm::mat4 transform = scene::matrix_of(*bone);
    transform[3][0] += by;
    bone->transform = transform;
  };
  moved(1e-7f);
  CHECK(exported(scene) == original);

  SECTION("a bone moved by a millimetre: the meshes as stored, the bone moved") {
    moved(1e-3f);
    const auto back = xray::read_ogf(exported(scene), "back.ogf");
    const auto model = xray::read_ogf(original, "body.ogf");
    REQUIRE(back.meshes.size() == model.meshes.size());
    CHECK(xray::identical_ogf_mesh(back.meshes[0], model.meshes[0]));
    CHECK_FALSE(xray::write_ogf(back, "back.ogf") == original);
  }
}
