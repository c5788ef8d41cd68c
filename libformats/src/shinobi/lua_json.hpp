#pragma once
// Lua values as JSON, for the fields of a definition table: what a converter can carry into glTF extras.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

extern "C" {
#include <lua.h>
}

namespace gamefmt::shinobi::lua {

struct JsonValue {
  nlohmann::json value;
  std::size_t values = 0;  // Lua values read: the work done, for the script's budget
  std::size_t bytes = 0;   // roughly what the JSON holds in memory
};

// The value at `index`: strings (invalid UTF-8 bytes read as Latin-1), numbers (integers when whole),
// booleans, tables (arrays when their keys are exactly 1..n, objects with keys as text otherwise, "<cycle>"
// for a table inside itself, "<too deep>" below 32 levels), and "<function>" etc. for what JSON cannot hold.
// Raw access only: no metamethod runs. Raises a Lua error past 100000 values in one conversion.
JsonValue to_json(lua_State* L, int index);

}  // namespace gamefmt::shinobi::lua
