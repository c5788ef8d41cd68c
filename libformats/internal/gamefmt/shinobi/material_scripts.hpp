#pragma once
// Grimrock's materials, read from the Lua scripts that define them: a .model names a material per mesh
// segment, and `defineMaterial{ name = ..., diffuseMap = ..., ... }` in the mod's scripts says which textures
// it uses.
//
// The scripts run in a real Lua 5.1 (the version Grimrock embeds), sandboxed:
// - defineMaterial records its table, defineObject the model and animations of an object; import "path" runs
//   that script (path from the game-data root, case ignored, each file once); every other global the script
//   reads without defining it is a function that accepts anything and does nothing (cloneObject,
//   defineSound, ...).
// - Only the base, string, table and math libraries are there, without file access, bytecode loading or
//   garbage-collector control; precompiled chunks are refused in every form (after a byte order mark or a
//   '#' first line, imported, or given to loadstring).
// - One budget covers the whole reading (ScriptLimits): every script, import, error handler and library call
//   together, so a mod cannot multiply it with many scripts. A script error or a memory bomb ends that script
//   with a warning "script:line: problem", and the scripts around it go on; a runaway loop that spends the
//   budget ends the reading with a warning, keeping what was defined until then. Nothing here throws for
//   what a script does.
// - What leaves the scripts is valid UTF-8 (invalid bytes read as Latin-1): names, maps, fields, script
//   names, warnings. Warnings are at most about 200, each at most a few hundred bytes, however long the
//   strings a script puts in them.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gamefmt/core/game_folder.hpp"

namespace gamefmt::shinobi {

struct MaterialDefinition {
  std::string name;
  // The maps as the script writes them ("mod_assets/textures/x_dif.tga"); empty when absent, not a string,
  // or longer than a path can be (1024 bytes; then kept among the fields, with a warning).
  std::string diffuse_map, normal_map, specular_map;
  // Every other field of the table, as a JSON object (keys sorted): strings (invalid UTF-8 bytes read as
  // Latin-1), numbers, booleans, nested tables (arrays when their keys are 1..n, objects otherwise), and
  // "<function>" / "<userdata>" for values JSON cannot hold.
  nlohmann::json fields = nlohmann::json::object();
  std::string script;  // the script that defined it, as imported ("mod_assets/scripts/materials.lua")
  int line = 0;        // the line of the defineMaterial call
};

// defineObject{ name = ..., model = ..., animations = { idle = ..., ... } }: which model an object (a
// monster, an item) draws and which animation files it plays, as the script names them
// ("mod_assets/.../x.fbx": the game loads the .model and .animation files of those names). Paths longer
// than 1024 bytes name no file and are left out (an object with such a model is not recorded); the name and
// the roles, which only messages show, are cut to 200 bytes.
struct ObjectDefinition {
  std::string name;
  std::string model;
  std::vector<std::pair<std::string, std::string>> animations;  // (role, file), in key order
  std::string script;
  int line = 0;
};

struct MaterialLibrary {
  // One per name, in the order names were first defined; a later definition of a name replaces the earlier
  // one in place, as the game's definition table does.
  std::vector<MaterialDefinition> materials;
  // The objects that name a model, in the order they were defined.
  std::vector<ObjectDefinition> objects;
  std::vector<std::string> scripts_read;  // as imported, in the order they started
  std::vector<std::string> warnings;

  // The definition of a material name (exact, as the game compares names; a name that is not UTF-8 is read
  // as Latin-1, as the names kept were), or null when no script defines it.
  const MaterialDefinition* find(std::string_view name) const;
};

// What one reading of scripts (read_material_scripts: a whole mod; read_material_script: one script) may use,
// all its scripts, imports, error handlers and library calls together. Real mods use a small part of it:
// their scripts take milliseconds.
struct ScriptLimits {
  // Lua VM instructions, plus the work library functions do in C, charged as the instructions that take as
  // long: one per pattern-matching step or byte of a string built, 4 to 14 per element compared, moved or
  // visited, 4 per byte compiled, a thousand per import. Lua 5.1 runs 100 to 400 million a second.
  std::uint64_t instructions = 200'000'000;
  // Wall-clock time from the start of the reading, for single instructions that copy or compare megabytes
  // (so a reading stopped by it may get further on a faster machine).
  double seconds = 10;
  std::size_t memory_bytes = 64u << 20;  // the Lua state's heap at any moment; and the definitions kept
  std::size_t script_bytes = 16u << 20;  // a larger script file is not run
};

// Reads the materials a mod defines: mod_assets/scripts/init.lua and what it imports, as the game starts a
// mod. Without init.lua (a partial copy of a mod), every *.lua below mod_assets/ runs in path order instead,
// with a warning. Imports of "assets/..." (the game's own scripts) are read from `game` when given.
MaterialLibrary read_material_scripts(const GameFolder& mod_root, const GameFolder* game = nullptr,
                                      const ScriptLimits& limits = {});

// Runs one script given as bytes; `script_name` names it in warnings. Its imports are not followed (warning).
MaterialLibrary read_material_script(std::span<const std::byte> script, std::string_view script_name,
                                     const ScriptLimits& limits = {});

}  // namespace gamefmt::shinobi
