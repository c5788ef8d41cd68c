#include <catch2/catch.hpp>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cstring>

#include "gamefmt/assimp/register.hpp"
#include "gamefmt/core/file_io.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("Registered Assimp importer and exporter read and write .solid", "[assimp]") {
  const auto wolf = test::samples_dir() / "lugaru" / "Wolf.solid";
  Assimp::Importer importer;
  const unsigned built_in = importer.GetImporterCount();
  assimp::register_importers(importer);
  CHECK(importer.GetImporterCount() > built_in);
  CHECK(importer.IsExtensionSupported(".solid"));
  const aiScene* scene = importer.ReadFile(wolf.string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(scene != nullptr);
  REQUIRE(scene->mNumMeshes == 1);
  CHECK(scene->mMeshes[0]->mNumFaces == 1062);

  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  const aiExportDataBlob* blob = exporter.ExportToBlob(scene, "gamefmt-lugaru-solid");
  INFO(exporter.GetErrorString());
  REQUIRE(blob != nullptr);
  const auto original = test::read_bytes(wolf);
  REQUIRE(blob->size == original.size());
  CHECK(std::memcmp(blob->data, original.data(), original.size()) == 0);
}

TEST_CASE("Assimp importer: a bad .solid is a null scene with gamefmt's message", "[assimp]") {
  test::TempDir dir;
  auto bytes = test::read_bytes(test::samples_dir() / "lugaru" / "Box.solid");
  bytes.resize(30);
  write_file_atomically(dir / "cut.solid", bytes);
  Assimp::Importer importer;
  assimp::register_importers(importer);
  CHECK(importer.ReadFile((dir / "cut.solid").string(), 0) == nullptr);
  CHECK_THAT(std::string(importer.GetErrorString()), Catch::Contains("cut.solid: offset 0x"));
}
