#include <catch2/catch.hpp>
#include <cmath>

#include "gamefmt/assimp/lugaru_solid.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/byte_writer.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/gltf/gltf_reader.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/lugaru/solid.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

// A tetrahedron laid out by hand, big-endian, with the game's (a, b, b, c, c, 0) index pattern.
std::vector<std::byte> hand_built_solid() {
  ByteWriter w(ByteOrder::big);
  w.i16(4);
  w.i16(2);
  for (float v : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f}) w.f32(v);
  for (std::int16_t s : {0, 1, 1, 2, 2, 0}) w.i16(s);
  for (float v : {0.f, 1.f, 0.f, 0.f, 0.f, 1.f}) w.f32(v);
  for (std::int16_t s : {0, 3, 3, 1, 1, 0}) w.i16(s);
  for (float v : {0.5f, 0.25f, 0.f, 0.f, 0.75f, 1.f}) w.f32(v);
  return w.take();
}

}  // namespace

TEST_CASE("read_solid decodes a hand-built file", "[lugaru]") {
  const auto bytes = hand_built_solid();
  REQUIRE(bytes.size() == 4 + 4 * 12 + 2 * 36);
  const auto model = lugaru::read_solid(bytes, "tetra.solid");
  REQUIRE(model.positions.size() == 4);
  REQUIRE(model.triangles.size() == 2);
  CHECK(model.positions[1] == std::array<float, 3>{1, 0, 0});
  CHECK(model.triangles[1].corner(0) == 0);
  CHECK(model.triangles[1].corner(1) == 3);
  CHECK(model.triangles[1].corner(2) == 1);
  CHECK(model.triangles[1].u == std::array<float, 3>{0.5f, 0.25f, 0.f});
  CHECK(model.triangles[1].v == std::array<float, 3>{0.f, 0.75f, 1.f});
  CHECK(lugaru::write_solid(model) == bytes);
}

TEST_CASE("read_solid rejects bad files with the field and offset", "[lugaru]") {
  auto bytes = hand_built_solid();
  SECTION("truncated in a triangle") {
    bytes.resize(bytes.size() - 10);
    try {
      lugaru::read_solid(bytes, "t.solid");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "triangles");
      CHECK(std::string(e.what()).find("t.solid: offset 0x34") == 0);
    }
  }
  SECTION("corner outside the vertices") {
    bytes[4 + 48 + 36 + 1] = std::byte{9};  // second triangle, first corner = 9
    try {
      lugaru::read_solid(bytes, "t.solid");
      FAIL("no error");
    } catch (const FormatError& e) {
      CHECK(e.field() == "triangles[1].index_shorts[0]");
      CHECK(*e.offset() == 4 + 48 + 36);
    }
  }
  SECTION("negative count") {
    bytes[0] = std::byte{0xFF};
    CHECK_THROWS_AS(lugaru::read_solid(bytes, "t.solid"), FormatError);
  }
  SECTION("trailing bytes are not an error: the game reads the counted triangles and no more") {
    bytes.push_back(std::byte{0});
    const auto model = lugaru::read_solid(bytes, "t.solid");
    REQUIRE(model.warnings.size() == 1);
    CHECK_THAT(model.warnings[0],
               Catch::Contains("1 bytes after the last triangle are not read; they are kept"));
    CHECK(lugaru::write_solid(model, "t.solid") == bytes);
  }
}

TEST_CASE("Every bundled .solid rewrites byte-identically", "[lugaru]") {
  const auto files = test::files_with_extension(test::samples_dir(), "solid");
  REQUIRE(files.size() == 22);
  for (const auto& file : files) {
    INFO(file.string());
    const auto bytes = test::read_bytes(file);
    CHECK(lugaru::write_solid(lugaru::read_solid(bytes, file.string())) == bytes);
  }
}

TEST_CASE("Winding defaults: game names, then enclosed volume", "[lugaru]") {
  const auto wolf =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Wolf.solid"), "Wolf.solid");
  CHECK(assimp::guess_solid_winding(wolf, "Wolf.solid") == assimp::SolidWinding::clockwise);
  CHECK(assimp::guess_solid_winding(wolf, "renamed.solid") ==
        assimp::SolidWinding::clockwise);  // negative volume
  const auto box =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Box.solid"), "Box.solid");
  CHECK(assimp::guess_solid_winding(box, "Box.solid") == assimp::SolidWinding::counter_clockwise);
}

TEST_CASE("solid -> scene splits UV seams, flips clockwise winding and computes outward normals",
          "[lugaru]") {
  const auto model =
      lugaru::read_solid(test::read_bytes(test::samples_dir() / "lugaru/Box.solid"), "Box.solid");
  const auto scene = assimp::solid_to_scene(model, assimp::SolidWinding::counter_clockwise, "Box");
  REQUIRE(scene->mNumMeshes == 1);
  const aiMesh& mesh = *scene->mMeshes[0];
  CHECK(mesh.mNumFaces == model.triangles.size());
  CHECK(mesh.mNumVertices >= model.positions.size());
  // Each corner keeps its position and UV.
  for (std::size_t t = 0; t < model.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k) {
      const unsigned v = mesh.mFaces[t].mIndices[k];
      const auto& p = model.positions[model.triangles[t].corner(k)];
      CHECK(mesh.mVertices[v] == aiVector3D(p[0], p[1], p[2]));
      CHECK(mesh.mTextureCoords[0][v].x == model.triangles[t].u[k]);
    }
  // A closed box wound counter-clockwise: normals point away from its centre.
  aiVector3D centre(0, 0, 0);
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) centre += mesh.mVertices[v];
  centre /= float(mesh.mNumVertices);
  for (unsigned v = 0; v < mesh.mNumVertices; ++v) CHECK((mesh.mVertices[v] - centre) * mesh.mNormals[v] > 0);

  const auto flipped = assimp::solid_to_scene(model, assimp::SolidWinding::clockwise, "Box");
  const aiFace& f = flipped->mMeshes[0]->mFaces[0];
  CHECK(flipped->mMeshes[0]->mVertices[f.mIndices[1]] == mesh.mVertices[mesh.mFaces[0].mIndices[2]]);
}

TEST_CASE(".solid -> .glb -> .solid keeps positions, triangles and UVs", "[lugaru][gltf]") {
  for (const char* name : {"Wolf.solid", "Box.solid", "Sword.solid", "Hawk.solid"}) {
    INFO(name);
    const auto path = test::samples_dir() / "lugaru" / name;
    const auto original = lugaru::read_solid(test::read_bytes(path), name);
    const auto scene = load_scene({path}, {});
    const auto glb = gltf::write_gltf(*scene, {}, "x.glb");
    const auto back_scene = gltf::read_gltf(glb, "x.glb");
    const auto back =
        assimp::scene_to_solid(*back_scene, *assimp::solid_winding_from_scene(*back_scene), name);
    REQUIRE(back.triangles.size() == original.triangles.size());
    for (std::size_t t = 0; t < original.triangles.size(); ++t)
      for (int k = 0; k < 3; ++k) {
        const auto& a = original.positions[original.triangles[t].corner(k)];
        const auto& b = back.positions[back.triangles[t].corner(k)];
        for (int i = 0; i < 3; ++i) CHECK(std::fabs(a[i] - b[i]) <= 1e-6f * std::max(1.0f, std::fabs(a[i])));
        CHECK(std::fabs(original.triangles[t].u[k] - back.triangles[t].u[k]) <= 1e-6f);
        CHECK(std::fabs(original.triangles[t].v[k] - back.triangles[t].v[k]) <= 1e-6f);
      }
  }
}

TEST_CASE("Writing .solid from a mesh past 32767 triangles is a clear error", "[lugaru]") {
  aiScene scene;
  scene.mRootNode = new aiNode("big");
  auto* mesh = new aiMesh();
  const unsigned triangles = 32768;
  mesh->mNumVertices = triangles * 3;
  mesh->mVertices = new aiVector3D[mesh->mNumVertices];
  for (unsigned v = 0; v < mesh->mNumVertices; ++v)
    mesh->mVertices[v] = aiVector3D(float(v % 1000), float(v / 1000 % 30), 0);
  mesh->mNumFaces = triangles;
  mesh->mFaces = new aiFace[triangles];
  for (unsigned f = 0; f < triangles; ++f) {
    mesh->mFaces[f].mNumIndices = 3;
    mesh->mFaces[f].mIndices = new unsigned[3]{f * 3 % 30000, f * 3 % 30000 + 1, f * 3 % 30000 + 2};
  }
  scene.mNumMeshes = 1;
  scene.mMeshes = new aiMesh* [1] { mesh };
  scene.mRootNode->mNumMeshes = 1;
  scene.mRootNode->mMeshes = new unsigned[1]{0};
  CHECK_THROWS_WITH(assimp::scene_to_solid(scene, assimp::SolidWinding::counter_clockwise, "big.solid"),
                    Catch::Contains("32767 triangles"));
}
