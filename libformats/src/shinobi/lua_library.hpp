#pragma once
// The library functions of Lua 5.1 that can run long in C, replaced or wrapped so that their work is charged
// to the Sandbox's budget (Sandbox::charge: about an instruction for a comparison, a matcher step, or 8
// bytes copied), and the ones that would run Lua code outside the budget (xpcall's message handler runs with
// hooks off) or load bytecode (loadstring) made safe. The rest of the base, string, table and math libraries
// does bounded work per call.
extern "C" {
#include <lua.h>
}

namespace gamefmt::shinobi::lua {

class Sandbox;

// Charges work to the Sandbox in batches (a charge reads the clock); flush() when done. Work not flushed
// when an error unwinds goes uncharged: less than a batch.
class WorkMeter {
 public:
  explicit WorkMeter(lua_State* L);
  void add(double instructions) {
    pending_ += instructions;
    if (pending_ >= kBatch) flush();
  }
  void flush();

 private:
  static constexpr double kBatch = 1024;
  lua_State* L_;
  Sandbox& sandbox_;
  double pending_ = 0;
};

// Inside the Sandbox, after the libraries are open: xpcall, loadstring, table.sort, insert, remove, concat,
// maxn, foreach, foreachi, and the string functions (lua_patterns.cpp for the pattern matching ones).
void install_bounded_library(lua_State* L);

// string.find, match, gmatch, gfind and gsub: Lua 5.1's pattern matching, its steps charged as they are
// taken (lua_patterns.cpp).
void install_pattern_functions(lua_State* L);

}  // namespace gamefmt::shinobi::lua
