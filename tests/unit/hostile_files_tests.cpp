// Hostile files (issue 28): mods come from strangers, so nothing a file names may reach outside the folder it
// was looked up in (symbolic links resolved), hang, or take memory far beyond the input. Each case is built
// in a fresh folder with a CANARY file outside the folder the conversion may read, holding a marker no output
// may contain; the conversion runs through the CLI, measured, and must end well under 10 s. A bad texture is
// a warning and the conversion goes on; a glTF buffer the conversion needs is an error.
#include <sys/stat.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>

#include "asobo_samples.hpp"
#include "dds_samples.hpp"
#include "gamefmt/asobo/name_hash.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/image/png.hpp"
#include "gamefmt/phoenix/sample_biped.hpp"
#include "gamefmt/phoenix/skeleton.hpp"
#include "gamefmt/shinobi/model.hpp"
#include "gamefmt/westwood/hva.hpp"
#include "gamefmt/westwood/vxl.hpp"
#include "gamefmt/xray/dm.hpp"
#include "gamefmt/xray/ogf.hpp"
#include "shinobi_samples.hpp"
#include "test_support.hpp"
#include "westwood_sweep_inputs.hpp"
#include "xray_character_samples.hpp"

using namespace gamefmt;
using test::put;
using test::put_text;
namespace fs = std::filesystem;

namespace {

constexpr double kQuickSeconds = 10;

// The marker of this run: in the canary files, never in an output.
const std::string& marker() {
  static const std::string text = [] {
    std::random_device random;
    return "GAMEFMT-CANARY-" + std::to_string(random()) + "-" + std::to_string(random());
  }();
  return text;
}

std::vector<std::byte> bytes_of(std::string_view text) {
  const auto* begin = reinterpret_cast<const std::byte*>(text.data());
  return {begin, begin + text.size()};
}

void link(const fs::path& target, const fs::path& link_path) {
  fs::create_directories(link_path.parent_path());
  fs::create_symlink(target, link_path);
}

void make_fifo(const fs::path& path) {
  fs::create_directories(path.parent_path());
  REQUIRE(::mkfifo(path.c_str(), 0600) == 0);
}

// A picture any texture lookup takes as it is (a 2 x 2 PNG), with the marker after its end: were it read,
// the output would embed the marker.
std::vector<std::byte> canary_picture() {
  image::Rgba8Image pixels;
  pixels.width = pixels.height = 2;
  pixels.pixels.assign(16, 200);
  auto bytes = image::encode_png(pixels);
  const auto tail = bytes_of(marker());
  bytes.insert(bytes.end(), tail.begin(), tail.end());
  return bytes;
}

// A 4 x 4 BC1 DDS.
std::vector<std::byte> small_dds() {
  const auto block = test::bc1_block(0xF800, 0x001F, {0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 1, 1, 2, 2, 3, 3});
  return test::dds_file(test::DdsSampleHeader{}, block);
}

// An X-Ray detail model (one triangle) naming the texture.
std::vector<std::byte> dm_naming(const std::string& texture) {
  xray::DetailModel model;
  model.shader = "details\\blend";
  model.texture = texture;
  model.vertices = {{{0, 0, 0}, 0, 0}, {{1, 0, 0}, 1, 0}, {{0, 1, 0}, 0, 1}};
  model.indices = {0, 1, 2};
  return xray::write_dm(model, "grass.dm");
}

// A Grimrock model with one quad drawn with the material.
std::vector<std::byte> grimrock_quad(const std::string& material) {
  using namespace shinobi;
  Model model;
  model.version = 2;
  ModelNode root;
  root.name = "RootNode";
  model.nodes.push_back(root);
  ModelNode node;
  node.name = "quad";
  node.parent = 0;
  node.entity_type = kEntityMesh;
  MeshEntity entity;
  entity.mesh.header_version = 2;
  entity.mesh.vertex_count = 4;
  entity.mesh.arrays[kPosition] = test::float_array(3, {0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0});
  entity.mesh.arrays[kNormal] = test::float_array(3, {0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1});
  entity.mesh.arrays[kTexCoord0] = test::float_array(2, {0, 1, 1, 1, 1, 0, 0, 0});
  entity.mesh.indices = {0, 1, 2, 0, 2, 3};
  entity.mesh.segments = {{material, 2, 0, 2}};
  entity.mesh.bounds = compute_bounds(entity.mesh);
  node.mesh = entity;
  model.nodes.push_back(node);
  return write_model(model);
}

// A script that, were it run, would put the marker in the output (the material's extras keep its fields).
std::string canary_script(const std::string& material) {
  return "defineMaterial{ name = \"" + material + "\", diffuseMap = \"mod_assets/textures/" + marker() +
         ".tga\", note = \"" + marker() + "\" }\n";
}

// Whether any file below the folder holds the marker.
bool marker_in_any_file(const fs::path& folder) {
  const std::string& text = marker();
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (!entry.is_regular_file() || entry.is_symlink()) continue;
    const auto bytes = read_file_bytes(entry.path());
    const std::string_view content(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (content.find(text) != std::string_view::npos) return true;
  }
  return false;
}

// `gamefmt convert ARGS` measured; every case must end quickly and may not leak the marker into the output
// folder or its messages.
test::MeasuredRun convert(const std::vector<std::string>& arguments, const fs::path& output_folder) {
  std::vector<std::string> all = {"convert"};
  all.insert(all.end(), arguments.begin(), arguments.end());
  const auto run = test::run_gamefmt_measured(all, 60);
  INFO(run.output);
  INFO("took " << run.seconds << " s, peak memory " << run.peak_memory_bytes / (1 << 20) << " MiB");
  CHECK_FALSE(run.timed_out);
  CHECK(run.seconds < kQuickSeconds);
  CHECK(run.output.find(marker()) == std::string::npos);
  if (fs::exists(output_folder)) CHECK_FALSE(marker_in_any_file(output_folder));
  return run;
}

bool says(const test::MeasuredRun& run, const std::string& text) {
  return run.output.find(text) != std::string::npos;
}

// A glTF document with one triangle whose positions are the 36 bytes of buffer 0 at `uri`.
std::string gltf_with_buffer(const std::string& uri, std::size_t byte_length = 36) {
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"mesh":0}],)"
         R"("meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3"}],)"
         R"("bufferViews":[{"buffer":0,"byteLength":36}],"buffers":[{"uri":")" +
         uri + R"(","byteLength":)" + std::to_string(byte_length) + "}]}";
}

// 36 bytes that read as nine finite floats and hold the marker (its text is shorter than 36 bytes).
std::string canary_buffer() {
  std::string bytes = marker();
  bytes.resize(36, 'A');
  return bytes;
}

std::string percent_encoded(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

}  // namespace

TEST_CASE("A texture that resolves outside the game-data folder is skipped with a warning",
          "[hostile][texture][xray]") {
  test::TempDir dir;
  const auto outside = dir / "home";
  put(outside / "photo.png", canary_picture());
  put(outside / "evil" / "photo.dds", canary_picture());
  const auto gamedata = dir / "game" / "gamedata";
  const auto out = dir / "out";

  SECTION("a texture file linked to a file outside") {
    put(gamedata / "meshes" / "rat.dm", dm_naming("act\\act_rat"));
    link(outside / "photo.png", gamedata / "textures" / "act" / "act_rat.dds");
    const auto run =
        convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "textures/act/act_rat.dds` resolves outside the game-data folder"));
    CHECK(says(run, "skipped"));
  }
  SECTION("a folder of textures linked to a folder outside") {
    put(gamedata / "meshes" / "rat.dm", dm_naming("evil\\photo"));
    link(outside / "evil", gamedata / "textures" / "evil");
    const auto run =
        convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "textures/evil` resolves outside the game-data folder"));
  }
  SECTION("a folder linked to the home folder itself") {
    put(gamedata / "meshes" / "rat.dm", dm_naming("home\\photo"));
    link(outside, gamedata / "textures" / "home");
    fs::rename(outside / "photo.png", outside / "photo.dds");
    const auto run =
        convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "resolves outside the game-data folder"));
  }
  SECTION("links that stay inside the game-data folder are followed") {
    put(gamedata / "meshes" / "rat.dm", dm_naming("act\\act_rat"));
    put(gamedata / "textures" / "shared" / "rat.dds", small_dds());
    link("../shared/rat.dds", gamedata / "textures" / "act" / "act_rat.dds");
    const auto run =
        convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK_FALSE(says(run, "act_rat"));  // found, no warning
    const auto glb = test::read_bytes(out / "rat.glb");
    CHECK(std::string_view(reinterpret_cast<const char*>(glb.data()), glb.size()).find("image/png") !=
          std::string_view::npos);
  }
}

TEST_CASE("Grimrock scripts that resolve outside the mod folder are not run", "[hostile][shinobi][scripts]") {
  test::TempDir dir;
  const auto outside = dir / "home";
  const auto mod = dir / "mod";
  const auto model = mod / "mod_assets" / "models" / "wall.model";
  put(model, grimrock_quad("canary_wall"));
  put_text(outside / "init.lua", canary_script("canary_wall"));
  put_text(outside / "scripts" / "init.lua", canary_script("canary_wall"));
  const auto out = dir / "out";
  const auto run_it = [&] { return convert({model.string(), "-o", (out / "wall.glb").string()}, out); };

  SECTION("a linked init.lua") {
    link(outside / "init.lua", mod / "mod_assets" / "scripts" / "init.lua");
    const auto run = run_it();
    CHECK(run.exit_code == 0);
    CHECK(says(run, "mod_assets/scripts/init.lua` resolves outside the mod folder"));
  }
  SECTION("a linked imported script") {
    put_text(mod / "mod_assets" / "scripts" / "init.lua", "import \"mod_assets/scripts/walls.lua\"\n");
    link(outside / "init.lua", mod / "mod_assets" / "scripts" / "walls.lua");
    const auto run = run_it();
    CHECK(run.exit_code == 0);
    CHECK(says(run, "mod_assets/scripts/walls.lua` resolves outside the mod folder"));
  }
  SECTION("a linked scripts folder") {
    link(outside / "scripts", mod / "mod_assets" / "scripts");
    const auto run = run_it();
    CHECK(run.exit_code == 0);
    CHECK(says(run, "mod_assets/scripts` resolves outside the mod folder"));
  }
  SECTION("a mod without init.lua whose folder links to the root of the disk and outside") {
    link("/", mod / "mod_assets" / "root");
    link(outside, mod / "mod_assets" / "home");
    const auto run = run_it();
    CHECK(run.exit_code == 0);
    CHECK(says(run, "resolves outside the mod folder"));
    CHECK(says(run, "(0) in path order"));  // no script below mod_assets/ is run
  }
  SECTION("a texture map linked outside") {
    put_text(mod / "mod_assets" / "scripts" / "init.lua",
             "defineMaterial{ name = \"canary_wall\", diffuseMap = \"mod_assets/textures/wall.tga\" }\n");
    put(outside / "wall.dds", canary_picture());
    link(outside / "wall.dds", mod / "mod_assets" / "textures" / "wall.dds");
    const auto run = run_it();
    CHECK(run.exit_code == 0);
    CHECK(says(run, "mod_assets/textures/wall.dds` resolves outside the mod folder"));
  }
}

TEST_CASE("A texture name through folders linked to themselves is looked up in linear time",
          "[hostile][texture][xray]") {
  test::TempDir dir;
  const auto gamedata = dir / "gamedata";
  const auto out = dir / "out";
  fs::create_directories(gamedata / "textures");
  link(".", gamedata / "textures" / "a");
  link(".", gamedata / "textures" / "A");
  std::string name;
  for (int i = 0; i < 18; ++i) name += "a\\";
  SECTION("18 levels, nothing at the end") {
    put(gamedata / "meshes" / "deep.dm", dm_naming(name + "x"));
    const auto run =
        convert({(gamedata / "meshes" / "deep.dm").string(), "-o", (out / "deep.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "not found"));
    CHECK(run.seconds < 2);
    CHECK(run.peak_memory_bytes < (std::uint64_t{400} << 20));
  }
  SECTION("18 levels, a texture at the end (it is textures/x.dds)") {
    put(gamedata / "meshes" / "deep.dm", dm_naming(name + "x"));
    put(gamedata / "textures" / "x.dds", small_dds());
    const auto run =
        convert({(gamedata / "meshes" / "deep.dm").string(), "-o", (out / "deep.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK_FALSE(says(run, "not found"));
  }
  SECTION("a name of more parts than a lookup takes") {
    std::string long_name;
    for (int i = 0; i < 100; ++i) long_name += "a\\";
    put(gamedata / "meshes" / "deep.dm", dm_naming(long_name + "x"));
    put(gamedata / "textures" / "x.dds", small_dds());
    const auto run =
        convert({(gamedata / "meshes" / "deep.dm").string(), "-o", (out / "deep.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "parts"));
  }
}

TEST_CASE("A glTF buffer must lie in the glTF file's folder, be a regular file of its declared length",
          "[hostile][gltf]") {
  test::TempDir dir;
  put_text(dir / "secret.bin", canary_buffer());
  const auto folder = dir / "models" / "m";
  const auto gltf = folder / "model.gltf";
  const auto out = dir / "out";
  const auto run_it = [&] { return convert({gltf.string(), "-o", (out / "model.glb").string()}, out); };

  SECTION("a buffer inside converts (the check of the checks)") {
    put_text(folder / "data.bin", std::string(36, 'A'));
    put_text(gltf, gltf_with_buffer("data.bin"));
    CHECK(run_it().exit_code == 0);
  }
  const std::string kinds[] = {"relative", "percent-encoded relative", "absolute", "percent-encoded absolute",
                               "through a folder inside"};
  const std::string uris[] = {"../../secret.bin", "..%2F..%2Fsecret.bin", (dir / "secret.bin").string(),
                              percent_encoded((dir / "secret.bin").string()), "sub/../../../secret.bin"};
  for (std::size_t i = 0; i < std::size(uris); ++i) {
    const std::string& uri = uris[i];
    DYNAMIC_SECTION("a " << kinds[i] << " uri out of the folder") {
      fs::create_directories(folder / "sub");
      put_text(gltf, gltf_with_buffer(uri));
      const auto run = run_it();
      CHECK(run.exit_code != 0);
      CHECK(says(run, "resolves outside the glTF file's folder"));
      CHECK(says(run, "buffers[0]"));
    }
  }
  SECTION("a buffer linked outside") {
    link(dir / "secret.bin", folder / "data.bin");
    put_text(gltf, gltf_with_buffer("data.bin"));
    const auto run = run_it();
    CHECK(run.exit_code != 0);
    CHECK(says(run, "resolves outside the glTF file's folder"));
  }
  SECTION("a buffer that is a FIFO") {
    make_fifo(folder / "data.bin");
    put_text(gltf, gltf_with_buffer("data.bin"));
    const auto run = run_it();
    CHECK(run.exit_code != 0);
    CHECK(says(run, "not a regular file"));
  }
  SECTION("a buffer far longer than its byteLength is not read") {
    put_text(folder / "data.bin", std::string(36, 'A'));
    fs::resize_file(folder / "data.bin", std::uint64_t{3} << 30);  // sparse
    put_text(gltf, gltf_with_buffer("data.bin"));
    const auto run = run_it();
    CHECK(run.exit_code != 0);
    CHECK(says(run, "byteLength"));
    CHECK(run.peak_memory_bytes < (std::uint64_t{400} << 20));
  }
}

TEST_CASE("A huge texture file is a warning and the conversion goes on", "[hostile][texture][xray]") {
  test::TempDir dir;
  const auto gamedata = dir / "gamedata";
  const auto out = dir / "out";
  put(gamedata / "meshes" / "rat.dm", dm_naming("act\\act_rat"));
  const auto texture = gamedata / "textures" / "act" / "act_rat.dds";
  put(texture, small_dds());
  for (const std::uint64_t gib : {3, 8}) {
    DYNAMIC_SECTION(gib << " GiB, sparse") {
      fs::resize_file(texture, gib << 30);
      const auto run =
          convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string()}, out);
      CHECK(run.exit_code == 0);
      CHECK(says(run, "max_texture_bytes"));
      CHECK(run.peak_memory_bytes < (std::uint64_t{400} << 20));
    }
  }
  SECTION("-O max_texture_bytes lowers the limit") {
    const auto run = convert({(gamedata / "meshes" / "rat.dm").string(), "-o", (out / "rat.glb").string(),
                              "-O", "max_texture_bytes=100"},
                             out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "more than max_texture_bytes"));
  }
}

TEST_CASE("A FIFO where a file is looked for is not opened", "[hostile][companions]") {
  test::TempDir dir;
  const auto out = dir / "out";
  fs::copy_file(test::samples_dir() / "lugaru" / "Box.solid", dir / "Box.solid");

  SECTION("a picture beside a Lugaru model") {
    make_fifo(dir / "Box.png");
    const auto run = convert({(dir / "Box.solid").string(), "-o", (out / "box.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "Box.png"));
    CHECK(says(run, "not a regular file (a FIFO)"));
  }
  SECTION("a picture in a Textures folder") {
    make_fifo(dir / "Textures" / "Box.jpg");
    const auto run = convert({(dir / "Box.solid").string(), "-o", (out / "box.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "not a regular file (a FIFO)"));
  }
  SECTION("a picture linked outside the model's folder") {
    put(dir / "home" / "photo.png", canary_picture());
    fs::create_directories(dir / "model");
    fs::copy_file(dir / "Box.solid", dir / "model" / "Box.solid");
    link(dir / "home" / "photo.png", dir / "model" / "Box.png");
    const auto run = convert({(dir / "model" / "Box.solid").string(), "-o", (out / "box.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "resolves outside"));
  }
  SECTION("a FIFO named on the command line") {
    make_fifo(dir / "Pipe.solid");
    const auto run = convert({(dir / "Pipe.solid").string(), "-o", (out / "pipe.glb").string()}, out);
    CHECK(run.exit_code != 0);
    CHECK(says(run, "not a regular file"));
    make_fifo(dir / "Pipe.png");
    const auto picture = convert(
        {(dir / "Box.solid").string(), (dir / "Pipe.png").string(), "-o", (out / "box.glb").string()}, out);
    CHECK(picture.exit_code != 0);
    CHECK(says(picture, "not a regular file"));
    const auto info = test::run_gamefmt_measured({"info", (dir / "Pipe.solid").string()}, 60);
    CHECK_FALSE(info.timed_out);
    CHECK(info.exit_code != 0);
  }
}

TEST_CASE("Companions found beside a model or in the game data stay inside their folder",
          "[hostile][companions]") {
  test::TempDir dir;
  const auto outside = dir / "home";
  const auto out = dir / "out";

  SECTION("an X-Ray motion reference linked outside the game data") {
    auto model = xray::read_ogf(test::xray_sample_skinned_ogf_bytes(), "sample.ogf");
    model.motion_refs = {"monsters\\walker"};
    model.motion_refs_chunk = xray::kOgfMotionRefsList;
    const auto ogf = dir / "gamedata" / "meshes" / "monsters" / "creature.ogf";
    put(ogf, xray::write_ogf(model, "sample.ogf"));
    put(outside / "walker.omf", test::xray_sample_omf_bytes());
    link(outside / "walker.omf", dir / "gamedata" / "meshes" / "monsters" / "walker.omf");
    const auto run = convert({ogf.string(), "-o", (out / "creature.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "resolves outside the game-data folder"));
    const auto glb = test::read_bytes(out / "creature.glb");
    CHECK(std::string_view(reinterpret_cast<const char*>(glb.data()), glb.size()).find("\"shoot\"") ==
          std::string_view::npos);
  }
  SECTION("a Westwood .hva linked outside the model's folder") {
    put(dir / "units" / "tank.vxl", westwood::write_vxl(test::westwood_sample_vxl()));
    put(outside / "tank.hva", westwood::write_hva(test::westwood_sample_hva()));
    link(outside / "tank.hva", dir / "units" / "tank.hva");
    const auto run = convert({(dir / "units" / "tank.vxl").string(), "-o", (out / "tank.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "tank.hva"));
    CHECK(says(run, "resolves outside"));
  }
  SECTION("an Overgrowth model .obj linked outside, and a FIFO ragdoll") {
    const auto biped = phoenix::make_sample_biped(11, 1);
    put(dir / "rig" / "biped.phxbn", phoenix::write_skeleton(biped.skeleton));
    put_text(outside / "biped.obj", biped.model_obj + "# " + marker() + "\n");
    link(outside / "biped.obj", dir / "rig" / "biped.obj");
    const auto run =
        convert({(dir / "rig" / "biped.phxbn").string(), "-o", (out / "biped.glb").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "biped.obj"));
    CHECK(says(run, "resolves outside"));
  }
  SECTION("an Asobo name list linked outside the archive's folder") {
    put(dir / "fuel" / "LEVEL.DPC", test::asobo_sample_bigfile_bytes(ByteOrder::little));
    char line[32];
    std::snprintf(line, sizeof line, "0x%08X ", asobo::name_hash("shared_sky.tga"));
    put_text(outside / "LEVEL.NPC", std::string(line) + marker() + "\n");
    link(outside / "LEVEL.NPC", dir / "fuel" / "LEVEL.NPC");
    const auto list =
        test::run_gamefmt_measured({"bigfile", "list", (dir / "fuel" / "LEVEL.DPC").string()}, 60);
    INFO(list.output);
    CHECK(list.output.find(marker()) == std::string::npos);
    CHECK(list.output.find("resolves outside") != std::string::npos);
    const auto info =
        test::run_gamefmt_measured({"info", (dir / "fuel" / "LEVEL.DPC").string(), "--json"}, 60);
    INFO(info.output);
    CHECK(info.output.find(marker()) == std::string::npos);
  }
  SECTION("a material library an .obj names outside its folder (Assimp's importers)") {
    put_text(dir / "secret.mtl", "newmtl " + marker() + "\nKd 1 0 0\n");
    put_text(dir / "models" / "m" / "x.obj", "mtllib ../../secret.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    const auto run =
        convert({(dir / "models" / "m" / "x.obj").string(), "-o", (out / "x.gltf").string()}, out);
    CHECK(run.exit_code == 0);
    CHECK(says(run, "secret.mtl"));
    CHECK(says(run, "resolves outside"));
  }
}

TEST_CASE("A glTF node chain deeper than the limit is refused early, as too deep", "[hostile][gltf]") {
  test::TempDir dir;
  const auto out = dir / "out";
  std::string text = R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[)";
  constexpr int kNodes = 1'000'000;
  text.reserve(kNodes * 20);
  for (int i = 0; i + 1 < kNodes; ++i) text += R"({"children":[)" + std::to_string(i + 1) + "]},";
  text += "{}]}";
  put_text(dir / "chain.gltf", text);
  const auto run = convert({(dir / "chain.gltf").string(), "-o", (out / "chain.glb").string()}, out);
  CHECK(run.exit_code != 0);
  CHECK(says(run, "deeper than"));
  CHECK_FALSE(says(run, "cycle"));
  CHECK(run.peak_memory_bytes < (std::uint64_t{300} << 20));

  SECTION("a cycle is still called a cycle") {
    put_text(dir / "cycle.gltf",
             R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"children":[1]},)"
             R"({"children":[0]}]})");
    const auto cycle = convert({(dir / "cycle.gltf").string(), "-o", (out / "cycle.glb").string()}, out);
    CHECK(cycle.exit_code != 0);
    CHECK(says(cycle, "cycle"));
  }
}

TEST_CASE("A batch folder's file linked outside it is not converted", "[hostile][batch]") {
  test::TempDir dir;
  fs::create_directories(dir / "batch");
  fs::copy_file(test::samples_dir() / "lugaru" / "Box.solid", dir / "batch" / "Box.solid");
  fs::create_directories(dir / "home");
  fs::copy_file(test::samples_dir() / "lugaru" / "Rock.solid", dir / "home" / "Rock.solid");
  link(dir / "home" / "Rock.solid", dir / "batch" / "Rock.solid");
  const auto run =
      convert({(dir / "batch").string(), "-o", (dir / "out").string(), "--to", "glb"}, dir / "out");
  CHECK(run.exit_code != 0);  // one input failed
  CHECK(says(run, "Rock.solid"));
  CHECK(says(run, "resolves outside the folder being converted"));
  CHECK(fs::exists(dir / "out" / "Box.glb"));
  CHECK_FALSE(fs::exists(dir / "out" / "Rock.glb"));
}

TEST_CASE("A BigFile folder whose manifest names a file linked outside is not packed", "[hostile][asobo]") {
  test::TempDir dir;
  put(dir / "LEVEL.DPC", test::asobo_sample_bigfile_bytes(ByteOrder::little));
  REQUIRE(test::run_gamefmt({"bigfile", "extract", (dir / "LEVEL.DPC").string(), "-o", (dir / "x").string()})
              .exit_code == 0);
  // Every file the manifest names, replaced by a link to the canary.
  put_text(dir / "home" / "secret", std::string(64, 'A') + marker());
  for (const auto& entry : fs::recursive_directory_iterator(dir / "x")) {
    if (!entry.is_regular_file() || entry.path().extension() == ".json") continue;
    fs::remove(entry.path());
    fs::create_symlink(dir / "home" / "secret", entry.path());
  }
  const auto run = test::run_gamefmt_measured(
      {"bigfile", "pack", (dir / "x").string(), "-o", (dir / "out" / "LEVEL.DPC").string()}, 60);
  INFO(run.output);
  CHECK(run.exit_code != 0);
  CHECK(run.output.find("resolves outside the folder being packed") != std::string::npos);
  CHECK_FALSE(fs::exists(dir / "out" / "LEVEL.DPC"));
}

TEST_CASE("A game folder's walks stay inside the root, bounded in depth, and say what they left out",
          "[hostile][textures]") {
  test::TempDir dir;
  put_text(dir / "home" / "evil.lua", canary_script("x"));
  const auto root = dir / "mod";
  link("/", root / "mod_assets" / "root");
  link(dir / "home", root / "mod_assets" / "home");
  link(".", root / "mod_assets" / "again");  // a loop inside: walked once
  put_text(root / "mod_assets" / "scripts" / "a.lua", "-- a\n");
  fs::path deep = root / "mod_assets" / "deep";
  for (std::size_t i = 0; i < GameFolder::kMaxWalkDepth + 5; ++i) deep /= "d";
  put_text(deep / "too_deep.lua", "-- deep\n");
  make_fifo(root / "mod_assets" / "pipe.lua");

  const auto folder = GameFolder(root, "the mod folder").recording_refusals();
  const auto start = std::chrono::steady_clock::now();
  const auto scripts = folder.files_below("mod_assets", ".lua");
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
  CHECK(scripts == std::vector<fs::path>{root / "mod_assets" / "scripts" / "a.lua"});
  const auto refusals = folder.refusals();
  INFO(nlohmann::json(refusals).dump(1));
  const auto refused = [&](const std::string& text) {
    return std::any_of(refusals.begin(), refusals.end(),
                       [&](const std::string& r) { return r.find(text) != std::string::npos; });
  };
  CHECK(refused("`mod_assets/root` resolves outside the mod folder"));
  CHECK(refused("`mod_assets/home` resolves outside the mod folder"));
  CHECK(refused("`mod_assets/pipe.lua` is not a regular file (a FIFO)"));
  CHECK(refused("levels below `mod_assets` not searched"));

  // A lookup says why it found nothing, and reading what it found keeps the rule.
  const auto lookup = folder.find_first({"mod_assets/home/evil.lua"});
  CHECK_FALSE(lookup.found);
  REQUIRE(lookup.refused.size() == 1);
  CHECK_THAT(lookup.refused[0], Catch::Contains("`mod_assets/home` resolves outside the mod folder"));
  CHECK_THROWS_WITH(folder.read(root / "mod_assets" / "home" / "evil.lua", {}),
                    Catch::Contains("resolves outside the mod folder"));
  CHECK_THROWS_WITH(folder.read(root / "mod_assets" / "scripts" / "a.lua", {2, "max_script_bytes"}),
                    Catch::Contains("more than max_script_bytes (2 bytes)"));
  CHECK(folder.read(root / "mod_assets" / "again" / "scripts" / "a.lua", {}).size() == 5);
}
