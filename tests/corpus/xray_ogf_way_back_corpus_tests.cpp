// The way back of real .ogf files beyond the unedited trip of one file (way_back_corpus_tests.cpp): a model
// converted with its motions comes back byte for byte, and an edit of one mesh of a progressive model writes
// that mesh plain (with a warning) while every other mesh keeps its stored vertices and detail levels, and
// the edited file no longer changes from the second trip on.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <optional>

#include "blender_round_trip.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"
#include "xray/ogf_scene.hpp"
#include "xray/ogf_way_back.hpp"
#include "xray/xray_space.hpp"
#include "xray_ogf_checks.hpp"

using namespace gamefmt;

namespace {

std::filesystem::path xray_corpus() {
  return *test::corpus_dir() / "xray";
}

scene::Scene through_glb(const scene::Scene& scene) {
  return gltf::read_gltf(gltf::write_gltf(scene, {}, "a.glb"), "a.glb");
}

std::vector<std::byte> saved_ogf(const scene::Scene& scene, std::vector<std::string>* warnings = nullptr) {
  return save_scene(scene, "back.ogf", {}, warnings).front().bytes;
}

// The vertex of `mesh` at `position` with `uv` (within 1e-4), or nothing.
std::optional<std::size_t> vertex_at(const xray::OgfMesh& mesh, const std::array<float, 3>& position,
                                     const std::array<float, 2>& uv) {
  for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
    const auto& v = mesh.vertices[i];
    if (std::abs(v.position[0] - position[0]) <= 1e-4f && std::abs(v.position[1] - position[1]) <= 1e-4f &&
        std::abs(v.position[2] - position[2]) <= 1e-4f && std::abs(v.uv[0] - uv[0]) <= 1e-4f &&
        std::abs(v.uv[1] - uv[1]) <= 1e-4f)
      return i;
  }
  return std::nullopt;
}

float cosine(const std::array<float, 3>& a, const std::array<float, 3>& b) {
  const float la = std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
  const float lb = std::sqrt(b[0] * b[0] + b[1] * b[1] + b[2] * b[2]);
  return la > 0 && lb > 0 ? (a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) / (la * lb) : 0.0f;
}

// Over the vertices of `edited` (moved by `offset` along y, the axis engine and scene share), the mean cosine
// between their tangents and those of the original's vertex at the same place.
double tangent_agreement(const xray::OgfMesh& edited, const xray::OgfMesh& original, float offset) {
  double sum = 0;
  for (const auto& v : edited.vertices) {
    const auto at = vertex_at(original, {v.position[0], v.position[1] - offset, v.position[2]}, v.uv);
    if (at) sum += cosine(v.tangent, original.vertices[*at].tangent);
  }
  return sum / double(edited.vertices.size());
}

}  // namespace

TEST_CASE("A real .ogf converted with its motions comes back from glTF byte for byte",
          "[corpus][xray][xray-ogf][way-back]") {
  const auto model = xray_corpus() / "rad_dog_red_big_dead.ogf";
  const auto motions = xray_corpus() / "rad_dog_big_animation.omf";
  const auto scene = through_glb(load_scene({model, motions}, {}));
  // The companion's motions are animations of the scene, which the model does not embed.
  REQUIRE(scene.animations.size() > 0);
  CHECK(saved_ogf(scene) == test::read_bytes(model));
}

TEST_CASE("An edited mesh of a real progressive .ogf is written plain; the other meshes keep their bytes",
          "[corpus][xray][xray-ogf][way-back]") {
  const auto file = xray_corpus() / "rad_stalker_neutral2c_mas3.ogf";  // two progressive skinned meshes
  const auto original = xray::read_ogf(test::read_bytes(file), file.string());
  REQUIRE(original.meshes.size() >= 2);
  REQUIRE(original.meshes[0].progressive());
  auto scene = through_glb(load_scene({file}, {}));
  // The first mesh (its node is <model>_mesh0) moved up by 1 cm.
  const auto node = std::find_if(scene.nodes.begin(), scene.nodes.end(),
                                 [](const auto& n) { return n.name == "rad_stalker_neutral2c_mas3_mesh0"; });
  REQUIRE(node != scene.nodes.end());
  REQUIRE(node->meshes.size() == 1);
  for (auto& position : scene.meshes[node->meshes[0]].positions) position.y += 0.01f;

  std::vector<std::string> warnings;
  const auto back_bytes = saved_ogf(scene, &warnings);
  const auto back = xray::read_ogf(back_bytes, "back.ogf");
  REQUIRE(back.meshes.size() == original.meshes.size());
  const auto& edited = back.meshes[0];
  CHECK_FALSE(edited.progressive());
  CHECK(edited.vertices.size() == test::as_written_from_scene(original).meshes[0].vertices.size());
  CHECK(edited.indices.size() == original.meshes[0].full_detail_indices().size());
  CHECK(edited.vertices[0].position[1] != original.meshes[0].vertices[0].position[1]);
  // Its tangents computed anew point where the game's do (0.995 for this mesh, where the vertices are as
  // the file had them).
  CHECK(tangent_agreement(edited, original.meshes[0], 0.01f) > 0.95);
  CHECK_THAT(Catch::Detail::stringify(warnings),
             Catch::Contains("rad_stalker_neutral2c_mas3_mesh0") && Catch::Contains("progressive"));
  for (std::size_t m = 1; m < original.meshes.size(); ++m) {
    INFO("mesh " << m);
    CHECK(xray::identical_ogf_mesh(back.meshes[m], original.meshes[m]));
  }
  // From the second trip on, the edited file stays.
  const test::TempDir once;
  write_file_atomically(once.path() / "back.ogf", back_bytes);
  CHECK(saved_ogf(through_glb(load_scene({once.path() / "back.ogf"}, {}))) == back_bytes);
}

// A user's round trip through Blender 3.4 (Bone Dir "Blender", extras and tangents on), for every corpus
// model. Blender re-encodes the normals, splits a few vertices and rounds the bind pose, so the scene is not
// what the import made; a mesh that still holds the kept mesh's triangles over its vertices (within that
// round-off) comes back as stored, and with the bones the kept ones within round-off, the file comes back
// byte for byte. Where Blender moved a normal beyond round-off the mesh counts as edited: the model is still
// valid, with the same bones, bind pose and triangles.
TEST_CASE("Through Blender, real .ogf models come back byte for byte",
          "[.][corpus][xray][xray-ogf][blender-wayback]") {
  if (!test::blender_installed()) {
    WARN("blender is not installed: skipped");
    return;
  }
  test::TempDir dir;
  std::size_t files = 0, exact = 0;
  for (const auto& entry : std::filesystem::directory_iterator(xray_corpus())) {
    const auto& file = entry.path();
    if (file.extension() != ".ogf") continue;
    INFO(file.filename().string());
    ++files;
    const auto warnings = test::convert_through_blender(
        {file}, dir / "back.ogf", dir, {"--tangents", "--fps", "30", "--bone-dir", "BLENDER"});
    const auto bytes = test::read_bytes(dir / "back.ogf");
    if (bytes == test::read_bytes(file)) {
      ++exact;
      CHECK(warnings.empty());
      continue;
    }
    const auto original = xray::read_ogf(test::read_bytes(file), file.string());
    const auto back = xray::read_ogf(bytes, "back.ogf");
    CHECK_NOTHROW(xray::ogf_to_scene(back, "back", {}));
    REQUIRE(back.bones.size() == original.bones.size());
    for (std::size_t b = 0; b < back.bones.size(); ++b) {
      INFO(original.bones[b].name);
      CHECK(back.bones[b].name == original.bones[b].name);
      CHECK(back.bones[b].parent_name == original.bones[b].parent_name);
      const glm::mat4 was = xray::xray_space::bone_transform(original.bones[b].bind_translation,
                                                             original.bones[b].bind_rotation);
      const glm::mat4 now =
          xray::xray_space::bone_transform(back.bones[b].bind_translation, back.bones[b].bind_rotation);
      for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 3; ++r) CHECK(now[c][r] == Approx(was[c][r]).margin(1e-4));
    }
    REQUIRE(back.meshes.size() == original.meshes.size());
    for (std::size_t m = 0; m < back.meshes.size(); ++m) {
      if (xray::identical_ogf_mesh(back.meshes[m], original.meshes[m])) continue;
      CHECK(back.meshes[m].full_detail_indices().size() == original.meshes[m].full_detail_indices().size());
      if (original.meshes[m].progressive())
        CHECK_THAT(Catch::Detail::stringify(warnings), Catch::Contains("was a progressive mesh"));
    }
  }
  WARN(exact << " of " << files << " .ogf files came back through Blender byte for byte");
  CHECK(files > 0);
  CHECK(exact > 0);
}
