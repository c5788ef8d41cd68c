#pragma once
// A Lua 5.1 state for running untrusted game scripts: no file, OS or bytecode access, and one budget for
// everything that runs in it, whatever catches errors or calls what:
// - instructions: the VM's, counted by a hook, plus the work of library functions that loop in C (copying,
//   comparing, sorting, pattern matching), charged to the same count (lua_library.hpp);
// - wall-clock time, for single instructions that copy or compare megabytes (checked more often the larger
//   the blocks the scripts have made, so that a few such instructions cannot outlast it by much);
// - a capped heap.
// Once the instructions or the time are spent, every instruction raises, so no pcall or error handler can go
// on, and no further chunk runs. Every unknown global is a do-nothing function.
// Lua is the C++ build (liblua5.1-c++): a Lua error is a C++ exception, so C++ objects in our C functions are
// destroyed as it passes. C++ exceptions must not escape into Lua (its catch-all would make them status -1):
// our C functions catch std::exception and raise a Lua error instead.
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

// What everything that runs in one Sandbox may use together.
struct Budget {
  std::uint64_t instructions = 0;
  double seconds = 0;  // from the Sandbox's creation
  std::size_t memory_bytes = 0;
};

// Longest text taken from a Lua string into a message (a script may raise an error of megabytes).
constexpr std::size_t kLongestMessage = 300;
// Compiling a byte of source takes about as long as running this many instructions.
constexpr double kCompileCost = 4;

// The text Lua compiles from a script file's bytes: without a UTF-8 byte order mark (editors write one) and
// without a first line starting with '#' (as Lua's own file loader; its line break is kept, so that line
// numbers stay). Nothing for a precompiled chunk, in any of these forms: Lua 5.1 loads bytecode unchecked.
std::optional<std::string_view> source_text(std::string_view file_bytes);

class Sandbox {
 public:
  explicit Sandbox(const Budget& budget);
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  // Runs `body` in protected mode; a Lua error or C++ exception gives its message. Everything that touches
  // the state goes through here (or through a C function Lua called), since an unprotected error aborts.
  std::optional<std::string> protect(const std::function<void(lua_State*)>& body);

  // Inside protect or a C function: sets up the safe libraries and the unknown-global fallback.
  void open_libraries(lua_State* L);
  // Inside protect or a C function: compiles (charging kCompileCost a byte) and runs a script file's
  // bytes (source_text). Returns the error ("script:line: problem"), or nothing when the chunk ran through.
  // When the budget runs out, the error that stopped the scripts is returned once, by the chunk where it
  // happened; the chunks that imported it, and any chunk run after, return nothing and do not run.
  std::optional<std::string> run_chunk(lua_State* L, std::string_view file_bytes,
                                       const std::string& script_name);
  // The instructions or the time are spent: nothing runs any more.
  bool spent() const { return spent_; }

  // The Sandbox of a state (its allocator's user data).
  static Sandbox& of(lua_State* L);
  // Charges work done outside the VM (C loops) to the budget; raises a Lua error when it is spent.
  void charge(lua_State* L, double instructions);
  // A string on the Lua stack for a message: cut to kLongestMessage bytes, as UTF-8, with the script names
  // Lua shortened given in full.
  std::string message(lua_State* L, int index) const;
  std::size_t memory_limit() const { return memory_limit_; }
  // The pattern matcher's recursion, across the calls nested in gsub's replacement functions: bounded, so
  // that the C stack is.
  int matcher_depth = 0;

 private:
  static void* allocate(void* user, void* block, std::size_t old_size, std::size_t new_size);
  static void count_hook(lua_State* L, lua_Debug* debug);
  // Charges from the hook (level 0) or a C function (level 1: its Lua caller is the place named).
  void spend(lua_State* L, int level, double instructions);
  // Marks the budget spent and raises "script:line: stopped after ..." for the function `level` frames up.
  [[noreturn]] void stop(lua_State* L, int level, bool out_of_time);
  // Outside Lua: takes instructions without raising; false (and spent) when they are not there.
  bool take(double instructions, const std::string& script_name);
  void mark_spent(std::string message);
  std::string stop_reason(bool out_of_time) const;
  std::optional<std::string> report_stop();
  void set_hook_interval(int instructions);
  bool out_of_time() const { return std::chrono::steady_clock::now() > deadline_; }
  std::string with_full_script_names(std::string message) const;

  lua_State* state_ = nullptr;
  const std::uint64_t instruction_budget_;
  const double seconds_;
  std::uint64_t remaining_;                         // instructions left
  std::chrono::steady_clock::time_point deadline_;  // of everything
  bool spent_ = false;          // the hook now fires on every instruction, so no pcall can go on
  bool stop_reported_ = false;  // run_chunk returned stop_message_
  std::string stop_message_;    // where and why the budget ran out
  int hook_interval_ = 0;       // instructions between two hook calls
  std::size_t largest_block_ = 0;
  const std::size_t memory_limit_;
  std::size_t memory_used_ = 0;
  std::map<std::string, std::string> script_by_short_name_;  // Lua shortens long chunk names in messages
};

}  // namespace gamefmt::shinobi::lua
