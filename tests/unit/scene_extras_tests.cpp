// Typed reads of extras (gamefmt/scene/extras.hpp) as glTF files edited in DCC tools give them back.
#include <catch2/catch.hpp>

#include "gamefmt/scene/extras.hpp"

using gamefmt::scene::get;
using gamefmt::scene::get_or;

TEST_CASE("Extras: a boolean also reads from 1 or 0, as Blender keeps it", "[scene]") {
  const auto extras = nlohmann::json::parse(
      R"({"yes": true, "no": false, "one": 1, "zero": 0.0, "two": 2, "text": "true", "half": 0.5})");
  CHECK(get<bool>(extras, "yes") == true);
  CHECK(get<bool>(extras, "no") == false);
  CHECK(get<bool>(extras, "one") == true);
  CHECK(get<bool>(extras, "zero") == false);
  CHECK_FALSE(get<bool>(extras, "two").has_value());
  CHECK_FALSE(get<bool>(extras, "half").has_value());
  CHECK_FALSE(get<bool>(extras, "text").has_value());
  CHECK_FALSE(get<bool>(extras, "missing").has_value());
  CHECK(get_or(extras, "two", false) == false);
}

TEST_CASE("Extras: integers read from whole numbers within range only", "[scene]") {
  const auto extras = nlohmann::json::parse(R"({"whole": 2.0, "part": 2.5, "big": 300, "negative": -1})");
  CHECK(get<int>(extras, "whole") == 2);
  CHECK_FALSE(get<int>(extras, "part").has_value());
  CHECK_FALSE(get<std::uint8_t>(extras, "big").has_value());
  CHECK_FALSE(get<std::uint32_t>(extras, "negative").has_value());
  CHECK(get<std::int8_t>(extras, "negative") == -1);
  CHECK_FALSE(get<int>(nlohmann::json(), "whole").has_value());
}
