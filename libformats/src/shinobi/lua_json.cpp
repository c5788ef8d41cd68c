#include "lua_json.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

extern "C" {
#include <lauxlib.h>
}

#include "lua_text.hpp"

namespace gamefmt::shinobi::lua {
namespace {

constexpr int kDeepestTable = 32;
constexpr std::size_t kMostValues = 100000;

std::string number_text(lua_Number number) {
  char text[32];
  std::snprintf(text, sizeof text, "%.14g", number);  // as Lua 5.1 prints numbers
  return text;
}

nlohmann::json number_json(lua_Number number) {
  if (!std::isfinite(number)) return number_text(number);
  if (number == std::floor(number) && std::fabs(number) < 9007199254740992.0) return std::int64_t(number);
  return number;
}

std::string key_text(lua_State* L, int index) {
  switch (lua_type(L, index)) {
    case LUA_TSTRING: {
      std::size_t size = 0;
      const char* text = lua_tolstring(L, index, &size);
      return as_utf8({text, size});
    }
    case LUA_TNUMBER:
      return number_text(lua_tonumber(L, index));
    case LUA_TBOOLEAN:
      return lua_toboolean(L, index) ? "true" : "false";
    default:
      return std::string("<") + lua_typename(L, lua_type(L, index)) + ">";
  }
}

class Converter {
 public:
  explicit Converter(lua_State* L) : L_(L) {}

  std::size_t values() const { return values_; }
  std::size_t bytes() const { return bytes_; }

  nlohmann::json value(int index, int depth) {
    if (++values_ > kMostValues) luaL_error(L_, "a definition with more than %d values", int(kMostValues));
    bytes_ += sizeof(nlohmann::json);
    switch (lua_type(L_, index)) {
      case LUA_TNIL:
        return nullptr;
      case LUA_TBOOLEAN:
        return bool(lua_toboolean(L_, index));
      case LUA_TNUMBER:
        return number_json(lua_tonumber(L_, index));
      case LUA_TSTRING: {
        std::size_t size = 0;
        const char* text = lua_tolstring(L_, index, &size);
        bytes_ += size;
        return as_utf8({text, size});
      }
      case LUA_TTABLE:
        return table(index, depth);
      default:
        return std::string("<") + lua_typename(L_, lua_type(L_, index)) + ">";
    }
  }

 private:
  nlohmann::json table(int index, int depth) {
    if (depth >= kDeepestTable) return "<too deep>";
    const void* identity = lua_topointer(L_, index);
    for (const void* open : open_tables_)
      if (open == identity) return "<cycle>";
    index = index < 0 ? lua_gettop(L_) + index + 1 : index;
    luaL_checkstack(L_, 3, "a definition nested too deeply");
    open_tables_.push_back(identity);

    // A sequence 1..n becomes an array; anything else an object.
    std::size_t keys = 0;
    bool sequence = true;
    lua_pushnil(L_);
    while (lua_next(L_, index) != 0) {
      ++keys;
      const lua_Number key = lua_type(L_, -2) == LUA_TNUMBER ? lua_tonumber(L_, -2) : 0;
      if (!(key >= 1 && key == std::floor(key))) sequence = false;
      lua_pop(L_, 1);
    }
    sequence = sequence && keys > 0 && lua_objlen(L_, index) == keys;

    nlohmann::json out = sequence ? nlohmann::json::array() : nlohmann::json::object();
    if (sequence) {
      for (std::size_t i = 1; i <= keys; ++i) {
        lua_rawgeti(L_, index, int(i));
        out.push_back(value(-1, depth + 1));
        lua_pop(L_, 1);
      }
    } else {
      lua_pushnil(L_);
      while (lua_next(L_, index) != 0) {
        std::string key = key_text(L_, -2);
        bytes_ += key.size() + sizeof(nlohmann::json::object_t::value_type);
        out[std::move(key)] = value(-1, depth + 1);
        lua_pop(L_, 1);
      }
    }
    open_tables_.pop_back();
    return out;
  }

  lua_State* L_;
  std::size_t values_ = 0;
  std::size_t bytes_ = 0;
  std::vector<const void*> open_tables_;
};

}  // namespace

JsonValue to_json(lua_State* L, int index) {
  Converter converter(L);
  JsonValue out;
  out.value = converter.value(index, 0);
  out.values = converter.values();
  out.bytes = converter.bytes();
  return out;
}

}  // namespace gamefmt::shinobi::lua
