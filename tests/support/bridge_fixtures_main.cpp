// Writes the synthetic bridge scenes as .glb and .gltf into a folder, for the validator and Blender checks.
#include <filesystem>
#include <iostream>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "synthetic_scenes.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gamefmt_bridge_fixtures OUTPUT_DIR\n";
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  const auto scene = gamefmt::test::make_skinned_animated_scene();
  gamefmt::write_file_atomically(out / "synthetic_skinned.glb", gamefmt::gltf::write_gltf(*scene, {true, "gamefmt tests"}, "synthetic_skinned.glb"));
  gamefmt::write_file_atomically(out / "synthetic_skinned.gltf", gamefmt::gltf::write_gltf(*scene, {false, "gamefmt tests"}, "synthetic_skinned.gltf"));
  return 0;
}
