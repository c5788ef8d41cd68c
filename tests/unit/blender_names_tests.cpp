#include <catch2/catch.hpp>

#include "core/blender_names.hpp"

using namespace gamefmt;

TEST_CASE("Blender's suffix is a dot and exactly three digits at the end", "[materials]") {
  CHECK(without_blender_suffix("wood.001") == "wood");
  CHECK(without_blender_suffix("1 - Defaultsa.001") == "1 - Defaultsa");
  CHECK(without_blender_suffix("act\\act_rat.042") == "act\\act_rat");
  CHECK(without_blender_suffix("wood.001.002") == "wood.001");  // only the last one
  CHECK(without_blender_suffix("wood.") == "wood.");
  CHECK(without_blender_suffix("wood.1") == "wood.1");
  CHECK(without_blender_suffix("wood.12") == "wood.12");
  CHECK(without_blender_suffix("wood.0001") == "wood.0001");
  CHECK(without_blender_suffix("wood.001a") == "wood.001a");
  CHECK(without_blender_suffix("wood.0a1") == "wood.0a1");
  CHECK(without_blender_suffix("wood_001") == "wood_001");
  CHECK(without_blender_suffix("wood 001") == "wood 001");
  CHECK(without_blender_suffix("details\\set") == "details\\set");
  CHECK(without_blender_suffix(".001") == ".001");  // nothing would be left of the name
  CHECK(without_blender_suffix("") == "");
}

TEST_CASE("A material's game name: the recorded one when the current name is it or Blender's copy of it",
          "[materials]") {
  CHECK(is_name_or_blender_copy("wood", "wood"));
  CHECK(is_name_or_blender_copy("wood.001", "wood"));
  CHECK(is_name_or_blender_copy("wood.017", "wood"));
  // Blender counts on from a name that already ends in three digits.
  CHECK(is_name_or_blender_copy("wood.002", "wood.001"));
  CHECK_FALSE(is_name_or_blender_copy("wood", "wood.001"));  // the user took the suffix off
  CHECK_FALSE(is_name_or_blender_copy("metal.001", "wood"));
  CHECK_FALSE(is_name_or_blender_copy("wood.1", "wood"));
  CHECK_FALSE(is_name_or_blender_copy("woods", "wood"));

  CHECK(game_material_name("wood.001", "wood") == "wood");
  CHECK(game_material_name("wood.002", "wood.001") == "wood.001");
  CHECK(game_material_name("wood", "wood") == "wood");
  CHECK(game_material_name("metal", "wood") == "metal");    // renamed by the user: theirs
  CHECK(game_material_name("wood.001", "") == "wood.001");  // nothing recorded
}

TEST_CASE("The warning for a kept suffix names the material, where it goes and the name without it",
          "[materials]") {
  const auto text = blender_suffix_kept_warning("snail_red.001", "the segment material");
  CHECK_THAT(text, Catch::Contains("'snail_red.001'"));
  CHECK_THAT(text, Catch::Contains("the segment material"));
  CHECK_THAT(text, Catch::Contains("'snail_red'"));
}
