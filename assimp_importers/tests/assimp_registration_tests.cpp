#include <assimp/scene.h>

#include <assimp/DefaultLogger.hpp>
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/LogStream.hpp>
#include <catch2/catch.hpp>
#include <cstring>

#include "ai_scene_conversion.hpp"
#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/image/png.hpp"
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

TEST_CASE("Only an Importer or Exporter that registers gamefmt knows the game formats", "[assimp]") {
  // What the README promises: Assimp loads no plug-ins, so a program that does not call register_importers /
  // register_exporters (the stock `assimp` command among them) cannot read or write a .solid.
  Assimp::Importer plain;
  CHECK_FALSE(plain.IsExtensionSupported(".solid"));
  // Assimp also tries its readers by content: none takes them.
  for (const char* name : {"Box.solid", "Wolf.solid"})
    CHECK(plain.ReadFile((test::samples_dir() / "lugaru" / name).string(), 0) == nullptr);
  Assimp::Exporter plain_exporter;
  for (std::size_t i = 0; i < plain_exporter.GetExportFormatCount(); ++i)
    CHECK(std::strncmp(plain_exporter.GetExportFormatDescription(i)->id, "gamefmt-", 8) != 0);
  // Registering one Importer does not change another.
  Assimp::Importer registered;
  assimp::register_importers(registered);
  CHECK(registered.IsExtensionSupported(".solid"));
  Assimp::Importer another;
  CHECK_FALSE(another.IsExtensionSupported(".solid"));
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

TEST_CASE("Assimp importer: a texture found for a model is an embedded aiTexture the material names *0",
          "[assimp][texture]") {
  test::TempDir dir;
  std::filesystem::copy_file(test::samples_dir() / "lugaru" / "Bush.solid", dir / "Bush.solid");
  const auto png = image::encode_png({2, 1, {255, 0, 0, 255, 0, 0, 255, 128}});
  write_file_atomically(dir / "Bush.png", png);
  Assimp::Importer importer;
  assimp::register_importers(importer);
  const aiScene* scene = importer.ReadFile((dir / "Bush.solid").string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(scene != nullptr);
  REQUIRE(scene->mNumTextures == 1);
  const aiTexture& texture = *scene->mTextures[0];
  CHECK(texture.mHeight == 0);
  CHECK(std::string(texture.achFormatHint) == "png");
  REQUIRE(texture.mWidth == png.size());
  CHECK(std::memcmp(texture.pcData, png.data(), png.size()) == 0);
  aiString path;
  REQUIRE(scene->mMaterials[0]->GetTexture(aiTextureType_DIFFUSE, 0, &path) == AI_SUCCESS);
  CHECK(std::string(path.C_Str()) == "*0");
  CHECK(scene->GetEmbeddedTexture(path.C_Str()) == &texture);

  // And back: the embedded texture is the scene's image again.
  const auto back = assimp::from_ai_scene(*scene, "Bush.solid");
  REQUIRE(back.images.size() == 1);
  CHECK(back.images[0].data == png);
  REQUIRE(back.materials[0].base_color_texture.has_value());
  CHECK(back.materials[0].base_color_texture->image == 0);
}

TEST_CASE("Assimp importer: options in gamefmt.options are checked, a mistyped name warns in Assimp's log",
          "[assimp]") {
  struct Capture : Assimp::LogStream {
    std::string text;
    void write(const char* message) override { text += message; }
  };
  Assimp::DefaultLogger::create("", Assimp::Logger::NORMAL, 0);
  auto* capture = new Capture;  // the logger owns and deletes it
  Assimp::DefaultLogger::get()->attachStream(capture, Assimp::Logger::Warn);
  Assimp::Importer importer;
  assimp::register_importers(importer);
  importer.SetPropertyString(assimp::kOptionsProperty, "windnig=cw\nwinding=ccw");
  const aiScene* scene = importer.ReadFile((test::samples_dir() / "lugaru" / "Wolf.solid").string(), 0);
  const std::string log = capture->text;
  Assimp::DefaultLogger::kill();
  INFO(log);
  REQUIRE(scene != nullptr);
  CHECK(log.find("windnig") != std::string::npos);
  CHECK(log.find("winding") != std::string::npos);  // the known names are listed, the closest first
}
