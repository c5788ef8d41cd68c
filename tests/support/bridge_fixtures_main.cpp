// Writes the synthetic bridge scenes as .glb and .gltf into a folder, for the validator and Blender checks: a
// skinned animated scene, the Overgrowth sample rig with a walk, a morph target its shape key animates and
// its ragdoll volumes (with proxy meshes), and the meshes of a FUEL archive made by the writer (no game files
// of either are public), a scene using every material slot; and the Overgrowth rig's own files
// (overgrowth_rig/).
#include <filesystem>
#include <iostream>

#include "asobo/bigfile_scene.hpp"
#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/gltf/gltf.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "legacy_ai_scene.hpp"
#include "material_scenes.hpp"
#include "synthetic_scenes.hpp"

namespace {

void write_both(const std::filesystem::path& out, const std::string& stem,
                const gamefmt::scene::Scene& scene) {
  for (const bool binary : {true, false}) {
    const std::string name = stem + (binary ? ".glb" : ".gltf");
    gamefmt::write_file_atomically(out / name,
                                   gamefmt::gltf::write_gltf(scene, {binary, "gamefmt tests"}, name));
  }
}

void write_both(const std::filesystem::path& out, const std::string& stem, const aiScene& scene) {
  for (const bool binary : {true, false}) {
    const std::string name = stem + (binary ? ".glb" : ".gltf");
    gamefmt::write_file_atomically(out / name,
                                   gamefmt::gltf::write_gltf(scene, {binary, "gamefmt tests"}, name));
  }
}

gamefmt::scene::Scene phoenix_rig() {
  namespace phoenix = gamefmt::phoenix;
  const auto biped = phoenix::make_sample_biped(11, 1);
  gamefmt::ImportRequest request;
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
  return gamefmt::find_handler_by_id("phoenix-phxbn")->import_scene(request);
}

gamefmt::scene::Scene fuel_meshes() {
  const auto names_text = gamefmt::asobo::sample_mesh_archive_names();
  const auto names = gamefmt::asobo::parse_name_list(
      std::span(reinterpret_cast<const std::byte*>(names_text.data()), names_text.size()), "sample.NPC");
  return gamefmt::asobo::bigfile_meshes_to_scene(gamefmt::asobo::make_sample_mesh_archive(), &names,
                                                 "FUEL.DPC");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gamefmt_bridge_fixtures OUTPUT_DIR\n";
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  write_both(out, "synthetic_skinned", *gamefmt::test::make_skinned_animated_scene());
  write_both(out, "phoenix_ragdoll", phoenix_rig());
  write_both(out, "asobo_meshes", fuel_meshes());
  write_both(out, "material_slots", gamefmt::test::make_material_slots_scene());
  gamefmt::phoenix::write_sample_rig_files(out / "overgrowth_rig");
  return 0;
}
