// Structured metadata: nested records, their flattened form for Assimp's API, and glTF extras from either.
#include <assimp/scene.h>

#include <catch2/catch.hpp>
#include <memory>

#include "gamefmt/gltf/gltf.hpp"
#include "legacy_ai_scene.hpp"
#include "metadata_json.hpp"
#include "synthetic_scenes.hpp"
#include "test_support.hpp"

using namespace gamefmt;

namespace {

const nlohmann::json kRecord = {{"name", "bip01 l/r"},  // a slash in a value is only a value
                                {"limits", {{{"range", {-0.5, 1.25}}, {"spring", 3}}, {{"range", {0, 0}}}}},
                                {"a/b~c", true},  // keys with '/' and '~' are escaped in pointers
                                {"empty", nlohmann::json::array()}};

std::unique_ptr<aiScene> scene_with_record() {
  auto scene = test::make_skinned_animated_scene();
  auto* child = new aiNode("bone");
  scene->mRootNode->addChildren(1, &child);
  assimp::add_metadata_json(child->mMetaData, "xray.ik", kRecord);
  child->mMetaData->Add("plain", 7);
  assimp::add_metadata_json(scene->mMetaData, "gltf.extensions", {{"EXT_example", {{"list", {1, 2, 3}}}}});
  return scene;
}

}  // namespace

TEST_CASE("Flattened metadata holds no nested entry and reads back as the same record",
          "[assimp][metadata]") {
  auto scene = scene_with_record();
  assimp::flatten_nested_metadata(*scene);
  const aiMetadata& metadata = *scene->mRootNode->FindNode("bone")->mMetaData;
  bool any_nested = false;
  bool escaped_key = false;
  for (unsigned i = 0; i < metadata.mNumProperties; ++i) {
    any_nested = any_nested || metadata.mValues[i].mType == AI_AIMETADATA;
    escaped_key = escaped_key || std::string(metadata.mKeys[i].C_Str()) == "xray.ik/a~1b~0c";
  }
  CHECK_FALSE(any_nested);
  CHECK(escaped_key);
  CHECK(assimp::unflattened_key("xray.ik/limits/0/range/1") == "xray.ik");

  nlohmann::json expected = kRecord;
  expected.erase("empty");  // empty objects and arrays have no leaves to keep
  CHECK(assimp::find_metadata_json(&metadata, "xray.ik") == expected);
  CHECK(assimp::find_metadata_json(&metadata, "plain") == 7);
  CHECK(assimp::find_metadata_json(&metadata, "xray") == nullptr);
}

TEST_CASE("glTF extras and extensions are the same from nested and from flattened metadata",
          "[assimp][metadata][gltf]") {
  auto nested = scene_with_record();
  auto flat = scene_with_record();
  assimp::flatten_nested_metadata(*flat);
  const auto from_nested = gamefmt::test::legacy_read_gltf(gltf::write_gltf(*nested, {}, "n.gltf"), "n.gltf");
  const auto from_flat = gamefmt::test::legacy_read_gltf(gltf::write_gltf(*flat, {}, "f.gltf"), "f.gltf");
  const aiNode* bone_nested = from_nested->mRootNode->FindNode("bone");
  const aiNode* bone_flat = from_flat->mRootNode->FindNode("bone");
  REQUIRE(bone_nested != nullptr);
  REQUIRE(bone_flat != nullptr);
  auto record = assimp::find_metadata_json(bone_flat->mMetaData, "xray.ik");
  CHECK(record["limits"][0]["range"][1] == 1.25);
  CHECK(record["a/b~c"] == true);
  CHECK(record == assimp::find_metadata_json(bone_nested->mMetaData, "xray.ik"));
  // The extension object reaches the document either way (and "gltf." keys are not copied to extras).
  for (const auto* scene : {nested.get(), flat.get()}) {
    const auto bytes = gltf::write_gltf(*scene, {}, "x.gltf");
    const std::string text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    CHECK(text.find("\"EXT_example\":{\"list\":[1,2,3]}") != std::string::npos);
    CHECK(text.find("gltf.extensions") == std::string::npos);
  }
}
