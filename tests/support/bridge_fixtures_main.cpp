// Writes the synthetic bridge scenes as .glb and .gltf into a folder, for the validator and Blender checks:
// a skinned animated scene, and the meshes of a FUEL archive made by the writer (no real one is public).
#include <filesystem>
#include <iostream>

#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/assimp/asobo_meshes.hpp"
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
  const auto names_text = gamefmt::asobo::sample_mesh_archive_names();
  const auto names = gamefmt::asobo::parse_name_list(
      std::span(reinterpret_cast<const std::byte*>(names_text.data()), names_text.size()), "sample.NPC");
  const auto fuel = gamefmt::assimp::bigfile_meshes_to_scene(gamefmt::asobo::make_sample_mesh_archive(), &names, "FUEL.DPC");
  gamefmt::write_file_atomically(out / "asobo_meshes.glb", gamefmt::gltf::write_gltf(*fuel, {true, "gamefmt tests"}, "asobo_meshes.glb"));
  gamefmt::write_file_atomically(out / "asobo_meshes.gltf", gamefmt::gltf::write_gltf(*fuel, {false, "gamefmt tests"}, "asobo_meshes.gltf"));
  return 0;
}
