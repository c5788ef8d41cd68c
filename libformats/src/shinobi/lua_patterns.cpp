// Lua 5.1's pattern matching (reference manual, section 5.4.1), written again so that its work can be
// charged: the library's matcher backtracks in C, where no hook counts, and some patterns take exponential
// time. Every matcher step (an item tried at a position, a character of a repetition or a balance) costs an
// instruction, as it is taken, so a pattern can run as long as the budget lasts and no longer. The results
// are Lua 5.1's, including its quirks: a pattern ends at its first '\0', "^" anchors only in find, match and
// gsub, and "%f" is there. The recursion is capped as Lua 5.2 caps it ("pattern too complex").
#include <array>
#include <cctype>
#include <cstring>
#include <optional>
#include <string_view>
#include <utility>

extern "C" {
#include <lauxlib.h>
#include <lualib.h>
}

#include "lua_library.hpp"
#include "lua_sandbox.hpp"

namespace gamefmt::shinobi::lua {
namespace {

constexpr int kDeepestMatch = 200;
constexpr std::ptrdiff_t kUnfinished = -1;  // a capture still open
constexpr std::ptrdiff_t kPosition = -2;    // a position capture "()"
constexpr std::size_t kNoMatch = std::size_t(-1);
constexpr std::string_view kSpecials = "^$*+?.([%-";

int byte(char c) {
  return static_cast<unsigned char>(c);
}

// A Lua string argument as a pattern: up to its first '\0', as Lua 5.1's matcher reads it.
std::string_view as_pattern(const char* text, std::size_t size) {
  const void* zero = std::memchr(text, 0, size);
  return {text, zero == nullptr ? size : std::size_t(static_cast<const char*>(zero) - text)};
}

// A position as Lua counts it (1-based, negative from the end) as an offset; 0 when before the start.
std::ptrdiff_t relative_position(lua_Integer position, std::size_t length) {
  if (position < 0) position += lua_Integer(length) + 1;
  return position >= 0 ? std::ptrdiff_t(position) : 0;
}

class Matcher {
 public:
  Matcher(lua_State* L, std::string_view subject, std::string_view pattern)
      : L_(L), sandbox_(Sandbox::of(L)), meter_(L), subject_(subject), pattern_(pattern) {}

  // Before each attempt at a start position.
  void restart() { level_ = 0; }
  // Charges what is left; before pushing results.
  void finish() { meter_.flush(); }
  WorkMeter& meter() { return meter_; }

  // The end of a match of the pattern from `p` on at subject position `s`, or kNoMatch.
  std::size_t match(std::size_t s, std::size_t p) {
    if (sandbox_.matcher_depth >= kDeepestMatch) luaL_error(L_, "pattern too complex");
    ++sandbox_.matcher_depth;
    struct Leave {
      Sandbox& sandbox;
      ~Leave() { --sandbox.matcher_depth; }  // also when a Lua error unwinds
    } leave{sandbox_};
    for (;;) {
      meter_.add(1);
      switch (pattern_at(p)) {
        case '(':
          if (pattern_at(p + 1) == ')') return start_capture(s, p + 2, kPosition);
          return start_capture(s, p + 1, kUnfinished);
        case ')':
          return end_capture(s, p + 1);
        case '\0':  // the end of the pattern
          return s;
        case '$':
          if (p + 1 == pattern_.size()) return s == subject_.size() ? s : kNoMatch;
          break;
        case '%':
          if (pattern_at(p + 1) == 'b') {
            s = match_balance(s, p + 2);
            if (s == kNoMatch) return kNoMatch;
            p += 4;
            continue;
          }
          if (pattern_at(p + 1) == 'f') {
            p += 2;
            if (pattern_at(p) != '[') luaL_error(L_, "missing '[' after '%%f' in pattern");
            const std::size_t next = class_end(p);
            const int previous = s == 0 ? 0 : byte(subject_[s - 1]);
            if (bracket_class(previous, p, next - 1) || !bracket_class(subject_at(s), p, next - 1))
              return kNoMatch;
            p = next;
            continue;
          }
          if (std::isdigit(byte(pattern_at(p + 1)))) {
            s = match_capture(s, byte(pattern_at(p + 1)));
            if (s == kNoMatch) return kNoMatch;
            p += 2;
            continue;
          }
          break;
        default:
          break;
      }
      // A single-character class, maybe repeated.
      const std::size_t next = class_end(p);
      const bool matches = s < subject_.size() && single_match(byte(subject_[s]), p, next);
      switch (pattern_at(next)) {
        case '?':
          if (matches) {
            const std::size_t end = match(s + 1, next + 1);
            if (end != kNoMatch) return end;
          }
          p = next + 1;
          continue;
        case '*':
          return max_expand(s, p, next);
        case '+':
          return matches ? max_expand(s + 1, p, next) : kNoMatch;
        case '-':
          return min_expand(s, p, next);
        default:
          if (!matches) return kNoMatch;
          ++s;
          p = next;
          continue;
      }
    }
  }

  // Pushes the captures of a match [s, e) (the whole match when the pattern has none and `whole`).
  int push_captures(std::size_t s, std::size_t e, bool whole) {
    const int count = level_ == 0 && whole ? 1 : level_;
    luaL_checkstack(L_, count, "too many captures");
    for (int i = 0; i < count; ++i) push_capture(i, s, e);
    return count;
  }

  void push_capture(int i, std::size_t s, std::size_t e) {
    if (i >= level_) {
      if (i != 0) luaL_error(L_, "invalid capture index");
      lua_pushlstring(L_, subject_.data() + s, e - s);
      return;
    }
    const Capture& capture = captures_[i];
    if (capture.length == kUnfinished) luaL_error(L_, "unfinished capture");
    if (capture.length == kPosition)
      lua_pushinteger(L_, lua_Integer(capture.start) + 1);
    else
      lua_pushlstring(L_, subject_.data() + capture.start, std::size_t(capture.length));
  }

 private:
  struct Capture {
    std::size_t start = 0;
    std::ptrdiff_t length = 0;  // or kUnfinished, kPosition
  };

  // '\0' past the end, as the C strings Lua 5.1's matcher reads.
  char pattern_at(std::size_t p) const { return p < pattern_.size() ? pattern_[p] : '\0'; }
  int subject_at(std::size_t s) const { return s < subject_.size() ? byte(subject_[s]) : 0; }

  // The position after the single-character class at p.
  std::size_t class_end(std::size_t p) const {
    const char c = pattern_at(p++);
    if (c == '%') {
      if (p >= pattern_.size()) luaL_error(L_, "malformed pattern (ends with '%%')");
      return p + 1;
    }
    if (c == '[') {
      if (pattern_at(p) == '^') ++p;
      do {  // the first character is a member even when it is ']'
        if (p >= pattern_.size()) luaL_error(L_, "malformed pattern (missing ']')");
        if (pattern_[p++] == '%' && p < pattern_.size()) ++p;
      } while (pattern_at(p) != ']');
      return p + 1;
    }
    return p;
  }

  static bool class_matches(int c, int letter) {
    bool result = false;
    switch (std::tolower(letter)) {
      case 'a':
        result = std::isalpha(c);
        break;
      case 'c':
        result = std::iscntrl(c);
        break;
      case 'd':
        result = std::isdigit(c);
        break;
      case 'l':
        result = std::islower(c);
        break;
      case 'p':
        result = std::ispunct(c);
        break;
      case 's':
        result = std::isspace(c);
        break;
      case 'u':
        result = std::isupper(c);
        break;
      case 'w':
        result = std::isalnum(c);
        break;
      case 'x':
        result = std::isxdigit(c);
        break;
      case 'z':
        result = c == 0;
        break;
      default:
        return letter == c;  // "%." and the like: the character itself
    }
    return std::isupper(letter) ? !result : result;
  }

  // [set] from p ('[') to last (its ']').
  bool bracket_class(int c, std::size_t p, std::size_t last) const {
    bool member = true;
    if (pattern_at(p + 1) == '^') {
      member = false;
      ++p;
    }
    while (++p < last) {
      if (pattern_[p] == '%') {
        ++p;
        if (class_matches(c, byte(pattern_at(p)))) return member;
      } else if (pattern_at(p + 1) == '-' && p + 2 < last) {
        p += 2;
        if (byte(pattern_[p - 2]) <= c && c <= byte(pattern_[p])) return member;
      } else if (byte(pattern_[p]) == c) {
        return member;
      }
    }
    return !member;
  }

  bool single_match(int c, std::size_t p, std::size_t next) const {
    switch (pattern_at(p)) {
      case '.':
        return true;
      case '%':
        return class_matches(c, byte(pattern_at(p + 1)));
      case '[':
        return bracket_class(c, p, next - 1);
      default:
        return byte(pattern_at(p)) == c;
    }
  }

  std::size_t match_balance(std::size_t s, std::size_t p) {
    if (p + 1 >= pattern_.size()) luaL_error(L_, "unbalanced pattern");
    if (subject_at(s) != byte(pattern_[p])) return kNoMatch;
    const char open = pattern_[p], close = pattern_[p + 1];
    int depth = 1;
    while (++s < subject_.size()) {
      meter_.add(1);
      if (subject_[s] == close) {
        if (--depth == 0) return s + 1;
      } else if (subject_[s] == open) {
        ++depth;
      }
    }
    return kNoMatch;
  }

  std::size_t max_expand(std::size_t s, std::size_t p, std::size_t next) {
    std::size_t count = 0;
    while (s + count < subject_.size() && single_match(byte(subject_[s + count]), p, next)) {
      ++count;
      meter_.add(1);
    }
    for (;;) {  // the longest repetition first
      const std::size_t end = match(s + count, next + 1);
      if (end != kNoMatch) return end;
      if (count == 0) return kNoMatch;
      --count;
    }
  }

  std::size_t min_expand(std::size_t s, std::size_t p, std::size_t next) {
    for (;;) {  // the shortest repetition first
      const std::size_t end = match(s, next + 1);
      if (end != kNoMatch) return end;
      if (s < subject_.size() && single_match(byte(subject_[s]), p, next))
        ++s;
      else
        return kNoMatch;
    }
  }

  std::size_t start_capture(std::size_t s, std::size_t p, std::ptrdiff_t what) {
    if (level_ >= LUA_MAXCAPTURES) luaL_error(L_, "too many captures");
    captures_[level_] = {s, what};
    ++level_;
    const std::size_t end = match(s, p);
    if (end == kNoMatch) --level_;  // undone
    return end;
  }

  std::size_t end_capture(std::size_t s, std::size_t p) {
    int open = level_ - 1;
    while (open >= 0 && captures_[open].length != kUnfinished) --open;
    if (open < 0) luaL_error(L_, "invalid pattern capture");
    captures_[open].length = std::ptrdiff_t(s - captures_[open].start);
    const std::size_t end = match(s, p);
    if (end == kNoMatch) captures_[open].length = kUnfinished;  // undone
    return end;
  }

  // %1-%9: the text of that capture again.
  std::size_t match_capture(std::size_t s, int digit) {
    const int i = digit - '1';
    if (i < 0 || i >= level_ || captures_[i].length == kUnfinished) luaL_error(L_, "invalid capture index");
    if (captures_[i].length == kPosition) return kNoMatch;  // its "length" is no length
    const auto length = std::size_t(captures_[i].length);
    meter_.add(double(length) / 8);
    if (subject_.size() - s >= length &&
        std::memcmp(subject_.data() + captures_[i].start, subject_.data() + s, length) == 0)
      return s + length;
    return kNoMatch;
  }

  lua_State* L_;
  Sandbox& sandbox_;
  WorkMeter meter_;
  std::string_view subject_, pattern_;
  int level_ = 0;
  std::array<Capture, LUA_MAXCAPTURES> captures_{};
};

// A plain search from `from`, charged per candidate position.
std::size_t find_plain(std::string_view text, std::size_t from, std::string_view wanted, WorkMeter& meter) {
  if (wanted.empty()) return from;
  if (wanted.size() > text.size() - from) return kNoMatch;
  const std::size_t last_start = text.size() - wanted.size();
  std::size_t at = from;
  while (at <= last_start) {
    const void* hit = std::memchr(text.data() + at, wanted[0], last_start - at + 1);
    if (hit == nullptr) {
      meter.add(double(last_start - at + 1) / 16);
      return kNoMatch;
    }
    const auto position = std::size_t(static_cast<const char*>(hit) - text.data());
    meter.add(1 + double(position - at) / 16 + double(wanted.size()) / 8);
    if (std::memcmp(text.data() + position + 1, wanted.data() + 1, wanted.size() - 1) == 0) return position;
    at = position + 1;
  }
  return kNoMatch;
}

// string.find (find = true) and string.match.
int find_or_match(lua_State* L, bool find) {
  std::size_t subject_size = 0, pattern_size = 0;
  const char* subject = luaL_checklstring(L, 1, &subject_size);
  const char* pattern = luaL_checklstring(L, 2, &pattern_size);
  std::ptrdiff_t start = relative_position(luaL_optinteger(L, 3, 1), subject_size) - 1;
  if (start < 0)
    start = 0;
  else if (std::size_t(start) > subject_size)
    start = std::ptrdiff_t(subject_size);
  const std::string_view text(subject, subject_size);
  std::string_view items = as_pattern(pattern, pattern_size);

  if (find && (lua_toboolean(L, 4) || items.find_first_of(kSpecials) == std::string_view::npos)) {
    WorkMeter meter(L);
    const std::size_t found = find_plain(text, std::size_t(start), {pattern, pattern_size}, meter);
    meter.flush();
    if (found == kNoMatch) {
      lua_pushnil(L);
      return 1;
    }
    lua_pushinteger(L, lua_Integer(found) + 1);
    lua_pushinteger(L, lua_Integer(found + pattern_size));
    return 2;
  }
  const bool anchored = !items.empty() && items.front() == '^';
  Matcher matcher(L, text, items);
  std::size_t s = std::size_t(start);
  do {
    matcher.restart();
    const std::size_t end = matcher.match(s, anchored ? 1 : 0);
    if (end != kNoMatch) {
      matcher.finish();
      if (!find) return matcher.push_captures(s, end, true);
      lua_pushinteger(L, lua_Integer(s) + 1);
      lua_pushinteger(L, lua_Integer(end));
      return matcher.push_captures(s, end, false) + 2;
    }
  } while (s++ < subject_size && !anchored);
  matcher.finish();
  lua_pushnil(L);
  return 1;
}

int string_find(lua_State* L) {
  return find_or_match(L, true);
}

int string_match(lua_State* L) {
  return find_or_match(L, false);
}

// The iterator of gmatch: upvalues subject, pattern, where the next search starts. Each call is charged for
// its own steps.
int gmatch_next(lua_State* L) {
  std::size_t subject_size = 0, pattern_size = 0;
  const char* subject = lua_tolstring(L, lua_upvalueindex(1), &subject_size);
  const char* pattern = lua_tolstring(L, lua_upvalueindex(2), &pattern_size);
  Matcher matcher(L, {subject, subject_size}, as_pattern(pattern, pattern_size));
  for (auto s = std::size_t(lua_tointeger(L, lua_upvalueindex(3))); s <= subject_size; ++s) {
    matcher.restart();
    const std::size_t end = matcher.match(s, 0);
    if (end != kNoMatch) {
      matcher.finish();
      // After an empty match, the next search starts one further.
      lua_pushinteger(L, lua_Integer(end == s ? end + 1 : end));
      lua_replace(L, lua_upvalueindex(3));
      return matcher.push_captures(s, end, true);
    }
  }
  matcher.finish();
  return 0;
}

int string_gmatch(lua_State* L) {
  luaL_checkstring(L, 1);
  luaL_checkstring(L, 2);
  lua_settop(L, 2);
  lua_pushinteger(L, 0);
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

// gsub's replacement of a match [s, e) (the replacement is argument 3), added to the buffer.
void add_replacement(lua_State* L, Matcher& matcher, luaL_Buffer& buffer, std::string_view subject,
                     std::size_t s, std::size_t e) {
  switch (lua_type(L, 3)) {
    case LUA_TNUMBER:
    case LUA_TSTRING: {
      std::size_t size = 0;
      const char* replacement = lua_tolstring(L, 3, &size);
      matcher.meter().add(double(size) / 8);
      for (std::size_t i = 0; i < size; ++i) {
        if (replacement[i] != '%') {
          luaL_addchar(&buffer, replacement[i]);
          continue;
        }
        ++i;  // "%d" is a capture, "%0" the match, "%x" any other character x (a final '%' adds '\0')
        const char c = i < size ? replacement[i] : '\0';
        if (!std::isdigit(byte(c))) {
          luaL_addchar(&buffer, c);
        } else if (c == '0') {
          luaL_addlstring(&buffer, subject.data() + s, e - s);
        } else {
          matcher.push_capture(c - '1', s, e);
          luaL_addvalue(&buffer);
        }
      }
      return;
    }
    case LUA_TFUNCTION: {
      lua_pushvalue(L, 3);
      const int captures = matcher.push_captures(s, e, true);
      lua_call(L, captures, 1);
      break;
    }
    case LUA_TTABLE:
      matcher.push_capture(0, s, e);
      lua_gettable(L, 3);
      break;
  }
  if (!lua_toboolean(L, -1)) {  // nil or false: the match stays as it was
    lua_pop(L, 1);
    lua_pushlstring(L, subject.data() + s, e - s);
  } else if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(&buffer);
}

int string_gsub(lua_State* L) {
  std::size_t subject_size = 0, pattern_size = 0;
  const char* subject = luaL_checklstring(L, 1, &subject_size);
  const char* pattern = luaL_checklstring(L, 2, &pattern_size);
  const int replacement_type = lua_type(L, 3);
  const lua_Integer most = luaL_optinteger(L, 4, lua_Integer(subject_size) + 1);
  luaL_argcheck(L,
                replacement_type == LUA_TNUMBER || replacement_type == LUA_TSTRING ||
                    replacement_type == LUA_TFUNCTION || replacement_type == LUA_TTABLE,
                3, "string/function/table expected");
  const std::string_view text(subject, subject_size);
  const std::string_view items = as_pattern(pattern, pattern_size);
  const bool anchored = !items.empty() && items.front() == '^';
  Matcher matcher(L, text, items);
  luaL_Buffer buffer;
  luaL_buffinit(L, &buffer);
  std::size_t s = 0;
  lua_Integer replaced = 0;
  while (replaced < most) {
    matcher.restart();
    const std::size_t end = matcher.match(s, anchored ? 1 : 0);
    if (end != kNoMatch) {
      ++replaced;
      add_replacement(L, matcher, buffer, text, s, end);
    }
    if (end != kNoMatch && end > s) {
      s = end;
    } else if (s < subject_size) {
      luaL_addchar(&buffer, subject[s++]);
    } else {
      break;
    }
    if (anchored) break;
  }
  luaL_addlstring(&buffer, subject + s, subject_size - s);
  luaL_pushresult(&buffer);
  matcher.meter().add(double(lua_objlen(L, -1)));  // built a byte at a time
  matcher.finish();
  lua_pushinteger(L, replaced);
  return 2;
}

}  // namespace

void install_pattern_functions(lua_State* L) {
  lua_getglobal(L, LUA_STRLIBNAME);
  const std::pair<const char*, lua_CFunction> functions[] = {{"find", string_find},
                                                             {"match", string_match},
                                                             {"gmatch", string_gmatch},
                                                             {"gfind", string_gmatch},
                                                             {"gsub", string_gsub}};
  for (const auto& [name, function] : functions) {
    lua_pushcfunction(L, function);
    lua_setfield(L, -2, name);
  }
  lua_pop(L, 1);
}

}  // namespace gamefmt::shinobi::lua
