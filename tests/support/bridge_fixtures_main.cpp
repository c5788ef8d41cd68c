// Writes the synthetic bridge scenes as .glb and .gltf into a folder, for the validator and Blender checks: a
// skinned animated scene, and the Overgrowth sample rig with a walk, a morph target its shape key animates
// and its ragdoll volumes (with proxy meshes).
#include <filesystem>
#include <iostream>

#include "gamefmt/assimp/format_registry.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf_writer.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "synthetic_scenes.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gamefmt_bridge_fixtures OUTPUT_DIR\n";
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  const auto scene = gamefmt::test::make_skinned_animated_scene();
  gamefmt::write_file_atomically(
      out / "synthetic_skinned.glb",
      gamefmt::gltf::write_gltf(*scene, {true, "gamefmt tests"}, "synthetic_skinned.glb"));
  gamefmt::write_file_atomically(
      out / "synthetic_skinned.gltf",
      gamefmt::gltf::write_gltf(*scene, {false, "gamefmt tests"}, "synthetic_skinned.gltf"));
  // The Overgrowth rig: no game files are public, so the sample biped stands in.
  namespace phoenix = gamefmt::phoenix;
  const auto biped = phoenix::make_sample_biped(11, 1);
  gamefmt::assimp::ImportRequest request;
  request.primary = {"biped.phxbn", phoenix::write_skeleton(biped.skeleton)};
  const auto* obj = reinterpret_cast<const std::byte*>(biped.model_obj.data());
  request.companions.push_back({"biped.obj", {obj, obj + biped.model_obj.size()}});
  const auto morph = phoenix::make_sample_morph_obj(biped);
  const auto* morph_bytes = reinterpret_cast<const std::byte*>(morph.data());
  request.companions.push_back({"biped_blink.obj", {morph_bytes, morph_bytes + morph.size()}});
  request.companions.push_back(
      {"walk.anm", phoenix::write_animation(phoenix::make_sample_walk(biped, 10, 9))});
  request.companions.push_back({"biped.fzx", phoenix::write_ragdoll(phoenix::make_sample_ragdoll(biped))});
  request.options.emplace("ragdoll_proxies", "1");
  const auto rig = gamefmt::assimp::find_handler_by_id("phoenix-phxbn")->import_scene(request);
  gamefmt::write_file_atomically(
      out / "phoenix_ragdoll.glb",
      gamefmt::gltf::write_gltf(*rig, {true, "gamefmt tests"}, "phoenix_ragdoll.glb"));
  gamefmt::write_file_atomically(
      out / "phoenix_ragdoll.gltf",
      gamefmt::gltf::write_gltf(*rig, {false, "gamefmt tests"}, "phoenix_ragdoll.gltf"));
  return 0;
}
