#include "lua_library.hpp"

#include <algorithm>
#include <climits>
#include <utility>

extern "C" {
#include <lauxlib.h>
#include <lualib.h>
}

#include "lua_sandbox.hpp"

namespace gamefmt::shinobi::lua {
namespace {

// What the C loops cost, in instructions of the VM (measured on Lua 5.1.5: an instruction takes 2 to 5 ns).
constexpr double kCallCost = 10;    // a call from C into a function (a comparator, a callback)
constexpr double kElementCost = 4;  // an element read, written or visited (lua_rawgeti, lua_next)
constexpr double kCompareCost = 4;  // lua_lessthan of two values, their strings' bytes apart
// Lua 5.1's string buffer (luaL_Buffer) adds a byte at a time: a byte of a result built so costs about an
// instruction; one copied whole (lua_pushlstring) an eighth.
constexpr double kBuiltByteCost = 1;
constexpr double kCopiedByteCost = 1.0 / 8;

// The original function a wrapper calls (upvalue 1), with the wrapper's arguments; returns its results.
int call_original(lua_State* L) {
  const int arguments = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, arguments, LUA_MULTRET);
  return lua_gettop(L);
}

// Wraps library.name with `wrapper`, which finds the original as its upvalue 1.
void wrap(lua_State* L, const char* library, const char* name, lua_CFunction wrapper) {
  lua_getglobal(L, library);
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, wrapper, 1);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

void replace(lua_State* L, const char* library, const char* name, lua_CFunction function) {
  lua_getglobal(L, library);
  lua_pushcfunction(L, function);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

// xpcall(f, handler) as pcall, then the handler called as an ordinary function: Lua 5.1 runs the handler
// while the error is raised, with hooks off, so the budget would not stop a handler that loops. The budget's
// own error goes on up untouched: no handler may catch it.
int bounded_xpcall(lua_State* L) {
  luaL_checkany(L, 2);
  lua_settop(L, 2);
  lua_pushvalue(L, 1);
  const int status = lua_pcall(L, 0, LUA_MULTRET, 0);
  if (status == 0) {
    lua_pushboolean(L, 1);
    lua_replace(L, 1);
    lua_remove(L, 2);
    return lua_gettop(L);
  }
  if (Sandbox::of(L).spent()) lua_error(L);
  if (status != LUA_ERRMEM) {  // Lua calls no handler for a memory error
    lua_pushvalue(L, 2);
    lua_insert(L, -2);
    if (lua_pcall(L, 1, 1, 0) != 0) {
      if (Sandbox::of(L).spent()) lua_error(L);
      lua_pop(L, 1);
      lua_pushliteral(L, "error in error handling");  // Lua's message for a handler that fails
    }
  }
  lua_pushboolean(L, 0);
  lua_insert(L, -2);
  return 2;
}

// loadstring without precompiled chunks, which Lua 5.1 would load unchecked; compiling is charged.
int bounded_loadstring(lua_State* L) {
  std::size_t size = 0;
  const char* source = luaL_checklstring(L, 1, &size);
  const char* chunk_name = luaL_optstring(L, 2, source);
  if (size > 0 && source[0] == LUA_SIGNATURE[0]) {
    lua_pushnil(L);
    lua_pushliteral(L, "precompiled chunks are refused");
    return 2;
  }
  Sandbox::of(L).charge(L, kCompileCost * double(size));
  if (luaL_loadbuffer(L, source, size, chunk_name) == 0) return 1;
  lua_pushnil(L);
  lua_insert(L, -2);
  return 2;
}

// unpack(t, i, j): Lua 5.1.5's counts j - i + 1 in an int, which overflows for a huge range and pushes
// values past the stack (a crash); here the range is checked as numbers first. Each value is charged.
int bounded_unpack(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Number first = luaL_optnumber(L, 2, 1);
  const lua_Number last = lua_isnoneornil(L, 3) ? lua_Number(lua_objlen(L, 1)) : luaL_checknumber(L, 3);
  if (!(first <= last)) return 0;  // an empty range (or NaN, which Lua reads as 0 or less)
  if (!(first >= INT_MIN && last <= INT_MAX) || last - first + 1 > LUAI_MAXCSTACK)
    return luaL_error(L, "too many results to unpack");
  const int i = luaL_optint(L, 2, 1);
  const int e = lua_isnoneornil(L, 3) ? int(lua_objlen(L, 1)) : luaL_checkint(L, 3);
  if (i > e) return 0;
  const int count = e - i + 1;
  if (!lua_checkstack(L, count)) return luaL_error(L, "too many results to unpack");
  Sandbox::of(L).charge(L, kCallCost + kElementCost * count);
  for (int k = i; k <= e; ++k) lua_rawgeti(L, 1, k);
  return count;
}

// A heap sort in place: O(n log n) comparisons whatever the order (Lua 5.1's quicksort is quadratic on some
// orders, and its comparisons in C count no instruction). Each comparison is charged; the comparator's own
// instructions count as any Lua code's.
class HeapSort {
 public:
  HeapSort(lua_State* L, bool has_comparator) : L_(L), meter_(L), has_comparator_(has_comparator) {}

  void sort(int n) {
    for (int root = n / 2; root >= 1; --root) sift_down(root, n);
    for (int end = n; end > 1; --end) {
      swap(1, end);
      sift_down(1, end - 1);
    }
    meter_.flush();
  }

 private:
  // a[i] < a[j]
  bool less(int i, int j) {
    lua_rawgeti(L_, 1, i);
    lua_rawgeti(L_, 1, j);
    bool result = false;
    if (has_comparator_) {
      lua_pushvalue(L_, 2);
      lua_insert(L_, -3);
      lua_call(L_, 2, 1);
      result = lua_toboolean(L_, -1) != 0;
      lua_pop(L_, 1);
      meter_.add(2 * kElementCost + kCallCost);
    } else {
      double cost = 2 * kElementCost + kCompareCost;
      if (lua_type(L_, -1) == LUA_TSTRING && lua_type(L_, -2) == LUA_TSTRING)
        cost += double(std::min(lua_objlen(L_, -1), lua_objlen(L_, -2))) * kCopiedByteCost;
      result = lua_lessthan(L_, -2, -1) != 0;
      lua_pop(L_, 2);
      meter_.add(cost);
    }
    return result;
  }

  void swap(int i, int j) {
    meter_.add(4 * kElementCost);
    lua_rawgeti(L_, 1, i);
    lua_rawgeti(L_, 1, j);
    lua_rawseti(L_, 1, i);
    lua_rawseti(L_, 1, j);
  }

  void sift_down(int root, int end) {
    while (2 * root <= end) {
      int child = 2 * root;
      if (child < end && less(child, child + 1)) ++child;
      if (!less(root, child)) return;
      swap(root, child);
      root = child;
    }
  }

  lua_State* L_;
  WorkMeter meter_;
  bool has_comparator_;
};

int bounded_sort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int n = int(lua_objlen(L, 1));
  luaL_checkstack(L, 8, "");
  const bool has_comparator = !lua_isnoneornil(L, 2);
  if (has_comparator) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  HeapSort(L, has_comparator).sort(n);
  return 0;
}

// table.insert(t, [pos,] v) moves the elements after pos: charged before it runs (a far negative pos
// would make it loop billions of times). A position may be a numeric string, as luaL_checkint reads it.
int charged_insert(lua_State* L) {
  if (lua_type(L, 1) == LUA_TTABLE && lua_gettop(L) == 3 && lua_isnumber(L, 2)) {
    const double moved = double(lua_objlen(L, 1)) + 1 - lua_tonumber(L, 2);
    Sandbox::of(L).charge(L, kCallCost + 2 * kElementCost * std::max(0.0, moved));
  }
  return call_original(L);
}

// table.remove(t [, pos]) moves the elements after pos.
int charged_remove(lua_State* L) {
  if (lua_type(L, 1) == LUA_TTABLE && lua_isnumber(L, 2)) {
    const double moved = double(lua_objlen(L, 1)) - lua_tonumber(L, 2);
    Sandbox::of(L).charge(L, kCallCost + 2 * kElementCost * std::max(0.0, moved));
  }
  return call_original(L);
}

// table.concat(t, sep, i, j): a step per element (it stops at the first that is not a string), then the
// bytes of the result.
int charged_concat(lua_State* L) {
  if (lua_type(L, 1) == LUA_TTABLE) {
    const double length = double(lua_objlen(L, 1));
    const double first = lua_isnumber(L, 3) ? lua_tonumber(L, 3) : 1;
    const double last = lua_isnumber(L, 4) ? lua_tonumber(L, 4) : length;
    Sandbox::of(L).charge(L, kCallCost + kElementCost * std::clamp(last - first + 1, 0.0, length + 1));
  }
  const int results = call_original(L);
  if (lua_type(L, -1) == LUA_TSTRING) Sandbox::of(L).charge(L, double(lua_objlen(L, -1)) * kBuiltByteCost);
  return results;
}

// table.maxn visits every key.
int bounded_maxn(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  WorkMeter meter(L);
  lua_Number most = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER) most = std::max(most, lua_tonumber(L, -1));
    meter.add(kElementCost);
  }
  meter.flush();
  lua_pushnumber(L, most);
  return 1;
}

// table.foreach(t, f) and foreachi: a step per call (f may be a C function, which counts no instruction).
int bounded_foreach(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  WorkMeter meter(L);
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    meter.add(kElementCost + kCallCost);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -3);
    lua_pushvalue(L, -3);
    lua_call(L, 2, 1);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 2);
  }
  meter.flush();
  return 0;
}

int bounded_foreachi(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int n = int(lua_objlen(L, 1));
  luaL_checktype(L, 2, LUA_TFUNCTION);
  WorkMeter meter(L);
  for (int i = 1; i <= n; ++i) {
    meter.add(kElementCost + kCallCost);
    lua_pushvalue(L, 2);
    lua_pushinteger(L, i);
    lua_rawgeti(L, 1, i);
    lua_call(L, 2, 1);
    if (!lua_isnil(L, -1)) return 1;
    lua_pop(L, 1);
  }
  meter.flush();
  return 0;
}

// string.rep(s, n): Lua 5.1 loops n times even for an empty string; a result larger than the scripts'
// memory is refused before it is built.
int bounded_repeat(lua_State* L) {
  std::size_t size = 0;
  luaL_checklstring(L, 1, &size);
  const lua_Number count = luaL_checknumber(L, 2);
  if (size == 0 || !(count >= 1)) {
    lua_pushliteral(L, "");
    return 1;
  }
  Sandbox& sandbox = Sandbox::of(L);
  if (double(size) * count > double(sandbox.memory_limit()))
    return luaL_error(L, "string.rep: a result of %f bytes is more than the scripts' memory",
                      double(size) * count);
  sandbox.charge(L, kCallCost + count + double(size) * count * kBuiltByteCost);
  return call_original(L);
}

// The string functions that work in proportion to what they return, charged after: upvalue 2 is the cost of a
// byte (built or copied).
int charged_by_results(lua_State* L) {
  const double byte_cost = lua_tonumber(L, lua_upvalueindex(2));
  const int results = call_original(L);
  double cost = kCallCost + results;
  for (int i = 1; i <= results; ++i)
    if (lua_type(L, i) == LUA_TSTRING) cost += double(lua_objlen(L, i)) * byte_cost;
  Sandbox::of(L).charge(L, cost);
  return results;
}

}  // namespace

WorkMeter::WorkMeter(lua_State* L) : L_(L), sandbox_(Sandbox::of(L)) {}

void WorkMeter::flush() {
  const double pending = pending_;
  pending_ = 0;
  if (pending > 0) sandbox_.charge(L_, pending);
}

void install_bounded_library(lua_State* L) {
  lua_pushcfunction(L, bounded_xpcall);
  lua_setglobal(L, "xpcall");
  lua_pushcfunction(L, bounded_loadstring);
  lua_setglobal(L, "loadstring");
  lua_pushcfunction(L, bounded_unpack);
  lua_setglobal(L, "unpack");

  replace(L, LUA_TABLIBNAME, "sort", bounded_sort);
  replace(L, LUA_TABLIBNAME, "maxn", bounded_maxn);
  replace(L, LUA_TABLIBNAME, "foreach", bounded_foreach);
  replace(L, LUA_TABLIBNAME, "foreachi", bounded_foreachi);
  wrap(L, LUA_TABLIBNAME, "insert", charged_insert);
  wrap(L, LUA_TABLIBNAME, "remove", charged_remove);
  wrap(L, LUA_TABLIBNAME, "concat", charged_concat);

  wrap(L, LUA_STRLIBNAME, "rep", bounded_repeat);
  const std::pair<const char*, double> by_results[] = {
      {"upper", kBuiltByteCost},  {"lower", kBuiltByteCost}, {"reverse", kBuiltByteCost},
      {"format", kBuiltByteCost}, {"char", kBuiltByteCost},  {"sub", kCopiedByteCost},
      {"byte", kCopiedByteCost}};
  for (const auto& [name, byte_cost] : by_results) {
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_getfield(L, -1, name);
    lua_pushnumber(L, byte_cost);
    lua_pushcclosure(L, charged_by_results, 2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
  }
  install_pattern_functions(L);
}

}  // namespace gamefmt::shinobi::lua
