#include <catch2/catch.hpp>

#include "gamefmt/core/format_error.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/scene/transform_math.hpp"
#include "gamefmt/xray/chunks.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;

TEST_CASE("OGF: a skinned model reads bones, IK data, 2-link weights and the description",
          "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  CHECK(model.header.type == xray::kOgfSkeletonRigid);
  REQUIRE(model.bones.size() == 2);
  CHECK(model.bones[1].parent_name == "root");
  CHECK(model.has_ik_data);
  CHECK(model.bones[1].bind_rotation[2] == 0.5f);
  CHECK(model.bones[1].friction == 0.7f);
  CHECK(model.bones[1].game_material == "flesh");
  CHECK(model.bones[1].limits[2].damping == 2.0f);
  REQUIRE(model.description.has_value());
  CHECK(model.description->modify_time == 3000);
  REQUIRE(model.meshes.size() == 1);
  const auto& mesh = model.meshes[0];
  CHECK(mesh.texture == "act\\body");
  CHECK(mesh.links == 2);
  REQUIRE(mesh.vertices.size() == 4);
  // Stored as in the file: (b0, b1, w).
  CHECK(mesh.vertices[3].bones[0] == 1);
  CHECK(mesh.vertices[3].bones[1] == 0);
  CHECK(mesh.vertices[3].weights[0] == 0.25f);
  CHECK(mesh.vertices[1].tangent == std::array<float, 3>{1, 0, 0});
  CHECK(mesh.vertices[1].binormal == std::array<float, 3>{0, 1, 0});
  // Read as the engine blends them: b0 gets 1 - w, b1 gets w; equal bones merge; zero weights drop.
  const auto influences = [&](std::size_t i) { return xray::ogf_influences(mesh.vertices[i], mesh.links); };
  CHECK(influences(0).count == 1);
  CHECK(influences(1).count == 2);
  CHECK(influences(1).weights[0] == Approx(0.5f));
  CHECK(influences(2).count == 1);
  CHECK(influences(2).bones[0] == 1);
  CHECK(influences(3).bones[0] == 1);
  CHECK(influences(3).weights[0] == Approx(0.75f));
  CHECK(mesh.indices.size() == 6);
  CHECK(model.skipped_chunks.empty());
}

TEST_CASE("OGF: static hierarchy with generic FVF vertices and a progressive child",
          "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_static_ogf_bytes(), "crate.ogf");
  CHECK(model.header.type == xray::kOgfHierarchy);
  REQUIRE(model.meshes.size() == 2);
  CHECK(model.meshes[0].links == 0);
  CHECK(model.meshes[1].texture == "metal");
  CHECK(model.meshes[1].vertices[2].position[2] == 1.0f);
  CHECK(model.meshes[1].vertices[1].uv[0] == 0.5f);  // after the diffuse colour
  CHECK(model.meshes[0].vertices[0].diffuse == 0);
  CHECK(model.meshes[1].vertices[0].diffuse == 0xFF8040C0u);
  CHECK(model.meshes[1].progressive());
  CHECK(model.meshes[1].indices.size() == 6);  // the whole buffer
  CHECK(model.meshes[1].sliding_windows->windows.size() == 2);
  CHECK(model.meshes[1].full_detail_indices().size() == 3);  // the first window
  const auto scene = xray::ogf_to_scene(model, "crate", {});
  REQUIRE(scene.meshes.size() == 2);
  CHECK(scene.meshes[0].positions[2].z == 1.0f);      // X mirrored, Z kept
  CHECK(scene.meshes[0].triangles[1] == 2);           // winding flipped
  CHECK(scene.meshes[0].texcoords[0][0].y == 0.25f);  // glTF's V, as the file's (0.75 counted upwards)
}

TEST_CASE("OGF: unknown and garbage 'compressed' chunks are kept as stored, not fatal",
          "[xray][ogf][xray-ogf]") {
  auto bytes = test::xray_sample_skinned_ogf_bytes();
  // Flag the description as compressed (its bytes are not LZHUF) and append a bogus empty chunk.
  bytes[52 + 3] = std::byte{0x80};
  for (std::byte b : {std::byte{0x46}, std::byte{0x75}, std::byte{0x63}, std::byte{0x80}, std::byte{0},
                      std::byte{0}, std::byte{0}, std::byte{0}})
    bytes.push_back(b);
  const auto model = xray::read_ogf(bytes, "gunslinger.ogf");
  CHECK_FALSE(model.description.has_value());
  REQUIRE(model.skipped_chunks.size() == 2);
  CHECK(model.skipped_chunks[0] == (18u | xray::kChunkCompressedFlag));
  CHECK(model.skipped_chunks[1] == 0x80637546u);
  CHECK(model.meshes.size() == 1);
  CHECK(model.warnings.size() == 2);
  CHECK(xray::write_ogf(model, "gunslinger.ogf") == bytes);
}

TEST_CASE("OGF v3: 4-byte headers, bounds chunks, v3 chunk ids and types", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_v3_ogf_bytes(), "old.ogf");
  CHECK(model.header.format_version == 3);
  CHECK(model.header.type == xray::kOgfHierarchy);
  CHECK(model.header.bbox_max == std::array<float, 3>{2, 1, 1});
  CHECK(model.header.sphere_radius == 1.25f);
  REQUIRE(model.meshes.size() == 1);
  CHECK(model.meshes[0].texture == "wood");
  CHECK(model.meshes[0].links == 0);
  REQUIRE(model.meshes[0].vertices.size() == 3);
  CHECK(model.meshes[0].vertices[2].position[0] == 2.0f);
  CHECK(model.meshes[0].vertices[1].uv[0] == 0.5f);
  CHECK(model.skipped_chunks == std::vector<std::uint32_t>{26});  // the v3-era motions
  const auto scene = xray::ogf_to_scene(model, "old", {});
  CHECK(scene.meshes.size() == 1);
}

TEST_CASE("OGF: bad headers, indices and bone references are FormatErrors", "[xray][ogf][xray-ogf]") {
  auto bytes = test::xray_sample_skinned_ogf_bytes();
  auto v5 = bytes;
  v5[8] = std::byte{5};
  CHECK_THROWS_WITH(xray::read_ogf(v5, "v5.ogf"), Catch::Contains("OGF version 5"));
  auto short_v4 = test::xray_sample_v3_ogf_bytes();
  short_v4[8] = std::byte{4};  // a v4 header needs 44 bytes
  CHECK_THROWS_WITH(xray::read_ogf(short_v4, "short.ogf"), Catch::Contains("needs 44"));
  for (std::size_t cut = 1; cut + 500 < bytes.size(); cut += 37) {  // every cut before the IK data
    std::vector<std::byte> part(bytes.begin(), bytes.begin() + cut);
    CHECK_THROWS_AS(xray::read_ogf(part, "cut.ogf"), FormatError);
  }
}

TEST_CASE("OGF -> scene: bind pose, skin and motions matched by bone name", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  const auto omf = xray::read_omf(test::xray_sample_omf_bytes(), "sample.omf");
  const auto scene = xray::ogf_to_scene(model, "body", {{"sample", omf}});
  const auto spine = gamefmt::scene::find_node(scene, "spine");
  REQUIRE(spine.has_value());
  const auto parent = gamefmt::scene::parents_of(scene)[*spine];
  REQUIRE(parent.has_value());
  CHECK(scene.nodes[*parent].name == "root");
  // Bind translation (0, 1, 0.5) mirrored (x only); rotation 0.5 rad about Z stays about Z, reversed.
  const glm::mat4 bind = gamefmt::scene::matrix_of(scene.nodes[*spine]);
  CHECK(gamefmt::scene::at(bind, 2, 3) == Approx(0.5f));
  CHECK(gamefmt::scene::at(bind, 1, 3) == Approx(1.0f));
  CHECK(gamefmt::scene::at(bind, 1, 0) == Approx(-std::sin(0.5f)));
  REQUIRE(scene.meshes.size() == 1);
  const auto& mesh = scene.meshes[0];
  REQUIRE(mesh.bones.size() == 2);
  CHECK(mesh.bones[1].node == *spine);
  // The inverse bind of spine undoes its global bind.
  const glm::vec3 at_spine = gamefmt::scene::transform_point(mesh.bones[1].inverse_bind, {0, 1, 0.5f});
  CHECK(glm::length(at_spine) == Approx(0.0f).margin(1e-5));
  std::size_t weights = 0;
  for (const auto& bone : mesh.bones) weights += bone.weights.size();
  CHECK(weights == 6);  // 1 + 2 + 1 + 2 influences
  REQUIRE(scene.animations.size() == 2);
  CHECK(scene.animations[0].channels.size() == 2);
  const auto& bone = scene.nodes[*spine].extras.at("xray.bone");
  CHECK(bone["mass"].get<double>() == 10.0);
  CHECK(bone["shape"]["type"].get<int>() == 1);
  const auto& info = scene.extras.at("xray.ogf");
  CHECK(info["description"]["source_file"] == "body.object");
}
