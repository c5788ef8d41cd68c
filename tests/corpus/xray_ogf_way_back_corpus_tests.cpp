// The way back of real .ogf files beyond the unedited trip of one file (way_back_corpus_tests.cpp): a model
// converted with its motions comes back byte for byte, and an edit of one mesh of a progressive model writes
// that mesh plain (with a warning) while every other mesh keeps its stored vertices and detail levels, and
// the edited file no longer changes from the second trip on.
#include <catch2/catch.hpp>
#include <cstring>

#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "test_support.hpp"

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

template <class T, std::size_t N>
bool same_bits(const std::array<T, N>& a, const std::array<T, N>& b) {
  return std::memcmp(a.data(), b.data(), sizeof(T) * N) == 0;
}

// The same stored mesh, bit for bit: vertices, indices and detail levels.
bool same_stored_mesh(const xray::OgfMesh& a, const xray::OgfMesh& b) {
  if (a.texture != b.texture || a.shader != b.shader || a.links != b.links ||
      a.vertex_format != b.vertex_format || a.indices != b.indices ||
      a.vertices.size() != b.vertices.size() || a.progressive() != b.progressive())
    return false;
  for (std::size_t i = 0; i < a.vertices.size(); ++i) {
    const auto &u = a.vertices[i], &v = b.vertices[i];
    if (!same_bits(u.position, v.position) || !same_bits(u.normal, v.normal) ||
        !same_bits(u.tangent, v.tangent) || !same_bits(u.binormal, v.binormal) || !same_bits(u.uv, v.uv) ||
        !same_bits(u.bones, v.bones) || !same_bits(u.weights, v.weights))
      return false;
  }
  if (!a.progressive()) return true;
  const auto &p = a.sliding_windows->windows, &q = b.sliding_windows->windows;
  if (p.size() != q.size()) return false;
  for (std::size_t w = 0; w < p.size(); ++w)
    if (p[w].offset != q[w].offset || p[w].triangles != q[w].triangles || p[w].vertices != q[w].vertices)
      return false;
  return true;
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
  // The first mesh's node (named <model>_mesh0): its first vertex moved by 1 cm.
  const auto node = std::find_if(scene.nodes.begin(), scene.nodes.end(),
                                 [](const auto& n) { return n.name == "rad_stalker_neutral2c_mas3_mesh0"; });
  REQUIRE(node != scene.nodes.end());
  REQUIRE(node->meshes.size() == 1);
  scene.meshes[node->meshes[0]].positions[0].x += 0.01f;

  std::vector<std::string> warnings;
  const auto back_bytes = saved_ogf(scene, &warnings);
  const auto back = xray::read_ogf(back_bytes, "back.ogf");
  REQUIRE(back.meshes.size() == original.meshes.size());
  const auto& edited = back.meshes[0];
  CHECK_FALSE(edited.progressive());
  CHECK(edited.vertices.size() == original.meshes[0].vertices.size());
  CHECK(edited.indices.size() == original.meshes[0].full_detail_indices().size());
  CHECK(edited.vertices[0].position[0] != original.meshes[0].vertices[0].position[0]);
  CHECK_THAT(Catch::Detail::stringify(warnings),
             Catch::Contains("rad_stalker_neutral2c_mas3_mesh0") && Catch::Contains("progressive"));
  for (std::size_t m = 1; m < original.meshes.size(); ++m) {
    INFO("mesh " << m);
    CHECK(same_stored_mesh(back.meshes[m], original.meshes[m]));
  }
  // From the second trip on, the edited file stays.
  const test::TempDir once;
  write_file_atomically(once.path() / "back.ogf", back_bytes);
  CHECK(saved_ogf(through_glb(load_scene({once.path() / "back.ogf"}, {}))) == back_bytes);
}
