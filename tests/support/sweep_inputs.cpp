#include "sweep_inputs.hpp"

#include "asobo_samples.hpp"  // Asobo BigFiles: no public archive, made by the writer
#include "gamefmt/asobo/sample_meshes.hpp"
#include "lenient_samples.hpp"  // files the game accepts although they bend the format
#include "phoenix_sweep_inputs.hpp"
#include "test_support.hpp"
#include "westwood_sweep_inputs.hpp"        // Westwood .vxl/.hva and .vox: made by the writers
#include "xray_anm_samples.hpp"             // X-Ray SDK .anm paths: assembled field by field
#include "xray_character_samples.hpp"       // X-Ray OMF/OGF: assembled field by field
#include "xray_compiled_level_samples.hpp"  // X-Ray level + level.geom: assembled field by field
#include "xray_level_samples.hpp"           // X-Ray level geometry: made by the writers
#include "xray_sdk_samples.hpp"             // X-Ray SDK .object/.skl/.skls/.bones: made by the writers

namespace gamefmt::test {

std::vector<SweepInput> sweep_inputs() {
  std::vector<SweepInput> inputs;
  // A small and a large Lugaru model.
  for (const char* name : {"Box.solid", "Wolf.solid"})
    inputs.push_back({name, read_bytes(samples_dir() / "lugaru" / name)});
  add_phoenix_sweep_inputs(inputs);
  for (const char* name : {"shinobi-model/small_v2.model", "shinobi-model/small_v4.model",
                           "shinobi-animation/small_v1.animation", "xray-thm/texture.thm"})
    inputs.push_back(
        {name, read_bytes(source_dir() / "fuzz/seeds" / name)});  // Shinobi, X-Ray .thm: made by the writers
  for (const auto order : {ByteOrder::little, ByteOrder::big})
    inputs.push_back(
        {order == ByteOrder::little ? "sample.DPC" : "sample.D36", asobo_sample_bigfile_bytes(order)});
  // A FUEL archive of meshes, stored raw so that changed bytes land in the class data.
  inputs.push_back(
      {"meshes.DPC", asobo::write_bigfile(asobo::make_sample_mesh_archive({1, false, true}), "meshes.DPC")});
  for (auto&& [name, bytes] : {std::pair{"sample.omf", xray_sample_omf_bytes()},
                               std::pair{"body.ogf", xray_sample_skinned_ogf_bytes()},
                               std::pair{"crate.ogf", xray_sample_static_ogf_bytes()},
                               std::pair{"old.ogf", xray_sample_v3_skinned_ogf_bytes(false)},
                               std::pair{"oldest.ogf", xray_sample_v3_skinned_ogf_bytes(true)}})
    inputs.push_back({name, bytes});
  add_westwood_sweep_inputs(inputs);
  for (auto& sample : xray_level_samples()) inputs.push_back(std::move(sample));
  for (auto& sample : xray_sdk_samples()) inputs.push_back(std::move(sample));
  for (auto& sample : xray_compiled_level_samples()) inputs.push_back(std::move(sample));
  for (auto& sample : xray_anm_samples()) inputs.push_back(std::move(sample));
  for (auto& seed : lenient_seed_files())
    inputs.push_back({seed.path.substr(seed.path.find('/') + 1), std::move(seed.bytes)});
  return inputs;
}

}  // namespace gamefmt::test
