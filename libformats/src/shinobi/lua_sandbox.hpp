#pragma once
// A Lua 5.1 state for running untrusted game scripts: no file, OS or bytecode access, a capped heap, an
// instruction budget per chunk (string pattern matching and string.rep are charged to it too) and a time
// limit per chunk (one instruction may copy or compare megabytes of string), and every unknown global a
// do-nothing function. Lua is the C++ build (liblua5.1-c++): a Lua error is a C++ exception, so C++ objects
// in our C functions are destroyed as it passes. C++ exceptions must not escape into Lua (its catch-all would
// make them status -1): our C functions catch std::exception and raise a Lua error instead.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

extern "C" {
#include <lauxlib.h>
#include <lua.h>
}

namespace gamefmt::shinobi::lua {

class Sandbox {
 public:
  Sandbox(std::uint64_t instructions_per_chunk, double seconds_per_chunk, std::size_t memory_bytes);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // Runs `body` in protected mode; a Lua error or C++ exception gives its message. Everything that touches
  // the state goes through here (or through a C function Lua called), since an unprotected error aborts.
  std::optional<std::string> protect(const std::function<void(lua_State*)>& body);

  // Inside protect or a C function: sets up the safe libraries and the unknown-global fallback.
  void open_libraries(lua_State* L);
  // Inside protect or a C function: compiles and runs a chunk with a fresh instruction budget, restoring the
  // caller's budget after. Returns the error ("script:line: problem"), or nothing when the chunk ran through.
  std::optional<std::string> run_chunk(lua_State* L, std::string_view source, const std::string& script_name);

  // The Sandbox of a state (its allocator's user data).
  static Sandbox& of(lua_State* L);
  // Charges work done outside the VM (C loops) to the running chunk's budget; raises a Lua error when spent.
  void charge(lua_State* L, double instructions);

 private:
  static void* allocate(void* user, void* block, std::size_t old_size, std::size_t new_size);
  static void count_hook(lua_State* L, lua_Debug* debug);
  // Raises "script:line: stopped after ..." for the function `level` frames up.
  void exhaust(lua_State* L, int level, bool out_of_time);
  bool out_of_time() const { return std::chrono::steady_clock::now() > deadline_; }
  std::string with_full_script_names(std::string message) const;

  lua_State* state_ = nullptr;
  std::uint64_t instructions_per_chunk_;
  std::chrono::duration<double> time_per_chunk_;
  std::uint64_t remaining_ = 0;                     // instructions left for the running chunk
  std::chrono::steady_clock::time_point deadline_;  // of the running chunk
  bool exhausted_ = false;  // the hook now fires on every instruction, so no pcall can go on
  std::size_t memory_limit_;
  std::size_t memory_used_ = 0;
  std::map<std::string, std::string> script_by_short_name_;  // Lua shortens long chunk names in messages
};

}  // namespace gamefmt::shinobi::lua
