#include "gamefmt/adapters/common_options.hpp"

#include "gamefmt/adapters/options.hpp"

namespace gamefmt {
namespace {

struct CommonOptions {
  Option<std::string> gamedata =
      text_option("gamedata",
                  "the game's data folder (X-Ray `gamedata`, Grimrock's folder holding mod_assets/): where "
                  "motion references "
                  "and textures are looked up; found by walking up from the input when not given");
  Option<bool> textures = boolean_option(
      "textures", "load the textures the model names and embed them in the output (0: names only)", true);
  Option<bool> animations = boolean_option(
      "animations",
      "load the model's animations: its own and the motion files named or found for it (0: the model and its "
      "skeleton only; nothing is looked up)",
      true);
  Option<WayBackRecords> way_back = choice_option<WayBackRecords>(
      "way_back",
      "what the glTF keeps for the exact way back to the game's format: compact (each file as its "
      "difference from what gamefmt writes from the scene; exact from the glTF as written), full (the "
      "records whole: exact also after a DCC tool re-exported the scene; the Blender add-on's choice), off "
      "or 0 (nothing: a smaller glTF for viewing; a file written back from it is written from the scene, as "
      "after an edit)",
      {{"compact", WayBackRecords::compact},
       {"full", WayBackRecords::full},
       {"off", WayBackRecords::off},
       {"0", WayBackRecords::off},
       {"1", WayBackRecords::compact},
       {"on", WayBackRecords::compact}},
      "compact");
};

const CommonOptions& common_options() {
  static const CommonOptions options;
  return options;
}

}  // namespace

std::vector<const OptionSpec*> common_option_specs() {
  std::vector<const OptionSpec*> specs = Limits::option_specs();
  specs.push_back(&common_options().gamedata.spec());
  specs.push_back(&common_options().textures.spec());
  specs.push_back(&common_options().animations.spec());
  specs.push_back(&common_options().way_back.spec());
  return specs;
}

std::optional<std::filesystem::path> gamedata_option(const Options& options) {
  const auto it = options.find("gamedata");
  if (it == options.end() || it->second.empty()) return std::nullopt;
  return std::filesystem::path(it->second);
}

bool textures_option(const Options& options, std::string_view file) {
  return common_options().textures.get(options, file);
}

bool animations_option(const Options& options, std::string_view file) {
  return common_options().animations.get(options, file);
}

WayBackRecords way_back_option(const Options& options, std::string_view file) {
  return common_options().way_back.get(options, file);
}

bool keeps_way_back_records(const ImportRequest& request) {
  return !request.way_back_patched &&
         way_back_option(request.options, request.primary.path) != WayBackRecords::off;
}

}  // namespace gamefmt
