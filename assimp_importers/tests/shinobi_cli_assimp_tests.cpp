// The Shinobi formats through the `gamefmt` program and through Assimp's importer/exporter registration, on
// the small files the writer made for the fuzz seeds.
#include <assimp/scene.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <catch2/catch.hpp>

#include "gamefmt/assimp/assimp.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {
const auto kSeeds = test::source_dir() / "fuzz" / "seeds";
const auto kModel = kSeeds / "shinobi-model" / "small_v2.model";
const auto kAnimation = kSeeds / "shinobi-animation" / "small_v1.animation";
}  // namespace

TEST_CASE("Assimp has no importer of its own for .model or .animation; gamefmt's read and write them",
          "[shinobi][assimp]") {
  Assimp::Importer plain;
  CHECK_FALSE(plain.IsExtensionSupported(".model"));
  CHECK_FALSE(plain.IsExtensionSupported(".animation"));

  Assimp::Importer importer;
  assimp::register_importers(importer);
  const aiScene* model = importer.ReadFile(kModel.string(), 0);
  INFO(importer.GetErrorString());
  REQUIRE(model != nullptr);
  CHECK(model->mNumMeshes >= 1);
  Assimp::Exporter exporter;
  assimp::register_exporters(exporter);
  Assimp::ExportProperties properties;
  properties.SetPropertyString("gamefmt.version", "4");
  const aiExportDataBlob* blob = exporter.ExportToBlob(model, "gamefmt-shinobi-model", 0, &properties);
  INFO(exporter.GetErrorString());
  REQUIRE(blob != nullptr);
  const auto v4 =
      shinobi::read_model(std::span(static_cast<const std::byte*>(blob->data), blob->size), "v4.model");
  CHECK(v4.version == 4);
  CHECK(v4.nodes.size() == shinobi::read_model(test::read_bytes(kModel), "m").nodes.size());

  Assimp::Importer animation_importer;
  assimp::register_importers(animation_importer);
  const aiScene* animation = animation_importer.ReadFile(kAnimation.string(), 0);
  INFO(animation_importer.GetErrorString());
  REQUIRE(animation != nullptr);
  REQUIRE(animation->mNumAnimations == 1);
  // One key per frame at the file's 10 frames per second (Assimp gets milliseconds from gamefmt).
  const aiAnimation& clip = *animation->mAnimations[0];
  REQUIRE(clip.mChannels[0]->mNumRotationKeys >= 2);
  CHECK((clip.mChannels[0]->mRotationKeys[1].mTime - clip.mChannels[0]->mRotationKeys[0].mTime) /
            clip.mTicksPerSecond ==
        Approx(0.1));
  const aiExportDataBlob* anim_blob = exporter.ExportToBlob(animation, "gamefmt-shinobi-animation");
  INFO(exporter.GetErrorString());
  REQUIRE(anim_blob != nullptr);
  const std::vector<std::byte> written(static_cast<const std::byte*>(anim_blob->data),
                                       static_cast<const std::byte*>(anim_blob->data) + anim_blob->size);
  const auto original = shinobi::read_animation(test::read_bytes(kAnimation), "a");
  const auto back = shinobi::read_animation(written, "b");
  CHECK(back.frame_count == original.frame_count);
  CHECK(back.name == original.name);
  CHECK(back.tracks.size() == original.tracks.size());
}

TEST_CASE("gamefmt convert: .model and .animation to .glb and back, in either version", "[shinobi][cli]") {
  test::TempDir dir;
  const auto glb = (dir / "small.glb").string();
  auto run = test::run_gamefmt({"convert", kModel.string(), kAnimation.string(), "-o", glb});
  INFO(run.output);
  REQUIRE(run.exit_code == 0);
  run = test::run_gamefmt({"convert", glb, "-o", (dir / "back.model").string(), "-O", "version=4"});
  REQUIRE(run.exit_code == 0);
  CHECK(shinobi::read_model(test::read_bytes(dir / "back.model"), "back.model").version == 4);
  // The animation alone (its tracks name no node of the seed model): nodes named after its tracks.
  const auto animation_glb = (dir / "turn.glb").string();
  REQUIRE(test::run_gamefmt({"convert", kAnimation.string(), "-o", animation_glb}).exit_code == 0);
  run = test::run_gamefmt({"convert", animation_glb, "-o", (dir / "back.animation").string(), "-O",
                           "version=3", "-O", "animation=small_v1"});
  REQUIRE(run.exit_code == 0);
  const auto animation = shinobi::read_animation(test::read_bytes(dir / "back.animation"), "back.animation");
  CHECK(animation.version == 3);
  CHECK(animation.frame_count == 3);
  CHECK(animation.frame_rate == 10.0f);
  // Rewriting an unchanged file is byte-identical.
  run = test::run_gamefmt({"convert", kModel.string(), "-o", (dir / "same.model").string()});
  REQUIRE(run.exit_code == 0);
  CHECK(test::read_bytes(dir / "same.model") == test::read_bytes(kModel));
  // A cut file fails with the file, offset and field.
  auto bytes = test::read_bytes(kModel);
  bytes.resize(bytes.size() / 2);
  write_file_atomically(dir / "cut.model", bytes);
  run = test::run_gamefmt({"convert", (dir / "cut.model").string(), "-o", (dir / "cut.glb").string()});
  CHECK(run.exit_code != 0);
  CHECK_THAT(run.output, Catch::Contains("cut.model: offset 0x"));
}
