// X-Ray .ogf on the corpus (every $GAMEFMT_CORPUS/xray/*.ogf, as the users' files are): read, and write of
// the models read (an unchanged model is written back as stored, byte for byte), MB/s of file bytes.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gamefmt/core/file_io.hpp"
#include "gamefmt/xray/ogf.hpp"

namespace {

const std::vector<std::vector<std::byte>>& corpus_ogf_files() {
  static const std::vector<std::vector<std::byte>> files = [] {
    std::vector<std::vector<std::byte>> found;
    const char* corpus = std::getenv("GAMEFMT_CORPUS");
    if (corpus == nullptr || corpus[0] == '\0') return found;
    const auto folder = std::filesystem::path(corpus) / "xray";
    if (!std::filesystem::is_directory(folder)) return found;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
      if (entry.is_regular_file() && entry.path().extension() == ".ogf")
        found.push_back(gamefmt::read_file_bytes(entry.path()));
    return found;
  }();
  return files;
}

std::int64_t total_size(const std::vector<std::vector<std::byte>>& files) {
  std::int64_t size = 0;
  for (const auto& file : files) size += std::int64_t(file.size());
  return size;
}

void BM_OgfCorpusRead(benchmark::State& state) {
  const auto& files = corpus_ogf_files();
  if (files.empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set (or has no xray/*.ogf)");
  for (auto _ : state)
    for (const auto& file : files) benchmark::DoNotOptimize(gamefmt::xray::read_ogf(file, "corpus.ogf"));
  state.SetBytesProcessed(std::int64_t(state.iterations()) * total_size(files));
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(files.size()));
}
BENCHMARK(BM_OgfCorpusRead)->Name("xray-ogf/corpus-read");

void BM_OgfCorpusWrite(benchmark::State& state) {
  const auto& files = corpus_ogf_files();
  if (files.empty()) return state.SkipWithError("GAMEFMT_CORPUS is not set (or has no xray/*.ogf)");
  std::vector<gamefmt::xray::OgfModel> models;
  for (const auto& file : files) models.push_back(gamefmt::xray::read_ogf(file, "corpus.ogf"));
  std::int64_t written = 0;
  for (auto _ : state)
    for (const auto& model : models) {
      const auto bytes = gamefmt::xray::write_ogf(model, "corpus.ogf");
      written += std::int64_t(bytes.size());
      benchmark::DoNotOptimize(bytes.data());
    }
  state.SetBytesProcessed(written);
  state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(files.size()));
}
BENCHMARK(BM_OgfCorpusWrite)->Name("xray-ogf/corpus-write");

}  // namespace
