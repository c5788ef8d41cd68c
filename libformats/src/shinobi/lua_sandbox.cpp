#include "lua_sandbox.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

extern "C" {
#include <lualib.h>
}

namespace gamefmt::shinobi::lua {
namespace {

constexpr int kHookInterval = 1000;           // instructions between two budget checks
constexpr std::size_t kLongestPattern = 512;  // Lua 5.1's matcher recurses once per pattern item

// Restores the caller's budget when a chunk ends, however it ends.
template <class F>
struct OnExit {
  F f;
  ~OnExit() { f(); }
};
template <class F>
OnExit(F) -> OnExit<F>;

int do_nothing(lua_State*) {
  return 0;
}

// _G's __index: every global a script reads without defining it is the do-nothing function, so the many
// definition functions of the game (defineObject, cloneObject, defineSound, ...) accept anything.
int unknown_global(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  return 1;
}

// loadstring without precompiled chunks, which Lua 5.1 would load unchecked.
int load_source_string(lua_State* L) {
  std::size_t size = 0;
  const char* source = luaL_checklstring(L, 1, &size);
  const char* chunk_name = luaL_optstring(L, 2, source);
  if (size > 0 && source[0] == LUA_SIGNATURE[0]) {
    lua_pushnil(L);
    lua_pushliteral(L, "precompiled chunks are refused");
    return 2;
  }
  if (luaL_loadbuffer(L, source, size, chunk_name) == 0) return 1;
  lua_pushnil(L);
  lua_insert(L, -2);
  return 2;
}

// The matcher's work, bounded from above: each `*`, `+`, `-`, `%b` and back reference may try every position
// of the subject for every choice before it, `?` doubles the choices, and find/gsub/gmatch try every start.
double pattern_cost(std::string_view subject, std::string_view pattern, bool plain) {
  const double positions = double(subject.size()) + 1;
  const double pattern_length = double(pattern.size()) + 1;
  if (plain) return positions * pattern_length;
  int repeats = 0, optionals = 0;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '%') {
      const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
      if (next == 'b' || (next >= '0' && next <= '9')) ++repeats;
      i += next == 'b' ? 3 : 1;
    } else if (c == '[') {
      ++i;
      if (i < pattern.size() && pattern[i] == '^') ++i;
      if (i < pattern.size() && pattern[i] == ']') ++i;  // a leading ']' is a member of the set
      while (i < pattern.size() && pattern[i] != ']') i += pattern[i] == '%' ? 2 : 1;
    } else if (c == '*' || c == '+' || c == '-') {
      ++repeats;
    } else if (c == '?') {
      ++optionals;
    }
  }
  return std::pow(positions, repeats + 1) * std::pow(2.0, optionals) * pattern_length;
}

// string.find, match, gmatch, gsub: the original (upvalue 1), after charging its worst case to the budget.
int guarded_pattern_call(lua_State* L) {
  std::size_t subject_size = 0, pattern_size = 0;
  const char* subject = luaL_checklstring(L, 1, &subject_size);
  const char* pattern = luaL_checklstring(L, 2, &pattern_size);
  if (pattern_size > kLongestPattern)
    return luaL_error(L, "pattern longer than %d bytes", int(kLongestPattern));
  const bool plain =
      lua_gettop(L) >= 4 && lua_toboolean(L, 4) && lua_tocfunction(L, lua_upvalueindex(2)) != 0;
  Sandbox::of(L).charge(L, pattern_cost({subject, subject_size}, {pattern, pattern_size}, plain));
  const int arguments = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, arguments, LUA_MULTRET);
  return lua_gettop(L);
}

// string.rep: Lua 5.1 loops `count` times even for an empty string, outside any hook.
int guarded_repeat(lua_State* L) {
  std::size_t size = 0;
  luaL_checklstring(L, 1, &size);
  const lua_Integer count = luaL_checkinteger(L, 2);
  if (count > 0) {
    if (double(size) * double(count) > double(std::size_t(1) << 40))
      return luaL_error(L, "string.rep result too large");
    Sandbox::of(L).charge(L, double(count));
  }
  const int arguments = lua_gettop(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, arguments, LUA_MULTRET);
  return lua_gettop(L);
}

void wrap_string_function(lua_State* L, const char* name, lua_CFunction guard, bool has_plain_argument) {
  lua_getglobal(L, "string");
  lua_getfield(L, -1, name);
  // Upvalue 2 marks string.find, whose fourth argument asks for a plain search.
  if (has_plain_argument) {
    lua_pushcfunction(L, do_nothing);
    lua_pushcclosure(L, guard, 2);
  } else {
    lua_pushcclosure(L, guard, 1);
  }
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
}

int panic(lua_State* L) {
  // Everything runs protected, so this is a bug; throwing beats Lua's default exit().
  throw std::runtime_error("Lua error outside protected mode");
}

// Lua's own shortening of a chunk name "@name" in messages (luaO_chunkid).
std::string short_chunk_name(const std::string& script) {
  const std::size_t room = LUA_IDSIZE - sizeof(" '...' ");
  return script.size() <= room ? script : "..." + script.substr(script.size() - room);
}

struct ProtectedBody {
  const std::function<void(lua_State*)>* body;
  std::string failure;
};

int run_protected_body(lua_State* L) {
  auto* context = static_cast<ProtectedBody*>(lua_touserdata(L, 1));
  lua_pop(L, 1);
  try {
    (*context->body)(L);
  } catch (const std::exception& e) {
    context->failure = e.what();
  }
  return 0;
}

}  // namespace

Sandbox::Sandbox(std::uint64_t instructions_per_chunk, double seconds_per_chunk, std::size_t memory_bytes)
    : instructions_per_chunk_(instructions_per_chunk),
      time_per_chunk_(seconds_per_chunk),
      memory_limit_(memory_bytes) {
  state_ = lua_newstate(&Sandbox::allocate, this);
  if (state_ == nullptr) throw std::runtime_error("cannot create a Lua state within the memory limit");
  lua_atpanic(state_, panic);
  lua_sethook(state_, &Sandbox::count_hook, LUA_MASKCOUNT, kHookInterval);
}

Sandbox::~Sandbox() {
  lua_close(state_);
}

Sandbox& Sandbox::of(lua_State* L) {
  void* user = nullptr;
  lua_getallocf(L, &user);
  return *static_cast<Sandbox*>(user);
}

void* Sandbox::allocate(void* user, void* block, std::size_t old_size, std::size_t new_size) {
  auto& self = *static_cast<Sandbox*>(user);
  if (new_size == 0) {
    std::free(block);
    self.memory_used_ -= old_size;
    return nullptr;
  }
  // Lua 5.1 passes old_size 0 for a new block, and needs shrinking to succeed.
  if (new_size > old_size && self.memory_used_ + (new_size - old_size) > self.memory_limit_) return nullptr;
  void* moved = std::realloc(block, new_size);
  if (moved == nullptr) return nullptr;
  self.memory_used_ = self.memory_used_ - old_size + new_size;
  return moved;
}

void Sandbox::count_hook(lua_State* L, lua_Debug*) {
  Sandbox& self = of(L);
  // Level 0: a hook runs in the frame of the Lua function being executed.
  if (self.exhausted_ || self.remaining_ <= std::uint64_t(kHookInterval)) self.exhaust(L, 0, false);
  if (self.out_of_time()) self.exhaust(L, 0, true);
  self.remaining_ -= kHookInterval;
}

void Sandbox::exhaust(lua_State* L, int level, bool out_of_time) {
  exhausted_ = true;
  remaining_ = 0;
  // From now on every instruction raises, so a script catching the error with pcall cannot go on.
  lua_sethook(L, &Sandbox::count_hook, LUA_MASKCOUNT, 1);
  luaL_where(L, level);
  if (out_of_time)
    lua_pushfstring(L, "stopped after %f seconds (an endless loop?)", time_per_chunk_.count());
  else
    lua_pushfstring(L, "stopped after %f instructions (an endless loop?)", double(instructions_per_chunk_));
  lua_concat(L, 2);
  lua_error(L);
}

void Sandbox::charge(lua_State* L, double instructions) {
  // Level 1: the Lua code that called the C function charging.
  if (exhausted_ || !(instructions < double(remaining_))) exhaust(L, 1, false);
  if (out_of_time()) exhaust(L, 1, true);
  remaining_ -= std::uint64_t(instructions);
}

std::optional<std::string> Sandbox::protect(const std::function<void(lua_State*)>& body) {
  ProtectedBody context{&body, {}};
  const int status = lua_cpcall(state_, run_protected_body, &context);
  if (status != 0) {
    std::string message = lua_type(state_, -1) == LUA_TSTRING ? lua_tostring(state_, -1) : "Lua error";
    lua_pop(state_, 1);
    return with_full_script_names(std::move(message));
  }
  if (!context.failure.empty()) return context.failure;
  return std::nullopt;
}

void Sandbox::open_libraries(lua_State* L) {
  const std::pair<const char*, lua_CFunction> libraries[] = {{"", luaopen_base},
                                                             {LUA_TABLIBNAME, luaopen_table},
                                                             {LUA_STRLIBNAME, luaopen_string},
                                                             {LUA_MATHLIBNAME, luaopen_math}};
  for (const auto& [name, open] : libraries) {
    lua_pushcfunction(L, open);
    lua_pushstring(L, name);
    lua_call(L, 1, 0);
  }
  // File access, bytecode, collector control, coroutines (whose threads would need hooks of their own).
  for (const char* name :
       {"dofile", "loadfile", "load", "collectgarbage", "gcinfo", "newproxy", "coroutine"}) {
    lua_pushnil(L);
    lua_setglobal(L, name);
  }
  lua_pushcfunction(L, load_source_string);
  lua_setglobal(L, "loadstring");
  lua_pushcfunction(L, do_nothing);
  lua_setglobal(L, "print");
  lua_getglobal(L, "string");
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  wrap_string_function(L, "find", guarded_pattern_call, true);
  for (const char* name : {"match", "gmatch", "gsub"})
    wrap_string_function(L, name, guarded_pattern_call, false);
  wrap_string_function(L, "rep", guarded_repeat, false);

  lua_pushvalue(L, LUA_GLOBALSINDEX);
  lua_newtable(L);
  lua_pushcfunction(L, do_nothing);
  lua_pushcclosure(L, unknown_global, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

std::optional<std::string> Sandbox::run_chunk(lua_State* L, std::string_view source,
                                              const std::string& script_name) {
  if (!source.empty() && source.front() == LUA_SIGNATURE[0])
    return script_name + ": a precompiled Lua chunk, refused";
  if (source.substr(0, 3) == "\xEF\xBB\xBF") source.remove_prefix(3);  // editors' byte order mark
  script_by_short_name_[short_chunk_name(script_name)] = script_name;

  const std::uint64_t callers_remaining = remaining_;
  const auto callers_deadline = deadline_;
  remaining_ = instructions_per_chunk_;
  deadline_ = std::chrono::steady_clock::now() +
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(time_per_chunk_);
  OnExit restore{[&] {
    if (exhausted_) lua_sethook(L, &Sandbox::count_hook, LUA_MASKCOUNT, kHookInterval);
    exhausted_ = false;
    remaining_ = callers_remaining;
    // The caller's clock did not stop while the import ran: an import takes from its importer's time.
    deadline_ = callers_deadline;
  }};
  const std::string chunk_name = "@" + script_name;
  int status = luaL_loadbuffer(L, source.data(), source.size(), chunk_name.c_str());
  if (status == 0) status = lua_pcall(L, 0, 0, 0);
  if (status == 0) return std::nullopt;

  std::string message;
  if (status == LUA_ERRMEM) {
    message =
        script_name + ": out of memory (the scripts may use " + std::to_string(memory_limit_ >> 20) + " MiB)";
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    message = with_full_script_names(lua_tostring(L, -1));
  } else {
    message = script_name + ": error object is a " + lua_typename(L, lua_type(L, -1)) + " value";
  }
  lua_pop(L, 1);
  // Lua 5.1 has no emergency collection: free what the failed chunk left before the next one allocates.
  if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
  return message;
}

std::string Sandbox::with_full_script_names(std::string message) const {
  const std::string* best_short = nullptr;
  const std::string* best_full = nullptr;
  for (const auto& [short_name, full_name] : script_by_short_name_) {
    if (message.compare(0, short_name.size() + 1, short_name + ":") == 0 &&
        (best_short == nullptr || short_name.size() > best_short->size())) {
      best_short = &short_name;
      best_full = &full_name;
    }
  }
  if (best_short != nullptr) message.replace(0, best_short->size(), *best_full);
  return message;
}

}  // namespace gamefmt::shinobi::lua
