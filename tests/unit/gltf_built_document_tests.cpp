// gltf::BuiltGltf: a scene's glTF document built once, read back in memory and written with the extras the
// scene has by then, as the compact way back uses it (conversion.cpp).
#include <catch2/catch.hpp>

#include "gamefmt/conversion.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "test_support.hpp"

using namespace gamefmt;

TEST_CASE("A built glTF document reads back as its file does, and writes as write_gltf with later extras",
          "[gltf][way-back]") {
  // Samples with extras on the scene, nodes, materials and animations (an SDK object with its motions, an
  // Overgrowth rig with its clip, a Grimrock model) and warnings.
  for (const auto& inputs : std::vector<std::vector<std::filesystem::path>>{
           {test::samples_dir() / "xray" / "bx_test_fmt_armature.object"},
           {test::samples_dir() / "overgrowth" / "biped.phxbn",
            test::samples_dir() / "overgrowth" / "walk.anm"},
           {test::samples_dir() / "grimrock" / "mod_assets" / "models" / "sample_lever.model"}}) {
    INFO(inputs.front().string());
    scene::Scene scene = load_scene(inputs, {{"way_back", "full"}});
    scene.warnings.push_back("a warning the file carries");
    const gltf::WriteOptions options;
    gltf::BuiltGltf built(scene, options, "a.glb");

    // Read back: the scene a file of it gives back, compared through their own files.
    const auto from_file = gltf::read_gltf(gltf::write_gltf(scene, options, "a.glb"), "a.glb");
    CHECK(gltf::write_gltf(built.read_back(), options, "b.glb") ==
          gltf::write_gltf(from_file, options, "b.glb"));

    // Written with scene extras added after the build: the bytes write_gltf makes of that scene.
    scene.extras["added.after"] = {{"text", std::string(3000, 'x')}, {"number", 1.5}};
    const auto expected = gltf::write_gltf(scene, options, "a.glb");
    CHECK(std::move(built).write(scene) == expected);
  }
}
