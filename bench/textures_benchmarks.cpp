// Finding a model's textures: Grimrock material scripts read through the Lua sandbox (the corpus mod's
// scripts in files/s when GAMEFMT_CORPUS is set; a generated script of 500 materials always), and
// case-insensitive lookups in a game folder of 2000 textures, with its listings cached and cold.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/game_folder.hpp"
#include "gamefmt/shinobi/material_scripts.hpp"

namespace {
namespace fs = std::filesystem;

std::optional<fs::path> corpus_mod() {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  if (corpus == nullptr) return std::nullopt;
  const auto mod = fs::path(corpus) / "grimrock" / "mod";
  if (!fs::is_directory(mod)) return std::nullopt;
  return mod;
}

void BM_GrimrockCorpusMaterialScripts(benchmark::State& state) {
  const auto mod = corpus_mod();
  if (!mod) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  std::size_t scripts = 0, bytes = 0;
  for (auto _ : state) {
    // A fresh folder each time: the listings are part of the work of a first conversion.
    const auto library = gamefmt::shinobi::read_material_scripts(gamefmt::GameFolder(*mod));
    scripts = library.scripts_read.size();
    benchmark::DoNotOptimize(library.materials.data());
  }
  for (const auto& entry : fs::recursive_directory_iterator(*mod))
    if (entry.path().extension() == ".lua") bytes += entry.file_size();
  state.SetItemsProcessed(std::int64_t(state.iterations() * scripts));  // script files/s
  state.SetBytesProcessed(std::int64_t(state.iterations() * bytes));
}
BENCHMARK(BM_GrimrockCorpusMaterialScripts)->Unit(benchmark::kMillisecond);

void BM_GrimrockGeneratedMaterialScript(benchmark::State& state) {
  std::string script;
  for (int i = 0; i < 500; ++i) {
    const std::string n = std::to_string(i);
    script += "defineMaterial{\n  name = \"material_" + n + "\",\n  diffuseMap = \"mod_assets/textures/m" +
              n + "_dif.tga\",\n  specularMap = \"mod_assets/textures/m" + n +
              "_spec.tga\",\n  normalMap = \"mod_assets/textures/m" + n +
              "_normal.tga\",\n  doubleSided = false,\n  lighting = true,\n  alphaTest = false,\n"
              "  blendMode = \"Opaque\",\n  textureAddressMode = \"Wrap\",\n  glossiness = 20,\n  depthBias "
              "= 0,\n}\n";
  }
  const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(script.data()), script.size());
  for (auto _ : state) {
    const auto library = gamefmt::shinobi::read_material_script(bytes, "generated.lua");
    benchmark::DoNotOptimize(library.materials.data());
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * 500));  // materials/s
  state.SetBytesProcessed(std::int64_t(state.iterations() * script.size()));
}
BENCHMARK(BM_GrimrockGeneratedMaterialScript)->Unit(benchmark::kMillisecond);

// gamedata/textures/<20 folders>/<100 textures>.dds, and the 500 lookups of a batch, in the wrong case.
struct TextureTree {
  fs::path root;
  std::vector<std::string> names;

  TextureTree() {
    root = fs::temp_directory_path() / ("gamefmt-bench-textures-" + std::to_string(::getpid()));
    for (int f = 0; f < 20; ++f) {
      const auto folder = root / "textures" / ("Folder_" + std::to_string(f));
      fs::create_directories(folder);
      for (int t = 0; t < 100; ++t) std::ofstream(folder / ("Texture_" + std::to_string(t) + ".dds")) << "x";
    }
    std::mt19937 random(1);
    for (int i = 0; i < 500; ++i)
      names.push_back("TEXTURES\\folder_" + std::to_string(random() % 20) + "\\texture_" +
                      std::to_string(random() % 100) + ".dds");
  }
  ~TextureTree() {
    std::error_code ignored;
    fs::remove_all(root, ignored);
  }
};

void BM_GameFolderLookupCached(benchmark::State& state) {
  const TextureTree tree;
  const gamefmt::GameFolder folder(tree.root);
  for (const auto& name : tree.names) benchmark::DoNotOptimize(folder.resolve(name));  // list once
  for (auto _ : state)
    for (const auto& name : tree.names) benchmark::DoNotOptimize(folder.resolve(name));
  state.SetItemsProcessed(std::int64_t(state.iterations() * tree.names.size()));  // lookups/s
}
BENCHMARK(BM_GameFolderLookupCached);

void BM_GameFolderLookupCold(benchmark::State& state) {
  const TextureTree tree;
  for (auto _ : state) {
    const gamefmt::GameFolder folder(tree.root);  // a new batch: every folder listed once
    for (const auto& name : tree.names) benchmark::DoNotOptimize(folder.resolve(name));
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * tree.names.size()));
}
BENCHMARK(BM_GameFolderLookupCold)->Unit(benchmark::kMillisecond);

}  // namespace
