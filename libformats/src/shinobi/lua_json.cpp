#include "lua_json.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

extern "C" {
#include <lauxlib.h>
}

namespace gamefmt::shinobi::lua {
namespace {

constexpr int kDeepestTable = 32;
constexpr std::size_t kMostValues = 100000;

bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80           ? 1
                               : (lead >> 5) == 0x6  ? 2
                               : (lead >> 4) == 0xE  ? 3
                               : (lead >> 3) == 0x1E ? 4
                                                     : 0;
    if (length == 0 || i + length > text.size()) return false;
    char32_t code_point = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3F);
    }
    const char32_t shortest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code_point < shortest[length] || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF))
      return false;
    i += length;
  }
  return true;
}

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

std::string as_utf8(std::string_view text) {
  if (is_valid_utf8(text)) return std::string(text);
  std::string out;
  out.reserve(text.size() * 2);
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x80) {
      out += c;
    } else {
      out += static_cast<char>(0xC0 | (byte >> 6));
      out += static_cast<char>(0x80 | (byte & 0x3F));
    }
  }
  return out;
}

JsonValue to_json(lua_State* L, int index) {
  Converter converter(L);
  JsonValue out;
  out.value = converter.value(index, 0);
  out.values = converter.values();
  out.bytes = converter.bytes();
  return out;
}

}  // namespace gamefmt::shinobi::lua
