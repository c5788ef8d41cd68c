#include "gamefmt/shinobi/material_scripts.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <tuple>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/format_error.hpp"
#include "gamefmt/core/text_encoding.hpp"
#include "lua_json.hpp"
#include "lua_sandbox.hpp"
#include "lua_text.hpp"

namespace gamefmt::shinobi {
namespace {
namespace fs = std::filesystem;

// A script looping over warnings or definitions must not fill memory outside the Lua heap's cap: warnings
// are bounded in number and length, and so are the names and paths taken into them.
constexpr std::size_t kMostWarnings = 200;
constexpr std::size_t kLongestWarning = 400;
constexpr std::size_t kLongestName = 200;  // a script or object name, an import name in a message
// A file a script names (an import, a map, a model, an animation): Windows paths are at most 260 characters,
// so a longer name finds nothing in the game; it is not looked up.
constexpr std::size_t kLongestPath = 1024;
// The work of an import beyond its script (looking the file up, reading it), in instructions.
constexpr double kImportCost = 1000;
// The work of a defineMaterial or defineObject call beyond the values it reads, in instructions.
constexpr double kDefinitionCost = 100;

// A Lua string argument, or nothing when it is not a string.
std::optional<std::string_view> string_argument(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TSTRING) return std::nullopt;
  std::size_t size = 0;
  const char* text = lua_tolstring(L, index, &size);
  return std::string_view(text, size);
}

// A name a script gave, for a message: shortened, and a NUL byte made visible.
std::string in_quotes(std::string_view name) {
  std::string text = lua::shortened(name, kLongestName);
  for (std::size_t at = text.find('\0'); at != std::string::npos; at = text.find('\0', at + 2))
    text.replace(at, 1, "\\0");
  return "\"" + text + "\"";
}

// What one reading of scripts shares with the functions the scripts call.
struct ScriptRun {
  const GameFolder* mod_root = nullptr;  // null when one script is read alone
  const GameFolder* game = nullptr;
  const ScriptLimits& limits;
  lua::Sandbox sandbox;
  MaterialLibrary library;
  std::map<std::string, std::size_t, std::less<>> material_index;
  std::set<fs::path> running, finished;     // script files, by their real path
  std::vector<std::size_t> material_bytes;  // roughly, per material: all of them stay within the memory cap
  std::size_t recorded_bytes = 0;
  bool recording_full = false;

  explicit ScriptRun(const ScriptLimits& limits)
      : limits(limits), sandbox(lua::Budget{limits.instructions, limits.seconds, limits.memory_bytes}) {}

  static ScriptRun& of(lua_State* L) {
    return *static_cast<ScriptRun*>(lua_touserdata(L, lua_upvalueindex(1)));
  }

  // The script and line of the Lua code that called the running C function. A chunk a script compiled with
  // loadstring is named by Lua's short form of its name ([string "..."]).
  static std::pair<std::string, int> caller(lua_State* L) {
    lua_Debug where{};
    if (lua_getstack(L, 1, &where) == 0 || lua_getinfo(L, "Sl", &where) == 0) return {"?", 0};
    std::string_view script = where.source != nullptr ? where.source : "?";
    if (!script.empty() && script.front() == '@')
      script.remove_prefix(1);
    else
      script = where.short_src;
    return {lua::shortened(script, kLongestName), where.currentline};
  }

  void add_warning(std::string_view warning) {
    if (library.warnings.size() < kMostWarnings)
      library.warnings.push_back(lua::shortened(warning, kLongestWarning));
    else if (library.warnings.size() == kMostWarnings)
      library.warnings.push_back("(more warnings not shown)");
  }

  void warn(const std::string& script, int line, const std::string& problem) {
    add_warning(line > 0 ? script + ":" + std::to_string(line) + ": " + problem : script + ": " + problem);
  }

  void record(MaterialDefinition definition, std::size_t bytes) {
    bytes += sizeof(MaterialDefinition) + definition.name.size() + definition.diffuse_map.size() +
             definition.normal_map.size() + definition.specular_map.size() + definition.script.size();
    const auto existing = material_index.find(definition.name);
    const std::size_t replaced = existing == material_index.end() ? 0 : material_bytes[existing->second];
    if (recorded_bytes - replaced + bytes > limits.memory_bytes) {
      if (!recording_full)
        warn(definition.script, definition.line,
             "the definitions read so far fill the scripts' memory cap; later ones are ignored");
      recording_full = true;
      return;
    }
    recorded_bytes = recorded_bytes - replaced + bytes;
    if (existing != material_index.end()) {
      library.materials[existing->second] = std::move(definition);
      material_bytes[existing->second] = bytes;
      return;
    }
    material_index.emplace(definition.name, library.materials.size());
    library.materials.push_back(std::move(definition));
    material_bytes.push_back(bytes);
  }

  void record_object(ObjectDefinition definition, std::size_t bytes) {
    if (recorded_bytes + bytes > limits.memory_bytes) {
      if (!recording_full)
        warn(definition.script, definition.line,
             "the definitions read so far fill the scripts' memory cap; later ones are ignored");
      recording_full = true;
      return;
    }
    recorded_bytes += bytes;
    library.objects.push_back(std::move(definition));
  }

  // Runs a script file once; a second import of a finished file does nothing, like the game's caching, and
  // an import of a file still running (a cycle) is reported instead of recursing. Nothing runs once the
  // budget is spent.
  void run_file(lua_State* L, const fs::path& file, const std::string& name, const std::string& importer,
                int importer_line) {
    if (sandbox.spent() || finished.count(file) != 0) return;
    if (running.count(file) != 0) {
      warn(importer, importer_line,
           "import cycle: " + in_quotes(name) + " is already being read; not read again");
      return;
    }
    // Read under the rule of the folder that found it (gamefmt/core/file_io.hpp): inside it, a regular file,
    // within script_bytes, however the file changed since the lookup.
    const GameFolder* folder = mod_root;
    std::error_code error;
    if (game != nullptr && !lies_inside(fs::weakly_canonical(mod_root->root(), error), file)) folder = game;
    std::vector<std::byte> bytes;
    try {
      bytes = folder != nullptr ? folder->read(file, {limits.script_bytes, "script_bytes"})
                                : read_file_bytes(file, {limits.script_bytes, "script_bytes"});
    } catch (const FormatError& e) {
      warn(name, 0, e.problem() + "; not run");
      return;
    }
    running.insert(file);
    library.scripts_read.push_back(lua::as_utf8(name));
    const auto failure =
        sandbox.run_chunk(L, {reinterpret_cast<const char*>(bytes.data()), bytes.size()}, name);
    running.erase(file);
    finished.insert(file);
    if (failure) add_warning(*failure);
  }

  // The file an import names: under the mod first, then (for the game's own "assets/...") the game folder.
  std::optional<fs::path> script_file(const std::string& name, FileLookup& lookup) const {
    lookup = mod_root->find_first({name});
    if (!lookup.found && game != nullptr) {
      const FileLookup in_game = game->find_first({name});
      lookup.candidates.insert(lookup.candidates.end(), in_game.candidates.begin(), in_game.candidates.end());
      lookup.found = in_game.found;
    }
    return lookup.found;
  }
};

// C++ exceptions must not reach Lua's catch-all: they become Lua errors here.
template <class Body>
int guarded(lua_State* L, Body&& body) {
  std::string failure;
  try {
    return body();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  return luaL_error(L, "%s", failure.c_str());
}

std::string string_field(lua_State* L, int table, const char* key, bool& present_but_not_text) {
  lua_pushstring(L, key);
  lua_rawget(L, table);  // raw, as the fields JSON: no metamethod of the script's runs here
  std::string out;
  if (lua_type(L, -1) == LUA_TSTRING) {
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    out.assign(text, size);
  } else {
    present_but_not_text = !lua_isnil(L, -1);
  }
  lua_pop(L, 1);
  return out;
}

// defineMaterial{...}: records the table; a call it cannot use is a warning, and the script goes on.
int define_material(lua_State* L) {
  return guarded(L, [&] {
    ScriptRun& run = ScriptRun::of(L);
    run.sandbox.charge(L, kDefinitionCost);
    const auto [script, line] = ScriptRun::caller(L);
    if (lua_type(L, 1) != LUA_TTABLE) {
      run.warn(script, line, std::string("defineMaterial needs a table, got ") + luaL_typename(L, 1));
      return 0;
    }
    MaterialDefinition definition;
    bool name_not_text = false;
    const std::string raw_name = string_field(L, 1, "name", name_not_text);
    if (raw_name.empty()) {
      run.warn(script, line, "defineMaterial without a name (a string); skipped");
      return 0;
    }
    definition.name = lua::as_utf8(raw_name);
    auto [fields, values, bytes] = lua::to_json(L, 1);
    // Reading the table is work the script asked for: a value costs about an instruction, copying 8 bytes
    // too.
    run.sandbox.charge(L, double(values) + double(bytes) / 8);
    const std::pair<const char*, std::string*> maps[] = {{"diffuseMap", &definition.diffuse_map},
                                                         {"normalMap", &definition.normal_map},
                                                         {"specularMap", &definition.specular_map}};
    for (const auto& [key, target] : maps) {
      bool not_text = false;
      const std::string map = string_field(L, 1, key, not_text);
      if (not_text) {
        run.warn(script, line,
                 "material " + in_quotes(definition.name) + ": " + key +
                     " is not a string; kept among the other fields");
      } else if (map.size() > kLongestPath) {
        run.warn(script, line,
                 "material " + in_quotes(definition.name) + ": " + key + " " + in_quotes(map) +
                     " is longer than " + std::to_string(kLongestPath) +
                     " bytes, so no file; kept among the other fields");
      } else {
        *target = lua::as_utf8(map);
        fields.erase(key);
      }
    }
    fields.erase("name");
    definition.fields = std::move(fields);
    definition.script = script;
    definition.line = line;
    run.record(std::move(definition), bytes);
    return 0;
  });
}

// The string values of a table field that is a table, by key (string keys only), sorted by key, as UTF-8;
// values longer than kLongestPath are left out (they name no file). Each entry visited is charged.
std::vector<std::pair<std::string, std::string>> string_table(lua_State* L, int table, const char* key) {
  std::vector<std::pair<std::string, std::string>> out;
  lua_pushstring(L, key);
  lua_rawget(L, table);
  if (lua_type(L, -1) == LUA_TTABLE) {
    const int inner = lua_gettop(L);
    std::size_t visited = 0;
    lua_pushnil(L);
    while (lua_next(L, inner) != 0) {  // lua_next does not call metamethods
      ++visited;
      const auto k = string_argument(L, -2);
      const auto v = string_argument(L, -1);
      if (k && v && v->size() <= kLongestPath)
        out.emplace_back(lua::shortened(*k, kLongestName), lua::as_utf8(*v));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua::Sandbox::of(L).charge(L, double(visited));
  } else {
    lua_pop(L, 1);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// defineObject{...}: records the model and animations of an object that names a model; others are ignored.
int define_object(lua_State* L) {
  return guarded(L, [&] {
    ScriptRun& run = ScriptRun::of(L);
    run.sandbox.charge(L, kDefinitionCost);
    if (lua_type(L, 1) != LUA_TTABLE) return 0;
    ObjectDefinition definition;
    bool not_text = false;
    const std::string model = string_field(L, 1, "model", not_text);
    if (model.empty() || model.size() > kLongestPath) return 0;
    definition.model = lua::as_utf8(model);
    definition.name = lua::shortened(string_field(L, 1, "name", not_text), kLongestName);
    definition.animations = string_table(L, 1, "animations");
    std::size_t bytes = sizeof(ObjectDefinition) + definition.name.size() + definition.model.size();
    for (const auto& [role, file] : definition.animations) bytes += role.size() + file.size() + 64;
    run.sandbox.charge(L, double(bytes) / 8);
    std::tie(definition.script, definition.line) = ScriptRun::caller(L);
    run.record_object(std::move(definition), bytes);
    return 0;
  });
}

// import "path": runs that script (from the game-data root), once.
int import_script(lua_State* L) {
  return guarded(L, [&] {
    ScriptRun& run = ScriptRun::of(L);
    const auto [script, line] = ScriptRun::caller(L);
    const auto argument = string_argument(L, 1);
    if (!argument) {
      run.warn(script, line, std::string("import needs a file name, got ") + luaL_typename(L, 1));
      return 0;
    }
    run.sandbox.charge(L, kImportCost + double(std::min(argument->size(), kLongestPath + 1)) / 8);
    if (run.mod_root == nullptr) {
      run.warn(script, line, "import " + in_quotes(*argument) + " not followed: the script was read alone");
      return 0;
    }
    if (argument->size() > kLongestPath || argument->find('\0') != std::string_view::npos) {
      run.warn(script, line,
               "import " + in_quotes(*argument) + ": not found (" +
                   (argument->size() > kLongestPath ? "longer than " + std::to_string(kLongestPath) + " bytes"
                                                    : "a file name has no NUL byte") +
                   ", so no file)");
      return 0;
    }
    const std::string name(*argument);
    FileLookup lookup;
    const auto file = run.script_file(name, lookup);
    if (!file) {
      std::string where;
      for (const auto& candidate : lookup.candidates)
        where += (where.empty() ? "" : ", ") + candidate.string();
      const bool game_asset = lower_ascii(name).rfind("assets/", 0) == 0;
      run.warn(script, line,
               "import " + in_quotes(name) + ": not found (looked for " + lua::as_utf8(where) + ")" +
                   (game_asset && run.game == nullptr
                        ? "; the game's own scripts are packed in grimrock.dat, so the materials they define "
                          "stay unknown unless an unpacked game folder is given"
                        : ""));
      return 0;
    }
    run.run_file(L, *file, name, script, line);
    return 0;
  });
}

void install_functions(lua_State* L, ScriptRun& run) {
  run.sandbox.open_libraries(L);
  const std::pair<const char*, lua_CFunction> functions[] = {
      {"defineMaterial", define_material}, {"defineObject", define_object}, {"import", import_script}};
  for (const auto& [name, function] : functions) {
    lua_pushlightuserdata(L, &run);
    lua_pushcclosure(L, function, 1);
    lua_setglobal(L, name);
  }
}

// Runs `body` with a fresh sandbox; a failure of the sandbox itself (which no script should cause) is a
// warning.
template <class Body>
MaterialLibrary run_scripts(const ScriptLimits& limits, const GameFolder* mod_root, const GameFolder* game,
                            Body&& body) {
  std::optional<ScriptRun> run;
  try {
    run.emplace(limits);
  } catch (const std::exception& e) {
    MaterialLibrary failed;
    failed.warnings.push_back(std::string("scripts not read: ") + e.what());
    return failed;
  }
  run->mod_root = mod_root;
  run->game = game;
  const auto failure = run->sandbox.protect([&](lua_State* L) {
    install_functions(L, *run);
    body(L, *run);
  });
  if (failure) run->add_warning("scripts stopped: " + *failure);
  return std::move(run->library);
}

}  // namespace

const MaterialDefinition* MaterialLibrary::find(std::string_view name) const {
  // The names were kept as UTF-8 (invalid bytes read as Latin-1); a name asked for is read the same way.
  const std::string wanted = lua::as_utf8(name);
  for (const auto& material : materials)
    if (material.name == wanted) return &material;
  return nullptr;
}

MaterialLibrary read_material_scripts(const GameFolder& mod_root, const GameFolder* game,
                                      const ScriptLimits& limits) {
  return run_scripts(limits, &mod_root, game, [&](lua_State* L, ScriptRun& run) {
    const std::string entry = "mod_assets/scripts/init.lua";
    if (const auto init = mod_root.find_first({entry}).found) {
      run.run_file(L, *init, entry, entry, 0);
      return;
    }
    const auto scripts = mod_root.files_below("mod_assets", ".lua");
    run.add_warning(
        lua::as_utf8((mod_root.root() / "mod_assets" / "scripts" / "init.lua").string()) +
        ": not found, so the scripts the game would run are unknown; read every script below mod_assets/ (" +
        std::to_string(scripts.size()) + ") in path order instead");
    std::size_t not_run = 0;
    for (const auto& script : scripts) {
      if (run.sandbox.spent())
        ++not_run;
      else
        run.run_file(L, script, mod_root.relative_name(script), "", 0);
    }
    if (not_run > 0)
      run.add_warning(std::to_string(not_run) +
                      " of the scripts not run: the budget of all the scripts is spent");
  });
}

MaterialLibrary read_material_script(std::span<const std::byte> script, std::string_view script_name,
                                     const ScriptLimits& limits) {
  return run_scripts(limits, nullptr, nullptr, [&](lua_State* L, ScriptRun& run) {
    const std::string name(script_name);
    if (script.size() > limits.script_bytes) {
      run.warn(name, 0, "larger than " + std::to_string(limits.script_bytes) + " bytes; not run");
      return;
    }
    run.library.scripts_read.push_back(lua::as_utf8(name));
    if (const auto failure =
            run.sandbox.run_chunk(L, {reinterpret_cast<const char*>(script.data()), script.size()}, name))
      run.add_warning(*failure);
  });
}

}  // namespace gamefmt::shinobi
