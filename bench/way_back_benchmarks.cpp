// The way back's cost: every corpus file of a format that keeps way-back records converted to .glb with
// -O way_back=compact (the default), full and off (files/s and input MB/s; the compact and full times against
// off are the conversion's cost of each), and the patch maker alone on an X-Ray model against what the
// writer makes of it (MB/s of the file patched). The inputs are the corpus (GAMEFMT_CORPUS); without it the
// benchmarks report that they were skipped.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gamefmt/adapters/format_registry.hpp"
#include "gamefmt/conversion.hpp"
#include "gamefmt/core/file_io.hpp"
#include "gamefmt/core/reference_patch.hpp"

namespace {

namespace fs = std::filesystem;

// The corpus files whose format keeps way-back records, sorted.
const std::vector<fs::path>& files_with_records() {
  static const std::vector<fs::path> files = [] {
    std::vector<fs::path> out;
    const char* corpus = std::getenv("GAMEFMT_CORPUS");
    if (corpus == nullptr || !fs::is_directory(corpus)) return out;
    for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
      if (!entry.is_regular_file()) continue;
      const gamefmt::FormatHandler* handler = gamefmt::handler_for_file(entry.path());
      if (handler != nullptr && handler->description().can_export &&
          !handler->description().way_back_records.empty())
        out.push_back(entry.path());
    }
    std::sort(out.begin(), out.end());
    return out;
  }();
  return files;
}

void BM_CorpusToGlb(benchmark::State& state) {
  const auto& files = files_with_records();
  if (files.empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  static const char* const kWayBack[] = {"compact", "full", "off"};
  const char* way_back = kWayBack[state.range(0)];
  state.SetLabel(std::string("way_back=") + way_back + ", " + std::to_string(files.size()) + " files");
  const auto output = fs::temp_directory_path() / "gamefmt_bench_way_back.glb";
  // Textures are left out: they cost the same with or without the way back.
  const gamefmt::Options options{{"way_back", way_back}, {"textures", "0"}};
  std::uintmax_t bytes = 0;
  for (const auto& file : files) bytes += fs::file_size(file);
  for (auto _ : state)
    for (const auto& file : files) benchmark::DoNotOptimize(gamefmt::convert_files({file}, output, options));
  fs::remove(output);
  state.SetBytesProcessed(std::int64_t(state.iterations() * bytes));
  state.SetItemsProcessed(std::int64_t(state.iterations() * files.size()));
}
BENCHMARK(BM_CorpusToGlb)
    ->Name("way-back/corpus-to-glb")
    ->ArgName("way_back")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond);

void BM_ReferencePatch(benchmark::State& state) {
  const char* corpus = std::getenv("GAMEFMT_CORPUS");
  if (corpus == nullptr) return state.SkipWithError("GAMEFMT_CORPUS is not set");
  const fs::path model = fs::path(corpus) / "xray" / "rad_stalker_hero_1.ogf";
  const auto file = gamefmt::read_file_bytes(model);
  // The reference: the model written from its scene (what the compact way back patches against).
  const auto scratch = fs::temp_directory_path() / "gamefmt_bench_patch";
  gamefmt::convert_files({model}, scratch / "a.glb", {{"way_back", "off"}, {"textures", "0"}});
  gamefmt::convert_files({scratch / "a.glb"}, scratch / "b.ogf", {});
  const auto reference = gamefmt::read_file_bytes(scratch / "b.ogf");
  fs::remove_all(scratch);
  std::size_t patch_size = 0;
  for (auto _ : state) {
    const auto patch = gamefmt::make_reference_patch(file, reference);
    patch_size = patch.size();
    benchmark::DoNotOptimize(patch.data());
  }
  state.counters["patch_bytes"] = double(patch_size);
  state.SetBytesProcessed(std::int64_t(state.iterations() * file.size()));
}
BENCHMARK(BM_ReferencePatch)->Name("way-back/reference-patch-ogf")->Unit(benchmark::kMillisecond);

}  // namespace
