#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <thread>

#include "gamefmt/shinobi/material_scripts.hpp"
#include "test_support.hpp"

using namespace gamefmt;
using shinobi::MaterialLibrary;
namespace fs = std::filesystem;

namespace {

MaterialLibrary run_script(const std::string& text, const shinobi::ScriptLimits& limits = {}) {
  return shinobi::read_material_script({reinterpret_cast<const std::byte*>(text.data()), text.size()},
                                       "test.lua", limits);
}

void write_script(const fs::path& root, const std::string& relative, const std::string& text) {
  const fs::path path = root / relative;
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

bool has_warning(const MaterialLibrary& library, const std::string& part) {
  for (const auto& warning : library.warnings)
    if (warning.find(part) != std::string::npos) return true;
  return false;
}

std::string all_warnings(const MaterialLibrary& library) {
  std::string out;
  for (const auto& warning : library.warnings) out += warning + "\n";
  return out;
}

// Small limits, so that the runaway scripts below stop quickly.
shinobi::ScriptLimits small_limits() {
  shinobi::ScriptLimits limits;
  limits.instructions = 2'000'000;
  limits.memory_bytes = 8u << 20;
  return limits;
}

}  // namespace

TEST_CASE("defineMaterial records every kind of field", "[textures]") {
  const auto library = run_script(R"(-- a material as the Dungeon Editor writes it, and more
defineMaterial{
  name = "eob_sewers_wall",
  diffuseMap = "mod_assets/textures/env/eob_sewers_wall_dif.tga",
  specularMap = "mod_assets/textures/env/eob_sewers_wall_spec.tga",
  normalMap = "mod_assets/textures/env/eob_sewers_wall_normal.tga",
  doubleSided = false,
  lighting = true,
  blendMode = "Translucent",
  glossiness = 5,
  depthBias = -0.25,
  texOffset = { 0.5, 1, 2 },
  animation = { speed = 2, frames = { 1, 2 }, [3] = "third", [true] = 1 },
  onUpdate = function(self, time) end,
  huge = 1e300 * 1e300,
}
)");
  INFO(all_warnings(library));
  CHECK(library.warnings.empty());
  REQUIRE(library.materials.size() == 1);
  const auto& m = library.materials[0];
  CHECK(m.name == "eob_sewers_wall");
  CHECK(m.diffuse_map == "mod_assets/textures/env/eob_sewers_wall_dif.tga");
  CHECK(m.specular_map == "mod_assets/textures/env/eob_sewers_wall_spec.tga");
  CHECK(m.normal_map == "mod_assets/textures/env/eob_sewers_wall_normal.tga");
  CHECK(m.script == "test.lua");
  CHECK(m.line == 2);
  const nlohmann::json expected = {
      {"doubleSided", false},
      {"lighting", true},
      {"blendMode", "Translucent"},
      {"glossiness", 5},
      {"depthBias", -0.25},
      {"texOffset", {0.5, 1, 2}},
      {"animation", {{"speed", 2}, {"frames", {1, 2}}, {"3", "third"}, {"true", 1}}},
      {"onUpdate", "<function>"},
      {"huge", "inf"},
  };
  CHECK(m.fields == expected);
  CHECK(m.fields["glossiness"].is_number_integer());
  CHECK(library.find("eob_sewers_wall") == &m);
  CHECK(library.find("EOB_SEWERS_WALL") == nullptr);  // the game compares names exactly
}

TEST_CASE("A later definition of a material replaces the earlier one in place", "[textures]") {
  const auto library = run_script(R"(
defineMaterial{ name = "a", diffuseMap = "old.tga" }
defineMaterial{ name = "b", diffuseMap = "b.tga" }
for i = 1, 2 do
  defineMaterial{ name = "a", diffuseMap = "new" .. i .. ".tga" }
end
)");
  REQUIRE(library.materials.size() == 2);
  CHECK(library.materials[0].name == "a");
  CHECK(library.materials[0].diffuse_map == "new2.tga");
  CHECK(library.materials[0].line == 5);
  CHECK(library.materials[1].name == "b");
}

TEST_CASE("Unknown game functions do nothing and the script goes on", "[textures]") {
  const auto library = run_script(R"(
defineObject{ name = "x", class = "Item", model = "mod_assets/models/x.fbx" }
cloneObject{ name = "y", baseObject = "x" }
defineSound{ name = "s", filename = "mod_assets/sounds/s.wav", loop = false, volume = 1 }
defineParticleSystem{ name = "p", emitters = { { emissionRate = 10 } } }
defineAnimationEvent{ animation = "a.fbx", event = "attack", frame = 13 }
local v = vec(1, 2, 3)
someHelperNobodyDefined(1, "two", {three = 3})
defineMaterial{ name = "after", diffuseMap = "d.tga" }
)");
  INFO(all_warnings(library));
  CHECK(library.warnings.empty());
  REQUIRE(library.find("after") != nullptr);
}

TEST_CASE("Bad defineMaterial calls are warnings with the script and line", "[textures]") {
  const auto library = run_script(R"(
defineMaterial("not a table")
defineMaterial{ diffuseMap = "no_name.tga" }
defineMaterial{ name = "odd", diffuseMap = 42 }
defineMaterial{ name = "good" }
)");
  CHECK(has_warning(library, "test.lua:2: defineMaterial needs a table, got string"));
  CHECK(has_warning(library, "test.lua:3: defineMaterial without a name"));
  CHECK(has_warning(library, "test.lua:4: material \"odd\": diffuseMap is not a string"));
  REQUIRE(library.find("odd") != nullptr);
  REQUIRE(library.find("odd")->fields.is_object());
  CHECK(library.find("odd")->diffuse_map.empty());
  CHECK(library.find("odd")->fields["diffuseMap"] == 42);
  CHECK(library.find("good") != nullptr);
}

TEST_CASE("Script errors become warnings naming the script and line", "[textures]") {
  SECTION("syntax error") {
    const auto library = run_script("defineMaterial{ name = \"a\" }\nlocal x = = 1\n");
    CHECK(library.materials.empty());  // nothing of a chunk that does not compile runs
    CHECK(has_warning(library, "test.lua:2:"));
  }
  SECTION("runtime error") {
    const auto library = run_script("defineMaterial{ name = \"a\" }\nlocal t = nil\nprint(t.x)\n");
    CHECK(library.find("a") != nullptr);
    CHECK(has_warning(library, "test.lua:3: attempt to index"));
  }
  SECTION("error with a table value") {
    const auto library = run_script("error({})");
    CHECK(has_warning(library, "test.lua: error object is a table value"));
  }
  SECTION("precompiled chunk") {
    const auto library = run_script("\x1bLua\x51garbage");
    CHECK(has_warning(library, "precompiled"));
  }
}

TEST_CASE("Runaway scripts stop with a warning", "[textures]") {
  const auto limits = small_limits();
  const auto started = std::chrono::steady_clock::now();
  SECTION("endless loop") {
    const auto library = run_script("defineMaterial{ name = \"a\" }\nwhile true do end\n", limits);
    CHECK(library.find("a") != nullptr);
    CHECK(has_warning(library, "test.lua:2: stopped after 2000000 instructions"));
  }
  SECTION("endless loop that catches its errors") {
    const auto library = run_script(
        "while true do pcall(function() while true do end end) end\n"
        "defineMaterial{ name = \"never\" }\n",
        limits);
    CHECK(library.materials.empty());
    CHECK(has_warning(library, "stopped after"));
  }
  SECTION("endless recursion") {
    const auto library = run_script("local function f() return 1 + f() end\nf()\n", limits);
    CHECK(has_warning(library, "stack overflow"));
  }
  SECTION("memory bomb") {
    const auto library = run_script("local t = {}\nfor i = 1, 1e9 do t[i] = {i, i, i, i} end\n", limits);
    CHECK(has_warning(library, "test.lua: out of memory"));
  }
  SECTION("string memory bomb") {
    const auto library = run_script("local s = 'x'\nwhile true do s = s .. s end\n", limits);
    CHECK(has_warning(library, "out of memory"));
  }
  SECTION("string.rep of nothing, many times") {
    // Nothing to build, so nothing is done (Lua 5.1 would loop 1e15 times).
    const auto library =
        run_script("local s = string.rep('', 1e15)\ndefineMaterial{ name = \"length\" .. #s }\n", limits);
    CHECK(library.warnings.empty());
    CHECK(library.find("length0") != nullptr);
  }
  SECTION("string.rep too large") {
    const auto library = run_script("local s = ('x'):rep(1e13)\n", limits);
    CHECK(has_warning(
        library,
        "test.lua:1: string.rep: a result of 10000000000000 bytes is more than the scripts' memory"));
  }
  SECTION("backtracking pattern") {
    const auto library =
        run_script("local s = string.rep('a', 20000)\nlocal found = s:find('.-.-.-.-.-b')\n", limits);
    CHECK(has_warning(library, "test.lua:2: stopped after"));
  }
  SECTION("deep pattern") {
    // The matcher recurses once per repeated item: capped, as Lua 5.2 caps it.
    const auto library = run_script("string.find(('a'):rep(300), string.rep('a?', 300))\n", limits);
    CHECK(has_warning(library, "test.lua:1: pattern too complex"));
  }
  SECTION("instructions that each compare megabytes") {
    auto slow = limits;
    slow.instructions = 1'000'000'000;
    slow.seconds = 0.5;
    const auto library = run_script(
        "local a = ('x'):rep(1e6) .. 'a'\nlocal b = ('x'):rep(1e6) .. 'b'\nwhile true do local c = a < b "
        "end\n",
        slow);
    CHECK(has_warning(library, "test.lua:3: stopped after 0.5 seconds"));
  }
  SECTION("the same huge definition again and again") {
    const auto library = run_script(
        "local t = {}\nfor i = 1, 50000 do t[i] = i end\nwhile true do defineMaterial{ name = 'x', t = t } "
        "end\n",
        limits);
    CHECK(has_warning(library, "test.lua:3: stopped after"));
  }
  SECTION("definitions beyond the memory cap") {
    const auto library = run_script(
        "local pad = ('x'):rep(100000)\nfor i = 1, 1e6 do defineMaterial{ name = 'm' .. i, pad = pad } end\n",
        limits);
    CHECK(has_warning(library, "test.lua:2: the definitions read so far fill the scripts' memory cap"));
    CHECK(library.materials.size() < 84);  // 8 MiB of at least 100000 bytes each
    CHECK(library.materials.size() > 40);
  }
  SECTION("warnings without end") {
    const auto library = run_script("while true do defineMaterial(1) end\n", limits);
    REQUIRE(library.warnings.size() == 201);
    CHECK(library.warnings[200] == "(more warnings not shown)");
  }
  // Far below what a hang would take; generous for sanitizer builds.
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(60));
}

TEST_CASE("Ordinary string work still runs in the sandbox", "[textures]") {
  const auto library = run_script(R"(
local names = {}
for word in ("wall floor ceiling"):gmatch("%a+") do names[#names + 1] = word end
for i, word in ipairs(names) do
  local base = string.format("mod_assets/textures/env/%s_%02d", word:gsub("^%l", string.upper), i)
  defineMaterial{ name = word, diffuseMap = base .. "_dif.tga", glossiness = math.floor(i * 2.5) }
end
local f = loadstring("return 40 + 2")
defineMaterial{ name = "computed", depthBias = f(), plain = ("a.b"):find(".", 1, true) }
)");
  INFO(all_warnings(library));
  CHECK(library.warnings.empty());
  REQUIRE(library.find("ceiling") != nullptr);
  REQUIRE(library.find("computed") != nullptr);
  CHECK(library.find("ceiling")->diffuse_map == "mod_assets/textures/env/Ceiling_03_dif.tga");
  CHECK(library.find("ceiling")->fields["glossiness"] == 7);
  CHECK(library.find("computed")->fields["depthBias"] == 42);
  CHECK(library.find("computed")->fields["plain"] == 2);
}

TEST_CASE("Scripts cannot reach files, the system or bytecode", "[textures]") {
  const auto library = run_script(R"(
local report = {
  io = type(io), os = type(os), require = type(require), debug = type(debug), package = type(package),
  dofile = type(rawget(_G, "dofile")), loadfile = type(rawget(_G, "loadfile")),
  load = type(rawget(_G, "load")), dump = type(string.dump),
  collectgarbage = type(rawget(_G, "collectgarbage")), coroutine = type(rawget(_G, "coroutine")),
}
-- What is left of them is the do-nothing fallback for unknown functions.
dofile("/etc/passwd")
report.bytecode = loadstring("\27Lua\81") == nil
defineMaterial{ name = "report", fields = report }
)");
  INFO(all_warnings(library));
  CHECK(library.warnings.empty());
  REQUIRE(library.find("report") != nullptr);
  const nlohmann::json expected = {
      {"io", "function"},      {"os", "function"},        {"require", "function"}, {"debug", "function"},
      {"package", "function"}, {"dofile", "nil"},         {"loadfile", "nil"},     {"load", "nil"},
      {"dump", "nil"},         {"collectgarbage", "nil"}, {"coroutine", "nil"},    {"bytecode", true}};
  CHECK(library.find("report")->fields["fields"] == expected);
}

TEST_CASE("Strings that are not UTF-8 are read as Latin-1 in the fields", "[textures]") {
  const auto library = run_script("defineMaterial{ name = \"m\", note = \"caf\\233\" }");
  REQUIRE(library.find("m") != nullptr);
  CHECK(library.find("m")->fields["note"] == "caf\xC3\xA9");
}

TEST_CASE("A script read alone does not follow its imports", "[textures]") {
  const auto library =
      run_script("import \"mod_assets/scripts/other.lua\"\ndefineMaterial{ name = \"a\" }\n");
  CHECK(has_warning(library, "test.lua:1: import \"mod_assets/scripts/other.lua\" not followed"));
  CHECK(library.find("a") != nullptr);
}

TEST_CASE("A mod's scripts run from init.lua through its imports", "[textures]") {
  test::TempDir dir;
  const auto mod = dir.path() / "mod";
  write_script(mod, "mod_assets/scripts/init.lua", R"(
import "assets/scripts/standard_assets.lua"
import "mod_assets/scripts/MATERIALS.lua"
import "mod_assets/scripts/missing.lua"
import "mod_assets/plugins/axe/axe.lua"
import "mod_assets/scripts/materials.lua" -- a second import of a finished file does nothing
defineMaterial{ name = "from_init" }
)");
  write_script(mod, "mod_assets/Scripts/Materials.lua", R"(
defineMaterial{ name = "wall", diffuseMap = "mod_assets/textures/wall_dif.tga" }
import "mod_assets/scripts/more.lua"
)");
  write_script(mod, "mod_assets/scripts/more.lua", R"(defineMaterial{ name = "more" })");
  write_script(mod, "mod_assets/plugins/axe/axe.lua", R"(
defineObject{ name = "axe", class = "Item" }
defineMaterial{ name = "axe", diffuseMap = "mod_assets/plugins/axe/axe_dif.tga" }
defineMaterial{ name = "wall", diffuseMap = "mod_assets/plugins/axe/wall_dif.tga" }
)");
  write_script(mod, "mod_assets/plugins/unused/unused.lua", R"(defineMaterial{ name = "unused" })");

  SECTION("without the game") {
    const auto library = shinobi::read_material_scripts(GameFolder(mod));
    INFO(all_warnings(library));
    CHECK(library.scripts_read ==
          std::vector<std::string>{"mod_assets/scripts/init.lua", "mod_assets/scripts/MATERIALS.lua",
                                   "mod_assets/scripts/more.lua", "mod_assets/plugins/axe/axe.lua"});
    std::vector<std::string> names;
    for (const auto& m : library.materials) names.push_back(m.name);
    REQUIRE(names == std::vector<std::string>{"wall", "more", "axe", "from_init"});
    CHECK(library.find("wall")->diffuse_map == "mod_assets/plugins/axe/wall_dif.tga");
    CHECK(library.find("wall")->script == "mod_assets/plugins/axe/axe.lua");
    CHECK(library.find("more")->script == "mod_assets/scripts/more.lua");
    CHECK(library.find("unused") == nullptr);  // the game runs only what init.lua imports
    CHECK(has_warning(library,
                      "mod_assets/scripts/init.lua:2: import \"assets/scripts/standard_assets.lua\": "
                      "not found (looked for " +
                          (mod / "assets" / "scripts" / "standard_assets.lua").string()));
    CHECK(has_warning(library, "grimrock.dat"));
    CHECK(has_warning(library,
                      "mod_assets/scripts/init.lua:4: import \"mod_assets/scripts/missing.lua\": not found"));
    CHECK(library.warnings.size() == 2);
  }
  SECTION("with the game's unpacked scripts") {
    const auto game = dir.path() / "game";
    write_script(game, "assets/scripts/standard_assets.lua",
                 "import \"assets/scripts/materials/base.lua\"\n");
    write_script(game, "assets/scripts/materials/base.lua",
                 "defineMaterial{ name = \"skeleton_warrior\", diffuseMap = "
                 "\"assets/textures/monsters/skeleton_dif.tga\" }\n");
    const GameFolder game_folder(game);
    const auto library = shinobi::read_material_scripts(GameFolder(mod), &game_folder);
    REQUIRE(library.find("skeleton_warrior") != nullptr);
    CHECK(library.find("skeleton_warrior")->script == "assets/scripts/materials/base.lua");
    CHECK(library.warnings.size() == 1);  // missing.lua
  }
}

TEST_CASE(
    "Import cycles, broken imports and memory bombs leave the other scripts running; a runaway ends them",
    "[textures]") {
  test::TempDir dir;
  write_script(dir.path(), "mod_assets/scripts/init.lua", R"(
import "mod_assets/scripts/a.lua"
import "mod_assets/scripts/broken.lua"
import "mod_assets/scripts/bomb.lua"
defineMaterial{ name = "before_loop" }
import "mod_assets/scripts/loop.lua"
import "mod_assets/scripts/after.lua"
defineMaterial{ name = "init_end" }
)");
  write_script(dir.path(), "mod_assets/scripts/after.lua", "defineMaterial{ name = \"after\" }\n");
  write_script(dir.path(), "mod_assets/scripts/a.lua",
               "import \"mod_assets/scripts/b.lua\"\ndefineMaterial{ name = \"a\" }\n");
  write_script(dir.path(), "mod_assets/scripts/b.lua",
               "import \"mod_assets/scripts/a.lua\"\ndefineMaterial{ name = \"b\" }\n");
  write_script(dir.path(), "mod_assets/scripts/loop.lua",
               "defineMaterial{ name = \"loop\" }\nrepeat until false\n");
  write_script(dir.path(), "mod_assets/scripts/broken.lua", "defineMaterial{ name = \"broken\" \n");
  write_script(dir.path(), "mod_assets/scripts/bomb.lua",
               "defineMaterial{ name = \"bomb\" }\nlocal t = {} for i = 1, 1e9 do t[i] = tostring(i) end\n");
  const auto library = shinobi::read_material_scripts(GameFolder(dir.path()), nullptr, small_limits());
  INFO(all_warnings(library));
  CHECK(has_warning(library, "mod_assets/scripts/b.lua:1: import cycle: \"mod_assets/scripts/a.lua\""));
  CHECK(has_warning(library, "mod_assets/scripts/loop.lua:2: stopped after"));
  CHECK(has_warning(library, "mod_assets/scripts/broken.lua:"));
  CHECK(has_warning(library, "mod_assets/scripts/bomb.lua: out of memory"));
  CHECK(library.warnings.size() == 4);
  for (const char* name : {"a", "b", "bomb", "before_loop", "loop"}) {
    INFO(name);
    CHECK(library.find(name) != nullptr);
  }
  CHECK(library.find("broken") == nullptr);
  // The loop spent the budget of all the scripts: nothing ran after it, and that is said once.
  CHECK(library.find("after") == nullptr);
  CHECK(library.find("init_end") == nullptr);
  CHECK(library.scripts_read.back() == "mod_assets/scripts/loop.lua");
}

TEST_CASE("Without init.lua every script below mod_assets runs, with a warning", "[textures]") {
  test::TempDir dir;
  write_script(dir.path(), "mod_assets/scripts/materials.lua", "defineMaterial{ name = \"wall\" }\n");
  write_script(dir.path(), "mod_assets/plugins/axe/axe.lua",
               "import \"mod_assets/scripts/materials.lua\"\ndefineMaterial{ name = \"axe\" }\n");
  const auto library = shinobi::read_material_scripts(GameFolder(dir.path()));
  CHECK(library.scripts_read ==
        std::vector<std::string>{"mod_assets/plugins/axe/axe.lua", "mod_assets/scripts/materials.lua"});
  CHECK(library.find("wall") != nullptr);
  CHECK(library.find("axe") != nullptr);
  REQUIRE(library.warnings.size() == 1);
  CHECK(has_warning(library, "init.lua: not found"));
}

TEST_CASE("Jobs on threads read the same mod through one game folder", "[textures]") {
  test::TempDir dir;
  write_script(dir.path(), "mod_assets/scripts/init.lua",
               "import \"mod_assets/scripts/materials.lua\"\nfor i = 1, 50 do defineMaterial{ name = 'm' .. "
               "i } end\n");
  write_script(dir.path(), "mod_assets/scripts/Materials.lua", "defineMaterial{ name = \"wall\" }\n");
  const GameFolder folder(dir.path());
  std::vector<MaterialLibrary> libraries(6);
  std::vector<std::thread> jobs;
  for (auto& library : libraries)
    jobs.emplace_back([&folder, &library] { library = shinobi::read_material_scripts(folder); });
  for (auto& job : jobs) job.join();
  for (const auto& library : libraries) {
    CHECK(library.warnings.empty());
    CHECK(library.materials.size() == 51);
  }
}
