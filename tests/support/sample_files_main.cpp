// Writes the samples that no game file could give (samples/overgrowth, samples/fuel, samples/grimrock), each
// built in code and written by gamefmt's own writers: the Overgrowth sample rig, the FUEL sample archive with
// its name list, and a Grimrock lever's model, animation and texture (the mod's Lua scripts beside them are
// written by hand, as modders do). The test samples_up_to_date (tests/scripts/check_samples.sh) compares its
// output with the committed files byte for byte; after changing what it writes, run
// `build/tests/gamefmt_sample_files samples` and commit the result.
#include <filesystem>
#include <iostream>

#include "gamefmt/asobo/bigfile.hpp"
#include "gamefmt/asobo/sample_meshes.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/shinobi/animation.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "shinobi_samples.hpp"

namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, auto&& data) {
  fs::create_directories(path.parent_path());
  gamefmt::write_file_atomically(path, data);
}

void write_grimrock(const fs::path& mod) {
  namespace test = gamefmt::test;
  write(mod / "mod_assets/models/sample_lever.model",
        gamefmt::shinobi::write_model(test::sample_lever_model()));
  write(mod / "mod_assets/animations/sample_lever_pull.animation",
        gamefmt::shinobi::write_animation(test::sample_lever_animation()));
  write(mod / "mod_assets/textures/sample_lever_dif.dds", test::sample_lever_texture());
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: gamefmt_sample_files SAMPLES_DIR\n";
    return 2;
  }
  const fs::path out = argv[1];
  gamefmt::phoenix::write_sample_rig_files(out / "overgrowth");
  write(out / "fuel/FUEL.DPC",
        gamefmt::asobo::write_bigfile(gamefmt::asobo::make_sample_mesh_archive(), "FUEL.DPC"));
  write(out / "fuel/FUEL.NPC", gamefmt::asobo::sample_mesh_archive_names());
  write_grimrock(out / "grimrock");
  return 0;
}
