#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>

#include "assimp_api.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/scene/scene_queries.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "gamefmt/xray/ogf_tangents.hpp"
#include "gamefmt/xray/omf.hpp"
#include "test_support.hpp"
#include "xray/motion_scene.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/xray_space.hpp"
#include "xray_character_samples.hpp"
#include "xray_ogf_checks.hpp"

using namespace gamefmt;

namespace {

xray::OgfModel through_scene(const xray::OgfModel& model, const xray::OgfExportOptions& options = {}) {
  const auto scene = xray::ogf_to_scene(model, "model", {});
  return xray::read_ogf(xray::write_ogf(xray::scene_to_ogf(scene, options, "back.ogf"), "back.ogf"),
                        "back.ogf");
}

xray::OgfModel through_gltf(const xray::OgfModel& model) {
  const auto scene = xray::ogf_to_scene(model, "model", {});
  const auto glb = gltf::write_gltf(scene, {}, "model.glb");
  const auto back = gltf::read_gltf(glb, "model.glb");
  return xray::read_ogf(xray::write_ogf(xray::scene_to_ogf(back, {}, "back.ogf"), "back.ogf"), "back.ogf");
}

xray::OgfVertex vertex_with(std::array<std::uint16_t, 4> bones, std::array<float, 3> weights) {
  xray::OgfVertex v;
  v.bones = bones;
  v.weights = weights;
  return v;
}

}  // namespace

TEST_CASE("OGF writer: the hand-laid samples rewrite to their own bytes", "[xray][ogf][xray-ogf]") {
  for (const auto& bytes : {test::xray_sample_skinned_ogf_bytes(), test::xray_sample_static_ogf_bytes()}) {
    const auto model = xray::read_ogf(bytes, "sample.ogf");
    CHECK(xray::write_ogf(model, "sample.ogf") == bytes);
  }
}

TEST_CASE("OGF writer: a version 3 model is written as version 4 with the same content",
          "[xray][ogf][xray-ogf]") {
  for (const auto& bytes : {test::xray_sample_v3_ogf_bytes(), test::xray_sample_v3_skinned_ogf_bytes(false),
                            test::xray_sample_v3_skinned_ogf_bytes(true)}) {
    const auto old = xray::read_ogf(bytes, "old.ogf");
    const auto written = xray::write_ogf(old, "new.ogf");
    CHECK(written[8] == std::byte{4});  // the header's format version
    const auto model = xray::read_ogf(written, "new.ogf");
    CHECK(model.header.format_version == 4);
    CHECK(model.header.bbox_max == old.header.bbox_max);
    test::check_same_ogf(old, model, {0.0f, true});
    if (old.motion_keys) {
      REQUIRE(model.motion_keys.has_value());
      for (std::size_t b = 0; b < old.bones.size(); ++b)
        for (std::size_t f = 0; f < 2; ++f) {
          CHECK(xray::decode_translation(model.motion_keys->motions[0].bones[b], f) ==
                xray::decode_translation(old.motion_keys->motions[0].bones[b], f));
          CHECK(xray::decode_rotation(model.motion_keys->motions[0].bones[b], f) ==
                xray::decode_rotation(old.motion_keys->motions[0].bones[b], f));
        }
      CHECK(model.motion_params->motions[0].flags == old.motion_params->motions[0].flags);
    }
  }
}

TEST_CASE("OGF v3 motions: chunk 0x1A with version 1 parameters", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_v3_skinned_ogf_bytes(false), "old.ogf");
  CHECK(model.header.type == xray::kOgfSkeletonAnimated);
  CHECK(model.skipped_chunks.empty());
  REQUIRE(model.motion_keys.has_value());
  REQUIRE(model.motion_keys->motions.size() == 1);
  const auto& walk = model.motion_keys->motions[0];
  CHECK(walk.name == "walk");
  CHECK(walk.frame_count == 2);
  REQUIRE(walk.bones.size() == 2);
  CHECK(walk.bones[0].flags == xray::kBoneTranslationAnimated);
  CHECK(walk.bones[1].flags == 0);
  const auto t =
      xray::decode_translation(walk.bones[0], 1);  // key (100, 0, -50) * size (0.01, 0.02, 0.03) + (0, 1, 0)
  CHECK(t[0] == Approx(1.0f));
  CHECK(t[1] == Approx(1.0f));
  CHECK(t[2] == Approx(-1.5f));
  CHECK(xray::decode_rotation(walk.bones[0], 1)[1] == Approx(16384 / 32767.0f));
  CHECK(xray::decode_translation(walk.bones[1], 1)[1] == Approx(0.5f));
  REQUIRE(model.motion_params.has_value());
  CHECK(model.motion_params->version == 3);
  REQUIRE(model.motion_params->parts.size() == 1);
  REQUIRE(model.motion_params->parts[0].bones.size() == 2);
  CHECK(model.motion_params->parts[0].bones[1].name == "spine");
  CHECK(model.motion_params->parts[0].bones[1].index == 1);
  CHECK(model.motion_params->motions[0].speed == 1.5f);
  CHECK(model.motion_params->motions[0].flags == 0);
  // The early 1-link vertices get tangents along u and binormals along v.
  const auto& v = model.meshes[0].vertices[0];
  CHECK(v.tangent[0] == Approx(1.0f));
  CHECK(v.binormal[1] == Approx(1.0f));
  const auto scene = xray::ogf_to_scene(model, "old", {});
  REQUIRE(scene.animations.size() == 1);
  CHECK(scene.animations[0].name == "walk");
  CHECK(scene.animations[0].channels.size() == 2);
}

TEST_CASE("OGF v3 motions: raw keys of chunk 0x0E with unversioned parameters", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_v3_skinned_ogf_bytes(true), "oldest.ogf");
  REQUIRE(model.motion_keys.has_value());
  const auto& idle = model.motion_keys->motions[0];
  CHECK(idle.name == "idle");
  REQUIRE(idle.bones.size() == 2);
  for (std::size_t bone = 0; bone < 2; ++bone)
    for (std::size_t frame = 0; frame < 2; ++frame) {
      const auto t = xray::decode_translation(idle.bones[bone], frame);
      CHECK(t[0] == Approx(0.25f * frame).margin(1e-4));
      CHECK(t[1] == Approx(1.0f * bone).margin(1e-4));
      CHECK(t[2] == Approx(-0.5f).margin(1e-4));
      CHECK(xray::decode_rotation(idle.bones[bone], frame)[2] ==
            Approx(frame * 16384 / 32767.0f).margin(1e-4));
    }
  CHECK(model.motion_params->motions[0].flags == (xray::kMotionFx | xray::kMotionStopAtEnd));
  CHECK(model.motion_params->parts[0].bones[0].name == "root");
}

TEST_CASE("OGF v3 motions: bad parameter versions, counts and bone indices are FormatErrors",
          "[xray][ogf][xray-ogf]") {
  auto bytes = test::xray_sample_v3_skinned_ogf_bytes(false);
  // The parameters are the last chunk: version, part count, "all\0", bone count, index 0, index 1, ...
  const std::size_t params = bytes.size() - (2 + 2 + 4 + 2 + 8 + 2 + 5 + 4 + 2 + 2 + 16);
  auto bad_version = bytes;
  bad_version[params] = std::byte{7};
  CHECK_THROWS_WITH(xray::read_ogf(bad_version, "v.ogf"), Catch::Contains("motion parameter version 7"));
  auto bad_bone = bytes;
  bad_bone[params + 2 + 2 + 4 + 2 + 4] = std::byte{9};  // second bone index
  CHECK_THROWS_WITH(xray::read_ogf(bad_bone, "b.ogf"), Catch::Contains("bone 9 of 2"));
  auto raw = test::xray_sample_v3_skinned_ogf_bytes(true);
  const std::size_t raw_params =
      raw.size() - (8 + 2 + 4 + 2 + 8 + 2 + 5 + 1 + 2 + 2 + 16 + 1);      // its chunk header
  for (std::size_t cut = raw_params - 100; cut < raw_params; cut += 7) {  // inside the keys
    std::vector<std::byte> part(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(cut));
    CHECK_THROWS_AS(xray::read_ogf(part, "cut.ogf"), FormatError);
  }
}

TEST_CASE("OGF influences: the engine's reading and the SDK's storage", "[xray][ogf][xray-ogf]") {
  // 2 links: (b0, b1, w) -> b0: 1 - w, b1: w; equal bones merge.
  auto two = xray::ogf_influences(vertex_with({3, 5, 0, 0}, {0.25f, 0, 0}), 2);
  REQUIRE(two.count == 2);
  CHECK(two.bones[0] == 3);
  CHECK(two.weights[0] == 0.75f);
  CHECK(xray::ogf_influences(vertex_with({3, 3, 0, 0}, {0.25f, 0, 0}), 2).count == 1);
  // 4 links: the last bone takes what the three stored weights leave.
  const auto four = xray::ogf_influences(vertex_with({1, 2, 3, 4}, {0.4f, 0.3f, 0.2f}), 4);
  REQUIRE(four.count == 4);
  CHECK(four.weights[3] == Approx(0.1f));
  // Broken shares: the first bone takes all.
  const auto broken = xray::ogf_influences(vertex_with({6, 7, 0, 0}, {NAN, 0, 0}), 2);
  CHECK(broken.count == 1);
  CHECK(broken.bones[0] == 6);

  // Storage: heaviest first; 2 links keep the second's share of the two; unused slots repeat the first bone.
  xray::OgfInfluences in;
  in.count = 3;
  in.bones = {7, 8, 9, 0};
  in.weights = {0.2f, 0.5f, 0.3f, 0};
  xray::OgfVertex v;
  xray::store_ogf_influences(v, 2, in);
  CHECK(v.bones[0] == 8);
  CHECK(v.bones[1] == 9);
  CHECK(v.weights[0] == Approx(0.3f / 0.8f));
  xray::store_ogf_influences(v, 4, in);
  CHECK(v.bones == std::array<std::uint16_t, 4>{8, 9, 7, 8});
  const auto back = xray::ogf_influences(v, 4);
  REQUIRE(back.count == 3);
  CHECK(back.weights[0] == Approx(0.5f));
  CHECK(back.weights[2] == Approx(0.2f));
  in.count = 1;
  xray::store_ogf_influences(v, 2, in);
  CHECK(v.bones[0] == v.bones[1]);
  CHECK(v.weights[0] == 0.0f);
}

TEST_CASE("OGF tangents follow u and v; without UV directions, a frame perpendicular to the normal",
          "[xray][ogf][xray-ogf]") {
  xray::OgfMesh mesh;
  mesh.vertices.resize(3);
  mesh.vertices[0].position = {0, 0, 0};
  mesh.vertices[1].position = {0, 0, 2};
  mesh.vertices[2].position = {0, 3, 0};
  mesh.vertices[1].uv = {1, 0};  // u grows along +z
  mesh.vertices[2].uv = {0, 1};  // v grows along +y
  for (auto& v : mesh.vertices) v.normal = {1, 0, 0};
  mesh.indices = {0, 1, 2};
  xray::compute_ogf_tangents(mesh);
  for (const auto& v : mesh.vertices) {
    CHECK(v.tangent[2] == Approx(1.0f));
    CHECK(v.binormal[1] == Approx(1.0f));
  }
  mesh.vertices[2].uv = {1, 0};  // degenerate UVs: still a frame perpendicular to the normal
  xray::compute_ogf_tangents(mesh);
  for (const auto& v : mesh.vertices) {
    CHECK(std::abs(v.tangent[0]) < 1e-6f);
    CHECK(std::abs(v.binormal[0]) < 1e-6f);
    CHECK(std::hypot(v.tangent[1], v.tangent[2]) == Approx(1.0f));
  }
}

TEST_CASE("OGF tangents: each triangle's unit directions count once, not made perpendicular to the normal",
          "[xray][ogf][xray-ogf]") {
  // A big triangle (u grows along +x, v along +y, 1 per 10 m) and a small one (u along +y, v along -x, 1 per
  // 10 cm) meet at vertex 0. As NVMeshMender sums them, each counts once: the diagonals. (Gradients not made
  // unit would give the small triangle's directions, 100 times steeper.)
  xray::OgfMesh mesh;
  mesh.vertices.resize(5);
  mesh.vertices[1].position = {0, 10, 0};
  mesh.vertices[1].uv = {0, 1};
  mesh.vertices[2].position = {10, 0, 0};
  mesh.vertices[2].uv = {1, 0};
  mesh.vertices[3].position = {0, -0.1f, 0};
  mesh.vertices[3].uv = {-1, 0};
  mesh.vertices[4].position = {-0.1f, 0, 0};
  mesh.vertices[4].uv = {0, 1};
  for (auto& v : mesh.vertices) v.normal = {0.6f, 0, 0.8f};  // tilted: the vectors are not projected
  mesh.indices = {0, 1, 2, 0, 3, 4};
  xray::compute_ogf_tangents(mesh);
  const float diagonal = std::sqrt(0.5f);
  CHECK(mesh.vertices[0].tangent[0] == Approx(diagonal));
  CHECK(mesh.vertices[0].tangent[1] == Approx(diagonal));
  CHECK(mesh.vertices[0].binormal[0] == Approx(-diagonal));
  CHECK(mesh.vertices[0].binormal[1] == Approx(diagonal));
  CHECK(mesh.vertices[2].tangent[0] == Approx(1.0f));  // 0.6 along the normal, kept
  CHECK(mesh.vertices[2].binormal[1] == Approx(1.0f));
  CHECK(mesh.vertices.size() == 5);
}

TEST_CASE("OGF writer: models it cannot store are FormatErrors naming the field", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  auto bad_bone = model;
  bad_bone.meshes[0].vertices[1].bones[1] = 2;
  CHECK_THROWS_WITH(xray::write_ogf(bad_bone, "x.ogf"),
                    Catch::Contains("meshes[0].vertices[1].bones") && Catch::Contains("bone 2 of 2"));
  auto bad_format = model;
  bad_format.meshes[0].vertex_format = 3;
  CHECK_THROWS_WITH(xray::write_ogf(bad_format, "x.ogf"), Catch::Contains("not a 2-link format"));
  auto bad_index = model;
  bad_index.meshes[0].indices[4] = 9;
  CHECK_THROWS_WITH(xray::write_ogf(bad_index, "x.ogf"), Catch::Contains("index 9 is past the 4 vertices"));
  auto too_many = model;
  too_many.meshes[0].vertices.resize(65537);
  CHECK_THROWS_WITH(xray::write_ogf(too_many, "x.ogf"), Catch::Contains("at most 65536"));
  auto static_two = xray::read_ogf(test::xray_sample_static_ogf_bytes(), "crate.ogf");
  static_two.header.type = xray::kOgfNormal;
  CHECK_THROWS_WITH(xray::write_ogf(static_two, "x.ogf"), Catch::Contains("holds one mesh, not 2"));
  auto half_motions = model;
  half_motions.motion_keys.emplace();
  CHECK_THROWS_WITH(xray::write_ogf(half_motions, "x.ogf"),
                    Catch::Contains("both their keys and their parameters"));
}

TEST_CASE("OGF -> scene -> OGF keeps bones, IK data, bind pose, skin and materials",
          "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  test::check_same_ogf(model, through_scene(model), {1e-6f, false});
  test::check_same_ogf(model, through_gltf(model), {1e-6f, false});
  // A static hierarchy comes back as one (the progressive child at full detail).
  const auto crate = xray::read_ogf(test::xray_sample_static_ogf_bytes(), "crate.ogf");
  const auto back = through_gltf(crate);
  test::check_same_ogf(crate, back, {1e-6f, false});
  CHECK_FALSE(back.meshes[1].progressive());
}

TEST_CASE("OGF export: link limit, rigid meshes under bones, one root, 64 bones", "[xray][ogf][xray-ogf]") {
  const auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  xray::OgfExportOptions one_link;
  one_link.max_links = 1;
  const auto single = through_scene(model, one_link);
  CHECK(single.meshes[0].links == 1);
  CHECK(single.meshes[0].vertex_format == xray::kSkinned1LinkSoC);
  CHECK(single.meshes[0].vertices[3].bones[0] == 1);  // the heavier bone of (1: 0.75, 0: 0.25)

  // Two root bones: the engine wants one.
  auto scene = xray::ogf_to_scene(model, "model", {});
  const auto spine = gamefmt::scene::find_node(scene, "spine");
  REQUIRE(spine.has_value());
  const auto skeleton_root = gamefmt::scene::parents_of(scene)[*spine];
  REQUIRE(skeleton_root.has_value());
  // Move spine beside its parent.
  auto& siblings = scene.nodes[*skeleton_root].children;
  siblings.erase(std::find(siblings.begin(), siblings.end(), *spine));
  scene.roots.push_back(*spine);
  try {
    (void)xray::scene_to_ogf(scene, {}, "two.ogf");
    FAIL("no error");
  } catch (const FormatError& e) {
    CHECK_THAT(e.what(), Catch::Contains("one root bone; this one has 2 (root, spine)"));
    CHECK(e.kind() == ErrorKind::cannot_write);
  }
}

TEST_CASE("OGF export embeds the model's own motions, and every animation of a scene from elsewhere",
          "[xray][ogf][xray-ogf]") {
  auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "body.ogf");
  const auto omf = xray::read_omf(test::xray_sample_omf_bytes(), "sample.omf");
  // The sample OMF's parts name root and spine: make its motions the model's own.
  model.motion_keys = omf.keys;
  model.motion_params = omf.params;
  model.header.type = xray::kOgfSkeletonAnimated;
  const auto bytes = xray::write_ogf(model, "animated.ogf");
  const auto read = xray::read_ogf(bytes, "animated.ogf");
  test::check_same_ogf(model, read, {0.0f, true});
  CHECK(xray::write_ogf(read, "again.ogf") == bytes);

  // Own motions plus the OMF's as a companion: auto embeds only the model's own.
  const auto scene = xray::ogf_to_scene(read, "animated", {{"extra", omf}});
  REQUIRE(scene.animations.size() == 4);
  const auto back = xray::scene_to_ogf(scene, {}, "back.ogf");
  REQUIRE(back.motion_keys.has_value());
  REQUIRE(back.motion_keys->motions.size() == 2);
  CHECK(back.header.type == xray::kOgfSkeletonAnimated);
  for (std::size_t m = 0; m < 2; ++m) {
    const auto& a = read.motion_keys->motions[m];
    const auto& b = back.motion_keys->motions[m];
    CHECK(b.name == a.name);
    REQUIRE(b.frame_count == a.frame_count);
    // Blocks follow the model's bones; the OMF's follow its parts (spine's block first): compare by bone.
    for (std::size_t bone = 0; bone < 2; ++bone) {
      std::uint32_t block = 0;
      for (const auto& part : read.motion_params->parts)
        for (const auto& entry : part.bones)
          if (entry.name == read.bones[bone].name) block = entry.index;
      for (std::size_t f = 0; f < a.frame_count; ++f) {
        const auto ta = xray::decode_translation(a.bones[block], f),
                   tb = xray::decode_translation(b.bones[bone], f);
        for (int i = 0; i < 3; ++i) CHECK(tb[i] == Approx(ta[i]).margin(0.01));
      }
    }
  }
  CHECK(back.motion_params->bone_count() == 2);
  CHECK(back.motion_params->motions[1].flags == read.motion_params->motions[1].flags);
  xray::OgfExportOptions none;
  none.motions = xray::OgfExportOptions::Motions::none;
  const auto without = xray::scene_to_ogf(scene, none, "none.ogf");
  CHECK_FALSE(without.motion_keys.has_value());
  CHECK(without.header.type == xray::kOgfSkeletonRigid);
  xray::OgfExportOptions all;
  all.motions = xray::OgfExportOptions::Motions::embedded;
  CHECK(xray::scene_to_ogf(scene, all, "all.ogf").motion_keys->motions.size() == 4);
}

TEST_CASE("OGF through Assimp::Importer and Assimp::Exporter reads back equal",
          "[xray][ogf][assimp][xray-ogf]") {
  const auto bytes = test::xray_sample_skinned_ogf_bytes();
  test::TempDir dir;
  write_file_atomically(dir / "body.ogf", bytes);
  const auto back =
      test::import_and_export_with_assimp(dir / "body.ogf", "gamefmt-xray-ogf", dir / "back.ogf");
  test::check_same_ogf(xray::read_ogf(bytes, "body.ogf"), xray::read_ogf(back, "back.ogf"), {1e-6f, false});
}

TEST_CASE("gamefmt convert: .ogf to .glb and back, options checked", "[xray][ogf][cli][xray-ogf]") {
  test::TempDir dir;
  write_file_atomically(dir / "body.ogf", test::xray_sample_skinned_ogf_bytes());
  REQUIRE(test::run_gamefmt({"convert", (dir / "body.ogf").string(), "-o", (dir / "body.glb").string()})
              .exit_code == 0);
  const auto back = test::run_gamefmt(
      {"convert", (dir / "body.glb").string(), "-o", (dir / "back.ogf").string(), "-O", "links=1"});
  REQUIRE(back.exit_code == 0);
  CHECK(xray::read_ogf(read_file_bytes(dir / "back.ogf"), "back.ogf").meshes[0].links == 1);
  const auto bad = test::run_gamefmt(
      {"convert", (dir / "body.glb").string(), "-o", (dir / "bad.ogf").string(), "-O", "links=7"});
  CHECK(bad.exit_code != 0);
  CHECK_THAT(bad.output,
             Catch::Contains("option links") && Catch::Contains("unknown value '7' (1, 2, 3 or 4)"));
  CHECK_FALSE(std::filesystem::exists(dir / "bad.ogf"));
}
