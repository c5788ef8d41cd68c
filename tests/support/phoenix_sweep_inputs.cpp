#include "phoenix_sweep_inputs.hpp"

#include "gamefmt/phoenix/animation.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/save.hpp"
#include "gamefmt/phoenix/skeleton.hpp"

namespace gamefmt::test {

void add_phoenix_sweep_inputs(std::vector<SweepInput>& inputs) {
  const auto biped = phoenix::make_sample_biped(11, 1);
  inputs.push_back({"biped.phxbn", phoenix::write_skeleton(biped.skeleton)});
  inputs.push_back({"biped_v8.phxbn", phoenix::write_skeleton(phoenix::make_sample_biped(8, 0).skeleton)});
  inputs.push_back({"walk.anm", phoenix::write_animation(phoenix::make_sample_walk(biped, 10, 3))});
  inputs.push_back({"biped.fzx", phoenix::write_ragdoll(phoenix::make_sample_ragdoll(biped))});
  inputs.push_back({"walk_centred.anm", phoenix::write_animation(phoenix::make_sample_walk(biped, 11, 2))});
  phoenix::SaveFile save;
  phoenix::SavedLevel level;
  level.campaign_id = "com-wolfire-overgrowth-campaign";
  level.save_category = "linear_campaign";
  level.md5.fill(0xAB);
  level.values = {{"last_level_played", "rescue"}, {"progress", "7"}};
  level.array_values = {{"finished_levels", {"intro", "rescue"}}};
  level.int_values = {{"kills", 12}};
  phoenix::SavedLevel arena;  // a deprecated GetSavedLevel(name) save: no campaign, no category
  arena.save_name = "arena";
  save.levels = {level, arena};
  inputs.push_back({"savefile.sav3", phoenix::write_save(save)});
}

}  // namespace gamefmt::test
