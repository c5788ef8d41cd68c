#include "lua_sandbox.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

extern "C" {
#include <lualib.h>
}

#include "lua_library.hpp"
#include "lua_text.hpp"

namespace gamefmt::shinobi::lua {
namespace {

constexpr int kLongestHookInterval = 1024;  // instructions between two budget checks, at most
// One instruction may copy or compare about the largest block the scripts made (a string, a table's part);
// the hook fires often enough that the instructions between two checks touch about this much at most.
constexpr std::size_t kBytesBetweenChecks = 4u << 20;

int do_nothing(lua_State*) {
  return 0;
}

// _G's __index: every global a script reads without defining it is the do-nothing function, so the many
// definition functions of the game (defineObject, cloneObject, defineSound, ...) accept anything.
int unknown_global(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  return 1;
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

std::optional<std::string_view> source_text(std::string_view file_bytes) {
  std::string_view text = file_bytes;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (!text.empty() && text.front() == '#') {
    const std::size_t line_end = text.find('\n');
    text.remove_prefix(line_end == std::string_view::npos ? text.size() : line_end);
  }
  // Lua decides on the first byte it is given; the byte after a '#' line is checked too, as Lua's file
  // loader would take bytecode there.
  const std::string_view after_line_break = !text.empty() && text.front() == '\n' ? text.substr(1) : text;
  if ((!text.empty() && text.front() == LUA_SIGNATURE[0]) ||
      (!after_line_break.empty() && after_line_break.front() == LUA_SIGNATURE[0]))
    return std::nullopt;
  return text;
}

Sandbox::Sandbox(const Budget& budget)
    : instruction_budget_(budget.instructions),
      seconds_(budget.seconds),
      remaining_(budget.instructions),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(budget.seconds))),
      memory_limit_(budget.memory_bytes) {
  lua_State* L = lua_newstate(&Sandbox::allocate, this);
  if (L == nullptr) throw std::runtime_error("cannot create a Lua state within the memory limit");
  lua_atpanic(L, panic);
  state_ = L;
  int interval = kLongestHookInterval;
  while (interval > 1 && std::size_t(interval) * largest_block_ > kBytesBetweenChecks) interval /= 2;
  set_hook_interval(interval);
}

Sandbox::~Sandbox() {
  lua_State* L = state_;
  state_ = nullptr;  // the allocator leaves the hook alone from here
  lua_close(L);
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
  if (new_size > self.largest_block_) {
    self.largest_block_ = new_size;
    // Blocks this large make single instructions this expensive: check the budget more often. Only on a
    // change (lua_sethook restarts the count), so at most a dozen times.
    int interval = self.hook_interval_;
    while (interval > 1 && std::size_t(interval) * new_size > kBytesBetweenChecks) interval /= 2;
    if (interval < self.hook_interval_ && self.state_ != nullptr && !self.spent_)
      self.set_hook_interval(interval);
  }
  return moved;
}

void Sandbox::set_hook_interval(int instructions) {
  hook_interval_ = instructions;
  lua_sethook(state_, &Sandbox::count_hook, LUA_MASKCOUNT, instructions);
}

void Sandbox::count_hook(lua_State* L, lua_Debug*) {
  // Level 0: a hook runs in the frame of the Lua function being executed.
  Sandbox& self = of(L);
  self.spend(L, 0, double(self.hook_interval_));
}

void Sandbox::charge(lua_State* L, double instructions) {
  // Level 1: the Lua code that called the C function charging.
  spend(L, 1, instructions);
}

void Sandbox::spend(lua_State* L, int level, double instructions) {
  if (spent_ || !(instructions < double(remaining_))) stop(L, level, false);
  if (out_of_time()) stop(L, level, true);
  remaining_ -= std::uint64_t(instructions);
}

std::string Sandbox::stop_reason(bool out_of_time) const {
  char text[200];
  if (out_of_time)
    std::snprintf(text, sizeof text,
                  "stopped after %g seconds, the time all the scripts may take (an endless loop?)", seconds_);
  else
    std::snprintf(text, sizeof text,
                  "stopped after %llu instructions, all that the scripts may run together (an endless loop?)",
                  static_cast<unsigned long long>(instruction_budget_));
  return text;
}

void Sandbox::stop(lua_State* L, int level, bool out_of_time) {
  const bool first = !spent_;
  luaL_where(L, level);
  if (first) {
    // The place is named by its script's full name in the message kept.
    mark_spent(message(L, -1) + stop_reason(out_of_time));
  }
  lua_pushstring(L, first ? stop_reason(out_of_time).c_str() : "stopped: the scripts' budget is spent");
  lua_concat(L, 2);
  lua_error(L);
  throw std::logic_error("lua_error returned");  // it does not: it throws
}

void Sandbox::mark_spent(std::string message) {
  spent_ = true;
  remaining_ = 0;
  stop_message_ = std::move(message);
  // From now on every instruction raises, so a script catching the error with pcall cannot go on.
  set_hook_interval(1);
}

bool Sandbox::take(double instructions, const std::string& script_name) {
  if (spent_) return false;
  const bool late = out_of_time();
  if (late || !(instructions < double(remaining_))) {
    mark_spent(shortened(script_name, kLongestMessage) + ": not run: " + stop_reason(late));
    return false;
  }
  remaining_ -= std::uint64_t(instructions);
  return true;
}

std::optional<std::string> Sandbox::report_stop() {
  if (stop_reported_) return std::nullopt;
  stop_reported_ = true;
  return stop_message_;
}

std::optional<std::string> Sandbox::protect(const std::function<void(lua_State*)>& body) {
  ProtectedBody context{&body, {}};
  const int status = lua_cpcall(state_, run_protected_body, &context);
  if (status != 0) {
    std::string failure = lua_type(state_, -1) == LUA_TSTRING ? message(state_, -1) : "Lua error";
    lua_pop(state_, 1);
    return failure;
  }
  if (!context.failure.empty()) return shortened(context.failure, kLongestMessage);
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
  lua_pushcfunction(L, do_nothing);
  lua_setglobal(L, "print");
  lua_getglobal(L, "string");
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  install_bounded_library(L);

  lua_pushvalue(L, LUA_GLOBALSINDEX);
  lua_newtable(L);
  lua_pushcfunction(L, do_nothing);
  lua_pushcclosure(L, unknown_global, 1);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

std::optional<std::string> Sandbox::run_chunk(lua_State* L, std::string_view file_bytes,
                                              const std::string& script_name) {
  if (spent_) return std::nullopt;
  const auto text = source_text(file_bytes);
  if (!text) return shortened(script_name, kLongestMessage) + ": a precompiled Lua chunk, refused";
  script_by_short_name_[short_chunk_name(script_name)] = script_name;
  // Compiling runs in C, outside the hook.
  if (!take(kCompileCost * double(text->size()), script_name)) return report_stop();

  const std::string chunk_name = "@" + script_name;
  int status = luaL_loadbuffer(L, text->data(), text->size(), chunk_name.c_str());
  if (status == 0) status = lua_pcall(L, 0, 0, 0);
  if (status == 0) return std::nullopt;

  std::string failure;
  if (spent_) {
    lua_pop(L, 1);
    return report_stop();
  }
  if (status == LUA_ERRMEM) {
    failure = shortened(script_name, kLongestMessage) + ": out of memory (the scripts may use " +
              std::to_string(memory_limit_ >> 20) + " MiB)";
  } else if (lua_type(L, -1) == LUA_TSTRING) {
    failure = message(L, -1);
  } else {
    failure = shortened(script_name, kLongestMessage) + ": error object is a " +
              lua_typename(L, lua_type(L, -1)) + " value";
  }
  lua_pop(L, 1);
  // Lua 5.1 has no emergency collection: free what the failed chunk left before the next one allocates.
  if (status == LUA_ERRMEM) lua_gc(L, LUA_GCCOLLECT, 0);
  return failure;
}

std::string Sandbox::message(lua_State* L, int index) const {
  std::size_t size = 0;
  const char* text = lua_tolstring(L, index, &size);
  if (text == nullptr) return {};
  // The start names the script (shortened by Lua to LUA_IDSIZE); the rest is cut.
  const std::size_t taken = std::min(size, kLongestMessage + LUA_IDSIZE);
  const std::string head = with_full_script_names(std::string(text, taken));
  return shortened(head, kLongestMessage, size - taken);
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
